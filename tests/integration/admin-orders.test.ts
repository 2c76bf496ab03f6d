/**
 * The admin's order desk on SQLite and (TEST_DATABASE_URL) PostgreSQL: an order in detail with its
 * history (who changed what, when — the customer, an admin, the payment provider), search by number,
 * email and name, filters by status, payment status and date range, pagination, shipping several
 * orders at once, the orders CSV, "Cancel order" on the admin's order pages (their actions called as
 * the pages call them), and every call refused to anyone but an admin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  action as manageOrdersAction,
  loader as manageOrdersPage,
} from "../../app/routes/dashboard/admin/manage-orders.tsx";
import { action as orderPageAction } from "../../app/routes/dashboard/admin/order-detail.tsx";
import * as mail from "../../domain/mail/index.ts";
import { expectError, firstProduct, orderForm, placeOrder } from "../support/fixtures.ts";
import { ADMIN, type Client, createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";
import { type StripeStandIn, startStripeStandIn } from "../support/stripe-server.ts";

const WEBHOOK_SECRET = "whsec_admin_orders_test_secret";
let shop: TestShop;
let stripe: StripeStandIn;
let admin: Client;
let productId: string;

beforeAll(async () => {
  stripe = await startStripeStandIn({
    webhookSecret: WEBHOOK_SECRET,
    deliverTo: async (payload, signature) =>
      (
        await shop.app.request(`${TEST_ORIGIN}/api/payments/stripe/webhook`, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          body: payload,
        })
      ).status,
  });
  shop = await createTestShop({
    env: { STRIPE_SECRET_KEY: "sk_test_shop", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url },
  });
  admin = await shop.admin();
  productId = (await firstProduct(shop)).id;
});
afterAll(async () => {
  await shop?.close();
  await stripe?.close();
});

type Order = { _id: string; order_id: number; full_name: string; user_email: string; status: { status: string } };
type Detail = {
  order: Order & { lines: { title: string; sku: string | null; image: string }[] };
  history: {
    field: string;
    from: string | null;
    to: string;
    actor: { kind: string; email: string | null };
    at: string;
  }[];
  payment: { status: string } | null;
  customer: { email: string; name: string; disabled: boolean } | null;
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function list(query: string): Promise<{ orders: Order[]; total: number }> {
  const res = await admin.request(`/api/orders?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return { orders: await res.json(), total: Number(res.headers.get("x-total-count")) };
}

async function detail(id: string): Promise<Detail> {
  const res = await admin.request(`/api/admin/orders/${id}`);
  expect(res.status).toBe(200);
  return res.json();
}

const setPlacedAt = (id: string, iso: string) =>
  shop.db.updateTable("shop_order").set({ placed_at: iso }).where("id", "=", id).execute();

async function cardOrder(customer: Client) {
  const variant = await shop.db.selectFrom("product_variant").select("id").orderBy("id").executeTakeFirstOrThrow();
  expect(
    (await customer.request("/api/cart/items", { method: "POST", json: { variantId: variant.id, quantity: 1 } }))
      .status,
  ).toBe(201);
  const res = await customer.request("/api/checkout", {
    method: "POST",
    headers: { "idempotency-key": `admin-orders-${unique()}` },
    json: { ...orderForm("unused"), payment_method: "stripe" },
  });
  expect(res.status).toBe(201);
  const body = await res.json();
  const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === body.insertedId);
  if (!session) throw new Error("no Checkout Session");
  return { id: body.insertedId as string, session };
}

describe("an order in detail", () => {
  it("shows lines, customer, payment and the history of changes with who and when", async () => {
    const customer = await shop.customer("Dora Detail");
    const { insertedId } = await placeOrder(customer, productId, { full_name: "Dora Detail" });
    expect(
      (await admin.request(`/api/orders/${insertedId}`, { method: "PUT", json: { status: "Shipped" } })).status,
    ).toBe(200);
    const d = await detail(insertedId);
    expect(d.order.lines).toHaveLength(1);
    expect(d.order.lines[0].image).toMatch(/^http|^\//);
    expect(d.customer).toMatchObject({ email: customer.email, name: "Dora Detail", disabled: false });
    expect(d.history.map((e) => [e.field, e.from, e.to, e.actor.kind, e.actor.email])).toEqual([
      ["status", null, "Pending", "customer", customer.email],
      ["status", "Pending", "Shipped", "admin", ADMIN.email],
    ]);
    for (const e of d.history) expect(Date.now() - Date.parse(e.at)).toBeLessThan(60_000);
  });

  it("records the customer's payment, the provider's answer and the refund on cancelling", async () => {
    const customer = await shop.customer();
    const { id, session } = await cardOrder(customer);
    expect(await stripe.pay(session.id)).toBe(200);
    expect((await customer.request(`/api/orders/${id}`, { method: "PUT", json: { status: "Cancelled" } })).status).toBe(
      200,
    );
    const d = await detail(id);
    expect(d.payment?.status).toBe("refunded");
    expect(d.history.map((e) => [e.field, e.from, e.to, e.actor.kind])).toEqual([
      ["status", null, "Pending", "customer"],
      ["payment", "unpaid", "pending", "customer"],
      ["payment", "pending", "paid", "provider"],
      ["status", "Pending", "Cancelled", "customer"],
      ["payment", "paid", "refunded", "customer"],
    ]);
  });

  it("answers 404 for an unknown order", async () => {
    await expectError(await admin.request("/api/admin/orders/no-such-order"), 404);
  });
});

/** What a page action answered: its message, whether it went well, and the status the page is sent with. */
type PageAnswer = { ok: boolean; message: string; status: number };

/** Posts a form to a page's action as `client`, as the browser does (the action called directly). */
async function postToPage(
  // biome-ignore lint/suspicious/noExplicitAny: each route's action has its own generated argument type
  action: (args: any) => Promise<unknown>,
  client: Client,
  path: string,
  form: Record<string, string>,
  params: Record<string, string> = {},
): Promise<PageAnswer> {
  const request = new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { cookie: client.cookie, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  const answer = (await action({ request, params, context: await pageContext(shop, request) })) as
    | { ok: boolean; message: string }
    | { data: { ok: boolean; message: string }; init: ResponseInit | null };
  const [body, status] = "init" in answer ? [answer.data, answer.init?.status ?? 200] : [answer, 200];
  return { ok: body.ok, message: body.message, status };
}

/** "Cancel order" on the order's own page (/dashboard/orders/{id}). */
const cancelOnOrderPage = (id: string) =>
  postToPage(orderPageAction, admin, `/dashboard/orders/${id}`, { intent: "cancel" }, { orderId: id });

async function stockOfLines(orderId: string): Promise<number[]> {
  const rows = await shop.db
    .selectFrom("order_line")
    .innerJoin("product_variant", "product_variant.id", "order_line.variant_id")
    .select("product_variant.stock")
    .where("order_line.order_id", "=", orderId)
    .execute();
  return rows.map((r) => Number(r.stock));
}

async function cancelMails(to: string) {
  return (await mail.mailTo({ db: shop.db }, to)).filter((m) => m.kind === "order-cancelled");
}

describe("Cancel order on the admin's order pages", () => {
  it("cancels a paid card order from its page: refunded once, stock back, the customer mailed, order and history kept", async () => {
    const customer = await shop.customer();
    const { id, session } = await cardOrder(customer);
    expect(await stripe.pay(session.id)).toBe(200);
    const stockBefore = await stockOfLines(id);

    const answer = await cancelOnOrderPage(id);
    expect(answer).toMatchObject({ ok: true, status: 200 });
    expect(answer.message).toMatch(
      // this shop has no mail server: the page does not claim the customer was mailed
      /^Cancelled order \d+: \$[\d,.]+ was refunded to the customer's card\. The customer has not been told: no mail server is set up \(SMTP_URL\), so the cancellation mail is only kept on the Mail page\.$/,
    );

    const d = await detail(id);
    expect(d.order.status.status).toBe("Cancelled");
    expect(d.payment?.status).toBe("refunded");
    expect(d.history.slice(-2).map((e) => [e.field, e.from, e.to, e.actor.kind, e.actor.email])).toEqual([
      ["status", "Pending", "Cancelled", "admin", ADMIN.email],
      ["payment", "paid", "refunded", "admin", ADMIN.email],
    ]);
    expect(await stockOfLines(id)).toEqual(stockBefore.map((s) => s + 1));
    const mails = await cancelMails(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("we had to cancel your order");
    expect(mails[0].text).toContain("We are refunding");
    // the customer still has it, cancelled
    const mine = await (await customer.request(`/api/orders/${encodeURIComponent(customer.email)}`)).json();
    expect(mine.find((o: Order) => o._id === id)?.status.status).toBe("Cancelled");

    // sent again (a second tab, a double click): nothing is done twice
    expect(await cancelOnOrderPage(id)).toMatchObject({ ok: true, message: /was already cancelled/ });
    expect(stripe.requests.filter((r) => r.path === "/v1/refunds" && r.idempotencyKey === `refund-${id}`)).toHaveLength(
      1,
    );
    expect(await cancelMails(customer.email)).toHaveLength(1);
    expect(await stockOfLines(id)).toEqual(stockBefore.map((s) => s + 1));
  });

  it("a refund the provider refuses, or a shipped order, leaves the order as it was with a readable message", async () => {
    const customer = await shop.customer();
    const { id, session } = await cardOrder(customer);
    await stripe.pay(session.id);
    const before = await detail(id);
    const stockBefore = await stockOfLines(id);
    stripe.failRefunds(true);
    try {
      expect(await cancelOnOrderPage(id)).toEqual({
        ok: false,
        status: 502,
        message: "The refund could not be made, so the order was not cancelled. Please try again later.",
      });
    } finally {
      stripe.failRefunds(false);
    }
    const after = await detail(id);
    expect(after.order.status.status).toBe("Pending");
    expect(after.history).toEqual(before.history);
    expect(await stockOfLines(id)).toEqual(stockBefore);
    expect(await cancelMails(customer.email)).toHaveLength(0);
    // once the provider answers again, the same button works
    expect(await cancelOnOrderPage(id)).toMatchObject({ ok: true, message: /was refunded/ });

    const { insertedId: shipped } = await placeOrder(customer, productId);
    expect((await admin.request(`/api/orders/${shipped}`, { method: "PUT", json: { status: "Shipped" } })).status).toBe(
      200,
    );
    expect(await cancelOnOrderPage(shipped)).toEqual({
      ok: false,
      status: 409,
      message: "This order has been shipped and can no longer be cancelled.",
    });
    expect((await detail(shipped)).order.status.status).toBe("Shipped");
  });

  it("the list cancels an unpaid order with its own Cancel, offers it only where the domain allows, and Delete of a paid order points to Cancel order", async () => {
    const customer = await shop.customer();
    const { insertedId: cod } = await placeOrder(customer, productId);
    const { id: card, session } = await cardOrder(customer);
    await stripe.pay(session.id);

    const listed = async () => {
      const path = `/dashboard/manageorders?q=${encodeURIComponent(customer.email)}`;
      const request = new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie: admin.cookie } });
      const page = await manageOrdersPage({ request, params: {}, context: await pageContext(shop, request) } as never);
      return Object.fromEntries(page.orders.map((o) => [o.id, [o.status, o.cancellable, o.refundsOnCancel]]));
    };
    expect(await listed()).toEqual({ [cod]: ["Pending", true, false], [card]: ["Pending", true, true] });

    const erase = await postToPage(manageOrdersAction, admin, "/dashboard/manageorders", {
      intent: "delete",
      orderId: card,
    });
    expect(erase).toMatchObject({ ok: false, status: 409 });
    expect(erase.message).toBe(
      "This order is paid: cancel it first with Cancel order (which refunds it), then erase it.",
    );

    const answer = await postToPage(manageOrdersAction, admin, "/dashboard/manageorders", {
      intent: "cancel",
      orderId: cod,
    });
    expect(answer).toMatchObject({ ok: true, status: 200 });
    expect(answer.message).toMatch(/^Cancelled order \d+: nothing was refunded \(it was not paid\)\./);
    expect(await listed()).toEqual({ [cod]: ["Cancelled", false, false], [card]: ["Pending", true, true] });
    expect(await cancelMails(customer.email)).toHaveLength(1);
  });

  it("Delete of a Pending order cancels it as Cancel order does (stock back, the same shop's mail) and says so; Delete of a cancelled order mails nothing", async () => {
    const customer = await shop.customer();
    const { insertedId: pending, order } = await placeOrder(customer, productId);
    const stockBefore = await stockOfLines(pending);
    const pendingVariant = await shop.db
      .selectFrom("order_line")
      .select("variant_id")
      .where("order_id", "=", pending)
      .executeTakeFirstOrThrow();

    const erased = await postToPage(manageOrdersAction, admin, "/dashboard/manageorders", {
      intent: "delete",
      orderId: pending,
    });
    expect(erased).toMatchObject({ ok: true, status: 200 });
    expect(erased.message).toBe(
      "Deleted! It was still Pending, so it was cancelled first and its stock put back. The customer has not been told: no mail server is set up (SMTP_URL), so the cancellation mail is only kept on the Mail page.",
    );
    expect(await stockOfLines(pending)).toEqual([]); // its lines are gone with it
    const stockAfter = await shop.db
      .selectFrom("product_variant")
      .select("stock")
      .where("id", "=", pendingVariant.variant_id ?? "")
      .executeTakeFirstOrThrow();
    expect(Number(stockAfter.stock)).toBe(stockBefore[0] + 1);
    const [erasedMail] = await cancelMails(customer.email);
    expect(erasedMail.subject).toBe(`Your Volt & Thread order ${order.order_id} has been cancelled`);
    expect(erasedMail.text).toContain(`We are sorry: we had to cancel your order ${order.order_id}.`);
    // the order is gone from the customer's list: the mail says so, and does not send them looking for it
    expect(erasedMail.text).toContain("We have also removed it from your orders, so it no longer appears there.");
    expect(erasedMail.text).not.toContain("See your orders");
    expect(erasedMail.html).not.toContain("/dashboard/myorders");
    const audit = await (await admin.request(`/api/admin/audit?target_id=${pending}&action=order.delete`)).json();
    expect(audit.map((e: { summary: string }) => e.summary)).toEqual([
      `Deleted order ${order.order_id} (Pending) of ${customer.email}: cancelled first (stock returned, a cancellation mail to the customer)`,
    ]);

    // a cancelled order: told when it was cancelled, nothing new when its record is deleted
    const { insertedId: cancelled } = await placeOrder(customer, productId);
    const line = await shop.db
      .selectFrom("order_line")
      .select("variant_id")
      .where("order_id", "=", cancelled)
      .executeTakeFirstOrThrow();
    const variantStock = async () =>
      Number(
        (
          await shop.db
            .selectFrom("product_variant")
            .select("stock")
            .where("id", "=", line.variant_id ?? "")
            .executeTakeFirstOrThrow()
        ).stock,
      );
    expect(await cancelOnOrderPage(cancelled)).toMatchObject({ ok: true });
    const stockCancelled = await variantStock();
    expect(await cancelMails(customer.email)).toHaveLength(2);
    const plain = await postToPage(manageOrdersAction, admin, "/dashboard/manageorders", {
      intent: "delete",
      orderId: cancelled,
    });
    expect(plain).toMatchObject({ ok: true, status: 200, message: "Deleted!" });
    expect(await cancelMails(customer.email)).toHaveLength(2);
    expect(await variantStock()).toBe(stockCancelled);
  });
});

describe("search, filters and pages", () => {
  it("finds an order by its number, the customer's email or part of the name, in any case", async () => {
    const tag = unique();
    const customer = await shop.customer();
    const { insertedId, order } = await placeOrder(customer, productId, { full_name: `Searchable ${tag} Person` });
    await placeOrder(await shop.customer(), productId, { full_name: "Someone Else" });

    const byNumber = await list(`q=${order.order_id}`);
    expect(byNumber.orders.map((o) => o._id)).toEqual([insertedId]);
    const byEmail = await list(`q=${encodeURIComponent(customer.email.toUpperCase())}`);
    expect(byEmail.orders.map((o) => o._id)).toEqual([insertedId]);
    const byName = await list(`q=${tag.toUpperCase()}`);
    expect(byName.orders.map((o) => o._id)).toEqual([insertedId]);
    // LIKE wildcards are text, not patterns
    expect((await list("q=%25")).total).toBe(0);
  });

  it("filters by status, payment status and a date range (both days included), and pages", async () => {
    const tag = unique();
    const customer = await shop.customer();
    const ids: string[] = [];
    for (const day of ["2024-03-01", "2024-03-02", "2024-03-03", "2024-03-04"]) {
      const { insertedId } = await placeOrder(customer, productId, { full_name: `Dated ${tag}` });
      await setPlacedAt(insertedId, `${day}T23:30:00.000Z`);
      ids.push(insertedId);
    }
    const inRange = await list(`q=${tag}&from=2024-03-02&to=2024-03-03`);
    expect(inRange.orders.map((o) => o._id).sort()).toEqual([ids[1], ids[2]].sort());

    expect((await admin.request(`/api/orders/${ids[0]}`, { method: "PUT", json: { status: "Shipped" } })).status).toBe(
      200,
    );
    expect((await list(`q=${tag}&status=Shipped`)).orders.map((o) => o._id)).toEqual([ids[0]]);
    expect((await list(`q=${tag}&payment=unpaid`)).total).toBe(4);
    expect((await list(`q=${tag}&payment=paid`)).total).toBe(0);

    const first = await list(`q=${tag}&limit=3&offset=0`);
    const second = await list(`q=${tag}&limit=3&offset=3`);
    expect(first.total).toBe(4);
    expect(first.orders).toHaveLength(3);
    expect(second.orders).toHaveLength(1);
    // newest first, pages never overlap
    expect([...first.orders, ...second.orders].map((o) => o._id)).toEqual([...ids].reverse());
  });

  it("answers 400 for bad filters", async () => {
    for (const query of [
      "status=Lost",
      "payment=maybe",
      "from=2024-13-01",
      "from=yesterday",
      "to=2024-02-30",
      "from=2024-03-05&to=2024-03-01",
      "limit=0",
    ]) {
      const error = await expectError(await admin.request(`/api/orders?${query}`), 400, "bad_request");
      expect(Object.keys(error.fields ?? {}).length, query).toBeGreaterThan(0);
    }
  });
});

describe("shipping several orders at once", () => {
  it("ships the shippable ones, says why others are not, and ships nothing twice", async () => {
    const customer = await shop.customer();
    const a = (await placeOrder(customer, productId)).insertedId as string;
    const b = (await placeOrder(customer, productId)).insertedId as string;
    const cancelled = (await placeOrder(customer, productId)).insertedId as string;
    expect((await customer.request(`/api/orders/${cancelled}`, { method: "DELETE" })).status).toBe(200);
    const unpaid = (await cardOrder(customer)).id;
    const mailsBefore = await shippedMails(customer.email);

    const res = await admin.request("/api/admin/shipments", {
      method: "POST",
      json: { orderIds: [a, b, cancelled, unpaid, "missing-order"] },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.shipped).toBe(2);
    expect(body.results.map((r: { orderId: string; outcome: string }) => [r.orderId, r.outcome])).toEqual([
      [a, "shipped"],
      [b, "shipped"],
      [cancelled, "refused"],
      [unpaid, "refused"],
      ["missing-order", "not_found"],
    ]);
    expect(body.results[2].message).toMatch(/cancelled/i);
    expect(body.results[3].message).toMatch(/not paid/i);

    const again = await (
      await admin.request("/api/admin/shipments", { method: "POST", json: { orderIds: [a, b] } })
    ).json();
    expect(again.shipped).toBe(0);
    expect(again.results.map((r: { outcome: string }) => r.outcome)).toEqual(["already_shipped", "already_shipped"]);

    // one audit entry and one mail per shipped order
    for (const id of [a, b]) {
      const audit = await (await admin.request(`/api/admin/audit?target_id=${id}&action=order.ship`)).json();
      expect(audit).toHaveLength(1);
    }
    expect((await shippedMails(customer.email)) - mailsBefore).toBe(2);
  });

  it("refuses an empty or malformed list with 422, and a non-JSON body with 415", async () => {
    await expectError(await admin.request("/api/admin/shipments", { method: "POST", json: { orderIds: [] } }), 422);
    await expectError(await admin.request("/api/admin/shipments", { method: "POST", json: { orderIds: "x y" } }), 422);
    await expectError(await admin.request("/api/admin/shipments", { method: "POST", json: {} }), 422);
    await expectError(
      await admin.request("/api/admin/shipments", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "orderIds=1",
      }),
      415,
    );
  });
});

async function shippedMails(to: string): Promise<number> {
  const rows = await shop.db
    .selectFrom("mail_outbox")
    .select("id")
    .where("to_address", "=", to)
    .where("kind", "=", "order-shipped")
    .execute();
  return rows.length;
}

describe("the orders CSV", () => {
  it("has a header row and one row per order line, honours the filters and defuses formulas", async () => {
    const tag = unique();
    const customer = await shop.customer();
    const { order } = await placeOrder(customer, productId, { full_name: `=HYPERLINK("x") ${tag}` });
    const res = await admin.request(`/api/admin/orders.csv?q=${tag}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "order_number,placed_at,status,payment_method,payment_status,customer,email,address,city,state,zip,phone,sku,title,variant,quantity,unit_price,line_total,order_total,transfer_offered",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${order.order_id},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") ${tag}"`);
    expect(lines[1]).toContain(customer.email);
    expect(lines[1]).toContain(`,${order.lines[0].sku},`);
    expect(lines[1]).toContain(`,1,${order.lines[0].unit_price.toFixed(2)},${order.lines[0].line_total.toFixed(2)},`);
    // this shop has set no transfer details: the order was offered pay on delivery alone
    expect(lines[1]).toMatch(/,false$/);
  });

  it("answers 400 for a bad filter before streaming anything", async () => {
    await expectError(await admin.request("/api/admin/orders.csv?from=not-a-day"), 400);
  });
});

describe("recording a pay-on-delivery payment", () => {
  const received = (id: string, by: Client = admin) =>
    by.request(`/api/admin/orders/${id}/payment-received`, { method: "POST" });
  const paidOnPage = (id: string) =>
    postToPage(orderPageAction, admin, `/dashboard/orders/${id}`, { intent: "paid" }, { orderId: id });

  it("marks the order paid once, in its history and the audit log; a second call, or two at once, records nothing more", async () => {
    const customer = await shop.customer();
    const { insertedId: id } = await placeOrder(customer, productId);
    const [first, second] = await Promise.all([received(id), received(id)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const counts = [(await first.json()).modifiedCount, (await second.json()).modifiedCount].sort();
    expect(counts).toEqual([0, 1]);
    const again = await received(id);
    expect(await again.json()).toMatchObject({ modifiedCount: 0, order: { _id: id } });

    const d = await detail(id);
    expect(
      d.history.filter((e) => e.field === "payment").map((e) => [e.from, e.to, e.actor.kind, e.actor.email]),
    ).toEqual([["unpaid", "paid", "admin", ADMIN.email]]);
    const row = await shop.db.selectFrom("shop_order").select("payment_status").where("id", "=", id).executeTakeFirst();
    expect(row?.payment_status).toBe("paid");
    const audit = await (await admin.request(`/api/admin/audit?target_id=${id}`)).json();
    expect(audit.map((e: { action: string }) => e.action)).toEqual(["order.paid"]);
    // the order's page offers it no more, and its action says it was done already
    expect(await paidOnPage(id)).toMatchObject({ ok: true, message: "The payment was already recorded." });
    // its customer cannot cancel it now: the shop pays the money back, so the shop cancels
    const refused = await expectError(
      await customer.request(`/api/orders/${id}`, { method: "PUT", json: { status: "Cancelled" } }),
      409,
    );
    expect(refused.message).toBe(
      "This order has been paid: please contact the shop to cancel it, and they will pay you back.",
    );
    // a post to the order's page that names no button does nothing
    const unnamed = await postToPage(orderPageAction, admin, `/dashboard/orders/${id}`, {}, { orderId: id });
    expect(unnamed).toMatchObject({ ok: false });
    expect((await detail(id)).order.status.status).toBe("Pending");
  });

  it("works from the order's page; cancelling it then says the money is the shop's to pay back, and it is never erased", async () => {
    const customer = await shop.customer();
    const { insertedId: id } = await placeOrder(customer, productId);
    expect(await paidOnPage(id)).toMatchObject({ ok: true, message: "Payment recorded." });
    expect((await detail(id)).history.at(-1)).toMatchObject({ field: "payment", from: "unpaid", to: "paid" });

    const cancelled = await cancelOnOrderPage(id);
    expect(cancelled.message).toMatch(
      /^Cancelled order \d+: its \$[\d,.]+ was paid on delivery or by bank transfer, so pay the customer back yourself \(nothing was refunded automatically\)\./,
    );
    const [told] = await cancelMails(customer.email);
    expect(told.text).toMatch(/You paid \$[\d,.]+ for it: we will send the money back to you/);
    expect(told.text).not.toContain("Nothing was charged");
    const erase = await expectError(await admin.request(`/api/orders/${id}`, { method: "DELETE" }), 409);
    expect(erase.message).toBe(
      "This order was paid on delivery or by bank transfer: it is kept as the record of that payment.",
    );
    expect(await shop.db.selectFrom("shop_order").select("id").where("id", "=", id).executeTakeFirst()).toBeDefined();
  });

  it("refuses a card order and a cancelled order (409), an unknown one (404), visitors (401) and customers (403), changing nothing", async () => {
    const customer = await shop.customer();
    const card = await cardOrder(customer);
    const refusedCard = await expectError(await received(card.id), 409);
    expect(refusedCard.message).toMatch(/paid by card/);
    const { insertedId: cancelled } = await placeOrder(customer, productId);
    expect(
      (await customer.request(`/api/orders/${cancelled}`, { method: "PUT", json: { status: "Cancelled" } })).status,
    ).toBe(200);
    expect((await expectError(await received(cancelled), 409)).message).toMatch(/cancelled/);
    await expectError(await received("no-such-order"), 404);
    const { insertedId: pending } = await placeOrder(customer, productId);
    await expectError(await received(pending, shop.anonymous), 401);
    await expectError(await received(pending, customer), 403);
    const rows = await shop.db
      .selectFrom("shop_order")
      .select(["id", "payment_status"])
      .where("id", "in", [card.id, cancelled, pending])
      .execute();
    expect(rows.every((r) => r.payment_status !== "paid")).toBe(true);
    const audit = await (await admin.request("/api/admin/audit?action=order.paid")).json();
    expect(audit.some((e: { target: { id: string } }) => [card.id, cancelled, pending].includes(e.target.id))).toBe(
      false,
    );
  });
});

describe("only admins", () => {
  it("refuses every admin order call to visitors (401) and customers (403)", async () => {
    const customer = await shop.customer();
    const { insertedId } = await placeOrder(customer, productId);
    const calls: [string, RequestInit & { json?: unknown }][] = [
      [`/api/admin/orders/${insertedId}`, {}],
      ["/api/admin/orders.csv", {}],
      ["/api/admin/shipments", { method: "POST", json: { orderIds: [insertedId] } }],
      ["/api/orders?q=a", {}],
    ];
    for (const [path, init] of calls) {
      await expectError(await shop.anonymous.request(path, init), 401);
      await expectError(await customer.request(path, init), 403);
    }
    const row = await shop.db.selectFrom("shop_order").select("status").where("id", "=", insertedId).executeTakeFirst();
    expect(row?.status).toBe("Pending");
  });
});
