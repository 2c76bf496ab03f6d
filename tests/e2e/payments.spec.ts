/**
 * Paying as a customer would: by card on the provider's page (a local stand-in for Stripe Checkout,
 * driven through the official SDK), back to "Payment received" once the signed webhook arrived, then
 * a cancellation that refunds it; and pay on delivery, unpaid until an admin ships it.
 */
import { expect, type Page } from "@playwright/test";
import { test } from "./support/admin.ts";
import { open, waitForHydration } from "./support/navigation.ts";
import { productAt } from "./support/shop-api.ts";

async function fillCart(page: Page, index: number) {
  const product = await productAt(page.request, index);
  await open(page, `/product/${product._id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  // the message comes once the cart is saved (the count may show before: leaving then could cancel the save)
  await expect(page.getByTestId("toast")).toContainText(`Added ${product.title}`);
  await expect(page.getByTestId("cart-count")).not.toHaveText("0");
  return product;
}

async function placeOrder(page: Page, method: "Card (Stripe)" | "Pay on delivery or by bank transfer") {
  await open(page, "/checkout");
  await page.getByLabel("Address").fill("3 Harbour Road");
  await page.getByLabel("City").fill("Bristol");
  await page.getByLabel("State").fill("Somerset");
  await page.getByLabel("Zip").fill("BS1 4DJ");
  await page.getByLabel("Phone").fill("+44 117 496 0000");
  await page.getByRole("group", { name: "Payment" }).getByLabel(method).check();
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

test("pay on delivery: the order is unpaid, and an admin ships it", async ({ page, customer, admin }) => {
  expect(customer.email).toContain("@");
  await fillCart(page, 8);
  await placeOrder(page, "Pay on delivery or by bank transfer");
  const thanks = page.getByRole("status").filter({ hasText: "has been placed" });
  await expect(thanks).toContainText("You pay on delivery");
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
