/**
 * SKUs are unique without regard to case in the database itself (migration 0015), as the shop's own
 * checks already compare them: a race between two saves can no longer store "ab-1" and "AB-1".
 * Variants that shared a SKU that way before the migration are renamed, with an audit entry.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up as skuUniqueWithoutCase } from "../../db/migrations/0015_sku_unique_without_case.ts";
import { createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop?.close());

const twoVariants = () =>
  shop.db.selectFrom("product_variant").select(["id", "sku", "product_id"]).orderBy("id").limit(2).execute();
/** The SKU in other letter case (seeded SKUs have letters). */
function otherCase(sku: string): string {
  const flipped = sku === sku.toLowerCase() ? sku.toUpperCase() : sku.toLowerCase();
  expect(flipped).not.toBe(sku);
  return flipped;
}
const skuOf = async (id: string) =>
  (await shop.db.selectFrom("product_variant").select("sku").where("id", "=", id).executeTakeFirstOrThrow()).sku;

describe("SKUs unique without case", () => {
  it("the database refuses a SKU that another variant has in other letter case", async () => {
    const [a, b] = await twoVariants();
    const clash = shop.db
      .updateTable("product_variant")
      .set({ sku: otherCase(a.sku) })
      .where("id", "=", b.id);
    await expect(clash.execute()).rejects.toThrow(/unique|duplicate/i);
    expect(await skuOf(b.id)).toBe(b.sku);
  });

  it("the migration renames variants that already share a SKU that way, and says so in the audit log", async () => {
    const [a, b] = await twoVariants();
    await sql`drop index product_variant_sku_upper_idx`.execute(shop.db);
    // "<sku>-2" is taken too (in other case): the renamed variant gets "-3"
    const other = await shop.db
      .selectFrom("product_variant")
      .select("id")
      .where("id", "not in", [a.id, b.id])
      .executeTakeFirstOrThrow();
    await shop.db
      .updateTable("product_variant")
      .set({ sku: `${otherCase(a.sku)}-2` })
      .where("id", "=", other.id)
      .execute();
    await shop.db
      .updateTable("product_variant")
      .set({ sku: otherCase(a.sku) })
      .where("id", "=", b.id)
      .execute();

    await skuUniqueWithoutCase(shop.db as never);

    expect(await skuOf(a.id)).toBe(a.sku);
    expect(await skuOf(b.id)).toBe(`${otherCase(a.sku)}-3`);
    const entry = await shop.db
      .selectFrom("audit_entry")
      .selectAll()
      .where("target_id", "=", b.product_id)
      .where("actor_email", "=", "system")
      .executeTakeFirstOrThrow();
    expect(entry.summary).toContain(`renamed ${otherCase(a.sku)}-3`);
    expect(JSON.parse(entry.changes ?? "{}")).toEqual({
      sku: { from: otherCase(a.sku), to: `${otherCase(a.sku)}-3` },
    });
    // the index is back
    const clash = shop.db
      .updateTable("product_variant")
      .set({ sku: otherCase(a.sku) })
      .where("id", "=", b.id);
    await expect(clash.execute()).rejects.toThrow(/unique|duplicate/i);
  });
});
