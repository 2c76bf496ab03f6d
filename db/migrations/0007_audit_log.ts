import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.ts";

/**
 * The audit log: one row per admin action (who, when, what, and what changed). Rows are only ever
 * added; `changes` is JSON of `{ field: { from, to } }` or a short description of what was done.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("audit_entry")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text", (c) => c.notNull())
    .addColumn("target_id", "text")
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("changes", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_entry_created_idx").on("audit_entry").column("created_at").execute();
  await db.schema
    .createIndex("audit_entry_target_idx")
    .on("audit_entry")
    .columns(["target_type", "target_id"])
    .execute();
  await db.schema.createIndex("audit_entry_action_idx").on("audit_entry").columns(["action", "created_at"]).execute();
}
