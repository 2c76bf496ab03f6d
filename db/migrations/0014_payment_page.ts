import type { Kysely } from "kysely";

/**
 * A payment attempt keeps its hosted page's address and when the page closes, so that "Pay now",
 * a retry or a double click sends the customer back to the page already open instead of opening
 * another one (two open pages for one order could both be paid). An order being cancelled while its
 * payment is refunded is claimed (when, ISO), so that it is not shipped meanwhile. Both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("payment").addColumn("checkout_url", "text").execute();
  await db.schema.alterTable("payment").addColumn("expires_at", "text").execute();
  await db.schema.alterTable("shop_order").addColumn("cancel_claimed_at", "text").execute();
}
