import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * Lets Kysely's SqliteDialect drive Node's built-in `node:sqlite`.
 * node:sqlite takes parameters variadically and has no booleans or Dates, so they are converted here.
 */
export function openSqlite(file: string): { database: SqliteDatabase; raw: DatabaseSync } {
  const raw = new DatabaseSync(file);
  // first: switching a new file to WAL takes a lock that another process starting beside us may hold
  raw.exec("PRAGMA busy_timeout = 5000");
  switchToWal(raw);
  raw.exec("PRAGMA foreign_keys = ON");
  raw.exec("PRAGMA synchronous = NORMAL");
  // whether a statement returns rows is kept with it: `columns()` builds its column descriptions anew on every call
  const cache = new Map<string, { stmt: StatementSync; reader: boolean }>();
  const database: SqliteDatabase = {
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      let prepared = cache.get(sql);
      if (!prepared) {
        const stmt = raw.prepare(sql);
        prepared = { stmt, reader: stmt.columns().length > 0 };
        if (cache.size > 500) cache.clear();
        cache.set(sql, prepared);
      }
      const s = prepared.stmt;
      return {
        reader: prepared.reader,
        all: (params) => s.all(...toSqlite(params)),
        run: (params) => s.run(...toSqlite(params)),
        iterate: (params) => s.iterate(...toSqlite(params)) as IterableIterator<unknown>,
      };
    },
  };
  return { database, raw };
}

/** How long a start waits for another process's hold on a new file before giving up (busy_timeout's). */
const WAL_SWITCH_WAIT_MS = 5_000;

/**
 * `journal_mode = WAL`, tried again while another process holds a write lock on a new file (still in
 * rollback mode: two shops started at once on one data folder, one already migrating). SQLite answers
 * that "database is locked" at once, without its busy handler: waiting there could deadlock a reader
 * that wants to write, so it leaves the wait to the caller.
 */
function switchToWal(raw: DatabaseSync): void {
  const until = Date.now() + WAL_SWITCH_WAIT_MS;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    try {
      raw.exec("PRAGMA journal_mode = WAL");
      return;
    } catch (error) {
      const busy = (error as { errcode?: number }).errcode === SQLITE_BUSY;
      if (!busy || Date.now() >= until) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pause);
    }
  }
}

const SQLITE_BUSY = 5;

type SqliteValue = null | number | bigint | string | Uint8Array;

function toSqlite(params: ReadonlyArray<unknown>): SqliteValue[] {
  return params.map((p) => {
    if (p === undefined) return null;
    if (typeof p === "boolean") return p ? 1 : 0;
    if (p instanceof Date) return p.toISOString();
    return p as SqliteValue;
  });
}
