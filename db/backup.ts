/**
 * Database snapshots for backups, and putting one back. SQLite: `VACUUM INTO` copies the database in
 * one read transaction, so writers carry on and the copy is consistent. PostgreSQL: `pg_dump` (custom
 * format) reads one snapshot, and `pg_restore` loads it in one transaction.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { sqliteFileIn } from "./connection.ts";
import type { Engine } from "./dialect.ts";
import { libpqEnvironment, postgresProgram } from "./postgres-tools.ts";

export type DatabaseTarget = { engine: "sqlite"; file: string } | { engine: "postgres"; url: string };

export function databaseTarget(options: { dataDir: string; databaseUrl?: string }): DatabaseTarget {
  return options.databaseUrl
    ? { engine: "postgres", url: options.databaseUrl }
    : { engine: "sqlite", file: sqliteFileIn(options.dataDir) };
}

/** The name of a snapshot file of each engine inside a backup. */
export const SNAPSHOT_NAMES: Record<Engine, string> = { sqlite: "shop.sqlite", postgres: "shop.pgdump" };

const SQLITE_BUSY_TIMEOUT_MS = 30_000;

/** Writes a consistent copy of the database to `file` (which must not exist yet). */
export async function snapshotDatabase(target: DatabaseTarget, file: string): Promise<void> {
  if (target.engine === "sqlite") {
    if (!existsSync(target.file)) throw new Error(`There is no shop database at ${target.file}.`);
    const db = new DatabaseSync(target.file, { readOnly: true });
    try {
      db.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
      db.prepare("VACUUM INTO ?").run(file);
    } finally {
      db.close();
    }
    return;
  }
  await runPostgresProgram("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`], target);
}

/** True when the target holds no tables (a new SQLite file or a new PostgreSQL database). */
export async function databaseIsEmpty(target: DatabaseTarget): Promise<boolean> {
  if (target.engine === "sqlite") {
    if (!existsSync(target.file)) return true;
    const db = new DatabaseSync(target.file, { readOnly: true });
    try {
      const row = db
        .prepare("select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'")
        .get() as { n: number };
      return row.n === 0;
    } finally {
      db.close();
    }
  }
  return withClient(target.url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = current_schema()",
    );
    return rows[0].n === 0;
  });
}

/**
 * Puts a snapshot in place of the target's database. `replace` first removes what is there: every
 * table, view and sequence of the PostgreSQL schema (a SQLite file is replaced whole anyway).
 */
export async function restoreDatabase(target: DatabaseTarget, snapshot: string, replace: boolean): Promise<void> {
  if (target.engine === "sqlite") {
    await mkdir(path.dirname(target.file), { recursive: true });
    const incoming = `${target.file}.restoring`;
    await copyFile(snapshot, incoming);
    // a write-ahead log left beside the old file would be replayed into the new one
    for (const suffix of ["-wal", "-shm", "-journal"]) await rm(`${target.file}${suffix}`, { force: true });
    await rename(incoming, target.file);
    return;
  }
  if (replace) await emptySchema(target.url);
  await runPostgresProgram(
    "pg_restore",
    [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${libpqEnvironment(target.url).PGDATABASE}`,
      snapshot,
    ],
    target,
  );
}

async function emptySchema(url: string): Promise<void> {
  await withClient(url, async (client) => {
    await client.query("begin");
    const { rows } = await client.query<{ kind: string; name: string }>(
      `select 'table' as kind, quote_ident(table_name) as name from information_schema.tables
         where table_schema = current_schema() and table_type = 'BASE TABLE'
       union all
       select 'view', quote_ident(table_name) from information_schema.views where table_schema = current_schema()
       union all
       select 'sequence', quote_ident(sequence_name) from information_schema.sequences
         where sequence_schema = current_schema()
       union all
       -- the shop's own functions (search and trigger functions), not those an extension brings
       select 'function', p.oid::regprocedure::text from pg_proc p
         where p.pronamespace = current_schema()::regnamespace
           and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    );
    for (const kind of ["view", "table", "sequence", "function"]) {
      const names = rows.filter((r) => r.kind === kind).map((r) => r.name);
      if (names.length) await client.query(`drop ${kind} if exists ${names.join(", ")} cascade`);
    }
    await client.query("commit");
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs pg_dump or pg_restore with the connection in libpq's environment variables (no password in `ps`). */
function runPostgresProgram(program: string, args: string[], target: DatabaseTarget & { engine: "postgres" }) {
  const executable = postgresProgram(program);
  return new Promise<void>((resolve, reject) => {
    const child = spawn(executable, args, {
      env: { ...process.env, ...libpqEnvironment(target.url) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", (e) =>
      reject(
        (e as NodeJS.ErrnoException).code === "ENOENT"
          ? new Error(
              `${program} was not found: install PostgreSQL's client programs (apt-get install postgresql-client) or set PG_BIN_DIR`,
            )
          : e,
      ),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
