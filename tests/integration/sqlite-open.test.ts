/**
 * Opening the SQLite file while another process holds a write lock on it, as when two shops start at
 * once on one new data folder and one is already migrating: the file is still in rollback mode, and
 * SQLite answers the switch to WAL "database is locked" at once, without waiting (it once made one of
 * the two shops exit at start, in `processes.test.ts`). The opening waits for the lock instead.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openSqlite } from "../../db/sqlite-adapter.ts";

const dir = mkdtempSync(path.join(tmpdir(), "vitrine-sqlite-open-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Another process: a new file in rollback mode, a write transaction held for `ms`, then committed. */
async function holdWriteLock(file: string, ms: number) {
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const { DatabaseSync } = require("node:sqlite");
       const db = new DatabaseSync(${JSON.stringify(file)});
       db.exec("BEGIN IMMEDIATE; CREATE TABLE held (x); INSERT INTO held VALUES (1);");
       console.log("held");
       setTimeout(() => { db.exec("COMMIT"); db.close(); }, ${ms});`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise((resolve) => child.on("exit", resolve));
  await new Promise((resolve) => child.stdout.once("data", resolve));
  return { exited };
}

describe("opening the database file", () => {
  it("waits for another process's write lock on a new file, then switches it to WAL", async () => {
    const file = path.join(dir, "shop.db");
    const other = await holdWriteLock(file, 300);
    const { raw } = openSqlite(file);
    await other.exited;
    try {
      expect(raw.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      // the other process's write is there: the opening waited for it rather than going around it
      expect(raw.prepare("SELECT x FROM held").all()).toEqual([{ x: 1 }]);
    } finally {
      raw.close();
    }
  });
});
