// Axe (WCAG 2.0/2.1 A and AA) finds no violations on any public page, nor on the signed-in
// customer's pages, including their error and filled-in states.
import { expectNoAxeViolations } from "./support/axe.ts";
import { customerTest, expect, test } from "./support/fixtures.ts";
import { open } from "./support/navigation.ts";
import { orderForm, productPage } from "./support/pages.ts";
import { addToWishlist, placeOrder, productAt } from "./support/shop-api.ts";

const PUBLIC_PAGES = [
  "/",
  "/home",
  "/product",
  "/product?q=smart",
  "/product?category=men",
  "/about",
  "/blogs",
  "/blogs/blogDetails1",
  "/blogs/blogDetails2",
  "/blogs/blogDetails3",
  "/blogs/blogDetails4",
  "/contact",
  "/storeLocation",
  "/login",
  "/register",
  "/no-such-page",
];

test.describe("public pages", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await open(page, path);
      await expectNoAxeViolations(page);
    });
  }

  test("the home page at 375 px has no axe violations", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, "/");
    await expectNoAxeViolations(page);
  });

  test("a product page, with its share dialog open, has no axe violations", async ({ page }) => {
    const product = await productAt(page.request, 0);
    await open(page, `/product/${product._id}`);
    await expectNoAxeViolations(page);
    await productPage.shareButton(page).click();
    await expect(productPage.shareDialog(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the contact form showing its messages has no axe violations", async ({ page }) => {
    await open(page, "/contact");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  test("the Sign Up form showing its messages has no axe violations", async ({ page }) => {
    await open(page, "/register");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByLabel("Your Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });
});

customerTest.describe("signed-in pages", () => {
  for (const path of [
    "/",
    "/mywishlists",
    "/dashboard",
    "/dashboard/myorders",
    "/dashboard/addreview",
    "/dashboard/payment",
  ]) {
    customerTest(`${path} (empty, signed in) has no axe violations`, async ({ page, customer }) => {
      await open(page, path);
      await expect(page.getByRole("banner").getByText(customer.name, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  customerTest("a filled wishlist and My Orders have no axe violations", async ({ page }) => {
    const product = await productAt(page.request, 15);
    await addToWishlist(page.request, product._id);
    await placeOrder(page.request, product._id);

    await open(page, "/mywishlists");
    await expect(page.getByTestId("wishlist-item")).toHaveCount(1);
    await expectNoAxeViolations(page);

    await open(page, "/dashboard/myorders");
    await expect(page.getByTestId("order")).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  customerTest("the order form, empty and showing its messages, has no axe violations", async ({ page, customer }) => {
    const product = await productAt(page.request, 16);
    await open(page, `/buyProducts/${product._id}`);
    await expect(orderForm.field(page, "Full name")).toHaveValue(customer.name);
    await expectNoAxeViolations(page);

    await orderForm.field(page, "Full name").fill("");
    await orderForm.submit(page).click();
    await expect(orderForm.field(page, "Full name")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  customerTest("the review form showing its message has no axe violations", async ({ page }) => {
    await open(page, "/dashboard/addreview");
    await page.getByRole("button", { name: "Post review" }).click();
    await expect(page.getByRole("textbox", { name: "Description" })).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });
});
