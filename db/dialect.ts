import type { Kysely } from "kysely";
import { PostgresAdapter } from "kysely";

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
