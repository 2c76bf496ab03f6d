/**
 * The admin's customer desk on SQLite and (TEST_DATABASE_URL) PostgreSQL: search with order counts
 * and total spent, one customer's orders, and disabling an account (sign-in refused, cookie and bearer
 * sessions ended at once) and enabling it again; never one's own; audited; admins only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  confirmEmail,
  cookieHeader,
  expectError,
  firstProduct,
  placeOrder,
  rawRequest,
  signInResponse,
  unchanged,
} from "../support/fixtures.ts";
import { ADMIN, type Client, CUSTOMER_PASSWORD, createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
let admin: Client;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.admin();
});
afterAll(async () => shop?.close());

type Customer = {
  _id: string;
  email: string;
  name: string;
  disabled: boolean;
  order_count: number;
  total_spent: number;
};

async function find(q: string): Promise<Customer[]> {
  const res = await admin.request(`/api/admin/customers?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.json();
}

const idOf = async (email: string) => (await find(email))[0]._id;

describe("the customer list", () => {
  it("finds customers by email or name, with their order count and total spent (cancelled orders not spent)", async () => {
    const tag = `Zed${Date.now().toString(36)}`;
    const customer = await shop.customer(`Ursula ${tag}`);
    const product = await firstProduct(shop);
    await placeOrder(customer, product.id, { quantity: 2 });
    const { insertedId } = await placeOrder(customer, product.id);
    expect((await customer.request(`/api/orders/${insertedId}`, { method: "DELETE" })).status).toBe(200);

    const [byName] = await find(tag.toLowerCase());
    expect(byName).toMatchObject({
      email: customer.email,
      order_count: 2,
      total_spent: (2 * product.priceCents) / 100,
    });
    expect((await find(customer.email.toUpperCase())).map((c) => c.email)).toEqual([customer.email]);

    const res = await admin.request(`/api/admin/customers/${byName._id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.customer.email).toBe(customer.email);
    expect(body.order_total).toBe(2);
    expect(body.orders).toHaveLength(2);
  });

  it("answers 404 for an unknown customer and 400 for a bad page", async () => {
    await expectError(await admin.request("/api/admin/customers/nobody-here"), 404);
    await expectError(await admin.request("/api/admin/customers?limit=-1"), 400);
  });
});

describe("disabling and enabling an account", () => {
  it("refuses sign-in with a clear message and ends the customer's sessions at once; enabling lets them in", async () => {
    const customer = await shop.customer();
    const bearer = (await signInResponse(shop, customer.email, CUSTOMER_PASSWORD)).headers.get("set-auth-token");
    expect(bearer).toBeTruthy();
    const withBearer = () => rawRequest(shop, "/api/session", { headers: { authorization: `Bearer ${bearer}` } });
    expect((await (await withBearer()).json()).user?.email).toBe(customer.email);
    const id = await idOf(customer.email);

    const res = await admin.request(`/api/admin/customers/${id}/disable`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ modifiedCount: 1, customer: { disabled: true } });

    const refused = await signInResponse(shop, customer.email, CUSTOMER_PASSWORD);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toMatch(/banned|suspended|disabled/i);
    // the cookie session and the bearer token no longer name anyone
    expect((await (await customer.request("/api/session")).json()).user).toBeNull();
    expect((await (await withBearer()).json()).user).toBeNull();
    await expectError(await customer.request(`/api/orders/${encodeURIComponent(customer.email)}`), 401);

    // disabling twice changes nothing
    expect(await (await admin.request(`/api/admin/customers/${id}/disable`, { method: "POST" })).json()).toMatchObject({
      modifiedCount: 0,
    });

    const enabled = await admin.request(`/api/admin/customers/${id}/enable`, { method: "POST" });
    expect(await enabled.json()).toMatchObject({ modifiedCount: 1, customer: { disabled: false } });
    const back = await signInResponse(shop, customer.email, CUSTOMER_PASSWORD);
    expect(back.status).toBe(200);
    const again = await rawRequest(shop, "/api/session", { headers: { cookie: cookieHeader(back) } });
    expect((await again.json()).user?.email).toBe(customer.email);

    const audit = await (await admin.request(`/api/admin/audit?target_id=${id}`)).json();
    expect(audit.map((e: { action: string; actor: { email: string } }) => [e.action, e.actor.email])).toEqual([
      ["user.enable", ADMIN.email],
      ["user.disable", ADMIN.email],
    ]);
  });

  it("an admin cannot disable their own account", async () => {
    const id = await idOf(ADMIN.email);
    const error = await expectError(await admin.request(`/api/admin/customers/${id}/disable`, { method: "POST" }), 409);
    expect(error.message).toBe("You cannot disable your own account.");
    expect((await (await admin.request("/api/session")).json()).user?.email).toBe(ADMIN.email);
  });

  it("only the shop's owner disables or enables another admin, and nobody disables the owner", async () => {
    const makeAdmin = async () => {
      const account = await shop.customer();
      await confirmEmail(shop, account.email);
      expect((await admin.request("/api/users/admin", { method: "PUT", json: { email: account.email } })).status).toBe(
        200,
      );
      return account;
    };
    const [second, third] = [await makeAdmin(), await makeAdmin()];
    const disable = (by: Client, email: string) =>
      idOf(email).then((id) => by.request(`/api/admin/customers/${id}/disable`, { method: "POST" }));
    // an admin who is not the owner can neither lock out another admin nor the owner
    for (const target of [third.email, ADMIN.email]) {
      const refused = await unchanged(shop, () => disable(second, target));
      await expectError(refused, 403, "forbidden");
    }
    expect((await find(third.email))[0].disabled).toBe(false);
    // the owner (SHOP_ADMIN_EMAIL) can, and the disabled admin's session ends
    expect(await (await disable(admin, third.email)).json()).toMatchObject({ modifiedCount: 1 });
    expect((await (await third.request("/api/session")).json()).user ?? null).toBeNull();
    // another admin cannot undo it; the owner can
    const enable = (by: Client, email: string) =>
      idOf(email).then((id) => by.request(`/api/admin/customers/${id}/enable`, { method: "POST" }));
    const notEnabled = await expectError(await unchanged(shop, () => enable(second, third.email)), 403, "forbidden");
    expect(notEnabled.message).toMatch(/Only the shop owner .* can enable another admin's account/);
    expect((await find(third.email))[0].disabled).toBe(true);
    expect(await (await enable(admin, third.email)).json()).toMatchObject({ modifiedCount: 1 });
    expect((await find(third.email))[0].disabled).toBe(false);
  });

  it("every customer call refuses visitors (401) and customers (403), and changes nothing", async () => {
    const customer = await shop.customer();
    const id = await idOf(customer.email);
    const calls: [string, RequestInit][] = [
      ["/api/admin/customers", {}],
      [`/api/admin/customers/${id}`, {}],
      [`/api/admin/customers/${id}/disable`, { method: "POST" }],
      [`/api/admin/customers/${id}/enable`, { method: "POST" }],
    ];
    for (const [path, init] of calls) {
      await expectError(await shop.anonymous.request(path, init), 401);
      await expectError(await customer.request(path, init), 403);
    }
    expect((await find(customer.email))[0].disabled).toBe(false);
  });
});

describe("making an admin", () => {
  const makeAdmin = (email: string) => admin.request("/api/users/admin", { method: "PUT", json: { email } });

  it("only makes an account admin once its address is confirmed (whoever registered it first need not own it)", async () => {
    const squatter = await shop.customer();
    const refused = await unchanged(shop, () => makeAdmin(squatter.email));
    expect((await expectError(refused, 409)).fields?.email).toMatch(/has not confirmed its email address/);
    await confirmEmail(shop, squatter.email);
    expect(await (await makeAdmin(squatter.email)).json()).toMatchObject({ modifiedCount: 1 });
  });

  it("does not make a disabled account admin", async () => {
    const customer = await shop.customer();
    await confirmEmail(shop, customer.email);
    await admin.request(`/api/admin/customers/${await idOf(customer.email)}/disable`, { method: "POST" });
    const refused = await unchanged(shop, () => makeAdmin(customer.email));
    expect((await expectError(refused, 409)).fields?.email).toMatch(/disabled/);
  });
});
