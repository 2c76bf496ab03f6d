// Privacy between customers: customer B, signed in in a browser, can neither read nor change
// customer A's orders or wishlist, through the API or through the My Orders form. (The `customer`
// fixture, B, is signed in in every test's page; A lives in a browser context of its own.)
import type { Browser, Page } from "@playwright/test";
import { type Account, registerCustomer } from "./support/accounts.ts";
import { shopOrigin } from "./support/env.ts";
import { expect, customerTest as test } from "./support/fixtures.ts";
import { open } from "./support/navigation.ts";
import { type ApiOrder, addToWishlist, ordersOf, placeOrder, productAt, wishlistOf } from "./support/shop-api.ts";

/** Customer A, in a browser context of their own, with one Pending order and one wishlist item. */
async function customerWithData(
  browser: Browser,
): Promise<{ page: Page; account: Account; order: ApiOrder; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: shopOrigin() });
  const page = await context.newPage();
  const account = await registerCustomer(page);
  const product = await productAt(page.request, 14);
  const order = await placeOrder(page.request, product._id);
  await addToWishlist(page.request, product._id);
  return { page, account, order, close: () => context.close() };
}

test.describe("customer B and customer A's data", () => {
  let a: Awaited<ReturnType<typeof customerWithData>>;

  test.beforeEach(async ({ browser }) => {
    a = await customerWithData(browser);
  });

  test.afterEach(async () => {
    await a.close();
  });

  /** A's order is still there and still Pending (checked as A). */
  async function expectAOrderUntouched() {
    const orders = await ordersOf(a.page.request, a.account.email);
    expect(orders.map((o) => [o._id, o.status.status])).toEqual([[a.order._id, "Pending"]]);
  }

  test("B cannot read A's orders or wishlist through the API", async ({ page, customer: b }) => {
    expect(b.email).not.toBe(a.account.email);
    const orders = await page.request.get(`/api/orders/${encodeURIComponent(a.account.email)}`);
    expect(orders.status()).toBe(403);
    expect(await orders.text()).not.toContain(a.order._id);

    const wishlist = await page.request.get(`/api/wishlist/${encodeURIComponent(a.account.email)}`);
    expect(wishlist.status()).toBe(403);
    expect(await wishlist.text()).not.toContain("product_deatils");

    // A still can
    expect(await wishlistOf(a.page.request, a.account.email)).toHaveLength(1);
  });

  test("B cannot cancel A's order through PUT /api/orders/{id}", async ({ page }) => {
    const response = await page.request.put(`/api/orders/${a.order._id}`, {
      data: { status: "Cancelled" },
      headers: { origin: shopOrigin() },
    });
    expect(response.status()).toBe(403);
    await expectAOrderUntouched();
  });

  test("B cannot cancel A's order by posting the My Orders cancel form with A's order id", async ({ page }) => {
    const response = await page.request.post("/dashboard/myorders", {
      form: { orderId: a.order._id },
      headers: { origin: shopOrigin() },
    });
    expect(response.status()).toBeLessThan(500);
    expect(await response.text()).not.toContain("Canceled!");
    await expectAOrderUntouched();

    // and B's My Orders page shows nothing of A's
    await open(page, "/dashboard/myorders");
    await expect(page.getByText("There are no orders placed yet.")).toBeVisible();
    await expect(page.getByText(`#${a.order.order_id}`)).toHaveCount(0);
  });
});
