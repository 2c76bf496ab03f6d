import { type Kysely, sql } from "kysely";

/**
 * Whether a product has stock, for every card in a list or a search (`withDetails` in
 * domain/catalog/repository.ts): an index of the variants in stock, by product. Without it each
 * product's variant rows are read for their stock — at 100,000 products a page of 24 cost
 * 0.8 ms p50 / 3 ms p95 on SQLite; with it 0.1 / 0.17. Both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index product_variant_in_stock_idx on product_variant (product_id) where stock > 0`.execute(db);
}
