/**
 * Bank transfer: pay on delivery mentions transfers only once the shop has said where to transfer
 * to. An admin sets the account on /dashboard/settings (checked: lengths, one line of plain text,
 * a note of a few lines; saved with an audit entry; all empty takes it off again); then checkout
 * labels the method "Pay on delivery or by bank transfer", and the order confirmation page (cart
 * and Buy Now) and its mail show the account with the order number as the reference. SQLite and
 * PostgreSQL.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PayOnDeliveryNote } from "../../app/components/BankTransferInstructions.tsx";
import { action as buyNowAction, loader as buyNowLoader } from "../../app/routes/buy-product.tsx";
import { loader as checkoutLoader } from "../../app/routes/checkout.tsx";
import { loader as manageOrdersLoader } from "../../app/routes/dashboard/admin/manage-orders.tsx";
import {
  action as orderPageAction,
  loader as orderPageLoader,
} from "../../app/routes/dashboard/admin/order-detail.tsx";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/dashboard/admin/settings.tsx";
import { loader as paymentPageLoader } from "../../app/routes/dashboard/payment.tsx";
import * as mail from "../../domain/mail/index.ts";
import type { Order } from "../../domain/orders/index.ts";
import type { BankTransfer } from "../../domain/payments/index.ts";
import { firstProduct, orderForm, placeOrder } from "../support/fixtures.ts";
import { type Client, createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

let shop: TestShop;
let admin: Client;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.admin();
});
afterAll(async () => shop?.close());

type Answer = { ok: boolean; message: string; fields?: Record<string, string>; values?: Record<string, string> };

async function page<T>(
  // biome-ignore lint/suspicious/noExplicitAny: each route's loader or action has its own generated argument type
  fn: (args: any) => Promise<unknown>,
  client: Client,
  path: string,
  form?: Record<string, string>,
  params: Record<string, string> = {},
): Promise<T & { status: number }> {
  const headers = new Headers({ cookie: client.cookie, origin: TEST_ORIGIN });
  if (form) headers.set("content-type", "application/x-www-form-urlencoded");
  const request = new Request(`${TEST_ORIGIN}${path}`, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form) : undefined,
  });
  const answer = (await fn({ request, params, context: await pageContext(shop, request) })) as
    | T
    | { data: T; init: ResponseInit | null };
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    return { ...(answer.data as T), status: answer.init?.status ?? 200 };
  }
  return { ...(answer as T), status: 200 };
}

const save = (form: Record<string, string>, client = admin) =>
  page<Answer>(settingsAction, client, "/dashboard/settings", form);

const ACCOUNT = {
  accountHolder: "Volt & Thread Ltd",
  accountNumber: "DE89 3704 0044 0532 0130 00",
  bankName: "Commerzbank Köln",
  note: "BIC COBADEFFXXX\r\nPlease pay within 7 days.",
};

async function confirmationOf(to: string, orderNumber: number): Promise<mail.OutboxMail> {
  const mails = await mail.mailTo({ db: shop.db }, to);
  const found = mails.find((m) => m.kind === "order-confirmation" && m.subject.endsWith(` ${orderNumber}`));
  if (!found) throw new Error(`no confirmation of ${orderNumber} to ${to}`);
  return found;
}

async function checkoutMethods(client: Client) {
  return (await page<{ methods: { method: string; label: string }[] }>(checkoutLoader, client, "/checkout")).methods;
}

describe("bank transfer instructions", () => {
  it("without them, pay on delivery promises no transfer: checkout, confirmation and mail", async () => {
    const customer = await shop.customer();
    expect(await checkoutMethods(customer)).toEqual([{ method: "cod", label: "Pay on delivery" }]);
    const product = await firstProduct(shop);
    const buyNow = await page<{ bankTransfer: unknown }>(
      buyNowLoader,
      customer,
      `/buyProducts/${product.id}`,
      undefined,
      {
        productId: product.id,
      },
    );
    expect(buyNow.bankTransfer).toBeNull();
    const { order } = await placeOrder(customer, product.id);
    const confirmation = await confirmationOf(customer.email, order.order_id);
    expect(confirmation.text).toContain("Payment: Pay on delivery\n");
    expect(confirmation.text + confirmation.html).not.toMatch(/bank transfer|IBAN/i);
  });

  it("refuses what cannot be shown safely, beside each field, and saves nothing", async () => {
    const refused = await save({
      accountHolder: "Volt\u001b[31m Ltd",
      accountNumber: "DE89 <script>",
      bankName: "x".repeat(101),
      note: `ok\nbell\u0007`,
    });
    expect(refused).toMatchObject({ ok: false, status: 422 });
    expect(refused.fields).toEqual({
      accountHolder: "Account holder must be one line of plain text.",
      accountNumber: "Use letters, digits, spaces, dots, slashes and hyphens only, e.g. DE89 3704 0044 0532 0130 00.",
      bankName: "Bank must be at most 100 characters.",
      note: expect.stringMatching(
        /^Note contains an invisible control or direction character \(U\+[0-9A-F]{4} on line \d+\) that is not allowed\.$/,
      ),
    });
    expect(refused.values?.accountNumber).toBe("DE89 <script>");

    const half = await save({ accountHolder: "", accountNumber: "", bankName: "Some Bank", note: "" });
    expect(half).toMatchObject({ ok: false, status: 422 });
    expect(half.fields).toEqual({
      accountHolder: "Account holder is required for transfers.",
      accountNumber: "IBAN or account number is required for transfers.",
    });
    const tooLong = await save({ accountHolder: "A", accountNumber: "1".repeat(51), note: "n".repeat(501) });
    expect(tooLong.fields).toEqual({
      accountNumber: "IBAN or account number must be at most 50 characters.",
      note: "Note must be at most 500 characters.",
    });
    expect(
      (await page<{ bankTransfer: unknown }>(settingsLoader, admin, "/dashboard/settings")).bankTransfer,
    ).toBeNull();

    // a customer cannot set them (sent to sign in as an admin)
    const customer = await shop.customer();
    await expect(save(ACCOUNT, customer)).rejects.toBeInstanceOf(Response);
    expect(
      (await page<{ bankTransfer: unknown }>(settingsLoader, admin, "/dashboard/settings")).bankTransfer,
    ).toBeNull();
  });

  it("once set (with an audit entry), checkout offers transfers and every pay-on-delivery confirmation says where to", async () => {
    const saved = await save(ACCOUNT);
    expect(saved).toMatchObject({ ok: true, status: 200 });
    expect(saved.message).toMatch(/^Saved\. Checkout now offers “Pay on delivery or by bank transfer”/);
    expect((await page<{ bankTransfer: unknown }>(settingsLoader, admin, "/dashboard/settings")).bankTransfer).toEqual({
      accountHolder: "Volt & Thread Ltd",
      accountNumber: "DE89 3704 0044 0532 0130 00",
      bankName: "Commerzbank Köln",
      note: "BIC COBADEFFXXX\nPlease pay within 7 days.",
    });
    const audit = await (await admin.request("/api/admin/audit?action=settings.update")).json();
    expect(audit[0]).toMatchObject({
      summary: "Set the bank transfer instructions (to Volt & Thread Ltd, DE89 3704 0044 0532 0130 00)",
      changes: { accountHolder: { from: null, to: "Volt & Thread Ltd" } },
    });
    // saving the same again records nothing new
    await save(ACCOUNT);
    expect(await (await admin.request("/api/admin/audit?action=settings.update")).json()).toHaveLength(audit.length);

    const customer = await shop.customer();
    expect(await checkoutMethods(customer)).toEqual([{ method: "cod", label: "Pay on delivery or by bank transfer" }]);

    // Buy Now: the page has the account to show beside the order number, and the mail has it all
    const product = await firstProduct(shop, 1);
    const buyNow = await page<{ bankTransfer: unknown }>(
      buyNowLoader,
      customer,
      `/buyProducts/${product.id}`,
      undefined,
      {
        productId: product.id,
      },
    );
    expect(buyNow.bankTransfer).toMatchObject({ accountNumber: "DE89 3704 0044 0532 0130 00" });
    const { order } = await placeOrder(customer, product.id);
    const confirmation = await confirmationOf(customer.email, order.order_id);
    expect(confirmation.text).toContain("Payment: Pay on delivery or by bank transfer");
    expect(confirmation.text).toMatch(
      /Paying by bank transfer\nYou can pay on delivery, or before it by bank transfer:\nAmount: \$[\d,]+\.\d\d\n/,
    );
    for (const line of [
      "Account holder: Volt & Thread Ltd",
      "IBAN / account number: DE89 3704 0044 0532 0130 00",
      "Bank: Commerzbank Köln",
      `Reference: ${order.order_id}`,
      "BIC COBADEFFXXX\nPlease pay within 7 days.",
    ]) {
      expect(confirmation.text).toContain(line);
    }
    expect(confirmation.html).toContain("Volt &amp; Thread Ltd");
    expect(confirmation.html).toContain("BIC COBADEFFXXX<br>Please pay within 7 days.");

    // the cart's checkout: the same
    const variant = await shop.db.selectFrom("product_variant").select("id").orderBy("id").executeTakeFirstOrThrow();
    await customer.request("/api/cart/items", { method: "POST", json: { variantId: variant.id, quantity: 2 } });
    const res = await customer.request("/api/checkout", {
      method: "POST",
      headers: { "idempotency-key": `bank-transfer-${Date.now()}` },
      json: { ...orderForm("unused"), payment_method: "cod" },
    });
    expect(res.status).toBe(201);
    const placed = (await res.json()).order;
    const fromCart = await confirmationOf(customer.email, placed.order_id);
    expect(fromCart.text).toContain(`Reference: ${placed.order_id}`);
    expect(fromCart.text).toContain("Account holder: Volt & Thread Ltd");
  });

  it("the holder and the account alone are enough: the optional bank and note may stay empty", async () => {
    const saved = await save({ accountHolder: "Jane Doe", accountNumber: "GB33 BUKB 2020 1555 5555 55" });
    expect(saved).toMatchObject({ ok: true });
    const customer = await shop.customer();
    expect(await checkoutMethods(customer)).toEqual([{ method: "cod", label: "Pay on delivery or by bank transfer" }]);
    const { order } = await placeOrder(customer, (await firstProduct(shop, 2)).id);
    expect((await confirmationOf(customer.email, order.order_id)).text).toContain("GB33 BUKB 2020 1555 5555 55");
  });

  it("a save from a page opened before another admin's save is refused (409) and changes nothing", async () => {
    const shown = async () =>
      page<{ version: string; bankTransfer: unknown }>(settingsLoader, admin, "/dashboard/settings");
    const opened = await shown();
    // two admins opened the page; the first saves
    expect(await save({ ...ACCOUNT, accountHolder: "First Holder", editedFrom: opened.version })).toMatchObject({
      ok: true,
    });
    const afterFirst = await shown();
    expect(afterFirst.version).not.toBe(opened.version);
    // the second, from the page as it was, is refused
    const stale = await save({ ...ACCOUNT, accountHolder: "Second Holder", editedFrom: opened.version });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    expect(JSON.stringify(stale)).toContain("changed by someone else since you opened this page");
    expect((await shown()).bankTransfer).toMatchObject({ accountHolder: "First Holder" });
    // from the fresh page it saves
    expect(await save({ ...ACCOUNT, accountHolder: "Second Holder", editedFrom: afterFirst.version })).toMatchObject({
      ok: true,
    });
    expect((await shown()).bankTransfer).toMatchObject({ accountHolder: "Second Holder" });
    // two saves from one page at the same moment: one is written, the other refused
    const now = (await shown()).version;
    const both = await Promise.all(
      ["Third Holder", "Fourth Holder"].map((holder) => save({ ...ACCOUNT, accountHolder: holder, editedFrom: now })),
    );
    expect(both.map((a) => a.ok).sort()).toEqual([false, true]);
  });

  it("all fields empty takes transfers off again", async () => {
    const off = await save({ accountHolder: " ", accountNumber: "", bankName: "", note: "\n" });
    expect(off).toMatchObject({ ok: true, message: "Bank transfer is off: checkout offers “Pay on delivery” only." });
    const customer = await shop.customer();
    expect(await checkoutMethods(customer)).toEqual([{ method: "cod", label: "Pay on delivery" }]);
    const { order } = await placeOrder(customer, (await firstProduct(shop, 2)).id);
    expect((await confirmationOf(customer.email, order.order_id)).text).not.toContain("bank transfer");
    const audit = await (await admin.request("/api/admin/audit?action=settings.update")).json();
    expect(audit[0].summary).toBe("Removed the bank transfer instructions: checkout offers pay on delivery only");
  });

  it("an order reads as it was offered when placed, after the shop sets or removes its transfer details", async () => {
    const customer = await shop.customer();
    const product = await firstProduct(shop, 3);
    // transfers off: a plain pay-on-delivery order
    const plain = (await placeOrder(customer, product.id)).order;
    await save(ACCOUNT);
    const withTransfer = (await placeOrder(customer, product.id)).order;
    // the API says so too
    expect([plain.transfer_offered, withTransfer.transfer_offered]).toEqual([false, true]);
    const take = async () => {
      const labelOnOrderPage = async (id: string) =>
        (
          await page<{ paymentLabel: string }>(orderPageLoader, admin, `/dashboard/orders/${id}`, undefined, {
            orderId: id,
          })
        ).paymentLabel;
      const listed = await page<{ orders: { id: string; paymentLabel: string }[] }>(
        manageOrdersLoader,
        admin,
        "/dashboard/manageorders",
      );
      const mine = await page<{ payments: { orderId: string; methodLabel: string }[] }>(
        paymentPageLoader,
        customer,
        "/dashboard/payment",
      );
      const labels = async (id: string) => ({
        orderPage: await labelOnOrderPage(id),
        list: listed.orders.find((o) => o.id === id)?.paymentLabel,
        customersPage: mine.payments.find((p) => p.orderId === id)?.methodLabel,
      });
      return { plain: await labels(plain._id), withTransfer: await labels(withTransfer._id) };
    };
    const asPlaced = {
      plain: { orderPage: "Pay on delivery", list: "Pay on delivery", customersPage: "Pay on delivery" },
      withTransfer: {
        orderPage: "Pay on delivery or by bank transfer",
        list: "Pay on delivery or by bank transfer",
        customersPage: "Pay on delivery or by bank transfer",
      },
    };
    expect(await take()).toEqual(asPlaced);

    // transfers off again: each order still reads as it was placed
    await save({ accountHolder: "", accountNumber: "", bankName: "", note: "" });
    expect(await take()).toEqual(asPlaced);

    // cancelled by the shop: the customer who was given the details is told how a transfer comes back
    await page(
      orderPageAction,
      admin,
      `/dashboard/orders/${withTransfer._id}`,
      { intent: "cancel" },
      {
        orderId: withTransfer._id,
      },
    );
    const cancelled = (await mail.mailTo({ db: shop.db }, customer.email)).find(
      (m) => m.kind === "order-cancelled" && m.subject.includes(` ${withTransfer.order_id} `),
    );
    expect(cancelled?.text).toContain("Payment: Pay on delivery or by bank transfer");
    expect(cancelled?.text).toContain("If you already paid for it by bank transfer, write to us");

    // an order from before the offer was recorded reads as the shop offers today
    await shop.db.updateTable("shop_order").set({ transfer_offered: null }).where("id", "=", plain._id).execute();
    await save(ACCOUNT);
    expect((await take()).plain.orderPage).toBe("Pay on delivery or by bank transfer");
  });

  it("a just-placed order's thank-you note follows what the order was offered, not the setting read after it", async () => {
    const customer = await shop.customer();
    const product = await firstProduct(shop, 4);
    const path = `/buyProducts/${product.id}`;
    const buyNow = async () => {
      const form = Object.entries(orderForm(product.id, { checkbox: "on", quantity: "1" }));
      const answer = await page<{ ok: boolean; result: Order }>(
        buyNowAction,
        customer,
        path,
        Object.fromEntries(form.map(([k, v]) => [k, String(v)])),
        { productId: product.id },
      );
      expect(answer.ok).toBe(true);
      return answer.result;
    };
    // the page's thank-you note, with the details its loader reads when the page is shown again after the post
    const note = async (order: Order) => {
      const { bankTransfer } = await page<{ bankTransfer: BankTransfer | null }>(
        buyNowLoader,
        customer,
        path,
        undefined,
        {
          productId: product.id,
        },
      );
      return renderToStaticMarkup(createElement(PayOnDeliveryNote, { order, transfer: bankTransfer }));
    };
    const off = { accountHolder: "", accountNumber: "", bankName: "", note: "" };

    // placed without transfer details, which the shop sets before the page is shown
    await save(off);
    const plain = await buyNow();
    await save(ACCOUNT);
    expect(await note(plain)).toBe('<p class="mt-1">You pay on delivery.</p>');

    // placed with them: the account and the order number as the reference
    const withTransfer = await buyNow();
    const shown = await note(withTransfer);
    expect(shown).toContain("DE89 3704 0044 0532 0130 00");
    expect(shown).toContain(String(withTransfer.orderNumber));
    // removed before the page is shown: the customer is sent to the mail that has them
    await save(off);
    expect(await note(withTransfer)).toContain("the account is in your order confirmation mail");
    expect((await confirmationOf(customer.email, withTransfer.orderNumber)).text).toContain(
      "Account holder: Volt & Thread Ltd",
    );
  });
});
