/**
 * The admin's dashboard figures from known orders, on SQLite and (TEST_DATABASE_URL) PostgreSQL:
 * sales are orders that are not cancelled and are paid or pay on delivery; days are UTC.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, firstProduct, placeOrder } from "../support/fixtures.ts";
import { type Client, createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
let admin: Client;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.admin();
});
afterAll(async () => shop?.close());

const DAY = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

describe("GET /api/admin/stats", () => {
  it("counts revenue, orders and average order value for today, 7 and 30 days by the one sales rule", async () => {
    const customer = await shop.customer();
    const a = await firstProduct(shop, 0);
    const b = await firstProduct(shop, 1);
    const order = async (productId: string, quantity: number, daysAgo: number, change?: Record<string, string>) => {
      const { insertedId } = await placeOrder(customer, productId, { quantity });
      const placed = new Date(Date.now() - daysAgo * DAY).toISOString();
      await shop.db
        .updateTable("shop_order")
        .set({ placed_at: placed, ...change })
        .where("id", "=", insertedId)
        .execute();
      return insertedId as string;
    };
    await order(a.id, 2, 0); // today: 2 × a
    await order(b.id, 1, 0); // today: 1 × b
    await order(a.id, 1, 3); // this week
    await order(b.id, 3, 20); // this month
    await order(a.id, 5, 45); // too old
    await order(a.id, 4, 0, { status: "Cancelled" }); // cancelled: never a sale
    await order(b.id, 4, 0, { payment_method: "stripe", payment_status: "pending" }); // card, not paid yet
    await order(b.id, 1, 1, { payment_method: "stripe", payment_status: "paid" }); // card, paid

    const res = await admin.request("/api/admin/stats");
    expect(res.status).toBe(200);
    const stats = await res.json();
    const dollars = (cents: number) => cents / 100;
    const today = 2 * a.priceCents + b.priceCents;
    const week = today + a.priceCents + b.priceCents;
    const month = week + 3 * b.priceCents;
    expect(stats.periods).toEqual([
      expect.objectContaining({
        key: "today",
        orders: 2,
        revenue: dollars(today),
        average_order_value: dollars(Math.round(today / 2)),
      }),
      expect.objectContaining({
        key: "7d",
        orders: 4,
        revenue: dollars(week),
        average_order_value: dollars(Math.round(week / 4)),
      }),
      expect.objectContaining({
        key: "30d",
        orders: 5,
        revenue: dollars(month),
        average_order_value: dollars(Math.round(month / 5)),
      }),
    ]);
    expect(stats.rule).toMatch(/not cancelled/);

    expect(stats.revenue_per_day).toHaveLength(30);
    expect(stats.revenue_per_day.at(-1)).toEqual({ day: dayOf(Date.now()), orders: 2, revenue: dollars(today) });
    expect(stats.revenue_per_day.find((d: { day: string }) => d.day === dayOf(Date.now() - 20 * DAY))).toEqual({
      day: dayOf(Date.now() - 20 * DAY),
      orders: 1,
      revenue: dollars(3 * b.priceCents),
    });
    const total = stats.revenue_per_day.reduce((sum: number, d: { revenue: number }) => sum + d.revenue, 0);
    expect(Math.round(total * 100)).toBe(month);

    // b: 1 + 3 + 1 = 5 units, a: 2 + 1 = 3 units in 30 days
    expect(stats.top_products.slice(0, 2)).toEqual([
      { product_id: b.id, title: b.title, units: 5, revenue: dollars(5 * b.priceCents) },
      { product_id: a.id, title: a.title, units: 3, revenue: dollars(3 * a.priceCents) },
    ]);
  });

  it("lists variants at or below the storefront's low-stock threshold, fewest first", async () => {
    const variants = await shop.db.selectFrom("product_variant").select(["id", "sku"]).orderBy("id").limit(2).execute();
    await shop.db.updateTable("product_variant").set({ stock: 3 }).where("id", "=", variants[0].id).execute();
    await shop.db.updateTable("product_variant").set({ stock: 0 }).where("id", "=", variants[1].id).execute();
    const stats = await (await admin.request("/api/admin/stats")).json();
    expect(stats.low_stock_threshold).toBe(5);
    expect(stats.low_stock.map((v: { variant_id: string; stock: number }) => [v.variant_id, v.stock])).toEqual([
      [variants[1].id, 0],
      [variants[0].id, 3],
    ]);
  });

  it("is for admins only", async () => {
    await expectError(await shop.anonymous.request("/api/admin/stats"), 401);
    await expectError(await (await shop.customer()).request("/api/admin/stats"), 403);
  });
});
