import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";

/** Longest SKU the shop accepts (domain/catalog/schemas.ts); a renamed one stays within it. */
const MAX_SKU = 64;

/**
 * SKUs are unique without regard to case, in the database as in the shop's own checks (which compare
 * them upper-cased): two saves racing could store "ab-1" and "AB-1". A unique index on `upper(sku)`
 * refuses that (a 409 for the later save) and serves the case-blind lookups of imports and edits.
 *
 * Variants that already share a SKU that way keep working: the first by id keeps it, each other one
 * gets the shortest free "-2", "-3", … suffix, with an entry in the audit log for the owner. Both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const clashes = await sql<{ id: string; product_id: string; sku: string }>`
    select id, product_id, sku from product_variant
    where upper(sku) in (select upper(sku) from product_variant group by upper(sku) having count(*) > 1)
    order by upper(sku), id`.execute(db);
  const kept = new Set<string>();
  for (const variant of clashes.rows) {
    const key = variant.sku.toUpperCase();
    if (!kept.has(key)) {
      kept.add(key);
      continue;
    }
    const renamed = await freeSku(db, variant.sku);
    await sql`update product_variant set sku = ${renamed} where id = ${variant.id}`.execute(db);
    await sql`insert into audit_entry (id, actor_id, actor_email, action, target_type, target_id, summary, changes, created_at)
      values (${randomUUID()}, ${null}, ${"system"}, ${"product.update"}, ${"product"}, ${variant.product_id},
        ${`SKU ${variant.sku} renamed ${renamed}: another variant has it in other letter case (SKUs are unique without case)`},
        ${JSON.stringify({ sku: { from: variant.sku, to: renamed } })}, ${new Date().toISOString()})`.execute(db);
  }
  await sql`create unique index product_variant_sku_upper_idx on product_variant (upper(sku))`.execute(db);
}

/** The SKU with the shortest suffix "-2", "-3", … that no variant has in any case, within the length limit. */
async function freeSku(db: Kysely<unknown>, sku: string): Promise<string> {
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${sku.slice(0, MAX_SKU - suffix.length)}${suffix}`;
    const taken = await sql`select 1 from product_variant where upper(sku) = ${candidate.toUpperCase()}`.execute(db);
    if (taken.rows.length === 0) return candidate;
  }
}
