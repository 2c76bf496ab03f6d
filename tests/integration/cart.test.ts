/**
 * Variants, carts, checkout and stock through the API, on SQLite and PostgreSQL: the shapes a client
 * reads, every refusal, and stock that never oversells (also when 50 customers race for 5 units).
 */
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CART_LINES } from "../../domain/cart/index.ts";
import * as orders from "../../domain/orders/index.ts";
import { actorFromHeaders } from "../../server/auth/index.ts";
import { countRows, createProduct, expectError, orderForm, unchanged } from "../support/fixtures.ts";
import { type Client, createTestShop, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

type VariantJson = { id: string; sku: string; options: Record<string, string>; price: number; stock: number };

/** A seeded product with options (a garment with sizes), and its variants. */
async function productWithSizes() {
  const row = await shop.db
    .selectFrom("product")
    .select("id")
    .where("options_json", "like", '%"Size"%')
    .orderBy("position")
    .executeTakeFirstOrThrow();
  const product = await (await shop.anonymous.request(`/api/products/${row.id}`)).json();
  return product as {
    _id: string;
    title: string;
    price: number;
    options: { name: string; values: string[] }[];
    variants: VariantJson[];
  };
}

const setStock = (variantId: string, stock: number) =>
  shop.db.updateTable("product_variant").set({ stock }).where("id", "=", variantId).execute();
const stockOf = async (variantId: string) =>
  Number(
    (await shop.db.selectFrom("product_variant").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow())
      .stock,
  );

/** A browser-like visitor: keeps the cookies the shop sets (the cart cookie among them). */
function visitor() {
  const jar = new Map<string, string>();
  const request = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("origin", TEST_ORIGIN);
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const res = await shop.app.request(`${TEST_ORIGIN}${path}`, { ...init, headers, body });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (attributes.some((a) => /max-age=0/i.test(a.trim()))) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  return { request, jar };
}

describe("GET /api/products/{id}", () => {
  it("lists the options and variants, each with its id, SKU, options, price and whole-number stock", async () => {
    const product = await productWithSizes();
    expect(product.options[0]).toMatchObject({ name: "Size", values: ["S", "M", "L", "XL"] });
    expect(product.variants.length).toBeGreaterThanOrEqual(4);
    for (const v of product.variants) {
      expect(v).toMatchObject({ id: expect.any(String), sku: expect.any(String), price: expect.any(Number) });
      expect(Number.isInteger(v.stock)).toBe(true);
      expect(Object.keys(v.options)).toContain("Size");
    }
    expect(new Set(product.variants.map((v) => v.sku)).size).toBe(product.variants.length);
  });

  it("gives a product without options one default variant", async () => {
    const [first] = await (await shop.anonymous.request("/api/products?limit=1")).json();
    const product = await (await shop.anonymous.request(`/api/products/${first._id}`)).json();
    expect(product.options).toEqual([]);
    expect(product.variants).toHaveLength(1);
    expect(product.variants[0]).toMatchObject({ options: {}, price: product.price });
  });
});

describe("PATCH /api/variants/{id}", () => {
  it("lets an admin set stock and price, and answers the variant", async () => {
    const admin = await shop.admin();
    const { variants } = await productWithSizes();
    const res = await admin.request(`/api/variants/${variants[1].id}`, {
      method: "PATCH",
      json: { stock: 7, price: 12.5 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: variants[1].id, sku: variants[1].sku, stock: 7, price: 12.5 });
    expect(await stockOf(variants[1].id)).toBe(7);
  });

  it("refuses customers (403) and visitors (401), bad values (422) and unknown variants (404), changing nothing", async () => {
    const customer = await shop.customer();
    const admin = await shop.admin();
    const { variants } = await productWithSizes();
    const path = `/api/variants/${variants[0].id}`;
    const patch = (client: Client, json: unknown) =>
      unchanged(shop, () => client.request(path, { method: "PATCH", json }));
    expect((await patch(shop.anonymous, { stock: 1 })).status).toBe(401);
    expect((await patch(customer, { stock: 1 })).status).toBe(403);
    for (const bad of [{ stock: -1 }, { stock: 1.5 }, { stock: "many" }, { price: -3 }, {}]) {
      expect((await patch(admin, bad)).status, JSON.stringify(bad)).toBe(422);
    }
    const unknown = await admin.request("/api/variants/no-such-variant", { method: "PATCH", json: { stock: 1 } });
    await expectError(unknown, 404);
  });
});

describe("the cart API", () => {
  it("keeps a visitor's cart behind a cookie: add, change, remove, with line totals and a subtotal", async () => {
    const { variants } = await productWithSizes();
    const [m, l] = [variants[1], variants[2]];
    await setStock(m.id, 20);
    await setStock(l.id, 20);
    const browser = visitor();
    expect(await (await browser.request("/api/cart")).json()).toEqual({
      items: [],
      subtotal: 0,
      itemCount: 0,
      fingerprint: expect.any(String),
    });

    const added = await browser.request("/api/cart/items", { method: "POST", json: { variantId: m.id, quantity: 2 } });
    expect(added.status).toBe(201);
    expect(browser.jar.has("vitrine_cart")).toBe(true);
    await browser.request("/api/cart/items", { method: "POST", json: { variantId: l.id } });
    const cart = await (await browser.request("/api/cart")).json();
    expect(cart.items).toHaveLength(2);
    const line = cart.items.find((i: { variantId: string }) => i.variantId === m.id);
    expect(line).toMatchObject({
      quantity: 2,
      unitPrice: m.price,
      lineTotal: m.price * 2,
      productId: expect.any(String),
    });
    expect(cart.subtotal).toBeCloseTo(m.price * 2 + l.price, 2);

    const changed = await browser.request(`/api/cart/items/${line.id}`, { method: "PATCH", json: { quantity: 5 } });
    expect((await changed.json()).items.find((i: { id: string }) => i.id === line.id).quantity).toBe(5);
    const removed = await browser.request(`/api/cart/items/${line.id}`, { method: "DELETE" });
    expect((await removed.json()).items).toHaveLength(1);
  });

  it("a product taken off sale leaves the header's count as it leaves the cart", async () => {
    const admin = await shop.admin();
    const { id } = await createProduct(admin);
    const offSale = (await (await shop.anonymous.request(`/api/products/${id}`)).json()).variants[0] as VariantJson;
    await setStock(offSale.id, 10);
    const kept = (await productWithSizes()).variants[0];
    await setStock(kept.id, 10);
    const browser = visitor();
    await browser.request("/api/cart/items", { method: "POST", json: { variantId: offSale.id, quantity: 2 } });
    await browser.request("/api/cart/items", { method: "POST", json: { variantId: kept.id } });
    expect((await (await browser.request("/api/session")).json()).cartCount).toBe(3);

    const drafted = await admin.request(`/api/products/${id}`, { method: "PUT", json: { status: "draft" } });
    expect(drafted.status).toBe(200);
    const cart = await (await browser.request("/api/cart")).json();
    expect(cart.items.map((i: { variantId: string }) => i.variantId)).toEqual([kept.id]);
    expect(cart.itemCount).toBe(1);
    expect((await (await browser.request("/api/session")).json()).cartCount).toBe(1);
  });

  it("refuses more than is in stock, unknown variants (404), bad quantities (422) and others' lines (404)", async () => {
    const { variants } = await productWithSizes();
    const v = variants[0];
    await setStock(v.id, 3);
    const browser = visitor();
    const tooMany = await browser.request("/api/cart/items", {
      method: "POST",
      json: { variantId: v.id, quantity: 4 },
    });
    expect((await expectError(tooMany, 409, "out_of_stock")).message).toMatch(/Only 3/);
    await expectError(await browser.request("/api/cart/items", { method: "POST", json: { variantId: "nope" } }), 404);
    for (const quantity of [0, -1, 1.5, 100, "lots"]) {
      const res = await browser.request("/api/cart/items", { method: "POST", json: { variantId: v.id, quantity } });
      expect((await expectError(res, 422)).fields?.quantity, String(quantity)).toEqual(expect.any(String));
    }
    const added = await (
      await browser.request("/api/cart/items", { method: "POST", json: { variantId: v.id, quantity: 1 } })
    ).json();
    const stranger = visitor();
    await expectError(
      await stranger.request(`/api/cart/items/${added.item.id}`, { method: "PATCH", json: { quantity: 2 } }),
      404,
    );
    await expectError(await stranger.request(`/api/cart/items/${added.item.id}`, { method: "DELETE" }), 404);
    const customer = await shop.customer();
    await expectError(await customer.request(`/api/cart/items/${added.item.id}`, { method: "DELETE" }), 404);
    // a forged cookie is no cart at all
    const forger = visitor();
    forger.jar.set("vitrine_cart", `${browser.jar.get("vitrine_cart")?.split(".")[0]}.${"A".repeat(43)}`);
    expect((await (await forger.request("/api/cart")).json()).items).toEqual([]);
  });

  it("merges a visitor's cart into the customer's when they sign in", async () => {
    const { variants } = await productWithSizes();
    await setStock(variants[0].id, 50);
    await setStock(variants[3].id, 50);
    const customer = await shop.customer();
    await customer.request("/api/cart/items", { method: "POST", json: { variantId: variants[0].id, quantity: 1 } });

    const browser = visitor();
    await browser.request("/api/cart/items", { method: "POST", json: { variantId: variants[0].id, quantity: 2 } });
    await browser.request("/api/cart/items", { method: "POST", json: { variantId: variants[3].id, quantity: 1 } });
    const signIn = await browser.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: customer.email, password: "customer-password-1" },
    });
    expect(signIn.status).toBe(200);
    const merged = await (await browser.request("/api/cart")).json();
    expect(browser.jar.has("vitrine_cart")).toBe(false);
    expect(merged.itemCount).toBe(4);
    expect(merged.items.find((i: { variantId: string }) => i.variantId === variants[0].id).quantity).toBe(3);
    expect(await (await customer.request("/api/cart")).json()).toEqual(merged);
  });
});

describe("the most lines a cart holds", () => {
  it("a visitor's cart joins a full one only where the customer already has the item: the cart stays at its limit", async () => {
    const inStock = await shop.db
      .selectFrom("product_variant")
      .innerJoin("product", "product.id", "product_variant.product_id")
      .select("product_variant.id")
      .where("product_variant.stock", ">", 5)
      .where("product.status", "=", "published")
      .orderBy("product_variant.id")
      .limit(MAX_CART_LINES + 1)
      .execute();
    expect(inStock).toHaveLength(MAX_CART_LINES + 1);
    const customer = await shop.customer();
    for (const { id } of inStock.slice(0, MAX_CART_LINES)) {
      expect((await customer.request("/api/cart/items", { method: "POST", json: { variantId: id } })).status).toBe(201);
    }
    const browser = visitor();
    await browser.request("/api/cart/items", { method: "POST", json: { variantId: inStock[0].id, quantity: 2 } });
    await browser.request("/api/cart/items", { method: "POST", json: { variantId: inStock[MAX_CART_LINES].id } });
    const signIn = await browser.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: customer.email, password: "customer-password-1" },
    });
    expect(signIn.status).toBe(200);
    const merged = await (await browser.request("/api/cart")).json();
    expect(merged.items).toHaveLength(MAX_CART_LINES);
    expect(merged.items.find((i: { variantId: string }) => i.variantId === inStock[0].id).quantity).toBe(3);
  });
});

describe("POST /api/checkout", () => {
  async function customerWithCart(quantities: [string, number][]) {
    const customer = await shop.customer();
    for (const [variantId, quantity] of quantities) {
      const res = await customer.request("/api/cart/items", { method: "POST", json: { variantId, quantity } });
      expect(res.status).toBe(201);
    }
    return customer;
  }
  const checkout = (client: Client, key: string, extra: Record<string, unknown> = {}) =>
    client.request("/api/checkout", {
      method: "POST",
      headers: { "idempotency-key": key },
      json: { ...orderForm("ignored"), ...extra },
    });

  it("answers a double click's second request with the order the first placed, even when the first empties the cart between its two reads", async () => {
    const { variants } = await productWithSizes();
    await setStock(variants[0].id, 10);
    const customer = await customerWithCart([[variants[0].id, 1]]);
    const key = "double-click-between-reads";
    // the second request: its look for an order with the key is held back (answered "none") until the first is placed
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const keyLooks = new Set<unknown>();
    const holdKeyLook: KyselyPlugin = {
      transformQuery: (args) => {
        if (keyLooks.size === 0 && JSON.stringify(args.node).includes("request_key")) keyLooks.add(args.queryId);
        return args.node;
      },
      transformResult: async (args) => {
        if (keyLooks.has(args.queryId)) await held;
        return args.result;
      },
    };
    const actor = await actorFromHeaders(shop.services.auth, new Headers({ cookie: customer.cookie }));
    const second = orders.checkout(
      {
        db: shop.db.withPlugin(holdKeyLook),
        media: shop.services.media,
        shop: shop.services.shopSettings,
        payments: shop.services.payments,
        actor,
        clientIp: "127.0.0.1",
      },
      { ...orderForm("ignored"), requestKey: key },
    );
    const first = await checkout(customer, key);
    expect(first.status).toBe(201);
    release();
    const { order } = await second;
    expect(order.id).toBe((await first.json()).insertedId);
    expect(await stockOf(variants[0].id)).toBe(9);
  });

  it("turns the cart into one order with a line per item, takes stock, empties the cart; a retry is the same order", async () => {
    const { variants } = await productWithSizes();
    const [a, b] = [variants[0], variants[1]];
    await setStock(a.id, 10);
    await setStock(b.id, 10);
    const customer = await customerWithCart([
      [a.id, 2],
      [b.id, 1],
    ]);
    const res = await checkout(customer, "checkout-key-0001");
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.insertedId).toEqual(expect.any(String));
    expect(body.order.lines).toHaveLength(2);
    expect(body.order.lines[0]).toMatchObject({ variant_id: a.id, sku: a.sku, quantity: 2, unit_price: a.price });
    expect(body.order.total).toBeCloseTo(a.price * 2 + b.price, 2);
    // the original shop's single-product fields come from the first line
    expect(body.order.booking_deatils).toMatchObject({ title: body.order.lines[0].title });
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([8, 9]);
    expect((await (await customer.request("/api/cart")).json()).items).toEqual([]);

    const again = await checkout(customer, "checkout-key-0001");
    expect(again.status).toBe(201);
    expect((await again.json()).insertedId).toBe(body.insertedId);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([8, 9]);
  });

  it("orders one cart once when two checkouts of it (two tabs, two request keys) arrive at once", async () => {
    const { variants } = await productWithSizes();
    const [a, b] = [variants[0], variants[1]];
    await setStock(a.id, 20);
    await setStock(b.id, 20);
    const customer = await customerWithCart([
      [a.id, 2],
      [b.id, 1],
    ]);
    const answers = await Promise.all(
      ["tab-one", "tab-two", "tab-three"].map((tab) => checkout(customer, `${tab}-${Date.now()}`)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([18, 19]);
    const orders = await (await customer.request(`/api/orders/${encodeURIComponent(customer.email)}`)).json();
    expect(orders).toHaveLength(1);
  });

  it("refuses a line beyond stock with 409 out_of_stock naming it, and changes nothing", async () => {
    const { variants } = await productWithSizes();
    const [a, b] = [variants[2], variants[3]];
    await setStock(a.id, 10);
    await setStock(b.id, 10);
    const customer = await customerWithCart([
      [a.id, 1],
      [b.id, 3],
    ]);
    await setStock(b.id, 2); // someone else bought meanwhile
    const cartBefore = await (await customer.request("/api/cart")).json();
    const res = await unchanged(shop, () => checkout(customer, "checkout-key-0002"));
    const error = await expectError(res, 409, "out_of_stock");
    expect(error.message).toMatch(/only 2 left/);
    expect((error as { variants?: unknown }).variants).toEqual([{ variantId: b.id, available: 2, wanted: 3 }]);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 2]);
    expect(await (await customer.request("/api/cart")).json()).toEqual(cartBefore);
  });

  it("refuses visitors (401), an empty cart (409) and bad shipping fields (422)", async () => {
    expect((await checkout(shop.anonymous, "checkout-key-0003")).status).toBe(401);
    const empty = await shop.customer();
    await expectError(await checkout(empty, "checkout-key-0004"), 409);
    const { variants } = await productWithSizes();
    await setStock(variants[0].id, 10);
    const customer = await customerWithCart([[variants[0].id, 1]]);
    const bad = await unchanged(shop, () => checkout(customer, "checkout-key-0005", { zip: "!", checkbox: false }));
    const fields = (await expectError(bad, 422)).fields ?? {};
    expect(Object.keys(fields).sort()).toEqual(["checkbox", "zip"]);
    await expectError(await checkout(customer, "bad key!"), 422);
  });
});

describe("POST /api/orders (the original one-product order)", () => {
  it("takes a variantId, takes stock, and answers 409 out_of_stock when there is none left", async () => {
    const { _id, variants } = await productWithSizes();
    const v = variants[1];
    await setStock(v.id, 1);
    const customer = await shop.customer();
    const first = await customer.request("/api/orders", { method: "POST", json: orderForm(_id, { variantId: v.id }) });
    expect(first.status).toBe(201);
    expect((await first.json()).order.lines[0]).toMatchObject({ variant_id: v.id, sku: v.sku });
    expect(await stockOf(v.id)).toBe(0);
    const second = await unchanged(shop, () =>
      customer.request("/api/orders", { method: "POST", json: orderForm(_id, { variantId: v.id }) }),
    );
    await expectError(second, 409, "out_of_stock");
  });

  it("gives back stock once when cancelled, and when an admin erases a Pending order", async () => {
    const { _id, variants } = await productWithSizes();
    const v = variants[2];
    await setStock(v.id, 5);
    const customer = await shop.customer();
    const admin = await shop.admin();
    const place = async () =>
      (
        await (
          await customer.request("/api/orders", {
            method: "POST",
            json: orderForm(_id, { variantId: v.id, quantity: 2 }),
          })
        ).json()
      ).insertedId;
    const cancelled = await place();
    expect(await stockOf(v.id)).toBe(3);
    await customer.request(`/api/orders/${cancelled}`, { method: "PUT", json: { status: "Cancelled" } });
    await customer.request(`/api/orders/${cancelled}`, { method: "PUT", json: { status: "Cancelled" } });
    await customer.request(`/api/orders/${cancelled}`, { method: "DELETE" }).catch(() => undefined);
    expect(await stockOf(v.id)).toBe(5);
    const erased = await place();
    expect(await stockOf(v.id)).toBe(3);
    expect((await admin.request(`/api/orders/${erased}`, { method: "DELETE" })).status).toBe(200);
    expect(await stockOf(v.id)).toBe(5);
    // erasing a cancelled order does not give its stock back a second time
    expect((await admin.request(`/api/orders/${cancelled}`, { method: "DELETE" })).status).toBe(200);
    expect(await stockOf(v.id)).toBe(5);
  });
});

describe("stock never oversells", () => {
  it("50 customers checking out the last 5 units at once: exactly 5 orders, stock 0, 45 clear 'sold out' answers", async () => {
    const { variants } = await productWithSizes();
    const v = variants[3];
    await setStock(v.id, 50);
    // sessions made directly (no password hashing): the race is the point, not 50 sign-ups
    const customers: Client[] = await Promise.all(
      Array.from({ length: 50 }, (_, i) => shop.quickCustomer(`Racer ${i}`)),
    );
    for (const c of customers) {
      const res = await c.request("/api/cart/items", { method: "POST", json: { variantId: v.id, quantity: 1 } });
      expect(res.status).toBe(201);
    }
    await setStock(v.id, 5);
    const ordersBefore = await countRows(shop, "shop_order");
    const answers = await Promise.all(customers.map((c, i) => checkout(c, `race-key-${String(i).padStart(4, "0")}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    for (const r of answers.filter((a) => a.status === 409)) {
      const body = await r.json();
      expect(body.error.code).toBe("out_of_stock");
      expect(body.error.message).toMatch(/sold out/);
    }
    expect(await stockOf(v.id)).toBe(0);
    expect(await countRows(shop, "shop_order")).toBe(ordersBefore + 5);
  });

  const checkout = (client: Client, key: string) =>
    client.request("/api/checkout", { method: "POST", headers: { "idempotency-key": key }, json: orderForm("x") });
});
