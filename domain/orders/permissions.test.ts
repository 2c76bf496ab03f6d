import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Actor, actorFor, anonymous, type SignedInUser } from "../shared/actor.ts";
import { createTestShop, outcome, type TestShop } from "../shared/testing.ts";
import {
  cancelOrder,
  changeOrderStatus,
  listAllOrders,
  listMyOrders,
  listOrdersOf,
  type Order,
  placeOrder,
  shipOrder,
} from "./index.ts";

const shipping = {
  full_name: "Ada Lovelace",
  address: "12 Analytical Row",
  city: "London",
  state: "Greater London",
  zip: "N1 9GU",
  phone: "020 7946 0000",
  checkbox: true,
};

let shop: TestShop;
let ada: SignedInUser;
let grace: SignedInUser;
let root: SignedInUser;
let adasOrder: Order;
let who: Record<"anonymous" | "owner" | "other" | "admin", Actor>;

beforeEach(async () => {
  shop = await createTestShop();
  ada = await shop.user("ada@example.com");
  grace = await shop.user("grace@example.com");
  root = await shop.user("root@example.com", "admin");
  who = { anonymous, owner: actorFor(ada), other: actorFor(grace), admin: actorFor(root) };
  const productId = await shop.product();
  adasOrder = await placeOrder(shop.as(who.owner), { ...shipping, productId });
  await placeOrder(shop.as(who.other), { ...shipping, productId, full_name: "Grace Hopper" });
});
afterEach(() => shop.close());

const statusOf = async (id: string) =>
  (await shop.db.selectFrom("shop_order").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("listing orders", () => {
  it("shows every order to admins only", async () => {
    expect(await outcome(() => listAllOrders(shop.as(who.anonymous), {}))).toBe("unauthenticated");
    expect(await outcome(() => listAllOrders(shop.as(who.owner), {}))).toBe("forbidden");
    const all = await listAllOrders(shop.as(who.admin), {});
    expect(all.total).toBe(2);
    expect(all.items.map((o) => o.userEmail).sort()).toEqual(["ada@example.com", "grace@example.com"]);
  });

  it("filters all orders by status and refuses an unknown status as a bad query", async () => {
    await shipOrder(shop.as(who.admin), adasOrder.id);
    const shipped = await listAllOrders(shop.as(who.admin), { status: "Shipped" });
    expect(shipped.items.map((o) => o.id)).toEqual([adasOrder.id]);
    await expect(listAllOrders(shop.as(who.admin), { status: "Lost" })).rejects.toMatchObject({
      code: "bad_request",
      status: 400,
    });
  });

  it("shows a customer their own orders only", async () => {
    await expect(listMyOrders(shop.as(who.anonymous), { limit: 10, offset: 0 })).rejects.toMatchObject({
      code: "unauthenticated",
    });
    const mine = await listMyOrders(shop.as(who.owner), { limit: 10, offset: 0 });
    expect(mine.total).toBe(1);
    expect(mine.items.map((o) => o.id)).toEqual([adasOrder.id]);
  });

  it.each([
    ["anonymous", "unauthenticated"],
    ["owner", "ok"],
    ["other", "forbidden"],
    ["admin", "ok"],
  ] as const)("lists the orders of an email for %s: %s", async (actor, expected) => {
    expect(await outcome(() => listOrdersOf(shop.as(who[actor]), "ada@example.com", {}))).toBe(expected);
  });

  it("lists that account's orders, whatever the email's case, and nothing for an unknown account", async () => {
    const own = await listOrdersOf(shop.as(who.owner), " Ada@Example.com ", {});
    expect(own.items.map((o) => o.id)).toEqual([adasOrder.id]);
    const byAdmin = await listOrdersOf(shop.as(who.admin), "ada@example.com", { limit: "1" });
    expect(byAdmin).toMatchObject({ total: 1, items: [{ id: adasOrder.id }] });
    expect(await listOrdersOf(shop.as(who.admin), "nobody@example.com", {})).toEqual({ items: [], total: 0 });
    expect(await listOrdersOf(shop.as(who.admin), "root@example.com", {})).toEqual({ items: [], total: 0 });
  });

  it("refuses a malformed page as a bad query", async () => {
    expect(await outcome(() => listOrdersOf(shop.as(who.owner), "ada@example.com", { limit: "0" }))).toBe(
      "bad_request",
    );
  });
});

describe("changing an order's status", () => {
  it.each([
    ["anonymous", "unauthenticated"],
    ["owner", "ok"],
    ["other", "forbidden"],
    ["admin", "ok"],
  ] as const)("cancelling a pending order as %s: %s", async (actor, expected) => {
    expect(await outcome(() => cancelOrder(shop.as(who[actor]), adasOrder.id))).toBe(expected);
    expect(await statusOf(adasOrder.id)).toBe(expected === "ok" ? "Cancelled" : "Pending");
  });

  it.each([
    ["anonymous", "unauthenticated"],
    ["owner", "forbidden"],
    ["other", "forbidden"],
    ["admin", "ok"],
  ] as const)("shipping a pending order as %s: %s", async (actor, expected) => {
    expect(await outcome(() => shipOrder(shop.as(who[actor]), adasOrder.id))).toBe(expected);
    expect(await statusOf(adasOrder.id)).toBe(expected === "ok" ? "Shipped" : "Pending");
  });

  it("answers how many orders changed, and the order as it is now", async () => {
    const first = await cancelOrder(shop.as(who.owner), adasOrder.id);
    expect(first.modifiedCount).toBe(1);
    expect(first.order).toMatchObject({ id: adasOrder.id, status: "Cancelled" });
    const again = await cancelOrder(shop.as(who.owner), adasOrder.id);
    expect(again.modifiedCount).toBe(0);
    expect(again.order.status).toBe("Cancelled");
  });

  it("lets nobody cancel a shipped order", async () => {
    await shipOrder(shop.as(who.admin), adasOrder.id);
    for (const actor of [who.owner, who.admin]) {
      await expect(cancelOrder(shop.as(actor), adasOrder.id)).rejects.toMatchObject({
        code: "conflict",
        message: "This order has been shipped and can no longer be cancelled.",
      });
    }
    expect(await statusOf(adasOrder.id)).toBe("Shipped");
  });

  it("does not ship a cancelled order", async () => {
    await cancelOrder(shop.as(who.owner), adasOrder.id);
    await expect(shipOrder(shop.as(who.admin), adasOrder.id)).rejects.toMatchObject({ code: "conflict" });
    expect(await statusOf(adasOrder.id)).toBe("Cancelled");
  });

  it("accepts only Shipped or Cancelled as the new status", async () => {
    await expect(changeOrderStatus(shop.as(who.admin), adasOrder.id, { status: "Pending" })).rejects.toMatchObject({
      code: "validation_failed",
      fields: { status: "Status must be 'Shipped' or 'Cancelled'." },
    });
    expect(await outcome(() => changeOrderStatus(shop.as(who.admin), adasOrder.id, {}))).toBe("validation_failed");
  });

  it("answers not found for an unknown or malformed order id", async () => {
    expect(await outcome(() => cancelOrder(shop.as(who.owner), "no-such-order"))).toBe("not_found");
    expect(await outcome(() => cancelOrder(shop.as(who.admin), "bad id!"))).toBe("not_found");
    expect(await outcome(() => shipOrder(shop.as(who.admin), "x".repeat(65)))).toBe("not_found");
  });
});
