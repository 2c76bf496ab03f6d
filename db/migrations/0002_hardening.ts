import { type Kysely, sql } from "kysely";
import { engineOf } from "../dialect.ts";

/**
 * Shop settings the server keeps for itself (e.g. which account the first-admin setting created),
 * shared counters for rate limits, orders owned by account id, and money sums in 64-bit columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("shop_setting")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  // one row per limited key: hits within the window that started at window_start (ms since epoch)
  await db.schema
    .createTable("request_limit")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("request_limit_window_idx").on("request_limit").column("window_start").execute();

  // a resubmitted order form is recognised per account (its id), not per email address
  await db.schema
    .createIndex("shop_order_user_request_key_unique")
    .on("shop_order")
    .columns(["user_id", "request_key"])
    .unique()
    .execute();
  await db.schema.createIndex("shop_order_user_idx").on("shop_order").columns(["user_id", "placed_at"]).execute();

  // SQLite's integer is already 64-bit
  if (engineOf(db) === "postgres") {
    await sql`alter table shop_order alter column total_cents type bigint`.execute(db);
  }
}
