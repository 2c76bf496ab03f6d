// The customer's dashboard: the side menu, Add A Review (star widget, validation, reset) and the
// Payment page of a customer who has not ordered yet and of one whose order was cancelled (payments.spec.ts
// covers paying).
import { uniqueTag } from "./support/env.ts";
import { expect, customerTest as test } from "./support/fixtures.ts";
import { open } from "./support/navigation.ts";
import { dashboardMenu, expectFieldError, expectToast, inMain } from "./support/pages.ts";
import { listReviews, placeOrder, productAt, restock } from "./support/shop-api.ts";

const stars = (page: import("@playwright/test").Page, n: number) =>
  page.getByRole("radio", { name: n === 1 ? "1 star" : `${n} stars`, exact: true });

test("the dashboard shows the customer's name and customer links, and no admin links", async ({ page, customer }) => {
  await open(page, "/dashboard");
  const menu = dashboardMenu(page);
  await expect(menu.getByText(customer.name, { exact: true })).toBeVisible();
  await expect(menu.getByRole("img", { name: "Customer" })).toBeVisible();
  await expect(menu.getByRole("img", { name: "Admin" })).toHaveCount(0);
  for (const [name, href] of [
    ["My Orders", "/dashboard/myorders"],
    ["Add A Review", "/dashboard/addreview"],
    ["Payment", "/dashboard/payment"],
    ["My Wishlist", "/mywishlists"],
  ]) {
    await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  for (const name of ["Manage All Orders", "Manage Products", "Add A Product", "All Customer Reviews", "Make Admin"]) {
    await expect(page.getByRole("link", { name })).toHaveCount(0);
  }
  await expect(
    page.locator(
      'a[href^="/dashboard/manage"], a[href="/dashboard/makeadmin"], a[href="/dashboard/reviews"], a[href="/dashboard/addnewproduct"]',
    ),
  ).toHaveCount(0);
  // the dashboard home shows an image (with a text alternative)
  await expect(page.getByRole("main").locator("img")).toHaveCount(1);
  await expect(page.getByRole("main").locator("img")).toHaveAttribute("alt", /\w/);
  await expect(page.getByRole("main").locator("img")).toBeVisible();
});

test("the dashboard menu leads to My Orders", async ({ page }) => {
  await open(page, "/dashboard");
  await dashboardMenu(page).getByRole("link", { name: "My Orders" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Order" })).toBeVisible();
});

test("/dashboard/payment says a new customer has no payments yet", async ({ page }) => {
  await open(page, "/dashboard/payment");
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  await expect(inMain(page, "No payments yet: they appear here with your orders.")).toBeVisible();
  await expect(page.getByTestId("payment")).toHaveCount(0);
});

test("/dashboard/payment shows an order cancelled before it was paid as cancelled, with nothing to pay", async ({
  page,
}) => {
  const product = await productAt(page.request, 1);
  await restock(product._id);
  const { order_id: orderNumber } = await placeOrder(page.request, product._id);
  await open(page, "/dashboard/payment");
  const payment = page.getByTestId("payment").filter({ hasText: `#${orderNumber}` });
  await expect(payment).toContainText("Unpaid");

  await open(page, "/dashboard/myorders");
  const order = page.getByTestId("order").filter({ hasText: `#${orderNumber}` });
  await order.getByRole("button", { name: `Cancel order ${orderNumber}` }).click();
  await page.getByRole("button", { name: "Yes" }).click();
  await expect(order).toContainText("Cancelled");

  await open(page, "/dashboard/payment");
  await expect(payment).toContainText("Cancelled");
  await expect(payment).toContainText("Nothing to pay");
  await expect(payment).not.toContainText("Unpaid");
});

test.describe("Add A Review", () => {
  test("the star widget starts at 2 of 5 and the arrow keys change it", async ({ page }) => {
    await open(page, "/dashboard/addreview");
    await expect(page.getByRole("radio")).toHaveCount(5);
    await expect(stars(page, 2)).toBeChecked();
    await expect(inMain(page, "2 of 5")).toBeVisible();

    await stars(page, 2).focus();
    await page.keyboard.press("ArrowRight");
    await expect(stars(page, 3)).toBeChecked();
    await expect(stars(page, 3)).toBeFocused();
    await expect(inMain(page, "3 of 5")).toBeVisible();

    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(stars(page, 1)).toBeChecked();
    await expect(inMain(page, "1 of 5")).toBeVisible();
  });

  test("posting without a description shows a message beside it", async ({ page }) => {
    await open(page, "/dashboard/addreview");
    await page.getByRole("button", { name: "Post review" }).click();
    await expectFieldError(page.getByRole("textbox", { name: "Description" }), /Description is required/);
  });

  test("a posted review is saved with its rating and the form starts over", async ({ page, customer }) => {
    const text = `Great quality, fast delivery (${uniqueTag("review")})`;
    await open(page, "/dashboard/addreview");
    await stars(page, 2).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(stars(page, 4)).toBeChecked();
    const description = page.getByRole("textbox", { name: "Description" });
    await description.fill(text);
    await page.getByRole("button", { name: "Post review" }).click();

    await expectToast(page, "Thank you! Your review has been posted.");
    await expect(description).toHaveValue("");
    await expect(stars(page, 2)).toBeChecked();
    await expect(inMain(page, "2 of 5")).toBeVisible();

    const saved = (await listReviews(page.request)).find((r) => r.description === text);
    expect(saved, "the review is listed").toBeTruthy();
    expect(saved?.rating).toBe(4);
    expect(saved?.name).toBe(customer.name);
  });
});
