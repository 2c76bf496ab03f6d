import type { Kysely } from "kysely";
import { PostgresAdapter, sql } from "kysely";

export type Engine = "sqlite" | "postgres";

// biome-ignore lint/suspicious/noExplicitAny: any database schema
export function engineOf(db: Kysely<unknown> | Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** Column types that differ between the two engines. */
export function columnTypes(db: Kysely<unknown>) {
  const pg = engineOf(db) === "postgres";
  return {
    timestamp: pg ? "timestamptz" : "text",
    bool: pg ? "boolean" : "integer",
    real: pg ? "double precision" : "real",
  } as const;
}

/** Timestamps come back as strings from SQLite and as Dates from PostgreSQL. */
export function toIso(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function toBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/**
 * A list of ids as a table (`id_list`, one column `value`, each id once), to join rows from
 * rather than filter with `IN (…)`: for an IN list SQLite builds a temporary table on every run,
 * with a fresh page cache of 88 KiB that the server maps and unmaps (decision 023), a page fault for
 * each of its pages. For the pages and searches that read a page of products, on both engines.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database schema
export function idList(db: Kysely<any>, ids: readonly string[]) {
  const once = [...new Set(ids)]; // an IN list matched a row once however often its id came
  return engineOf(db) === "postgres"
    ? sql<{ value: string }>`(select unnest(${once}::text[]) as value)`.as("id_list")
    : sql<{ value: string }>`json_each(${JSON.stringify(once)})`.as("id_list");
}
