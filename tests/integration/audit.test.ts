/**
 * The audit log: every admin action is written with who, when and what changed, in the action's own
 * transaction, and only admins can read it. Runs on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmEmail, createProduct, expectError, firstProduct, placeOrder } from "../support/fixtures.ts";
import { ADMIN, type Client, createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
let admin: Client;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.admin();
});
afterAll(async () => shop?.close());

type Entry = {
  action: string;
  actor: { email: string };
  target: { type: string; id: string | null };
  summary: string;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  createdAt: string;
};

async function entriesFor(targetId: string): Promise<Entry[]> {
  const res = await admin.request(`/api/admin/audit?target_id=${encodeURIComponent(targetId)}`);
  expect(res.status).toBe(200);
  return res.json();
}

describe("audit log", () => {
  it("records shipping an order with the admin and the status change", async () => {
    const customer = await shop.customer();
    const { insertedId, order } = await placeOrder(customer, (await firstProduct(shop)).id);
    const res = await admin.request(`/api/orders/${insertedId}`, { method: "PUT", json: { status: "Shipped" } });
    expect(res.status).toBe(200);
    const [entry] = await entriesFor(insertedId);
    expect(entry).toMatchObject({
      action: "order.ship",
      actor: { email: ADMIN.email },
      target: { type: "order", id: insertedId },
      summary: `Shipped order ${order.order_id}`,
      changes: { status: { from: "Pending", to: "Shipped" } },
    });
    expect(Date.now() - Date.parse(entry.createdAt)).toBeLessThan(60_000);
  });

  it("records a variant's stock change from and to, and nothing when the customer cancels", async () => {
    const product = await (await shop.anonymous.request(`/api/products/${(await firstProduct(shop, 2)).id}`)).json();
    const variant = product.variants[0];
    const res = await admin.request(`/api/variants/${variant.id}`, { method: "PATCH", json: { stock: 7 } });
    expect(res.status).toBe(200);
    const [entry] = await entriesFor(variant.id);
    expect(entry.action).toBe("inventory.adjust");
    expect(entry.changes).toEqual({ stock: { from: variant.stock, to: 7 } });

    const customer = await shop.customer();
    const { insertedId } = await placeOrder(customer, product._id);
    expect((await customer.request(`/api/orders/${insertedId}`, { method: "DELETE" })).status).toBe(200);
    expect(await entriesFor(insertedId)).toEqual([]);
  });

  it("records adding and deleting a product, and promoting an admin", async () => {
    const { id } = await createProduct(admin, { title: "Audited lamp" });
    expect((await admin.request(`/api/products/${id}`, { method: "DELETE" })).status).toBe(200);
    const actions = (await entriesFor(id)).map((e) => [e.action, e.summary]);
    expect(actions).toEqual([
      ["product.delete", "Deleted product “Audited lamp”"],
      ["product.create", "Added product “Audited lamp”"],
    ]);

    const customer = await shop.customer();
    await confirmEmail(shop, customer.email);
    expect((await admin.request("/api/users/admin", { method: "PUT", json: { email: customer.email } })).status).toBe(
      200,
    );
    const res = await admin.request("/api/admin/audit?action=user.promote");
    const [promoted] = (await res.json()) as Entry[];
    expect(promoted.summary).toBe(`Made ${customer.email} an admin`);
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(1);
  });

  it("is for admins only, and a bad filter is a 400", async () => {
    await expectError(await shop.anonymous.request("/api/admin/audit"), 401);
    await expectError(await (await shop.customer()).request("/api/admin/audit"), 403);
    await expectError(await admin.request("/api/admin/audit?action=order.explode"), 400);
    await expectError(await admin.request("/api/admin/audit?limit=abc"), 400);
  });
});
