import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import type { DatabaseHandle } from "./connection.ts";

/** The PostgreSQL advisory lock key of start-up work (any 64-bit number the shop uses for nothing else). */
const POSTGRES_LOCK_KEY = 73_019_615_442;
/** How often a waiting SQLite process tries the lock again. */
const SQLITE_RETRY_MS = 50;

/**
 * Runs `work` (migrations, the first admin, the demo seed) while holding a lock that every process
 * on the same database takes, so that instances starting at the same moment do it one after the
 * other: the second finds the schema current and the accounts made. PostgreSQL: a session advisory
 * lock on a connection of its own. SQLite: an exclusive transaction on a lock file beside the
 * database (a separate file, so that the lock does not block the work's own writes). Either lock
 * goes away with the process if it dies.
 */
export async function withStartUpLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.engine === "postgres") {
    return handle.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${POSTGRES_LOCK_KEY})`.execute(conn);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${POSTGRES_LOCK_KEY})`.execute(conn);
      }
    });
  }
  if (!handle.sqliteFile) return work();
  const lock = new DatabaseSync(`${handle.sqliteFile}.start-up-lock`);
  try {
    // node:sqlite is synchronous: a busy_timeout would block this process's event loop, so wait here instead
    lock.exec("PRAGMA busy_timeout = 0");
    for (;;) {
      try {
        lock.exec("BEGIN EXCLUSIVE");
        break;
      } catch (e) {
        if (!/locked|busy/i.test((e as Error).message)) throw e;
        await new Promise((r) => setTimeout(r, SQLITE_RETRY_MS));
      }
    }
    try {
      return await work();
    } finally {
      lock.exec("ROLLBACK");
    }
  } finally {
    lock.close();
  }
}
