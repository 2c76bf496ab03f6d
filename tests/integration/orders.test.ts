import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_NUMBER_LIMIT, ORDER_NUMBER_MIN } from "../../domain/shared/ids.ts";
import { testEngine } from "../support/database.ts";
import {
  brokenJsonBody,
  expectError,
  firstProduct,
  notJsonBody,
  orderForm,
  orderLines,
  orderRow,
  placeOrder,
  unchanged,
} from "../support/fixtures.ts";
import { createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const setStatus = (status: string) => ({ method: "PUT", json: { status } });

describe("POST /api/orders", () => {
  it("places an order with the original shop's field names and stores it with one line", async () => {
    const product = await firstProduct(shop);
    const customer = await shop.customer("Ada Buyer");
    const res = await customer.request("/api/orders", { method: "POST", json: orderForm(product.id) });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.insertedId).toEqual(expect.any(String));
    const order = body.order;
    const { productId: _, ...sent } = orderForm(product.id);
    expect(order).toMatchObject({
      _id: body.insertedId,
      ...sent,
      user_email: customer.email,
      status: { status: "Pending" },
      booking_deatils: {
        _id: product.id,
        title: product.title,
        price: product.priceCents / 100,
        image: `/media/${product.imageKey}-480.webp`,
      },
    });
    expect(Number.isNaN(Date.parse(order.time))).toBe(false);

    const row = await orderRow(shop, body.insertedId);
    expect(row).toMatchObject({
      user_email: customer.email,
      status: "Pending",
      full_name: "Ada Lovelace",
      total_cents: product.priceCents,
    });
    expect(Number(row?.order_number)).toBe(order.order_id);
    const lines = await orderLines(shop, body.insertedId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      product_id: product.id,
      title: product.title,
      unit_price_cents: product.priceCents,
      quantity: 1,
      image_key: product.imageKey,
    });
  });

  it("gives every order an integer order_id in the shop's order-number range", async () => {
    const product = await firstProduct(shop);
    const customer = await shop.customer();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await placeOrder(customer, product.id)).order.order_id);
    for (const id of ids) {
      expect(Number.isInteger(id)).toBe(true);
      expect(id).toBeGreaterThanOrEqual(ORDER_NUMBER_MIN);
      expect(id).toBeLessThan(ORDER_NUMBER_LIMIT);
    }
    expect(new Set(ids).size).toBe(3);
  });

  it("copies title and price from the catalogue, never from the client", async () => {
    const product = await firstProduct(shop, 1);
    const customer = await shop.customer();
    const fake = { _id: product.id, title: "Free stuff", price: 0.01, image: "data:image/png;base64,AAAA" };
    const { insertedId, order } = await placeOrder(customer, product.id, {
      productId: undefined,
      booking_deatils: fake,
      total: 0.01,
    });
    expect(order.booking_deatils).toMatchObject({
      _id: product.id,
      title: product.title,
      price: product.priceCents / 100,
    });
    expect(order.total).toBe(product.priceCents / 100);
    const [line] = await orderLines(shop, insertedId);
    expect(line).toMatchObject({
      title: product.title,
      unit_price_cents: product.priceCents,
      image_key: product.imageKey,
    });
    expect((await orderRow(shop, insertedId))?.total_cents).toBe(product.priceCents);
  });

  it("multiplies the catalogue price by the quantity", async () => {
    const product = await firstProduct(shop, 2);
    const customer = await shop.customer();
    const { insertedId, order } = await placeOrder(customer, product.id, { quantity: 3 });
    expect(order.total).toBe((product.priceCents * 3) / 100);
    expect((await orderLines(shop, insertedId))[0].quantity).toBe(3);
  });

  it("creates one order when the same request_key is submitted twice", async () => {
    const product = await firstProduct(shop);
    const customer = await shop.customer();
    const key = "checkout-form-7f3a9c21";
    const first = await placeOrder(customer, product.id, { request_key: key });
    const second = await placeOrder(customer, product.id, { request_key: key });
    expect(second.insertedId).toBe(first.insertedId);
    expect(second.order.order_id).toBe(first.order.order_id);
    const rows = await shop.db.selectFrom("shop_order").select("id").where("user_email", "=", customer.email).execute();
    expect(rows).toHaveLength(1);
    // another key is another order
    const third = await placeOrder(customer, product.id, { request_key: "checkout-form-other-1" });
    expect(third.insertedId).not.toBe(first.insertedId);
  });

  it("creates one order when a request_key is submitted twice at the same moment", async () => {
    const product = await firstProduct(shop);
    const customer = await shop.customer();
    const [a, b] = await Promise.all(
      [0, 1].map(() => placeOrder(customer, product.id, { request_key: "double-click-12345678" })),
    );
    expect(a.insertedId).toBe(b.insertedId);
    const rows = await shop.db.selectFrom("shop_order").select("id").where("user_email", "=", customer.email).execute();
    expect(rows.map((r) => r.id)).toEqual([a.insertedId]);
    expect(await orderLines(shop, a.insertedId)).toHaveLength(1);
  });

  it("refuses anonymous visitors with 401 and stores nothing", async () => {
    const product = await firstProduct(shop);
    const res = await unchanged(shop, () =>
      shop.anonymous.request("/api/orders", { method: "POST", json: orderForm(product.id) }),
    );
    await expectError(res, 401, "unauthenticated");
  });

  it("refuses an order for someone else's email with 403 and stores nothing", async () => {
    const product = await firstProduct(shop);
    const [customer, other] = [await shop.customer(), await shop.customer()];
    const res = await unchanged(shop, () =>
      customer.request("/api/orders", { method: "POST", json: orderForm(product.id, { user_email: other.email }) }),
    );
    await expectError(res, 403, "forbidden");
  });

  it("answers 422 naming every missing or invalid field, storing nothing", async () => {
    const customer = await shop.customer();
    const product = await firstProduct(shop);
    const empty = await unchanged(shop, () => customer.request("/api/orders", { method: "POST", json: {} }));
    const error = await expectError(empty, 422, "validation_failed");
    for (const field of ["full_name", "address", "city", "state", "zip", "phone", "checkbox"])
      expect(error.fields?.[field]).toEqual(expect.any(String));

    const bad = await unchanged(shop, () =>
      customer.request("/api/orders", {
        method: "POST",
        json: orderForm(product.id, { zip: "!", phone: "call me", checkbox: false, quantity: 0 }),
      }),
    );
    const badError = await expectError(bad, 422);
    expect(Object.keys(badError.fields ?? {}).sort()).toEqual(["checkbox", "phone", "quantity", "zip"]);

    const noProduct = await unchanged(shop, () =>
      customer.request("/api/orders", { method: "POST", json: orderForm(product.id, { productId: undefined }) }),
    );
    expect((await expectError(noProduct, 422)).fields?.productId).toEqual(expect.any(String));

    const badId = await unchanged(shop, () =>
      customer.request("/api/orders", { method: "POST", json: orderForm("../etc/passwd") }),
    );
    expect((await expectError(badId, 422)).fields?.productId).toEqual(expect.any(String));
  });

  it("answers 404 for an unknown product, storing nothing", async () => {
    const customer = await shop.customer();
    const res = await unchanged(shop, () =>
      customer.request("/api/orders", { method: "POST", json: orderForm("no-such-product") }),
    );
    await expectError(res, 404, "not_found");
  });

  it("answers 415 for a non-JSON body and 400 for broken JSON, storing nothing", async () => {
    const customer = await shop.customer();
    await expectError(
      await unchanged(shop, () => customer.request("/api/orders", notJsonBody("POST"))),
      415,
      "unsupported_media_type",
    );
    await expectError(
      await unchanged(shop, () => customer.request("/api/orders", brokenJsonBody("POST"))),
      400,
      "bad_request",
    );
  });
});

describe("GET /api/orders (admin)", () => {
  it("lists all orders with X-Total-Count and pages through them", async () => {
    const product = await firstProduct(shop);
    const customer = await shop.customer();
    await placeOrder(customer, product.id);
    await placeOrder(customer, product.id);
    const admin = await shop.admin();
    const total = Number(
      (
        await shop.db
          .selectFrom("shop_order")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const first = await admin.request("/api/orders?limit=2&offset=0");
    expect(first.status).toBe(200);
    expect(Number(first.headers.get("x-total-count"))).toBe(total);
    const page1 = await first.json();
    expect(page1).toHaveLength(2);
    const page2 = await (await admin.request("/api/orders?limit=2&offset=2")).json();
    const both = await (await admin.request("/api/orders?limit=4&offset=0")).json();
    expect([...page1, ...page2].map((o: { _id: string }) => o._id)).toEqual(both.map((o: { _id: string }) => o._id));
    for (const o of both)
      expect(o).toEqual(
        expect.objectContaining({
          _id: expect.any(String),
          order_id: expect.any(Number),
          status: { status: expect.any(String) },
        }),
      );
  });

  it("filters by status", async () => {
    const product = await firstProduct(shop);
    const customer = await shop.customer();
    const pending = await placeOrder(customer, product.id);
    const cancelled = await placeOrder(customer, product.id);
    expect((await customer.request(`/api/orders/${cancelled.insertedId}`, { method: "DELETE" })).status).toBe(200);
    const admin = await shop.admin();

    const res = await admin.request("/api/orders?status=Pending&limit=100");
    expect(res.status).toBe(200);
    const pendingInDb = await shop.db.selectFrom("shop_order").select("id").where("status", "=", "Pending").execute();
    expect(Number(res.headers.get("x-total-count"))).toBe(pendingInDb.length);
    const list = await res.json();
    expect(list.length).toBe(Math.min(100, pendingInDb.length));
    for (const o of list) expect(o.status).toEqual({ status: "Pending" });
    expect(list.map((o: { _id: string }) => o._id)).not.toContain(cancelled.insertedId);

    const mine = await (await admin.request(`/api/orders/${customer.email}?status=Cancelled`)).json();
    expect(mine.map((o: { _id: string }) => o._id)).toEqual([cancelled.insertedId]);
    const minePending = await (await admin.request(`/api/orders/${customer.email}?status=Pending`)).json();
    expect(minePending.map((o: { _id: string }) => o._id)).toEqual([pending.insertedId]);
  });

  it("refuses customers (403) and anonymous visitors (401)", async () => {
    const customer = await shop.customer();
    await expectError(await customer.request("/api/orders"), 403, "forbidden");
    await expectError(await shop.anonymous.request("/api/orders"), 401, "unauthenticated");
  });

  it("answers 400 for an unknown status or bad paging", async () => {
    const admin = await shop.admin();
    expect((await expectError(await admin.request("/api/orders?status=Delivered"), 400)).fields?.status).toEqual(
      expect.any(String),
    );
    expect((await expectError(await admin.request("/api/orders?limit=0"), 400)).fields?.limit).toEqual(
      expect.any(String),
    );
    expect((await expectError(await admin.request("/api/orders?offset=-1"), 400)).fields?.offset).toEqual(
      expect.any(String),
    );
  });
});

describe("GET /api/orders/{email}", () => {
  it("lists a customer's own orders, newest first, with X-Total-Count and paging", async () => {
    const customer = await shop.customer();
    const other = await shop.customer();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await placeOrder(customer, (await firstProduct(shop, i)).id)).insertedId);
    await placeOrder(other, (await firstProduct(shop)).id);

    const res = await customer.request(`/api/orders/${encodeURIComponent(customer.email)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("3");
    const orders = await res.json();
    expect(orders.map((o: { _id: string }) => o._id).sort()).toEqual([...ids].sort());
    for (const o of orders) expect(o.user_email).toBe(customer.email);
    const times = orders.map((o: { time: string }) => Date.parse(o.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const page = await customer.request(`/api/orders/${customer.email}?limit=2&offset=2`);
    expect(page.headers.get("x-total-count")).toBe("3");
    expect((await page.json()).map((o: { _id: string }) => o._id)).toEqual([orders[2]._id]);
  });

  it("matches the email case-insensitively and answers [] for a customer without orders", async () => {
    const customer = await shop.customer();
    const res = await customer.request(`/api/orders/${customer.email.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect(res.headers.get("x-total-count")).toBe("0");
  });

  it("lets an admin read anyone's orders", async () => {
    const customer = await shop.customer();
    const { insertedId } = await placeOrder(customer, (await firstProduct(shop)).id);
    const admin = await shop.admin();
    const res = await admin.request(`/api/orders/${customer.email}`);
    expect(res.status).toBe(200);
    expect((await res.json()).map((o: { _id: string }) => o._id)).toEqual([insertedId]);
  });

  it("refuses another customer (403) and anonymous visitors (401)", async () => {
    const customer = await shop.customer();
    await placeOrder(customer, (await firstProduct(shop)).id);
    const other = await shop.customer();
    await expectError(await other.request(`/api/orders/${customer.email}`), 403, "forbidden");
    await expectError(await shop.anonymous.request(`/api/orders/${customer.email}`), 401, "unauthenticated");
  });
});

describe("PUT /api/orders/{id}", () => {
  it("lets an admin ship a Pending order", async () => {
    const customer = await shop.customer();
    const { insertedId } = await placeOrder(customer, (await firstProduct(shop)).id);
    const admin = await shop.admin();
    const res = await admin.request(`/api/orders/${insertedId}`, setStatus("Shipped"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.modifiedCount).toBe(1);
    expect(body.order.status).toEqual({ status: "Shipped" });
    expect((await orderRow(shop, insertedId))?.status).toBe("Shipped");
    // shipping again changes nothing
    const again = await admin.request(`/api/orders/${insertedId}`, setStatus("Shipped"));
    expect((await again.json()).modifiedCount).toBe(0);
  });

  it("lets the customer cancel their own Pending order", async () => {
    const customer = await shop.customer();
    const { insertedId } = await placeOrder(customer, (await firstProduct(shop)).id);
    const res = await customer.request(`/api/orders/${insertedId}`, setStatus("Cancelled"));
    expect(res.status).toBe(200);
    expect((await res.json()).modifiedCount).toBe(1);
    expect((await orderRow(shop, insertedId))?.status).toBe("Cancelled");
  });

  it("refuses a customer shipping their own order (403), changing nothing", async () => {
    const customer = await shop.customer();
    const { insertedId } = await placeOrder(customer, (await firstProduct(shop)).id);
    await expectError(
      await unchanged(shop, () => customer.request(`/api/orders/${insertedId}`, setStatus("Shipped"))),
      403,
      "forbidden",
    );
    expect((await orderRow(shop, insertedId))?.status).toBe("Pending");
  });

  it("refuses another customer (403) and anonymous visitors (401), changing nothing", async () => {
    const customer = await shop.customer();
    const { insertedId } = await placeOrder(customer, (await firstProduct(shop)).id);
    const other = await shop.customer();
    await expectError(
      await unchanged(shop, () => other.request(`/api/orders/${insertedId}`, setStatus("Cancelled"))),
      403,
      "forbidden",
    );
    await expectError(
      await unchanged(shop, () => shop.anonymous.request(`/api/orders/${insertedId}`, setStatus("Cancelled"))),
      401,
    );
    await expectError(
      await unchanged(shop, () => shop.anonymous.request(`/api/orders/${insertedId}`, setStatus("Shipped"))),
      401,
    );
  });

  it("answers 409 for cancelling a Shipped order and shipping a Cancelled one", async () => {
    const customer = await shop.customer();
    const admin = await shop.admin();
    const shipped = await placeOrder(customer, (await firstProduct(shop)).id);
    expect((await admin.request(`/api/orders/${shipped.insertedId}`, setStatus("Shipped"))).status).toBe(200);
    await expectError(
      await unchanged(shop, () => customer.request(`/api/orders/${shipped.insertedId}`, setStatus("Cancelled"))),
      409,
      "conflict",
    );
    await expectError(
      await unchanged(shop, () => admin.request(`/api/orders/${shipped.insertedId}`, setStatus("Cancelled"))),
      409,
      "conflict",
    );
    expect((await orderRow(shop, shipped.insertedId))?.status).toBe("Shipped");

    const cancelled = await placeOrder(customer, (await firstProduct(shop)).id);
    expect((await customer.request(`/api/orders/${cancelled.insertedId}`, setStatus("Cancelled"))).status).toBe(200);
    await expectError(
      await unchanged(shop, () => admin.request(`/api/orders/${cancelled.insertedId}`, setStatus("Shipped"))),
      409,
      "conflict",
    );
    expect((await orderRow(shop, cancelled.insertedId))?.status).toBe("Cancelled");
  });

  it("answers 422 for an unknown status, 415 for non-JSON, 400 for broken JSON, changing nothing", async () => {
    const customer = await shop.customer();
    const { insertedId } = await placeOrder(customer, (await firstProduct(shop)).id);
    const admin = await shop.admin();
    const unknown = await unchanged(shop, () => admin.request(`/api/orders/${insertedId}`, setStatus("Delivered")));
    expect((await expectError(unknown, 422, "validation_failed")).fields?.status).toEqual(expect.any(String));
    const missing = await unchanged(shop, () =>
      admin.request(`/api/orders/${insertedId}`, { method: "PUT", json: {} }),
    );
    expect((await expectError(missing, 422)).fields?.status).toEqual(expect.any(String));
    await expectError(await unchanged(shop, () => admin.request(`/api/orders/${insertedId}`, notJsonBody("PUT"))), 415);
    await expectError(
      await unchanged(shop, () => admin.request(`/api/orders/${insertedId}`, brokenJsonBody("PUT"))),
      400,
    );
    expect((await orderRow(shop, insertedId))?.status).toBe("Pending");
  });

  it("answers 404 for an unknown order", async () => {
    const admin = await shop.admin();
    const customer = await shop.customer();
    await expectError(
      await unchanged(shop, () => admin.request("/api/orders/no-such-order", setStatus("Shipped"))),
      404,
      "not_found",
    );
    await expectError(
      await unchanged(shop, () => customer.request("/api/orders/no-such-order", setStatus("Cancelled"))),
      404,
      "not_found",
    );
  });
});

describe("DELETE /api/orders/{id}", () => {
  it("cancels when the customer deletes: kept as Cancelled, deletedCount 0, modifiedCount 1", async () => {
    const customer = await shop.customer();
    const { insertedId } = await placeOrder(customer, (await firstProduct(shop)).id);
    const res = await customer.request(`/api/orders/${insertedId}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ deletedCount: 0, modifiedCount: 1 });
    expect(body.order.status).toEqual({ status: "Cancelled" });
    expect((await orderRow(shop, insertedId))?.status).toBe("Cancelled");
    expect(await orderLines(shop, insertedId)).toHaveLength(1);
    const listed = await (await customer.request(`/api/orders/${customer.email}`)).json();
    expect(listed.map((o: { _id: string; status: { status: string } }) => [o._id, o.status.status])).toEqual([
      [insertedId, "Cancelled"],
    ]);
  });

  it("erases the order and its lines when an admin deletes", async () => {
    const customer = await shop.customer();
    const shipped = await placeOrder(customer, (await firstProduct(shop)).id);
    const admin = await shop.admin();
    expect((await admin.request(`/api/orders/${shipped.insertedId}`, setStatus("Shipped"))).status).toBe(200);
    const res = await admin.request(`/api/orders/${shipped.insertedId}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await res.json()).deletedCount).toBe(1);
    expect(await orderRow(shop, shipped.insertedId)).toBeUndefined();
    expect(await orderLines(shop, shipped.insertedId)).toEqual([]);
  });

  it("answers 409 when the customer deletes a Shipped order, changing nothing", async () => {
    const customer = await shop.customer();
    const { insertedId } = await placeOrder(customer, (await firstProduct(shop)).id);
    const admin = await shop.admin();
    expect((await admin.request(`/api/orders/${insertedId}`, setStatus("Shipped"))).status).toBe(200);
    await expectError(
      await unchanged(shop, () => customer.request(`/api/orders/${insertedId}`, { method: "DELETE" })),
      409,
      "conflict",
    );
    expect((await orderRow(shop, insertedId))?.status).toBe("Shipped");
  });

  it("refuses another customer (403) and anonymous visitors (401), changing nothing", async () => {
    const customer = await shop.customer();
    const { insertedId } = await placeOrder(customer, (await firstProduct(shop)).id);
    const other = await shop.customer();
    await expectError(
      await unchanged(shop, () => other.request(`/api/orders/${insertedId}`, { method: "DELETE" })),
      403,
      "forbidden",
    );
    await expectError(
      await unchanged(shop, () => shop.anonymous.request(`/api/orders/${insertedId}`, { method: "DELETE" })),
      401,
      "unauthenticated",
    );
  });

  it("answers 404 for an unknown order", async () => {
    const admin = await shop.admin();
    const customer = await shop.customer();
    await expectError(
      await unchanged(shop, () => admin.request("/api/orders/no-such-order", { method: "DELETE" })),
      404,
      "not_found",
    );
    await expectError(
      await unchanged(shop, () => customer.request("/api/orders/no-such-order", { method: "DELETE" })),
      404,
      "not_found",
    );
  });
});

describe.runIf(testEngine() === "postgres")("POST /api/orders when PostgreSQL picks it as a deadlock's victim", () => {
  it("places the order again, once: one order, its stock taken once", async () => {
    const product = await firstProduct(shop);
    const variant = await shop.db
      .selectFrom("product_variant")
      .select(["id", "stock"])
      .where("product_id", "=", product.id)
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const customer = await shop.customer("Dee Locke");
    const { d } = (await sql<{ d: string }>`select current_database() as d`.execute(shop.db)).rows[0];
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${d}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      // another writer holds the variant's row (and, waiting longer than the order before it looks, is not the victim)
      await other.query("begin");
      await other.query("set local deadlock_timeout = '10s'");
      await other.query("update product_variant set stock = stock where id = $1", [variant.id]);
      const placing = customer.request("/api/orders", {
        method: "POST",
        json: orderForm(product.id, { variantId: variant.id, request_key: "deadlock-once" }),
      });
      // the order has written its history and waits for the variant's row
      for (let i = 0; i < 500; i++) {
        const { rows } = await other.query(
          "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and pid <> pg_backend_pid()",
        );
        if (Number(rows[0].n) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // now the other writer waits for the order's history: a deadlock, which PostgreSQL breaks by rolling the order back
      await other.query("lock table order_event in share mode");
      await other.query("commit");
      const res = await placing;
      expect(res.status, await res.clone().text()).toBe(201);
    } finally {
      await other.query("rollback").catch(() => undefined);
      await other.end();
    }
    const orders = await shop.db
      .selectFrom("shop_order")
      .select("id")
      .where("request_key", "=", "deadlock-once")
      .execute();
    expect(orders).toHaveLength(1);
    const after = await shop.db
      .selectFrom("product_variant")
      .select("stock")
      .where("id", "=", variant.id)
      .executeTakeFirstOrThrow();
    expect(after.stock).toBe(variant.stock - 1);
  }, 30_000);
});
