import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Actor, actorFor, anonymous } from "../shared/actor.ts";
import { createTestShop, outcome, type TestShop } from "../shared/testing.ts";
import { eraseOrder, type Order, placeOrder, shipOrder, withdrawOrder } from "./index.ts";

const shipping = {
  full_name: "Ada Lovelace",
  address: "12 Analytical Row",
  city: "London",
  state: "Greater London",
  zip: "N1 9GU",
  phone: "020 7946 0000",
  checkbox: "true",
};

let shop: TestShop;
let order: Order;
let customer: Actor;
let otherCustomer: Actor;
let admin: Actor;

beforeEach(async () => {
  shop = await createTestShop();
  customer = actorFor(await shop.user("ada@example.com"));
  otherCustomer = actorFor(await shop.user("grace@example.com"));
  admin = actorFor(await shop.user("root@example.com", "admin"));
  order = await placeOrder(shop.as(customer), { ...shipping, productId: await shop.product() });
});
afterEach(() => shop.close());

const stored = async (id: string) => ({
  order: await shop.db.selectFrom("shop_order").select("status").where("id", "=", id).executeTakeFirst(),
  lines: (await shop.db.selectFrom("order_line").select("id").where("order_id", "=", id).execute()).length,
});

describe("withdrawOrder", () => {
  it("erases the order and its lines when an admin asks (a Pending one is cancelled first)", async () => {
    expect(await withdrawOrder(shop.as(admin), order.id)).toEqual({
      outcome: "erased",
      deletedCount: 1,
      cancelled: true,
    });
    expect(await stored(order.id)).toEqual({ order: undefined, lines: 0 });
  });

  it("cancels instead when the customer asks, keeping the shop's record", async () => {
    const result = await withdrawOrder(shop.as(customer), order.id);
    expect(result).toMatchObject({
      outcome: "cancelled",
      modifiedCount: 1,
      order: { id: order.id, status: "Cancelled" },
    });
    expect(await stored(order.id)).toEqual({ order: { status: "Cancelled" }, lines: 1 });
  });

  it("answers a customer's second withdrawal with nothing changed", async () => {
    await withdrawOrder(shop.as(customer), order.id);
    expect(await withdrawOrder(shop.as(customer), order.id)).toMatchObject({ outcome: "cancelled", modifiedCount: 0 });
  });

  it("answers an admin's second withdrawal with not found", async () => {
    await withdrawOrder(shop.as(admin), order.id);
    expect(await outcome(() => withdrawOrder(shop.as(admin), order.id))).toBe("not_found");
  });

  it("lets an admin erase even a shipped order, but not its customer withdraw it", async () => {
    await shipOrder(shop.as(admin), order.id);
    await expect(withdrawOrder(shop.as(customer), order.id)).rejects.toMatchObject({ code: "conflict" });
    expect(await stored(order.id)).toEqual({ order: { status: "Shipped" }, lines: 1 });
    expect(await withdrawOrder(shop.as(admin), order.id)).toEqual({
      outcome: "erased",
      deletedCount: 1,
      cancelled: false,
    });
  });

  it("refuses anonymous visitors and other customers, leaving the order as it was", async () => {
    expect(await outcome(() => withdrawOrder(shop.as(anonymous), order.id))).toBe("unauthenticated");
    expect(await outcome(() => withdrawOrder(shop.as(otherCustomer), order.id))).toBe("forbidden");
    expect(await stored(order.id)).toEqual({ order: { status: "Pending" }, lines: 1 });
  });

  it("keeps erasing for admins only", async () => {
    expect(await outcome(() => eraseOrder(shop.as(customer), order.id))).toBe("forbidden");
    expect(await outcome(() => eraseOrder(shop.as(admin), "no-such-order"))).toBe("not_found");
    expect(await outcome(() => eraseOrder(shop.as(admin), "not/an/id"))).toBe("not_found");
    expect((await stored(order.id)).order).toEqual({ status: "Pending" });
  });
});
