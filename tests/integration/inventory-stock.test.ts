/**
 * A stock typed over a sale: the admin read 15, a customer ordered 3 (12 left), the admin received 10
 * and types 25. `PATCH /api/variants/{id}` with `stockWas` and the inventory page's stock form refuse
 * it (409, nothing written), naming both figures and the stock that keeps both changes (22), as the
 * edit page and the CSV import do (decision 033). Without `stockWas` the API sets the stock as before.
 * Runs on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as inventoryAction, loader as inventoryPage } from "../../app/routes/dashboard/admin/inventory.tsx";
import { createProduct, expectError, placeOrder } from "../support/fixtures.ts";
import { type Client, createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

let shop: TestShop;
let admin: Client;
let customer: Client;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.admin();
  customer = await shop.customer();
});
afterAll(async () => shop?.close());

/** A fresh product with one variant, and the stock an admin's page would show for it. */
async function freshVariant() {
  const { id, product } = await createProduct(admin);
  const variant = product.variants[0] as { id: string; sku: string; stock: number };
  return { productId: id, variant, shown: variant.stock };
}

/** The variant's row as stored, and how many stock changes the audit log holds for it. */
async function stored(variantId: string) {
  const row = await shop.db
    .selectFrom("product_variant")
    .select(["stock", "price_cents", "updated_at"])
    .where("id", "=", variantId)
    .executeTakeFirstOrThrow();
  const audit = await admin.request(`/api/admin/audit?target_id=${variantId}&action=inventory.adjust`);
  expect(audit.status).toBe(200);
  return { ...row, stock: Number(row.stock), adjustments: ((await audit.json()) as unknown[]).length };
}

const patch = (variantId: string, json: unknown) =>
  admin.request(`/api/variants/${variantId}`, { method: "PATCH", json });

describe("PATCH /api/variants/{id} with stockWas", () => {
  it("refuses a stock typed over one an order changed (409, nothing written), then takes the advised figure", async () => {
    const { productId, variant, shown } = await freshVariant();
    await placeOrder(customer, productId, { quantity: 3 });
    const before = await stored(variant.id);
    expect(before.stock).toBe(shown - 3);

    const refused = await patch(variant.id, { stock: shown + 10, stockWas: shown, price: 12.5 });
    const error = await expectError(refused, 409, "conflict");
    expect(error.message).toBe(`The stock of ${variant.sku} changed while you were editing: nothing was saved.`);
    expect(error.fields).toEqual({
      stock: `${variant.sku} had ${shown} when you read it and has ${shown - 3} now (an order, an edit). To keep that change and yours, save ${shown + 7}.`,
    });
    // neither the stock nor the price sent with it, and no audit entry
    expect(await stored(variant.id)).toEqual(before);

    const advised = await patch(variant.id, { stock: shown + 7, stockWas: shown - 3 });
    expect(advised.status).toBe(200);
    expect((await advised.json()).stock).toBe(shown + 7);
    expect((await stored(variant.id)).stock).toBe(shown + 7);
  });

  it("leaves a stock the client did not change alone (a sale is kept), and without stockWas sets it as before", async () => {
    const { productId, variant, shown } = await freshVariant();
    await placeOrder(customer, productId);
    // the stock sent is the one read: only the price changes, the sale stays
    const priced = await patch(variant.id, { stock: shown, stockWas: shown, price: 12.5 });
    expect(priced.status).toBe(200);
    expect(await priced.json()).toMatchObject({ stock: shown - 1, price: 12.5 });

    // still what the client read: written
    const current = await patch(variant.id, { stock: 40, stockWas: shown - 1 });
    expect((await current.json()).stock).toBe(40);

    // no stockWas: the API's contract as it was, the stock is set as sent
    await placeOrder(customer, productId);
    const blind = await patch(variant.id, { stock: 60 });
    expect(blind.status).toBe(200);
    expect((await stored(variant.id)).stock).toBe(60);
  });

  it("refuses a stockWas that is not a whole number like a bad stock (422), changing nothing", async () => {
    const { variant, shown } = await freshVariant();
    const before = await stored(variant.id);
    for (const stockWas of [-1, 1.5, "many", "12", null, 1_000_001]) {
      const res = await patch(variant.id, { stock: shown + 1, stockWas });
      const error = await expectError(res, 422, "validation_failed");
      expect(Object.keys(error.fields ?? {}), JSON.stringify(stockWas)).toEqual(["stockWas"]);
    }
    expect(await stored(variant.id)).toEqual(before);
  });
});

type Answer =
  | { ok: true; message: string; result: { variantId: string; stock: number } }
  | { data: { ok: false; message: string; fields: Record<string, string> }; init: { status: number } };

/** The inventory page's stock form, posted as the admin's browser does. */
async function postStockForm(form: Record<string, string>): Promise<Answer> {
  const request = new Request(`${TEST_ORIGIN}/dashboard/inventory`, {
    method: "POST",
    headers: { cookie: admin.cookie, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return (await inventoryAction({ request, params: {}, context: await pageContext(shop, request) } as never)) as Answer;
}

/** The stock the inventory page shows for this SKU. */
async function shownStock(sku: string): Promise<number> {
  const request = new Request(`${TEST_ORIGIN}/dashboard/inventory?q=${encodeURIComponent(sku)}`, {
    headers: { cookie: admin.cookie },
  });
  const page = (await inventoryPage({ request, params: {}, context: await pageContext(shop, request) } as never)) as {
    rows: { sku: string; stock: number }[];
  };
  expect(page.rows.map((r) => r.sku)).toEqual([sku]);
  return page.rows[0].stock;
}

describe("the inventory page's stock form", () => {
  it("sends the stock it showed: typed over a sale it is refused beside the row, and the advised figure is saved", async () => {
    const { productId, variant } = await freshVariant();
    const shown = await shownStock(variant.sku);
    await placeOrder(customer, productId, { quantity: 3 });
    const before = await stored(variant.id);

    const refused = await postStockForm({
      variantId: variant.id,
      stock: String(shown + 10),
      stockWas: String(shown),
    });
    if ("ok" in refused) throw new Error(`saved: ${refused.message}`);
    expect(refused.init.status).toBe(409);
    expect(refused.data.fields.stock).toBe(
      `${variant.sku} had ${shown} when you read it and has ${shown - 3} now (an order, an edit). To keep that change and yours, save ${shown + 7}.`,
    );
    expect(await stored(variant.id)).toEqual(before);
    expect(await shownStock(variant.sku)).toBe(shown - 3);

    const saved = await postStockForm({
      variantId: variant.id,
      stock: String(shown + 7),
      stockWas: String(shown - 3),
    });
    expect(saved).toEqual({
      ok: true,
      message: `Stock set to ${shown + 7}.`,
      result: { variantId: variant.id, stock: shown + 7 },
    });
    expect(await shownStock(variant.sku)).toBe(shown + 7);
  });

  it("says a negative stock cannot be, and a stock that is not a number is not a whole number, changing nothing", async () => {
    const { variant } = await freshVariant();
    const before = await stored(variant.id);
    for (const [typed, message] of [
      ["-2", "Stock cannot be negative."],
      ["2.5", "Stock must be a whole number."],
      ["two", "Stock must be a whole number."],
    ]) {
      const refused = await postStockForm({ variantId: variant.id, stock: typed });
      if ("ok" in refused) throw new Error(`saved ${typed}: ${refused.message}`);
      expect([typed, refused.init.status, refused.data.fields.stock]).toEqual([typed, 422, message]);
    }
    expect(await stored(variant.id)).toEqual(before);
  });
});
