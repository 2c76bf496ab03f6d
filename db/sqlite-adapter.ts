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
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec("PRAGMA foreign_keys = ON");
  raw.exec("PRAGMA synchronous = NORMAL");
  const cache = new Map<string, StatementSync>();
  const database: SqliteDatabase = {
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = raw.prepare(sql);
        if (cache.size > 500) cache.clear();
        cache.set(sql, stmt);
      }
      const s = stmt;
      return {
        reader: s.columns().length > 0,
        all: (params) => s.all(...toSqlite(params)),
        run: (params) => s.run(...toSqlite(params)),
        iterate: (params) => s.iterate(...toSqlite(params)) as IterableIterator<unknown>,
      };
    },
  };
  return { database, raw };
}

type SqliteValue = null | number | bigint | string | Uint8Array;

function toSqlite(params: ReadonlyArray<unknown>): SqliteValue[] {
  return params.map((p) => {
    if (p === undefined) return null;
    if (typeof p === "boolean") return p ? 1 : 0;
    if (p instanceof Date) return p.toISOString();
    return p as SqliteValue;
  });
}
