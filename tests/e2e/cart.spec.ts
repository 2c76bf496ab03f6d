/**
 * Sizes, the cart and checkout as a new customer uses them: pick a size, add to cart, change the
 * quantity, add a second product, sign in (the visitor's cart joins the account), check out, see
 * one order with both lines, cancel it, and find the stock back. With JavaScript on a desktop,
 * on a 375 px phone, and without JavaScript.
 */
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { createAccount, newAccount, signIn } from "./support/accounts.ts";
import { DEMO_ADMIN, test } from "./support/admin.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { fillShipping } from "./support/checkout.ts";
import { shopOrigin } from "./support/env.ts";
import { open, reachWithReact, servedWithoutReact, waitForHydration } from "./support/navigation.ts";

type Variant = {
  id: string;
  sku: string;
  title: string;
  options: Record<string, string>;
  price: number;
  stock: number;
};
type Product = {
  _id: string;
  title: string;
  price: number;
  options: { name: string; values: string[] }[];
  variants: Variant[];
};

const withOrigin = () => ({ origin: shopOrigin() });

/** A request context signed in as the demo admin (to set stock for the test). */
async function adminApi(browser: Browser): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL: shopOrigin() });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    headers: withOrigin(),
  });
  expect(res.status()).toBe(200);
  return context.request;
}

async function setStock(api: APIRequestContext, variantId: string, stock: number) {
  const res = await api.patch(`/api/variants/${variantId}`, { data: { stock }, headers: withOrigin() });
  expect(res.status()).toBe(200);
}

async function stockOf(api: APIRequestContext, productId: string, variantId: string): Promise<number> {
  const product = (await (await api.get(`/api/products/${productId}`)).json()) as Product;
  return product.variants.find((v) => v.id === variantId)?.stock ?? -1;
}

/**
 * The n-th seeded product with a Size option, and one without options, from past the first 20
 * products: other spec files restock those (support/shop-api.ts productAt) while this one counts stock.
 */
async function products(api: APIRequestContext, n: number): Promise<{ sized: Product; plain: Product }> {
  const list = (await (await api.get("/api/products?limit=100")).json()) as { _id: string }[];
  const details = await Promise.all(
    list.slice(20, 60).map(async (p) => (await api.get(`/api/products/${p._id}`)).json()),
  );
  const sized = details.filter((p: Product) => p.options.some((o) => o.name === "Size"))[n];
  const plain = details.filter((p: Product) => p.options.length === 0)[n];
  return { sized, plain };
}

const cartCount = (page: Page) => page.getByTestId("cart-count");

/** Clicks an option's value (the label around the visually hidden radio, as a shopper would). */
async function chooseOption(page: Page, option: string, value: string) {
  await page
    .getByRole("group", { name: new RegExp(`^${option}`) })
    .locator("label")
    .filter({ hasText: new RegExp(`^${value}( \\(sold out\\))?$`) })
    .click();
}

test.describe("cart and checkout with JavaScript", () => {
  for (const viewport of [
    // opened as a document, the product page runs without React (decision 028); reached from the catalogue, with it
    { name: "desktop", width: 1280, height: 900, n: 0, fromCatalogue: false },
    { name: "375 px phone, from the catalogue", width: 375, height: 800, n: 1, fromCatalogue: true },
  ]) {
    test(`a new customer picks a size, fills the cart, signs in, checks out and cancels (${viewport.name})`, async ({
      openBrowser,
      browser,
    }) => {
      const api = await adminApi(browser);
      const { sized, plain } = await products(api, viewport.n);
      const medium = sized.variants.find((v) => v.options.Size === "M") as Variant;
      await setStock(api, medium.id, 20);
      await setStock(api, plain.variants[0].id, 20);
      const account = await createAccount((await openBrowser()).request, newAccount("Shopper"));

      const page = await openBrowser();
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      if (viewport.fromCatalogue) {
        await reachWithReact(page, sized);
        await expect(page.getByRole("heading", { level: 1, name: sized.title })).toBeVisible();
      } else {
        await open(page, `/product/${sized._id}`);
      }
      expect(await servedWithoutReact(page)).toBe(!viewport.fromCatalogue);
      await expect(cartCount(page)).toHaveText("0");

      // pick a size: the page follows the click and the URL names the choice (with React the variant; without,
      // the options of the form the page script sends, its button hidden)
      const sizes = page.getByRole("group", { name: /^Size/ });
      await chooseOption(page, "Size", "M");
      if (viewport.fromCatalogue) {
        await expect.poll(() => new URL(page.url()).searchParams.get("variant")).toBe(medium.id);
      } else {
        await expect.poll(() => new URL(page.url()).searchParams.get("Size")).toBe("M");
        await expect(page.getByRole("button", { name: "Show this option" })).toBeHidden();
      }
      await expect(sizes.getByRole("radio", { name: "M" })).toBeChecked();
      await expect(page.getByText(`$${medium.price.toFixed(2)}`).first()).toBeVisible();

      await page.getByRole("button", { name: "Add to cart" }).click();
      await expect(cartCount(page)).toHaveText("1");
      await expect(page.getByTestId("toast")).toContainText(`Added ${sized.title}`);

      // the cart: change the quantity
      await page.getByRole("link", { name: /^Cart 1 item$/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
      const line = page.getByTestId("cart-line").filter({ hasText: sized.title });
      await expect(line).toContainText(medium.title);
      await line.getByRole("button", { name: `One more ${sized.title} (${medium.title})` }).click();
      await expect(page.getByLabel(`Quantity of ${sized.title} (${medium.title})`)).toHaveValue("2");
      await expect(page.getByTestId("cart-subtotal")).toHaveText(`$${(medium.price * 2).toFixed(2)}`);

      // a second product
      await open(page, `/product/${plain._id}`);
      await page.getByRole("button", { name: "Add to cart" }).click();
      await expect(cartCount(page)).toHaveText("3");

      // signing in keeps the cart
      await signIn(page, account.email, account.password, { from: "/cart" });
      await expect(page.getByTestId("cart-line")).toHaveCount(2);
      await expect(cartCount(page)).toHaveText("3");

      // check out
      await page.getByRole("link", { name: "Checkout" }).click();
      await waitForHydration(page);
      await fillShipping(page);
      await page.getByRole("button", { name: /^Place order/ }).click();
      const thanks = page.getByRole("status").filter({ hasText: "has been placed" });
      await expect(thanks).toBeVisible();
      const orderNumber = (await thanks.textContent())?.match(/#(\d+)/)?.[1];
      expect(orderNumber).toBeTruthy();
      await expect(cartCount(page)).toHaveText("0");
      expect(await stockOf(api, sized._id, medium.id)).toBe(18);

      // one order with both lines; cancelling it gives the stock back
      await open(page, "/dashboard/myorders");
      const order = page.getByTestId("order").filter({ hasText: `#${orderNumber}` });
      await expect(order.getByTestId("order-line")).toHaveCount(2);
      await expect(order).toContainText(`${sized.title} · ${medium.title}`);
      await expect(order).toContainText(plain.title);
      await order.getByRole("button", { name: `Cancel order ${orderNumber}` }).click();
      await page.getByRole("button", { name: "Yes" }).click();
      await expect(order).toContainText("Cancelled");
      expect(await stockOf(api, sized._id, medium.id)).toBe(20);
      expect(await stockOf(api, plain._id, plain.variants[0].id)).toBe(20);
    });
  }

  test("a sold-out size is shown, marked, and cannot be bought; 'Only N left' under the threshold", async ({
    page,
    browser,
  }) => {
    const api = await adminApi(browser);
    const { sized } = await products(api, 2);
    const [firstSize, secondSize] = sized.options.find((o) => o.name === "Size")?.values ?? [];
    const small = sized.variants.find((v) => v.options.Size === firstSize) as Variant;
    const medium = sized.variants.find((v) => v.options.Size === secondSize && v.id !== small.id) as Variant;
    for (const [name, value] of Object.entries(small.options)) {
      if (name !== "Size") expect(medium.options[name], "the two sizes share the other options").toBe(value);
    }
    for (const v of sized.variants) await setStock(api, v.id, 30);
    await setStock(api, small.id, 0);
    await setStock(api, medium.id, 3);
    await open(page, `/product/${sized._id}?variant=${small.id}`);
    await expect(page.getByText("Sold out", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "BUY" })).toBeDisabled();
    await expect(
      page.getByRole("group", { name: /^Size/ }).getByRole("radio", { name: `${firstSize} (sold out)` }),
    ).toBeAttached();
    await chooseOption(page, "Size", secondSize);
    await expect(page.getByText("Only 3 left")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test("the cart refuses more than is in stock, with a message", async ({ page, browser }) => {
    const api = await adminApi(browser);
    const { plain } = await products(api, 3);
    await setStock(api, plain.variants[0].id, 2);
    await open(page, `/product/${plain._id}`);
    await page.getByLabel("Quantity").fill("3");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByTestId("toast")).toContainText("Only 2");
    await expect(cartCount(page)).toHaveText("0");
  });

  test("the cart and checkout pages have no axe violations", async ({ page, browser, customer }) => {
    expect(customer.email).toContain("@");
    const api = await adminApi(browser);
    const { plain } = await products(api, 4);
    await setStock(api, plain.variants[0].id, 10);
    await open(page, `/product/${plain._id}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(cartCount(page)).toHaveText("1");
    await open(page, "/cart");
    await expectNoAxeViolations(page);
    await open(page, "/checkout");
    await expectNoAxeViolations(page);
  });
});

test.describe("messages with JavaScript", () => {
  test("a dismissed 'Added' message stays dismissed when the page changes afterwards", async ({ page, browser }) => {
    const api = await adminApi(browser);
    const { sized } = await products(api, 6);
    for (const v of sized.variants) await setStock(api, v.id, 10);
    await reachWithReact(page, sized);
    await expect(page.getByRole("heading", { level: 1, name: sized.title })).toBeVisible();
    expect(await servedWithoutReact(page)).toBe(false);

    await page.getByRole("button", { name: "Add to cart" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText(`Added ${sized.title}`);
    await toast.getByRole("button", { name: "Dismiss message" }).click();
    await expect(toast).toBeHidden();
    // another size: the page renders again with the same outcome of the add
    const sizes = sized.options.find((o) => o.name === "Size")?.values ?? [];
    const checked = await page.getByRole("group", { name: /^Size/ }).locator("input:checked").inputValue();
    const other = sizes.find((s) => s !== checked) as string;
    await chooseOption(page, "Size", other);
    await expect(page.getByRole("group", { name: /^Size/ }).locator("input:checked")).toHaveValue(other);
    await expect.poll(() => new URL(page.url()).searchParams.get("variant")).not.toBe(null);
    // (not toBeHidden, which would also pass once a message shown again had faded)
    expect(await toast.count()).toBe(0);
  });
});

test.describe("cart and checkout without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("choose a size with the form, add to cart, check out: plain forms all the way", async ({ page, browser }) => {
    const api = await adminApi(browser);
    const { sized } = await products(api, 5);
    const large = sized.variants.find((v) => v.options.Size === "L") as Variant;
    await setStock(api, large.id, 10);
    const account = await createAccount(page.request, newAccount("No Script"));
    expect(account.email).toContain("@");

    await page.goto(`/product/${sized._id}`);
    for (const option of sized.options) await chooseOption(page, option.name, large.options[option.name]);
    await page.getByRole("button", { name: "Show this option" }).click();
    await expect(page).toHaveURL(/Size=L/);
    await page.getByRole("button", { name: "Add to cart" }).click();
    // back on the product page, with the outcome and the count
    await expect(page.getByTestId("toast")).toContainText(`Added ${sized.title}`);
    await expect(cartCount(page)).toHaveText("1");

    await page.goto("/cart");
    await page.getByRole("button", { name: `One more ${sized.title} (${large.title})` }).click();
    await expect(page.getByLabel(`Quantity of ${sized.title} (${large.title})`)).toHaveValue("2");

    await page.goto("/checkout");
    await page.getByLabel("Address").fill("1 Quiet Lane");
    await page.getByLabel("City").fill("York");
    await page.getByLabel("State").fill("North Yorkshire");
    await page.getByLabel("Zip").fill("YO1 7HH");
    await page.getByLabel("Phone").fill("+44 1904 000000");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: /^Place order/ }).click();
    await expect(page.getByText(/Your order #\d+ has been placed/)).toBeVisible();
    expect(await stockOf(api, sized._id, large.id)).toBe(8);
  });
});
