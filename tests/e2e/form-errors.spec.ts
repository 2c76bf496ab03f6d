/**
 * Refused forms tell a keyboard or screen-reader user what went wrong, with and without JavaScript:
 *   - the cart: a quantity the shop refuses (0, 1000, more than in stock) is said beside that line's
 *     field (aria-invalid, aria-describedby), which takes the focus and shows the cart's quantity again;
 *     nothing in the cart changes;
 *   - checkout, Sign Up and Add A Review: an error summary (role="alert") at the top of the form takes
 *     the focus and links to each field in error; each message is beside its field, tied to it.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { newAccount } from "./support/accounts.ts";
import { createProduct, expect, removeProduct, test, uniqueProduct, withOrigin } from "./support/admin.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { fillShipping } from "./support/checkout.ts";
import { open } from "./support/navigation.ts";
import { expectFieldError, registerForm } from "./support/pages.ts";
import { demoAdmin, listReviews } from "./support/shop-api.ts";

/** A product of the test's own with one variant holding `stock` (removed after the test by the caller). */
async function productWithStock(stock: number, price = 12.5) {
  const admin = await demoAdmin();
  const product = await createProduct(admin, { title: uniqueProduct("Form Mug").title, price });
  const detail = (await (await admin.get(`/api/products/${product._id}`)).json()) as { variants: { id: string }[] };
  const variantId = detail.variants[0].id;
  const res = await admin.patch(`/api/variants/${variantId}`, { data: { stock }, headers: withOrigin() });
  expect(res.status()).toBe(200);
  return { product, variantId, remove: () => removeProduct(admin, product._id) };
}

async function addToCart(request: APIRequestContext, variantId: string, quantity: number) {
  const res = await request.post("/api/cart/items", { data: { variantId, quantity }, headers: withOrigin() });
  expect(res.status(), await res.text()).toBe(201);
}

const errorSummary = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("list") });

/** The summary is announced, has the focus, and its link named `label` leads to the field. */
async function expectSummaryLeadsTo(page: Page, label: string, field: Locator, withScript: boolean) {
  const summary = errorSummary(page);
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  const link = summary.getByRole("link", { name: label, exact: true });
  await expect(link).toHaveAttribute("href", `#${await field.getAttribute("id")}`);
  await link.click();
  if (withScript) await expect(field).toBeFocused();
}

for (const withScript of [true, false]) {
  const mode = withScript ? "with JavaScript" : "without JavaScript";

  test.describe(`refused forms ${mode}`, () => {
    test.use({ javaScriptEnabled: withScript });
    const go = (page: Page, path: string) => (withScript ? open(page, path) : page.goto(path));

    test(`the cart says beside a line why its quantity was refused, and keeps it (${mode})`, async ({ page }) => {
      const { product, variantId, remove } = await productWithStock(4);
      try {
        await addToCart(page.request, variantId, 2);
        await go(page, "/cart");
        const line = page.getByTestId("cart-line").filter({ hasText: product.title });
        const quantity = line.getByLabel(`Quantity of ${product.title}`);
        const subtotal = page.getByTestId("cart-subtotal");
        await expect(quantity).toHaveValue("2");
        await expect(subtotal).toHaveText("$25.00");

        for (const [typed, message] of [
          ["0", "Quantity must be at least 1."],
          ["1000", "Quantity must be at most 99."],
          ["5", `Only 4 of ${product.title} left: you asked for 5.`],
        ] as const) {
          await quantity.fill(typed);
          await line.getByRole("button", { name: "Update" }).click();
          await expectFieldError(quantity, message);
          await expect(line.getByText(message)).toBeVisible();
          await expect(quantity).toBeFocused();
          await expect(quantity).toHaveValue("2");
          await expect(subtotal).toHaveText("$25.00");
          // the message is beside the field, not in a passing toast
          await expect(page.getByTestId("toast")).toHaveCount(0);
        }
        if (withScript) await expectNoAxeViolations(page); // (axe runs in the page: not without JavaScript)

        // a change the shop accepts clears the message
        await quantity.fill("3");
        await line.getByRole("button", { name: "Update" }).click();
        await expect(subtotal).toHaveText("$37.50");
        await expect(quantity).toHaveValue("3");
        await expect(quantity).not.toHaveAttribute("aria-invalid");
        const cart = (await (await page.request.get("/api/cart")).json()) as { lines?: { quantity: number }[] };
        expect(JSON.stringify(cart)).toContain('"quantity":3');
      } finally {
        await remove();
      }
    });

    test(`checkout with an empty field: the summary takes the focus and leads to it (${mode})`, async ({
      page,
      customer,
    }) => {
      expect(customer.email).toContain("@");
      const { variantId, remove } = await productWithStock(10);
      try {
        await addToCart(page.request, variantId, 1);
        await go(page, "/checkout");
        await fillShipping(page);
        const address = page.getByLabel("Address");
        await address.fill("");
        await page.getByRole("button", { name: /^Place order/ }).click();

        await expectFieldError(address, "Address is required.");
        for (const label of ["City", "State", "Zip", "Phone"]) {
          await expect(page.getByLabel(label)).not.toHaveAttribute("aria-invalid");
        }
        await expect(errorSummary(page)).toContainText("Some fields need attention.");
        await expect(errorSummary(page).getByRole("link")).toHaveCount(1);
        if (withScript) await expectNoAxeViolations(page); // (axe runs in the page: not without JavaScript)
        await expectSummaryLeadsTo(page, "Address", address, withScript);
        const orders = (await (
          await page.request.get(`/api/orders/${encodeURIComponent(customer.email)}`)
        ).json()) as [];
        expect(orders).toEqual([]);
      } finally {
        await remove();
      }
    });

    test(`Sign Up with an empty name and a bad email: the summary takes the focus and names both (${mode})`, async ({
      page,
    }) => {
      await go(page, "/register");
      await registerForm.submit(page, { ...newAccount(), name: "", email: "not-an-address" });
      await expectFieldError(registerForm.name(page), /required/i);
      await expectFieldError(registerForm.email(page), /email/i);
      await expect(registerForm.password(page)).not.toHaveAttribute("aria-invalid");
      await expect(errorSummary(page).getByRole("link")).toHaveText(["Your Name", "Your Email"]);
      if (withScript) await expectNoAxeViolations(page); // (axe runs in the page: not without JavaScript)
      await expectSummaryLeadsTo(page, "Your Email", registerForm.email(page), withScript);
    });

    test(`a review without a description: the summary takes the focus and leads to it (${mode})`, async ({
      page,
      customer,
    }) => {
      expect(customer.email).toContain("@");
      await go(page, "/dashboard/addreview");
      const description = page.getByRole("textbox", { name: "Description" });
      await page.getByRole("button", { name: "Post review" }).click();
      await expectFieldError(description, "Description is required.");
      if (withScript) await expectNoAxeViolations(page); // (axe runs in the page: not without JavaScript)
      await expectSummaryLeadsTo(page, "Description", description, withScript);
      // then a description is enough
      const text = `Sturdy and light ${Date.now()}`;
      await description.fill(text);
      await page.getByRole("button", { name: "Post review" }).click();
      await expect(page.getByTestId("toast")).toContainText("Thank you! Your review has been posted.");
      await expect(errorSummary(page)).toHaveCount(0);
      expect((await listReviews(page.request)).some((r) => r.description === text)).toBe(true);
    });
  });
}
