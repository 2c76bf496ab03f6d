/**
 * Payments on SQLite and PostgreSQL: pay on delivery, and Stripe Checkout through the official SDK
 * against a local stand-in for Stripe's endpoints. Signed webhooks pay orders once; replays, forged
 * signatures and wrong amounts change nothing; cancelling a paid order refunds it (or, if the
 * refund fails, leaves it as it was); unpaid card orders are not shipped.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as myOrdersAction } from "../../app/routes/dashboard/my-orders.tsx";
import { expectError, orderForm, unchanged } from "../support/fixtures.ts";
import { type Client, createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";
import { type StripeStandIn, startStripeStandIn } from "../support/stripe-server.ts";

const WEBHOOK_SECRET = "whsec_test_secret_for_the_stand_in";
const signer = new Stripe("sk_test_signer");
let shop: TestShop;
let stripe: StripeStandIn;

const webhook = async (payload: string, signature?: string) =>
  shop.app.request(`${TEST_ORIGIN}/api/payments/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    body: payload,
  });

beforeAll(async () => {
  stripe = await startStripeStandIn({
    webhookSecret: WEBHOOK_SECRET,
    deliverTo: async (payload, signature) => (await webhook(payload, signature)).status,
  });
  shop = await createTestShop({
    env: { STRIPE_SECRET_KEY: "sk_test_shop", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url },
  });
});
afterAll(async () => {
  await shop.close();
  await stripe.close();
});

async function cartWithOneItem(): Promise<Client> {
  const customer = await shop.customer();
  const variant = await shop.db.selectFrom("product_variant").select("id").orderBy("id").executeTakeFirstOrThrow();
  const res = await customer.request("/api/cart/items", {
    method: "POST",
    json: { variantId: variant.id, quantity: 2 },
  });
  expect(res.status).toBe(201);
  return customer;
}

let keys = 0;
const checkout = (client: Client, method?: string, key = `pay-key-${++keys}-${Date.now()}`) =>
  client.request("/api/checkout", {
    method: "POST",
    headers: { "idempotency-key": key },
    json: { ...orderForm("unused"), ...(method ? { payment_method: method } : {}) },
  });

/** "Pay now" on My Orders: the page's action, which sends the browser to the payment page (answers its address). */
async function payNow(client: Client, orderId: string): Promise<string | null> {
  const request = new Request(`${TEST_ORIGIN}/dashboard/myorders`, {
    method: "POST",
    headers: { cookie: client.cookie, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "pay", orderId }).toString(),
  });
  try {
    await myOrdersAction({ request, params: {}, context: await pageContext(shop, request) } as never);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location");
    throw thrown;
  }
}

const paymentsOf = (orderId: string) =>
  shop.db.selectFrom("payment").selectAll().where("order_id", "=", orderId).orderBy("created_at").execute();

const orderOf = (client: Client, id: string) =>
  client.request(`/api/orders/${encodeURIComponent(client.email)}`).then(async (r) => {
    const list = (await r.json()) as {
      _id: string;
      payment_status: string;
      payment_method: string;
      status: { status: string };
    }[];
    return list.find((o) => o._id === id);
  });

async function stripeOrder() {
  const customer = await cartWithOneItem();
  const res = await checkout(customer, "stripe");
  expect(res.status).toBe(201);
  const body = await res.json();
  const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === body.insertedId);
  if (!session) throw new Error("no Checkout Session was created");
  return { customer, body, session };
}

describe("checkout with a payment method", () => {
  it("pays on delivery by default: unpaid, no payment page", async () => {
    const customer = await cartWithOneItem();
    const res = await checkout(customer);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.payment).toEqual({ method: "cod", status: "unpaid", url: null });
    expect(body.order).toMatchObject({ payment_method: "cod", payment_status: "unpaid" });
  });

  it("with Stripe creates a Checkout Session for the order's total and answers its URL", async () => {
    const { body, session } = await stripeOrder();
    expect(body.payment).toMatchObject({ method: "stripe", status: "pending", url: session.url });
    expect(body.order).toMatchObject({ payment_method: "stripe", payment_status: "pending" });
    expect(session.amount_total).toBe(Math.round(body.order.total * 100));
    expect(session.currency).toBe("usd");
    expect(session.metadata.order_id).toBe(body.insertedId);
    expect(session.success_url).toContain(`/checkout/success?order=${body.insertedId}`);
  });

  it("refuses a card for an order smaller than Stripe charges (422 on the field, nothing written); pay on delivery takes it", async () => {
    // a product of its own at $0.30 (Stripe's smallest charge in dollars is $0.50), not the one the other
    // tests put in their carts (cartWithOneItem's first variant)
    const theirs = await shop.db
      .selectFrom("product_variant")
      .select("product_id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const product = await shop.db
      .selectFrom("product")
      .select("id")
      .where("id", "!=", theirs.product_id as string)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    await shop.db.updateTable("product").set({ price_cents: 30 }).where("id", "=", product.id).execute();
    await shop.db
      .updateTable("product_variant")
      .set({ price_cents: null, stock: 50 })
      .where("product_id", "=", product.id)
      .execute();
    const variant = await shop.db
      .selectFrom("product_variant")
      .select("id")
      .where("product_id", "=", product.id)
      .executeTakeFirstOrThrow();
    const customer = await shop.customer();
    const add = (quantity: number) =>
      customer.request("/api/cart/items", { method: "POST", json: { variantId: variant.id, quantity } });
    expect((await add(1)).status).toBe(201);
    const sessionsBefore = stripe.sessions.size;
    const refused = await unchanged(shop, () => checkout(customer, "stripe"));
    expect((await expectError(refused, 422)).fields?.payment_method).toBe(
      "Card payments start at $0.50: choose pay on delivery for this order.",
    );
    expect(stripe.sessions.size).toBe(sessionsBefore);
    // two make $0.60: a card then
    expect((await add(1)).status).toBe(201);
    const paid = await checkout(customer, "stripe");
    expect(paid.status).toBe(201);
    expect((await paid.json()).payment).toMatchObject({ method: "stripe", status: "pending" });
    // one again, on delivery
    expect((await add(1)).status).toBe(201);
    const onDelivery = await checkout(customer, "cod");
    expect(onDelivery.status).toBe(201);
    expect((await onDelivery.json()).order).toMatchObject({ payment_method: "cod", total: 0.3 });
  });

  it("refuses an unknown payment method with 422 on the field", async () => {
    const customer = await cartWithOneItem();
    const res = await unchanged(shop, () => checkout(customer, "bitcoin"));
    expect((await expectError(res, 422)).fields?.payment_method).toEqual(expect.any(String));
  });
});

describe("POST /api/payments/stripe/webhook", () => {
  it("pays the order once for a signed checkout.session.completed; a replay changes nothing", async () => {
    const { customer, body, session } = await stripeOrder();
    const event = stripe.signedEvent("checkout.session.completed", session, {
      payment_status: "paid",
      status: "complete",
      payment_intent: "pi_test_paid_once",
    });
    const first = await webhook(event.payload, event.signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ applied: true, outcome: "paid" });
    expect((await orderOf(customer, body.insertedId))?.payment_status).toBe("paid");

    const replay = await webhook(event.payload, event.signature);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ applied: false });
    const events = await shop.db.selectFrom("payment_event").select("id").where("id", "=", event.id).execute();
    expect(events).toHaveLength(1);
  });

  it("answers 400 and changes nothing for a missing or forged signature", async () => {
    const { customer, body, session } = await stripeOrder();
    const event = stripe.signedEvent("checkout.session.completed", session, { payment_status: "paid" });
    const forged = stripe.signedEvent("checkout.session.completed", session, { payment_status: "paid" });
    for (const signature of [undefined, "t=1,v1=deadbeef", forged.signature]) {
      const res = await unchanged(shop, () => webhook(event.payload, signature));
      expect(res.status).toBe(400);
    }
    expect((await orderOf(customer, body.insertedId))?.payment_status).toBe("pending");
  });

  it("answers 400 for a signed body that is not an event, or a checkout event without its session", async () => {
    const { session } = await stripeOrder();
    for (const change of [
      { id: undefined },
      { data: undefined },
      { data: { object: { object: "checkout.session" } } },
    ]) {
      const event = JSON.parse(stripe.signedEvent("checkout.session.completed", session).payload);
      const payload = JSON.stringify({ ...event, ...change });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      await expectError(await unchanged(shop, () => webhook(payload, signature)), 400);
    }
  });

  it("does not pay an order when the amount or the currency does not match, and notes why for admins", async () => {
    const { customer, body, session } = await stripeOrder();
    for (const change of [{ amount_total: session.amount_total - 1 }, { currency: "eur" }]) {
      const event = stripe.signedEvent("checkout.session.completed", session, { payment_status: "paid", ...change });
      const res = await webhook(event.payload, event.signature);
      expect(res.status).toBe(200);
      expect((await res.json()).outcome).toMatch(/^amount mismatch/);
    }
    expect((await orderOf(customer, body.insertedId))?.payment_status).toBe("pending");
    const payment = await shop.db
      .selectFrom("payment")
      .select(["status", "problem"])
      .where("order_id", "=", body.insertedId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe("pending");
    expect(payment.problem).toMatch(/not marked as paid/);
  });

  it("marks the payment failed when the session expires", async () => {
    const { customer, body, session } = await stripeOrder();
    const event = stripe.signedEvent("checkout.session.expired", session, { status: "expired" });
    expect((await webhook(event.payload, event.signature)).status).toBe(200);
    expect((await orderOf(customer, body.insertedId))?.payment_status).toBe("failed");
  });
});

describe("one payment page per order", () => {
  it("a retry or a double click sends the customer back to the page already open: one Checkout Session", async () => {
    const customer = await cartWithOneItem();
    const key = `double-click-${Date.now()}`;
    const answers = await Promise.all([checkout(customer, "stripe", key), checkout(customer, "stripe", key)]);
    const again = await checkout(customer, "stripe", key);
    const bodies = await Promise.all([...answers, again].map((r) => r.json()));
    const orderId = bodies[0].insertedId;
    expect(new Set(bodies.map((b) => b.insertedId))).toEqual(new Set([orderId]));
    const urls = new Set(bodies.map((b) => b.payment.url));
    expect(urls.size).toBe(1);
    expect([...stripe.sessions.values()].filter((s) => s.client_reference_id === orderId)).toHaveLength(1);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it("cancelling closes the order's payment page: it can no longer be paid", async () => {
    const { customer, body, session } = await stripeOrder();
    const cancel = await customer.request(`/api/orders/${body.insertedId}`, {
      method: "PUT",
      json: { status: "Cancelled" },
    });
    expect(cancel.status).toBe(200);
    expect(stripe.requests.some((r) => r.path === `/v1/checkout/sessions/${session.id}/expire`)).toBe(true);
    expect(stripe.sessions.get(session.id)?.status).toBe("expired");
    expect(await stripe.pay(session.id)).toBe(410);
    const closed = stripe.signedEvent("checkout.session.expired", session);
    expect(await stripe.deliver(closed)).toBe(200);
    expect(await orderOf(customer, body.insertedId)).toMatchObject({
      status: { status: "Cancelled" },
      payment_status: "unpaid",
    });
  });

  it("a payment made as the order was being cancelled is given back at once; the order stays cancelled", async () => {
    const { customer, body, session } = await stripeOrder();
    const paidEvent = stripe.signedEvent("checkout.session.completed", session, {
      status: "complete",
      payment_status: "paid",
      payment_intent: `pi_test_at_cancel_${Date.now()}`,
    });
    session.status = "complete"; // paid on the page just before the cancel could close it
    const cancel = await customer.request(`/api/orders/${body.insertedId}`, {
      method: "PUT",
      json: { status: "Cancelled" },
    });
    expect(cancel.status).toBe(200);
    expect(await stripe.deliver(paidEvent)).toBe(200);
    session.payment_intent = JSON.parse(paidEvent.payload).data.object.payment_intent;
    const [payment] = await paymentsOf(body.insertedId);
    expect(payment).toMatchObject({ status: "refunded", payment_intent_id: session.payment_intent });
    expect(payment.problem).toMatch(/^Refunded automatically: paid after the order was cancelled/);
    const refunds = stripe.requests.filter(
      (r) => r.path === "/v1/refunds" && r.body.payment_intent === session.payment_intent,
    );
    expect(refunds.map((r) => r.idempotencyKey)).toEqual([`refund-${payment.id}`]);
    expect(await orderOf(customer, body.insertedId)).toMatchObject({
      status: { status: "Cancelled" },
      payment_status: "pending",
    });
  });

  it("when that refund is refused the webhook answers an error, and the provider's next delivery refunds it", async () => {
    const { customer, body, session } = await stripeOrder();
    await customer.request(`/api/orders/${body.insertedId}`, { method: "PUT", json: { status: "Cancelled" } });
    session.payment_status = "paid";
    session.status = "complete";
    session.payment_intent = `pi_test_late_${Date.now()}`;
    const event = stripe.signedEvent("checkout.session.completed", session);
    stripe.failRefunds(true);
    try {
      expect(await stripe.deliver(event)).toBe(502);
      expect((await paymentsOf(body.insertedId))[0]).toMatchObject({ status: "paid" });
    } finally {
      stripe.failRefunds(false);
    }
    expect(await stripe.deliver(event)).toBe(200); // Stripe sends it again
    expect((await paymentsOf(body.insertedId))[0]).toMatchObject({ status: "refunded" });
  });

  it("a closed page does not unpay an order paid through a later one; a second payment is given back; cancel refunds the paid one", async () => {
    const { customer, body, session: first } = await stripeOrder();
    // the first page closes in a minute: "Pay now" opens another rather than send the customer there
    await shop.db
      .updateTable("payment")
      .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where("session_id", "=", first.id)
      .execute();
    const retry = await (await checkout(customer, "stripe", `unused-${Date.now()}`)).json();
    expect(retry.error.code).toBe("conflict"); // the cart is empty: the order is paid from My Orders
    const opened = await payNow(customer, body.insertedId);
    expect(opened).not.toBe(first.url);
    const sessions = [...stripe.sessions.values()].filter((s) => s.client_reference_id === body.insertedId);
    expect(sessions).toHaveLength(2);
    const second = sessions.find((s) => s.id !== first.id)!;
    expect(await stripe.pay(second.id)).toBe(200);
    expect((await orderOf(customer, body.insertedId))?.payment_status).toBe("paid");

    const closed = stripe.signedEvent("checkout.session.expired", first, { status: "expired" });
    expect(await stripe.deliver(closed)).toBe(200);
    expect((await orderOf(customer, body.insertedId))?.payment_status).toBe("paid");

    const paidAgain = { ...first, payment_intent: `pi_test_twice_${Date.now()}` };
    stripe.sessions.set(first.id, paidAgain);
    // (the stand-in's page is the first one, reopened: as if the customer paid both tabs)
    const twice = stripe.signedEvent("checkout.session.completed", {
      ...paidAgain,
      status: "complete",
      payment_status: "paid",
    });
    expect(await stripe.deliver(twice)).toBe(200);
    expect((await orderOf(customer, body.insertedId))?.payment_status).toBe("paid");

    const cancel = await customer.request(`/api/orders/${body.insertedId}`, {
      method: "PUT",
      json: { status: "Cancelled" },
    });
    expect(cancel.status).toBe(200);
    const refunded = stripe.requests.filter((r) => r.path === "/v1/refunds").map((r) => r.body.payment_intent);
    expect(refunded).toContain(second.payment_intent);
    expect(refunded).toContain(paidAgain.payment_intent);
    expect(await orderOf(customer, body.insertedId)).toMatchObject({ payment_status: "refunded" });
  });

  it("an order whose card payment is under way cannot be erased: it is cancelled first", async () => {
    const admin = await shop.admin();
    const { body } = await stripeOrder();
    const erase = await unchanged(shop, () => admin.request(`/api/orders/${body.insertedId}`, { method: "DELETE" }));
    expect((await expectError(erase, 409)).message).toMatch(/cancel it first/);
  });
});

describe("POST /api/orders/{id}/payment (Pay now)", () => {
  const payNowApi = (client: Client, orderId: string) =>
    client.request(`/api/orders/${orderId}/payment`, { method: "POST" });

  it("answers the customer's open payment page for an unpaid card order, without opening another", async () => {
    const { customer, body, session } = await stripeOrder();
    const res = await payNowApi(customer, body.insertedId);
    expect(res.status).toBe(200);
    expect((await res.json()).payment).toMatchObject({ method: "stripe", status: "pending", url: session.url });
    expect([...stripe.sessions.values()].filter((s) => s.client_reference_id === body.insertedId)).toHaveLength(1);
  });

  it("refuses what cannot be paid, or is not the caller's to pay, and changes nothing", async () => {
    const { customer, body } = await stripeOrder();
    const sessions = () => [...stripe.sessions.values()].filter((s) => s.client_reference_id === body.insertedId);
    const stranger = await shop.customer();
    const admin = await shop.admin();
    expect((await expectError(await payNowApi(shop.anonymous, body.insertedId), 401)).code).toBeDefined();
    await expectError(await payNowApi(stranger, body.insertedId), 404);
    await expectError(await payNowApi(admin, body.insertedId), 403);
    await expectError(await payNowApi(customer, "not-an-order-id"), 404);
    expect(sessions()).toHaveLength(1);

    const cod = await cartWithOneItem();
    const placed = await (await checkout(cod)).json();
    expect((await expectError(await payNowApi(cod, placed.insertedId), 409)).message).toMatch(/nothing left to pay/);

    const cancelled = await customer.request(`/api/orders/${body.insertedId}`, { method: "DELETE" });
    expect(cancelled.status).toBe(200);
    await expectError(await payNowApi(customer, body.insertedId), 409);
    expect(await orderOf(customer, body.insertedId)).toMatchObject({ status: { status: "Cancelled" } });
  });

  it("refuses to open a payment page for a card order smaller than Stripe charges (one placed before checkout refused them)", async () => {
    const { customer, body } = await stripeOrder();
    // as such an order stands: its total under $0.50, its first page closed unpaid
    await shop.db.updateTable("shop_order").set({ total_cents: 30 }).where("id", "=", body.insertedId).execute();
    await shop.db.updateTable("payment").set({ status: "failed" }).where("order_id", "=", body.insertedId).execute();
    const sessions = stripe.sessions.size;
    const res = await payNowApi(customer, body.insertedId);
    expect((await expectError(res, 409)).message).toBe(
      "Card payments start at $0.50: this order cannot be paid online. Please contact the shop.",
    );
    expect(stripe.sessions.size).toBe(sessions);
  });

  it("is limited to 10 a customer in 10 minutes (429 with Retry-After); other customers are not held up", async () => {
    const limited = await createTestShop({
      env: {
        STRIPE_SECRET_KEY: "sk_test_shop",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        RATE_LIMIT: "true",
      },
    });
    try {
      const order = async () => {
        const customer = await limited.customer();
        const variant = await limited.db
          .selectFrom("product_variant")
          .select("id")
          .orderBy("id")
          .executeTakeFirstOrThrow();
        await customer.request("/api/cart/items", { method: "POST", json: { variantId: variant.id, quantity: 1 } });
        const placed = await customer.request("/api/checkout", {
          method: "POST",
          headers: { "idempotency-key": `limit-${++keys}-${Date.now()}` },
          json: { ...orderForm("unused"), payment_method: "stripe" },
        });
        expect(placed.status).toBe(201);
        return { customer, orderId: (await placed.json()).insertedId as string };
      };
      const { customer, orderId } = await order();
      for (let i = 0; i < 10; i++) expect((await payNowApi(customer, orderId)).status).toBe(200);
      const refused = await payNowApi(customer, orderId);
      const error = await expectError(refused, 429);
      expect(error.message).toMatch(/several times in a short time/);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      const other = await order();
      expect((await payNowApi(other.customer, other.orderId)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("a Pay now that races a cancel does not leave a payment page open for the cancelled order", async () => {
    // an order whose page is closed, so that Pay now must open a new one (slowly), while the customer cancels
    const { customer, body, session } = await stripeOrder();
    await shop.db
      .updateTable("payment")
      .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where("session_id", "=", session.id)
      .execute();
    stripe.slowCheckouts(600);
    try {
      const paying = payNowApi(customer, body.insertedId);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const cancelled = await customer.request(`/api/orders/${body.insertedId}`, { method: "DELETE" });
      expect(cancelled.status).toBe(200);
      expect((await expectError(await paying, 409)).message).toMatch(/cannot be paid online/);
    } finally {
      stripe.slowCheckouts(0);
    }
    const pages = [...stripe.sessions.values()].filter((s) => s.client_reference_id === body.insertedId);
    expect(pages.length).toBe(2);
    expect(pages.map((p) => p.status)).toEqual(["expired", "expired"]);
    expect(await orderOf(customer, body.insertedId)).toMatchObject({
      status: { status: "Cancelled" },
      payment_status: "unpaid",
    });
    expect((await paymentsOf(body.insertedId)).map((p) => p.status)).toEqual(["failed"]);
  });
});

describe("shipping and cancelling card orders", () => {
  it("an admin cannot ship an unpaid card order, but can ship a pay-on-delivery order", async () => {
    const admin = await shop.admin();
    const { body } = await stripeOrder();
    const refused = await unchanged(shop, () =>
      admin.request(`/api/orders/${body.insertedId}`, { method: "PUT", json: { status: "Shipped" } }),
    );
    expect((await expectError(refused, 409)).message).toMatch(/not paid yet/);

    const customer = await cartWithOneItem();
    const cod = await (await checkout(customer)).json();
    const shipped = await admin.request(`/api/orders/${cod.insertedId}`, {
      method: "PUT",
      json: { status: "Shipped" },
    });
    expect(shipped.status).toBe(200);
  });

  it("cancelling a paid card order refunds it through the provider, once", async () => {
    const { customer, body, session } = await stripeOrder();
    expect(await stripe.pay(session.id)).toBe(200);
    expect((await orderOf(customer, body.insertedId))?.payment_status).toBe("paid");
    const cancel = await customer.request(`/api/orders/${body.insertedId}`, {
      method: "PUT",
      json: { status: "Cancelled" },
    });
    expect(cancel.status).toBe(200);
    const order = await orderOf(customer, body.insertedId);
    expect(order).toMatchObject({ payment_status: "refunded", status: { status: "Cancelled" } });
    const refundCalls = stripe.requests.filter(
      (r) => r.path === "/v1/refunds" && r.body.payment_intent === session.payment_intent,
    );
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0].idempotencyKey).toBe(`refund-${body.insertedId}`);
  });

  it("an order whose cancellation is refunding it is not shipped meanwhile", async () => {
    const admin = await shop.admin();
    const { customer, body, session } = await stripeOrder();
    await stripe.pay(session.id);
    stripe.slowRefunds(400);
    try {
      const cancelling = customer.request(`/api/orders/${body.insertedId}`, {
        method: "PUT",
        json: { status: "Cancelled" },
      });
      await new Promise((resolve) => setTimeout(resolve, 150)); // the refund is under way
      const ship = await admin.request(`/api/orders/${body.insertedId}`, {
        method: "PUT",
        json: { status: "Shipped" },
      });
      expect(ship.status).toBe(409);
      expect((await cancelling).status).toBe(200);
    } finally {
      stripe.slowRefunds(0);
    }
    expect(await orderOf(customer, body.insertedId)).toMatchObject({
      status: { status: "Cancelled" },
      payment_status: "refunded",
    });
  });

  it("a refund the provider refuses leaves the order as it was, with a clear message", async () => {
    const { customer, body, session } = await stripeOrder();
    await stripe.pay(session.id);
    stripe.failRefunds(true);
    try {
      const before = await orderOf(customer, body.insertedId);
      const res = await customer.request(`/api/orders/${body.insertedId}`, {
        method: "PUT",
        json: { status: "Cancelled" },
      });
      expect((await expectError(res, 502)).message).toMatch(/refund could not be made/);
      expect(await orderOf(customer, body.insertedId)).toEqual(before);
      const stock = await shop.db
        .selectFrom("order_line")
        .select("variant_id")
        .where("order_id", "=", body.insertedId)
        .execute();
      expect(stock.length).toBeGreaterThan(0);
    } finally {
      stripe.failRefunds(false);
    }
  });
});

describe("the provider down", () => {
  it("the order is placed and says its payment page could not be opened; a retry is the same order", async () => {
    const down = await createTestShop({
      env: {
        STRIPE_SECRET_KEY: "sk_test_shop",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: "http://127.0.0.1:9",
      },
    });
    try {
      const customer = await down.customer();
      const variant = await down.db.selectFrom("product_variant").select("id").orderBy("id").executeTakeFirstOrThrow();
      await customer.request("/api/cart/items", { method: "POST", json: { variantId: variant.id, quantity: 1 } });
      const key = `down-${Date.now()}`;
      const place = () =>
        customer.request("/api/checkout", {
          method: "POST",
          headers: { "idempotency-key": key },
          json: { ...orderForm("unused"), payment_method: "stripe" },
        });
      const res = await place();
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body.order).toMatchObject({ payment_method: "stripe", payment_status: "unpaid" });
      expect(body.payment).toMatchObject({ url: null, error: { code: "upstream_failed" } });
      expect(body.payment.error.message).toMatch(/Your order is saved/);
      const again = await (await place()).json();
      expect(again.insertedId).toBe(body.insertedId);
      // Pay now through the API while the provider is still down: 502, and the order stays unpaid
      const payNow = await customer.request(`/api/orders/${body.insertedId}/payment`, { method: "POST" });
      expect((await expectError(payNow, 502)).code).toBe("upstream_failed");
      const mine = await (await customer.request(`/api/orders/${encodeURIComponent(customer.email)}`)).json();
      expect(mine.find((o: { _id: string }) => o._id === body.insertedId)).toMatchObject({ payment_status: "unpaid" });
    } finally {
      await down.close();
    }
  });
});

describe("a currency Stripe counts in whole units", () => {
  it("a shop in yen asks Stripe for whole yen and takes its answer back in the shop's units", async () => {
    const yen = await createTestShop({
      env: {
        SHOP_CURRENCY: "JPY",
        STRIPE_SECRET_KEY: "sk_test_shop",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      },
    });
    try {
      const customer = await yen.customer();
      // the demo's prices read as yen: one above ¥50, Stripe's smallest charge in yen
      const variant = await yen.db
        .selectFrom("product_variant")
        .innerJoin("product", "product.id", "product_variant.product_id")
        .select("product_variant.id")
        .where((eb) => eb.fn.coalesce("product_variant.price_cents", "product.price_cents"), ">=", 10_000)
        .orderBy("product_variant.id")
        .executeTakeFirstOrThrow();
      await customer.request("/api/cart/items", { method: "POST", json: { variantId: variant.id, quantity: 1 } });
      const res = await customer.request("/api/checkout", {
        method: "POST",
        headers: { "idempotency-key": `yen-${Date.now()}` },
        json: { ...orderForm("unused"), payment_method: "stripe" },
      });
      expect(res.status).toBe(201);
      const body = await res.json();
      const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === body.insertedId)!;
      expect(session.currency).toBe("jpy");
      expect(session.amount_total).toBe(Math.round(body.order.total)); // whole yen, not hundredths
      const event = stripe.signedEvent("checkout.session.completed", session, {
        status: "complete",
        payment_status: "paid",
        payment_intent: "pi_test_yen",
      });
      const paid = await yen.app.request(`${TEST_ORIGIN}/api/payments/stripe/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
        body: event.payload,
      });
      expect(await paid.json()).toMatchObject({ outcome: "paid" });
    } finally {
      await yen.close();
    }
  });
});

describe("without Stripe configured", () => {
  it("offers pay on delivery only", async () => {
    const plain = await createTestShop();
    try {
      const customer = await plain.customer();
      const variant = await plain.db.selectFrom("product_variant").select("id").executeTakeFirstOrThrow();
      await customer.request("/api/cart/items", { method: "POST", json: { variantId: variant.id } });
      const res = await customer.request("/api/checkout", {
        method: "POST",
        headers: { "idempotency-key": "no-stripe-key-1" },
        json: { ...orderForm("unused"), payment_method: "stripe" },
      });
      expect((await expectError(res, 422)).fields?.payment_method).toMatch(/does not take card payments/);
      const webhookRes = await plain.app.request(`${TEST_ORIGIN}/api/payments/stripe/webhook`, {
        method: "POST",
        body: "{}",
      });
      expect(webhookRes.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
