import { type Kysely, sql } from "kysely";
import { columnTypes } from "../dialect.ts";

/**
 * Payment beside the order's own status: how the customer pays (pay on delivery, Stripe) and where
 * the payment stands; each payment attempt with the provider's references; and every provider event
 * by its id, so that a replayed event is recognised and applied once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable("shop_order")
    .addColumn("payment_method", "text", (c) => c.notNull().defaultTo("cod"))
    .execute();
  await db.schema
    .alterTable("shop_order")
    .addColumn("payment_status", "text", (c) =>
      c.notNull().defaultTo("unpaid").check(sql`payment_status in ('unpaid', 'pending', 'paid', 'failed', 'refunded')`),
    )
    .execute();
  await db.schema
    .createIndex("shop_order_payment_idx")
    .on("shop_order")
    .columns(["payment_status", "placed_at"])
    .execute();

  await db.schema
    .createTable("payment")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("shop_order.id").onDelete("cascade"))
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("amount_cents", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    // the provider's references: a Checkout Session, then its payment intent once paid, then a refund
    .addColumn("session_id", "text", (c) => c.unique())
    .addColumn("payment_intent_id", "text")
    .addColumn("refund_id", "text")
    // the last thing that went wrong (an amount that did not match, a refused refund), for admins
    .addColumn("problem", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_order_idx").on("payment").columns(["order_id", "created_at"]).execute();

  await db.schema
    .createTable("payment_event")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("order_id", "text")
    // what applying it did: "paid", "failed", "amount mismatch …", "ignored"
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("received_at", t.timestamp, (c) => c.notNull())
    .execute();
}
