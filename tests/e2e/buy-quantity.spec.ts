/**
 * BUY orders the quantity typed on the product page: the order form shows it with its total, and the
 * order placed is for it. On the product page opened as a document (no React), rendered by React, and
 * without JavaScript at all.
 */
import type { Browser, Page } from "@playwright/test";
import { createAccount } from "./support/accounts.ts";
import { expect, customerTest as test } from "./support/fixtures.ts";
import { open, reachWithReact, waitForHydration } from "./support/navigation.ts";
import { myOrders, orderForm } from "./support/pages.ts";
import { type ApiProduct, formatUsd, ordersOf, productAt } from "./support/shop-api.ts";

type PlacedOrder = { order_id: number; total: number; lines: { quantity: number; unit_price: number }[] };

/** On a product page: types the quantity and presses BUY; answers the unit price the order form shows. */
async function buy(page: Page, product: ApiProduct, quantity: number) {
  await page.getByRole("main").getByLabel("Quantity", { exact: true }).fill(String(quantity));
  await page.getByRole("button", { name: "BUY" }).click();
  await expect(page).toHaveURL(new RegExp(`/buyProducts/${product._id}\\?variant=[\\w-]+&quantity=${quantity}$`));
  await expect(orderForm.field(page, "Quantity")).toHaveValue(String(quantity));
}

/** The unit price the order form's summary shows, in dollars. */
async function unitPrice(page: Page): Promise<number> {
  const summary = page.getByRole("region", { name: "Your product" });
  const unit = Number(((await summary.locator("p.text-xl").textContent()) ?? "").replace(/[^0-9.]/g, ""));
  expect(unit).toBeGreaterThan(0);
  return unit;
}

/** The order form shows the total for the quantity on Place order and places it; My Orders shows it. */
async function placeAndCheck(page: Page, product: ApiProduct, quantity: number, email: string) {
  const unit = await unitPrice(page);
  const total = formatUsd(unit * quantity);
  await expect(orderForm.form(page)).toContainText(`Total: ${total}`);
  await expect(orderForm.submit(page)).toHaveText(`Place order · ${total}`);
  await orderForm.fill(page);
  await orderForm.submit(page).click();
  const confirmation = orderForm.confirmation(page);
  await expect(confirmation).toBeVisible();
  const orderNumber = /#(\d+)/.exec((await confirmation.textContent()) ?? "")?.[1] ?? "";

  const saved = (await ordersOf(page.request, email)) as unknown as PlacedOrder[];
  expect(saved.map((o) => String(o.order_id))).toEqual([orderNumber]);
  expect(saved[0].lines.map((l) => l.quantity)).toEqual([quantity]);
  expect(saved[0].total).toBeCloseTo(unit * quantity, 2);

  await confirmation.getByRole("link", { name: "My Orders" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  const shown = myOrders.order(page, orderNumber);
  await expect(shown).toContainText(`${product.title}`);
  await expect(shown).toContainText(`× ${quantity}`);
  await expect(shown).toContainText(total);
}

test.describe("BUY with a quantity", () => {
  test("on the product page as opened (no React): the order form shows 3 and its total, and 3 are ordered", async ({
    page,
    customer,
  }) => {
    const product = await productAt(page.request, 13);
    await open(page, `/product/${product._id}`);
    await buy(page, product, 3);
    await waitForHydration(page);
    await placeAndCheck(page, product, 3, customer.email);
  });

  test("on the product page rendered by React: the same address, and the total follows the quantity", async ({
    page,
    customer,
  }) => {
    const product = await productAt(page.request, 14);
    await reachWithReact(page, product);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title);
    await buy(page, product, 3);
    await orderForm.field(page, "Quantity").fill("2");
    await expect(orderForm.submit(page)).toHaveText(`Place order · ${formatUsd((await unitPrice(page)) * 2)}`);
    await orderForm.field(page, "Quantity").fill("3");
    await placeAndCheck(page, product, 3, customer.email);
  });
});

test.describe("BUY with a quantity, without JavaScript", () => {
  test("the order form shows 3 and its total, a changed quantity is shown with its total first, and 3 are ordered", async ({
    browser,
    baseURL,
  }) => {
    const page = await pageWithoutScripts(browser, baseURL);
    try {
      const account = await createAccount(page.request);
      const product = await productAt(page.request, 15);
      await page.goto(`/product/${product._id}`);
      await buy(page, product, 2);
      // the total on the page was written for 2: a quantity typed since comes back with its own total
      await orderForm.field(page, "Quantity").fill("3");
      await orderForm.fill(page);
      await orderForm.submit(page).click();
      await expect(page.getByText("The quantity changed since the total was shown")).toBeVisible();
      await expect(orderForm.field(page, "Quantity")).toHaveValue("3");
      expect(await ordersOf(page.request, account.email)).toEqual([]);
      await placeAndCheck(page, product, 3, account.email);
    } finally {
      await page.context().close();
    }
  });
});

async function pageWithoutScripts(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  return context.newPage();
}
