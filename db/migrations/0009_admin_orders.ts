import type { Kysely } from "kysely";
import { columnTypes } from "../dialect.ts";

/**
 * An order's history: one row per change of its status or its payment status (placed, shipped,
 * cancelled, paid, failed, refunded…), written in the same transaction as the change, with who made
 * it (the customer, an admin, the payment provider). Rows are only ever added (and go with an erased order).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("order_event")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("from_value", "text")
    .addColumn("to_value", "text", (c) => c.notNull())
    .addColumn("actor_kind", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("note", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_event_order_idx").on("order_event").columns(["order_id", "created_at"]).execute();
}
