/**
 * A checkout places the order the customer saw: the cart's fingerprint (its lines and prices, as
 * GET /api/cart and the checkout page give it) sent with the order makes it refused when another
 * tab changed the cart or an admin changed a price since. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, orderForm, unchanged } from "../support/fixtures.ts";
import { type Client, createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
let admin: Client;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.admin();
});
afterAll(() => shop.close());

type Variant = { id: string; price: number };

/** Two variants of seeded products with stock to spare. */
async function twoVariants(): Promise<[Variant, Variant]> {
  const rows = await shop.db
    .selectFrom("product_variant")
    .select(["id", "product_id"])
    .orderBy("id")
    .limit(40)
    .execute();
  const picked = rows.filter((r, i) => rows.findIndex((x) => x.product_id === r.product_id) === i).slice(0, 2);
  await shop.db
    .updateTable("product_variant")
    .set({ stock: 50 })
    .where(
      "id",
      "in",
      picked.map((r) => r.id),
    )
    .execute();
  const price = async (r: { id: string; product_id: string }) => {
    const product = await (await shop.anonymous.request(`/api/products/${r.product_id}`)).json();
    return { id: r.id, price: product.variants.find((v: Variant) => v.id === r.id).price as number };
  };
  return [await price(picked[0]), await price(picked[1])];
}

const addToCart = async (client: Client, variantId: string, quantity = 1) =>
  expect((await client.request("/api/cart/items", { method: "POST", json: { variantId, quantity } })).status).toBe(201);

const cartOf = async (client: Client) => (await client.request("/api/cart")).json();

const checkout = (client: Client, key: string, fingerprint?: string) =>
  client.request("/api/checkout", {
    method: "POST",
    headers: { "idempotency-key": key },
    json: { ...orderForm("ignored"), ...(fingerprint === undefined ? {} : { cart_fingerprint: fingerprint }) },
  });

describe("a checkout of the cart the customer saw", () => {
  it("is refused (409, nothing changed) when another tab added to the cart since, and placed with the new fingerprint", async () => {
    const [a, b] = await twoVariants();
    const customer = await shop.customer();
    await addToCart(customer, a.id);
    const seen = (await cartOf(customer)).fingerprint;
    expect(seen).toEqual(expect.any(String));

    await addToCart(customer, b.id); // the other tab
    const error = await unchanged(shop, async () =>
      expectError(await checkout(customer, "agreed-key-0001", seen), 409),
    );
    expect(error.message).toMatch(/changed since this page was opened/);
    expect((await cartOf(customer)).items).toHaveLength(2);

    const now = (await cartOf(customer)).fingerprint;
    expect(now).not.toBe(seen);
    const placed = await checkout(customer, "agreed-key-0002", now);
    expect(placed.status).toBe(201);
    expect((await placed.json()).order.total).toBeCloseTo(a.price + b.price, 2);
  });

  it("is refused when an admin changed a price since, and the fingerprint does not move with stock", async () => {
    const [a] = await twoVariants();
    const customer = await shop.customer();
    await addToCart(customer, a.id, 2);
    const seen = (await cartOf(customer)).fingerprint;
    await shop.db.updateTable("product_variant").set({ stock: 49 }).where("id", "=", a.id).execute();
    expect((await cartOf(customer)).fingerprint).toBe(seen);

    const patched = await admin.request(`/api/variants/${a.id}`, { method: "PATCH", json: { price: a.price + 50 } });
    expect(patched.status).toBe(200);
    await unchanged(shop, async () => expectError(await checkout(customer, "agreed-key-0003", seen), 409, "conflict"));

    const placed = await checkout(customer, "agreed-key-0004", (await cartOf(customer)).fingerprint);
    expect(placed.status).toBe(201);
    expect((await placed.json()).order.total).toBeCloseTo((a.price + 50) * 2, 2);
  });

  it("answers without a fingerprint as before, and refuses one that is not text (422)", async () => {
    const [a] = await twoVariants();
    const customer = await shop.customer();
    await addToCart(customer, a.id);
    const bad = await customer.request("/api/checkout", {
      method: "POST",
      headers: { "idempotency-key": "agreed-key-0005" },
      json: { ...orderForm("ignored"), cart_fingerprint: 7 },
    });
    const error = await expectError(bad, 422);
    expect(error.fields?.cart_fingerprint).toBeTruthy();
    expect((await checkout(customer, "agreed-key-0006")).status).toBe(201);
  });
});
