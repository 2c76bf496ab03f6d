/**
 * Order mail through a real SMTP server: the confirmation when an order is placed (Buy Now or the
 * cart), the notice when it ships, and the notice when it is cancelled, by the customer or by the
 * shop. Each is written in the order's own transaction, so a refused order mails nothing and a
 * double click mails once. Runs on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mail from "../../domain/mail/index.ts";
import { firstProduct, orderForm } from "../support/fixtures.ts";
import { type Client, createTestShop, type TestShop } from "../support/shop.ts";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server.ts";

let smtp: SmtpTestServer;
let shop: TestShop;
beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await createTestShop({ env: { SMTP_URL: smtp.url }, mailWorker: { pollMs: 100, nudgeDelayMs: 10 } });
});
afterAll(async () => {
  await shop?.close();
  await smtp?.stop();
});

const outbox = (to: string) => mail.mailTo({ db: shop.db }, to);

async function buyNow(customer: Client, productIndex = 0) {
  const product = await firstProduct(shop, productIndex);
  const res = await customer.request("/api/orders", { method: "POST", json: orderForm(product.id) });
  expect(res.status).toBe(201);
  return (await res.json()) as { insertedId: string; order: { order_id: number } };
}

describe("order mail", () => {
  it("confirms a Buy Now order to the customer, with its number, line and total", async () => {
    const customer = await shop.customer("Ada Lovelace");
    const product = await firstProduct(shop, 0);
    const { order } = await buyNow(customer);
    const received = await smtp.waitFor({ to: customer.email, subject: new RegExp(String(order.order_id)) });
    expect(received.subject).toBe(`Your Volt & Thread order ${order.order_id}`);
    expect(received.text).toContain(product.title);
    expect(received.text).toContain("12 Analytical Street");
    expect(received.html).toContain(product.title);
  });

  it("confirms a cart checkout once, however often it is sent again with the same key", async () => {
    const customer = await shop.customer();
    const product = await (await shop.anonymous.request(`/api/products/${(await firstProduct(shop, 1)).id}`)).json();
    const variantId = product.variants[0].id;
    expect(
      (await customer.request("/api/cart/items", { method: "POST", json: { variantId, quantity: 2 } })).status,
    ).toBe(201);
    const send = () =>
      customer.request("/api/checkout", {
        method: "POST",
        headers: { "idempotency-key": "order-mail-checkout-1" },
        json: orderForm("ignored"),
      });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201]);
    const { order } = await answers[0].json();
    await smtp.waitFor({ to: customer.email, subject: new RegExp(String(order.order_id)) });
    const rows = await outbox(customer.email);
    expect(rows.filter((r) => r.kind === "order-confirmation")).toHaveLength(1);
  });

  it("mails nothing for an order that is refused (sold out)", async () => {
    const customer = await shop.customer();
    const product = await (await shop.anonymous.request(`/api/products/${(await firstProduct(shop, 2)).id}`)).json();
    const variantId = product.variants[0].id;
    await shop.db.updateTable("product_variant").set({ stock: 0 }).where("id", "=", variantId).execute();
    const res = await customer.request("/api/orders", {
      method: "POST",
      json: orderForm(product._id, { variantId }),
    });
    expect(res.status).toBe(409);
    // (the address confirmation of the new account is there; no order mail is)
    expect((await outbox(customer.email)).filter((r) => r.kind.startsWith("order-"))).toEqual([]);
  });

  it("tells the customer when the shop ships the order", async () => {
    const customer = await shop.customer();
    const { insertedId, order } = await buyNow(customer, 3);
    const admin = await shop.admin();
    const shipped = await admin.request(`/api/orders/${insertedId}`, { method: "PUT", json: { status: "Shipped" } });
    expect(shipped.status).toBe(200);
    const received = await smtp.waitFor({ to: customer.email, subject: /on its way/ });
    expect(received.subject).toBe(`Your Volt & Thread order ${order.order_id} is on its way`);
  });

  it("tells the customer of a cancellation once, whether they cancel (twice) or the shop erases the order", async () => {
    const customer = await shop.customer();
    const first = await buyNow(customer, 4);
    const cancel = () =>
      customer.request(`/api/orders/${first.insertedId}`, { method: "PUT", json: { status: "Cancelled" } });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(200); // already cancelled: nothing changes
    const byCustomer = await smtp.waitFor({
      to: customer.email,
      subject: new RegExp(`${first.order.order_id} has been cancelled`),
    });
    expect(byCustomer.text).toContain("As you asked");

    const second = await buyNow(customer, 5);
    const admin = await shop.admin();
    expect((await admin.request(`/api/orders/${second.insertedId}`, { method: "DELETE" })).status).toBe(200);
    const erased = await smtp.waitFor({
      to: customer.email,
      subject: new RegExp(`${second.order.order_id} has been cancelled`),
    });
    expect(erased.text).toContain("we had to cancel");
    // the erased order is gone from the customer's list: the mail says so instead of linking to it
    expect(erased.text).toContain("We have also removed it from your orders, so it no longer appears there.");
    expect(erased.text).not.toContain("See your orders");
    expect(byCustomer.text).toContain("See your orders");

    const cancellations = (await outbox(customer.email)).filter((r) => r.kind === "order-cancelled");
    expect(cancellations).toHaveLength(2);
  });

  it("sends the confirmation once, later, when the mail server is down as the order is placed", async () => {
    await smtp.stop();
    const customer = await shop.customer();
    let placed: Awaited<ReturnType<typeof buyNow>>;
    try {
      placed = await buyNow(customer, 6); // the order does not wait for the mail
    } finally {
      await smtp.start();
    }
    const subject = new RegExp(`order ${placed.order.order_id}$`);
    await smtp.waitFor({ to: customer.email, subject }, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messagesTo(customer.email).filter((m) => subject.test(m.subject))).toHaveLength(1);
  });

  it("places the order when the mail server refuses its confirmation, and keeps the mail to retry", async () => {
    smtp.refuseWith({ code: 451, message: "Try again later" });
    try {
      const customer = await shop.customer();
      const { insertedId } = await buyNow(customer, 7);
      const order = await customer.request(`/api/orders/${customer.email}`);
      expect(((await order.json()) as { _id: string }[]).map((o) => o._id)).toContain(insertedId);
      let confirmation: mail.OutboxMail | undefined;
      for (let i = 0; i < 100 && !confirmation?.lastError; i++) {
        confirmation = (await outbox(customer.email)).find((r) => r.kind === "order-confirmation");
        if (!confirmation?.lastError) await new Promise((r) => setTimeout(r, 100));
      }
      expect(confirmation?.status).toBe("pending");
      expect(confirmation?.lastError).toMatch(/451/);
    } finally {
      smtp.refuseWith(null);
    }
  });
});
