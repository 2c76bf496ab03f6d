/**
 * Adding a product and its audit entry are one write: when the audit entry cannot be written, no
 * product is left behind without one. On SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, createProduct } from "../support/fixtures.ts";
import { type Client, createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
let admin: Client;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.admin();
});
afterAll(async () => shop?.close());

describe("POST /api/products", () => {
  it("adds no product when its audit entry cannot be written", async () => {
    const refuse = "refused by the test";
    if (process.env.TEST_DATABASE_URL) {
      await sql
        .raw(
          `create function refuse_product_audit() returns trigger as $$ begin if new.action = 'product.create' then raise exception '${refuse}'; end if; return new; end $$ language plpgsql`,
        )
        .execute(shop.db);
      await sql
        .raw(
          "create trigger refuse_product_audit before insert on audit_entry for each row execute function refuse_product_audit()",
        )
        .execute(shop.db);
    } else {
      await sql
        .raw(
          `create trigger refuse_product_audit before insert on audit_entry when new.action = 'product.create' begin select raise(abort, '${refuse}'); end`,
        )
        .execute(shop.db);
    }
    const products = await countRows(shop, "product");
    try {
      await expect(createProduct(admin, { title: "Unaudited lamp" })).rejects.toThrow();
      expect(await countRows(shop, "product")).toBe(products);
    } finally {
      await sql
        .raw(`drop trigger refuse_product_audit${process.env.TEST_DATABASE_URL ? " on audit_entry" : ""}`)
        .execute(shop.db);
      if (process.env.TEST_DATABASE_URL) await sql.raw("drop function refuse_product_audit()").execute(shop.db);
    }
    expect((await createProduct(admin, { title: "Audited lamp" })).id).toEqual(expect.any(String));
    expect(await countRows(shop, "product")).toBe(products + 1);
  });
});
