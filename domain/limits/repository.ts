import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";

export type Window = { hits: number; windowStart: number };

/**
 * Counts one hit for `key` in a fixed window, in one statement (so that several shop processes
 * sharing the database count together): a window older than `windowMs` starts over at 1.
 */
export async function hit(db: DB, key: string, windowMs: number, now: number): Promise<Window> {
  const expired = now - windowMs;
  const row = await db
    .insertInto("request_limit")
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql<number>`case when request_limit.window_start <= ${expired} then 1 else request_limit.hits + 1 end`,
        window_start: sql<number>`case when request_limit.window_start <= ${expired} then ${now} else request_limit.window_start end`,
      }),
    )
    .returning(["hits", "window_start"])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowStart: Number(row.window_start) };
}

export async function read(db: DB, key: string): Promise<Window | undefined> {
  const row = await db
    .selectFrom("request_limit")
    .select(["hits", "window_start"])
    .where("key", "=", key)
    .executeTakeFirst();
  return row ? { hits: Number(row.hits), windowStart: Number(row.window_start) } : undefined;
}

export async function clear(db: DB, key: string): Promise<void> {
  await db.deleteFrom("request_limit").where("key", "=", key).execute();
}

/** Removes windows that started before `before`, and Better Auth's own counters of the same age. */
export async function expireBefore(db: DB, before: number): Promise<number> {
  const ours = await db.deleteFrom("request_limit").where("window_start", "<", before).executeTakeFirst();
  const theirs = await db.deleteFrom("rateLimit").where("lastRequest", "<", before).executeTakeFirst();
  return Number(ours.numDeletedRows) + Number(theirs.numDeletedRows);
}
