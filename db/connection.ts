import path from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./schema.ts";
import { openSqlite } from "./sqlite-adapter.ts";
import type { Engine } from "./dialect.ts";

// PostgreSQL int8 (order numbers, counts) fits in a JS number here: order numbers stay below 10^13.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type DB = Kysely<Database>;

export type DatabaseHandle = { db: DB; engine: Engine; close: () => Promise<void> };

/** SQLite file in the data folder, or PostgreSQL when a postgres:// URL is given. */
export function openDatabase(options: { dataDir: string; databaseUrl?: string; sqliteFile?: string }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle pooled connection that the server ends (restart, failover, a dropped database) emits
    // 'error' through the pool; unheard, that event would crash the process. The pool has already
    // discarded the connection and the next query opens a new one, so there is nothing else to do.
    pool.on("error", () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: "postgres", close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir, "shop.sqlite");
  const { database } = openSqlite(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, engine: "sqlite", close: () => db.destroy() };
}

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
