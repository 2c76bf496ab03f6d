import path from "node:path";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { DEFAULT_MIGRATION_TABLE, Migrator } from "kysely/migration";
import pg from "pg";
import { type Engine, engineOf } from "./dialect.ts";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./schema.ts";
import { openSqlite } from "./sqlite-adapter.ts";

// PostgreSQL int8 (order numbers, counts) fits in a JS number here: order numbers stay below 10^13.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type DB = Kysely<Database>;

export type PoolStats = { total: number; idle: number; waiting: number };

export type DatabaseHandle = {
  db: DB;
  engine: Engine;
  close: () => Promise<void>;
  /** the SQLite file (SQLite only) */
  sqliteFile?: string;
  /** the PostgreSQL connection pool's clients (PostgreSQL only) */
  poolStats?: () => PoolStats;
};

/** The shop's SQLite database in a data folder. */
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, "shop.sqlite");

/** SQLite file in the data folder, or PostgreSQL when a postgres:// URL is given. */
export function openDatabase(options: { dataDir: string; databaseUrl?: string; sqliteFile?: string }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle pooled connection that the server ends (restart, failover, a dropped database) emits
    // 'error' through the pool; unheard, that event would crash the process. The pool has already
    // discarded the connection and the next query opens a new one, so there is nothing else to do.
    pool.on("error", () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, engine: "postgres", close: () => db.destroy(), poolStats };
  }
  const file = options.sqliteFile ?? sqliteFileIn(options.dataDir);
  const { database } = openSqlite(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, engine: "sqlite", close: () => db.destroy(), sqliteFile: file };
}

/**
 * Brings the schema up to date. Safe when several processes start at once only under
 * `withStartUpLock` (db/start-up-lock.ts), which the server and `npm run migrate` take around it.
 */
export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/** Migrations this code knows that the database has not applied (empty: the schema is current). */
export async function pendingMigrations(db: DB): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`
    .execute(db)
    .then((r) => new Set(r.rows.map((row) => row.name)))
    .catch(() => new Set<string>());
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

/** SQLite's page cache for bulk writes, in KiB as cache_size takes it (negative): at most 256 MB, taken as needed. */
const BULK_WRITE_CACHE_KIB = -262_144;

/**
 * Runs a bulk write (a synthetic catalogue, an import) with a large SQLite page cache. Rows with
 * random ids land on a different index page each: with the default 2 MB cache, a catalogue of
 * 100,000 products spends most of its time writing pages out and reading them back. The cache is
 * put back afterwards (a server keeps its small one). PostgreSQL: runs `work` as it is.
 */
export async function withBulkWriteCache<T>(db: DB, work: () => Promise<T>): Promise<T> {
  if (engineOf(db) === "postgres") return work();
  const before = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  const previous = Math.trunc(Number(before.rows[0]?.cache_size ?? -2000));
  await sql.raw(`pragma cache_size = ${BULK_WRITE_CACHE_KIB}`).execute(db);
  try {
    return await work();
  } finally {
    await sql.raw(`pragma cache_size = ${previous}`).execute(db);
  }
}

/** A round trip to the database. */
export async function ping(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` already is one (so that a
 * repository's own transaction joins a bigger one, such as the seed's or an order's).
 */
export function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
