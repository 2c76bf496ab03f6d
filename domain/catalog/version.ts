import type { DB } from "../../db/connection.ts";

/**
 * The catalogue's version: a number the database moves on with every change to products, variants,
 * categories and their links (triggers of migration 0006), so every process on one database sees
 * it. Caches of catalogue answers are keyed by it. Reading it costs a query, so a process reads it at
 * most every CHECK_EVERY_MS; a change made through another process shows within that time, and one
 * made through this process at once (see `catalogueChanged`).
 */
export const CHECK_EVERY_MS = 250;

type Known = { version: number; checkedAt: number; reading?: Promise<number> };
const known = new WeakMap<DB, Known>();
/** Moves on with every `catalogueChanged`, so that a read begun before a change is not kept after it. */
const generations = new WeakMap<DB, number>();

export async function catalogueVersion(db: DB, now = Date.now()): Promise<number> {
  const entry = known.get(db);
  if (entry && now - entry.checkedAt < CHECK_EVERY_MS) return entry.version;
  if (entry?.reading) return entry.reading;
  const generation = generations.get(db) ?? 0;
  const reading = db
    .selectFrom("catalogue_version")
    .select("version")
    .where("id", "=", 1)
    .executeTakeFirst()
    .then((row) => {
      const version = Number(row?.version ?? 0);
      if ((generations.get(db) ?? 0) === generation) known.set(db, { version, checkedAt: now });
      return version;
    })
    .catch((error) => {
      known.delete(db);
      throw error;
    });
  known.set(db, { version: entry?.version ?? -1, checkedAt: entry?.checkedAt ?? 0, reading });
  return reading;
}

/** This process changed the catalogue: the next read asks the database again. */
export function catalogueChanged(db: DB): void {
  known.delete(db);
  generations.set(db, (generations.get(db) ?? 0) + 1);
}
