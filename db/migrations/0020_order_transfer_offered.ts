import { type Kysely, sql } from "kysely";

/**
 * Whether pay on delivery came with the shop's bank transfer details when the order was placed (1 or 0),
 * so that the order keeps reading as it was offered after the shop sets or removes those details. Null
 * for orders placed before this column: they read as the shop offers today, as they did. Additive: the
 * previous release neither reads nor writes it (decision 011). Both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shop_order add column transfer_offered integer`.execute(db);
}
