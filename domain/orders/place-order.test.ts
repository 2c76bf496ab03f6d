import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actorFor, anonymous } from "../shared/actor.ts";
import { createTestShop, outcome, type TestShop } from "../shared/testing.ts";
import { MAX_ORDER_TOTAL_CENTS, placeOrder } from "./index.ts";

const shipping = {
  full_name: "Ada Lovelace",
  address: "12 Analytical Row",
  city: "London",
  state: "Greater London",
  zip: "N1 9GU",
  phone: "+44 20 7946 0000",
  checkbox: "on",
};

let shop: TestShop;
beforeEach(async () => {
  shop = await createTestShop();
});
afterEach(() => shop.close());

const orderCount = async () =>
  Number(
    (
      await shop.db
        .selectFrom("shop_order")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("placeOrder", () => {
  it("copies title, price and image from the catalogue and totals the line", async () => {
    const ada = await shop.user("ada@example.com");
    const productId = await shop.product("Walnut stool", 4_999);
    const order = await placeOrder(shop.as(actorFor(ada)), { ...shipping, productId, quantity: "3" });
    expect(order).toMatchObject({
      userId: ada.id,
      userEmail: "ada@example.com",
      status: "Pending",
      acknowledged: true,
      totalCents: 14_997,
      lines: [{ productId, title: "Walnut stool", unitPriceCents: 4_999, quantity: 3, imageKey: "products/test" }],
    });
    expect(order.orderNumber).toBeGreaterThanOrEqual(1_000_000_000_000);
    expect(order.orderNumber).toBeLessThan(10_000_000_000_000);
  });

  it("ignores a price sent by the client", async () => {
    const ada = await shop.user("ada@example.com");
    const productId = await shop.product("Walnut stool", 4_999);
    const order = await placeOrder(shop.as(actorFor(ada)), { ...shipping, productId, price: 1, totalCents: 1 });
    expect(order.totalCents).toBe(4_999);
  });

  it("asks an anonymous visitor to sign in", async () => {
    const productId = await shop.product();
    expect(await outcome(() => placeOrder(shop.as(anonymous), { ...shipping, productId }))).toBe("unauthenticated");
    expect(await orderCount()).toBe(0);
  });

  it("refuses an order for someone else's email, even from an admin", async () => {
    const ada = await shop.user("ada@example.com");
    const root = await shop.user("root@example.com", "admin");
    const productId = await shop.product();
    const input = { ...shipping, productId, customerEmail: "grace@example.com" };
    expect(await outcome(() => placeOrder(shop.as(actorFor(ada)), input))).toBe("forbidden");
    expect(await outcome(() => placeOrder(shop.as(actorFor(root)), input))).toBe("forbidden");
    const own = await placeOrder(shop.as(actorFor(ada)), { ...input, customerEmail: " ADA@example.com " });
    expect(own.userEmail).toBe("ada@example.com");
  });

  it("requires a product id, and a product that exists", async () => {
    const ada = await shop.user("ada@example.com");
    const ctx = shop.as(actorFor(ada));
    await expect(placeOrder(ctx, shipping)).rejects.toMatchObject({
      code: "validation_failed",
      fields: { productId: "Which product? productId is required." },
    });
    await expect(placeOrder(ctx, { ...shipping, productId: "no-such-product" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await outcome(() => placeOrder(ctx, { ...shipping, productId: "../etc" }))).toBe("validation_failed");
  });

  it("refuses an order above the largest total the shop accepts", async () => {
    const ada = await shop.user("ada@example.com");
    const productId = await shop.product("Gold throne", 100_000_000);
    const ctx = shop.as(actorFor(ada));
    expect((await placeOrder(ctx, { ...shipping, productId, quantity: 10 })).totalCents).toBe(MAX_ORDER_TOTAL_CENTS);
    await expect(placeOrder(ctx, { ...shipping, productId, quantity: 11 })).rejects.toMatchObject({
      code: "validation_failed",
      fields: { quantity: expect.stringContaining("$10,000,000.00") },
    });
    expect(await orderCount()).toBe(1);
  });
});

describe("placeOrder with the price the page showed (priceSeen)", () => {
  it("places the order at that price, and refuses one whose price changed since (nothing written)", async () => {
    const ada = await shop.user("ada@example.com");
    const productId = await shop.product("Walnut stool", 4_999);
    const ctx = shop.as(actorFor(ada));
    const placed = await placeOrder(ctx, { ...shipping, productId, quantity: "3", priceSeen: "4999" });
    expect(placed.totalCents).toBe(14_997);
    await shop.db.updateTable("product_variant").set({ price_cents: 5_499 }).execute();
    await expect(placeOrder(ctx, { ...shipping, productId, quantity: 3, priceSeen: 4_999 })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("it is now $54.99"),
    });
    expect(await orderCount()).toBe(1);
    // without it, today's price as before
    expect((await placeOrder(ctx, { ...shipping, productId })).totalCents).toBe(5_499);
  });

  it("refuses a priceSeen that is not a price", async () => {
    const ada = await shop.user("ada@example.com");
    const productId = await shop.product();
    for (const priceSeen of ["abc", -1, 12.5, null, true]) {
      await expect(
        placeOrder(shop.as(actorFor(ada)), { ...shipping, productId, priceSeen }),
        JSON.stringify(priceSeen),
      ).rejects.toMatchObject({ code: "validation_failed", fields: { priceSeen: "The price seen is not a price." } });
    }
    expect(await orderCount()).toBe(0);
  });

  it("names the quantity when it is more than in stock", async () => {
    const ada = await shop.user("ada@example.com");
    const productId = await shop.product();
    await shop.db.updateTable("product_variant").set({ stock: 2 }).execute();
    await expect(placeOrder(shop.as(actorFor(ada)), { ...shipping, productId, quantity: 3 })).rejects.toMatchObject({
      code: "out_of_stock",
      fields: { quantity: "Only 2 left: order 2 or fewer." },
    });
    expect(await orderCount()).toBe(0);
  });
});

describe("placeOrder with a request key", () => {
  it("answers the same key twice with one order", async () => {
    const ada = await shop.user("ada@example.com");
    const productId = await shop.product();
    const ctx = shop.as(actorFor(ada));
    const input = { ...shipping, productId, requestKey: "form-1234-abcd" };
    const first = await placeOrder(ctx, input);
    const second = await placeOrder(ctx, input);
    expect(second.id).toBe(first.id);
    expect(second.orderNumber).toBe(first.orderNumber);
    expect(await orderCount()).toBe(1);
  });

  it("answers two racing submissions of one key with one order", async () => {
    const ada = await shop.user("ada@example.com");
    const productId = await shop.product();
    const ctx = shop.as(actorFor(ada));
    const input = { ...shipping, productId, requestKey: "form-race-0001" };
    const [a, b, c] = await Promise.all([placeOrder(ctx, input), placeOrder(ctx, input), placeOrder(ctx, input)]);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(await orderCount()).toBe(1);
  });

  it("answers with the first order even when the resubmission differs", async () => {
    const ada = await shop.user("ada@example.com");
    const chair = await shop.product("Chair", 1_000);
    const lamp = await shop.product("Lamp", 2_000);
    const ctx = shop.as(actorFor(ada));
    const first = await placeOrder(ctx, { ...shipping, productId: chair, requestKey: "form-1234-abcd" });
    const again = await placeOrder(ctx, { ...shipping, productId: lamp, quantity: 2, requestKey: "form-1234-abcd" });
    expect(again.id).toBe(first.id);
    expect(again.totalCents).toBe(1_000);
    expect(await orderCount()).toBe(1);
  });

  it("gives another customer with the same key their own order", async () => {
    const ada = await shop.user("ada@example.com");
    const grace = await shop.user("grace@example.com");
    const productId = await shop.product();
    const input = { ...shipping, productId, requestKey: "form-1234-abcd" };
    const adas = await placeOrder(shop.as(actorFor(ada)), input);
    const graces = await placeOrder(shop.as(actorFor(grace)), input);
    expect(graces.id).not.toBe(adas.id);
    expect(graces.userId).toBe(grace.id);
    expect(adas.userId).toBe(ada.id);
    expect(await orderCount()).toBe(2);
  });

  it("places a new order for each different key, and for no key at all", async () => {
    const ada = await shop.user("ada@example.com");
    const productId = await shop.product();
    const ctx = shop.as(actorFor(ada));
    const a = await placeOrder(ctx, { ...shipping, productId, requestKey: "form-aaaa-1111" });
    const b = await placeOrder(ctx, { ...shipping, productId, requestKey: "form-bbbb-2222" });
    const c = await placeOrder(ctx, { ...shipping, productId });
    const d = await placeOrder(ctx, { ...shipping, productId });
    expect(new Set([a.id, b.id, c.id, d.id]).size).toBe(4);
    expect(await orderCount()).toBe(4);
  });

  it("refuses a malformed key", async () => {
    const ada = await shop.user("ada@example.com");
    const productId = await shop.product();
    await expect(
      placeOrder(shop.as(actorFor(ada)), { ...shipping, productId, requestKey: "short" }),
    ).rejects.toMatchObject({ code: "validation_failed", fields: { requestKey: expect.any(String) } });
  });
});

describe("a request key used by an account that no longer exists", () => {
  it("is a conflict for the new account with that email, never a server error", async () => {
    const before = await shop.user("reused@example.com");
    const productId = await shop.product("Pine shelf", 3_000);
    await placeOrder(shop.as(actorFor(before)), { ...shipping, productId, requestKey: "fixed-key-123" });
    // the account is deleted (its orders stay, with the email) and the address registered again
    await shop.db.deleteFrom("user").where("id", "=", before.id).execute();
    const after = await shop.user("reused@example.com");
    const again = () => placeOrder(shop.as(actorFor(after)), { ...shipping, productId, requestKey: "fixed-key-123" });
    expect(await outcome(again)).toBe("conflict");
    expect(await outcome(() => placeOrder(shop.as(actorFor(after)), { ...shipping, productId }))).toBe("ok");
  });
});
