/**
 * Paying as a customer would: by card on the provider's page (a local stand-in for Stripe Checkout,
 * driven through the official SDK), back to "Payment received" once the signed webhook arrived, then
 * a cancellation that refunds it; and pay on delivery, unpaid until an admin ships it, with the
 * shop's bank transfer instructions once an admin has set them.
 */
import { expect, type Page } from "@playwright/test";
import { createProduct, removeProduct, test, uniqueProduct } from "./support/admin.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { waitForMail } from "./support/mail.ts";
import { open, waitForHydration } from "./support/navigation.ts";
import { expectFieldError, expectToast } from "./support/pages.ts";
import { productAt, restock } from "./support/shop-api.ts";

async function fillCart(page: Page, index: number) {
  const product = await productAt(page.request, index);
  await open(page, `/product/${product._id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  // the message comes once the cart is saved (the count may show before: leaving then could cancel the save)
  await expect(page.getByTestId("toast")).toContainText(`Added ${product.title}`);
  await expect(page.getByTestId("cart-count")).not.toHaveText("0");
  return product;
}

async function placeOrder(
  page: Page,
  method: "Card (Stripe)" | "Pay on delivery" | "Pay on delivery or by bank transfer",
) {
  await open(page, "/checkout");
  await page.getByLabel("Address").fill("3 Harbour Road");
  await page.getByLabel("City").fill("Bristol");
  await page.getByLabel("State").fill("Somerset");
  await page.getByLabel("Zip").fill("BS1 4DJ");
  await page.getByLabel("Phone").fill("+44 117 496 0000");
  await page.getByRole("group", { name: "Payment" }).getByLabel(method, { exact: true }).check();
  await page.getByRole("checkbox", { name: /I confirm/ }).check();
  await page.getByRole("button", { name: /^Place order/ }).click();
}

test("pays by card on the provider's page, sees 'Payment received', cancels and is refunded", async ({
  page,
  customer,
}) => {
  expect(customer.email).toContain("@");
  await fillCart(page, 6);
  await placeOrder(page, "Card (Stripe)");
  // the provider's page
  await expect(page.getByRole("heading", { name: /^Pay \d+\.\d\d USD$/ })).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  // back at the shop, after the signed webhook
  await expect(page).toHaveURL(/\/checkout\/success\?order=/);
  await waitForHydration(page);
  await expect(page.getByText("Payment received.")).toBeVisible();
  const orderNumber = (await page.getByText(/Your order #\d+/).textContent())?.match(/#(\d+)/)?.[1] ?? "";

  await open(page, "/dashboard/myorders");
  const order = page.getByTestId("order").filter({ hasText: `#${orderNumber}` });
  await expect(order).toContainText("Paid");
  await order.getByRole("button", { name: `Cancel order ${orderNumber}` }).click();
  await page.getByRole("button", { name: "Yes" }).click();
  await expect(order).toContainText("Cancelled");
  await expect(order).toContainText("Refunded");
});

test("leaving the provider's page unpaid keeps the order; Pay now finishes it", async ({ page, customer }) => {
  expect(customer.email).toContain("@");
  await fillCart(page, 7);
  await placeOrder(page, "Card (Stripe)");
  await page.getByRole("link", { name: "Cancel and go back" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment not completed" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Pay now" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Payment received.")).toBeVisible();
  await open(page, "/dashboard/payment");
  await expect(page.getByTestId("payment").first()).toContainText("Paid");
});

test("a card is refused beside Payment for an order smaller than Stripe charges; pay on delivery places it", async ({
  page,
  customer,
  admin,
}) => {
  expect(customer.email).toContain("@");
  const { title } = uniqueProduct("Sticker");
  const product = await createProduct(admin.request, { title, price: 0.3 });
  try {
    await restock(product._id);
    await open(page, `/product/${product._id}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByTestId("toast")).toContainText(`Added ${title}`);
    await placeOrder(page, "Card (Stripe)");
    const payment = page.getByRole("group", { name: "Payment" });
    await expectFieldError(
      payment.getByLabel("Card (Stripe)", { exact: true }),
      "Card payments start at $0.50: choose pay on delivery for this order.",
    );
    // nothing was placed: the cart still holds the sticker, and pay on delivery places it
    await payment.getByLabel("Pay on delivery", { exact: true }).check();
    await page.getByRole("checkbox", { name: /I confirm/ }).check();
    await page.getByRole("button", { name: /^Place order/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "has been placed" })).toContainText("You pay on delivery.");
  } finally {
    await removeProduct(admin.request, product._id);
  }
});

test("pay on delivery: the order is unpaid, and an admin ships it", async ({ page, customer, admin }) => {
  expect(customer.email).toContain("@");
  await fillCart(page, 8);
  await placeOrder(page, "Pay on delivery");
  const thanks = page.getByRole("status").filter({ hasText: "has been placed" });
  await expect(thanks).toContainText("You pay on delivery.");
  // no account to transfer to is set: nothing promises a transfer
  await expect(thanks).not.toContainText("bank transfer");
  const orderNumber = (await thanks.textContent())?.match(/#(\d+)/)?.[1] ?? "";
  await open(page, "/dashboard/payment");
  await expect(page.getByTestId("payment").filter({ hasText: `#${orderNumber}` })).toContainText("Unpaid");

  await open(admin, "/dashboard/manageorders");
  await admin.getByRole("button", { name: `Approve order ${orderNumber}` }).click();
  await expect(
    admin
      .getByTestId("admin-order")
      .filter({ has: admin.getByText(customer.email) })
      .first(),
  ).toContainText("Shipped");
});

test("bank transfer: once an admin sets the account, a pay-on-delivery order shows it with its number as the reference", async ({
  page,
  customer,
  admin,
}) => {
  // two admin saves, a checkout and a mail, with two accessibility checks
  test.setTimeout(90_000);
  const settings = async (fields: Record<string, string>) => {
    await open(admin, "/dashboard/settings");
    await expect(admin.getByRole("heading", { level: 1, name: "Shop settings" })).toBeVisible();
    for (const [label, value] of Object.entries(fields)) await admin.getByLabel(label).fill(value);
    await admin.getByRole("button", { name: "Save bank transfer" }).click();
  };
  // refused beside the field, with what was typed kept
  await settings({ "Account holder": "Volt & Thread Ltd", "IBAN or account number": "DE89 <3704>" });
  await expectFieldError(
    admin.getByLabel("IBAN or account number"),
    "Use letters, digits, spaces, dots, slashes and hyphens only, e.g. DE89 3704 0044 0532 0130 00.",
  );
  await expect(admin.getByLabel("Account holder")).toHaveValue("Volt & Thread Ltd");
  await expectNoAxeViolations(admin);

  await settings({
    "Account holder": "Volt & Thread Ltd",
    "IBAN or account number": "DE89 3704 0044 0532 0130 00",
    "Bank (optional)": "Commerzbank",
    "Note for the customer (optional)": "BIC COBADEFFXXX\nPlease pay within 7 days.",
  });
  await expectToast(admin, "Saved. Checkout now offers “Pay on delivery or by bank transfer”");
  try {
    expect(customer.email).toContain("@");
    await fillCart(page, 9);
    await placeOrder(page, "Pay on delivery or by bank transfer");
    const thanks = page.getByRole("status").filter({ hasText: "has been placed" });
    const orderNumber = (await thanks.textContent())?.match(/#(\d+)/)?.[1] ?? "";
    expect(orderNumber).not.toBe("");
    const transfer = thanks.getByRole("region", { name: "Paying by bank transfer" });
    await expect(transfer).toContainText("You can pay on delivery, or before it by bank transfer:");
    await expect(transfer.getByRole("definition")).toHaveText([
      /^\$[\d,]+\.\d\d$/,
      "Volt & Thread Ltd",
      "DE89 3704 0044 0532 0130 00",
      "Commerzbank",
      orderNumber,
    ]);
    await expect(transfer).toContainText("Please pay within 7 days.");
    await expectNoAxeViolations(page);

    const mail = await waitForMail(customer.email, new RegExp(`order ${orderNumber}$`));
    expect(mail.text).toContain("Payment: Pay on delivery or by bank transfer");
    expect(mail.text).toContain("IBAN / account number: DE89 3704 0044 0532 0130 00");
    expect(mail.text).toContain(`Reference: ${orderNumber}`);
  } finally {
    // the other tests of this server see a shop without transfers
    await settings({
      "Account holder": "",
      "IBAN or account number": "",
      "Bank (optional)": "",
      "Note for the customer (optional)": "",
    });
    await expectToast(admin, "Bank transfer is off: checkout offers “Pay on delivery” only.");
  }
});
