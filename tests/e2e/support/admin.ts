/**
 * Helpers for the admin-area tests: the demo admin signed in in a browser context of its own, test
 * products and images, orders with details unique to one test, and the admin pages' rows and
 * confirmation dialogs.
 *
 * The test object exported here is fixtures.ts's (so `page` + `customer` is a fresh customer) plus
 *   openBrowser — opens a page in a new browser context (own cookies), closed after the test;
 *   admin — a page in its own browser context, signed in as the demo admin (through the API: the login
 *     form is auth.spec's).
 */
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { type Account, createAccount, newAccount, signInThroughApi } from "./accounts.ts";
import { shopOrigin, uniqueTag } from "./env.ts";
import { test as base } from "./fixtures.ts";
import { open } from "./navigation.ts";
import type { ApiOrder, ApiProduct } from "./shop-api.ts";

export const DEMO_ADMIN: Account = {
  name: "Demo Admin",
  email: "admin@demo.vitrine.test",
  password: "demo-admin-1234",
};

/** The admin pages with their headings. */
export const ADMIN_PAGES = [
  { path: "/dashboard/manageorders", heading: "All Order", menu: "Manage All Orders" },
  { path: "/dashboard/manageallproducts", heading: "All Product", menu: "Manage Products" },
  { path: "/dashboard/addnewproduct", heading: "Add A Product", menu: "Add A Product" },
  { path: "/dashboard/reviews", heading: "All Customer Review", menu: "All Customer Reviews" },
  { path: "/dashboard/makeadmin", heading: "Make Admin", menu: "Make Admin" },
  { path: "/dashboard/mail", heading: "Mail", menu: "Mail" },
  { path: "/dashboard/pages", heading: "Help pages", menu: "Help pages" },
  { path: "/dashboard/settings", heading: "Shop settings", menu: "Settings" },
] as const;

/** Opens a page in a new browser context of its own (own cookies) on the shop; closed after the test. */
export type OpenBrowser = () => Promise<Page>;

/** A fresh customer registered and signed in in a browser context of their own. */
export async function newCustomerPage(
  openBrowser: OpenBrowser,
  account: Account = newAccount(),
): Promise<{ page: Page; account: Account }> {
  const page = await openBrowser();
  await createAccount(page.request, account);
  return { page, account };
}

export const test = base.extend<{ openBrowser: OpenBrowser; admin: Page }>({
  openBrowser: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL: shopOrigin() });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
  admin: async ({ openBrowser }, use) => {
    const page = await openBrowser();
    await signInThroughApi(page.request, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await use(page);
  },
});

export { expect };

/** Opens an admin page and waits for its heading. */
export async function openAdminPage(page: Page, path: string, heading: string): Promise<void> {
  const response = await open(page, path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
}

// ── writes with cookies: the Origin header that the shop's cross-site check wants ──

export const withOrigin = () => ({ origin: shopOrigin() });

/** A form post to a page's action as the user of `request`, without following the redirect it may answer. */
export function postPageForm(request: APIRequestContext, path: string, form: Record<string, string>) {
  return request.post(path, { form, headers: withOrigin(), maxRedirects: 0 });
}

// ── images ──

/** A real PNG (a coloured rectangle with a lighter band), made with sharp. */
export async function makePng(width = 480, height = 360, background = { r: 32, g: 96, b: 160 }): Promise<Buffer> {
  const band = await sharp({
    create: { width, height: Math.max(1, Math.floor(height / 4)), channels: 3, background: { r: 240, g: 200, b: 80 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: band, top: Math.floor(height / 3), left: 0 }])
    .png()
    .toBuffer();
}

/** A valid but uncompressed PNG of more than `bytes` bytes (an image that is too large to upload). */
export async function makeHugePng(bytes: number): Promise<Buffer> {
  const width = 1600;
  const height = Math.ceil(bytes / (width * 3)) + 10;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) & 0xff;
  const png = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeGreaterThan(bytes);
  return png;
}

// ── products ──

/** A product title containing a word no other product has (for searching). */
export function uniqueProduct(label = "Desk Lamp"): { word: string; title: string } {
  const word = `zq${uniqueTag("").replace(/[^a-z0-9]/gi, "")}`;
  return { word, title: `${label} ${word}` };
}

/** Adds a product through POST /api/products as the admin of `request` (for test set-up). */
export async function createProduct(
  request: APIRequestContext,
  fields: { title: string; price?: number; category?: string; desc1?: string },
): Promise<ApiProduct> {
  const response = await request.post("/api/products", {
    multipart: {
      title: fields.title,
      price: String(fields.price ?? 42.5),
      Categories: fields.category ?? "accessories",
      desc1: fields.desc1 ?? "Made for the admin tests",
      image: { name: "product.png", mimeType: "image/png", buffer: await makePng(320, 240) },
    },
    headers: withOrigin(),
  });
  expect(response.status(), `POST /api/products: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { product: ApiProduct }).product;
}

/** Removes a product through the API, ignoring one that is already gone (test clean-up). */
export async function removeProduct(request: APIRequestContext, id: string): Promise<void> {
  const response = await request.delete(`/api/products/${id}`, { headers: withOrigin() });
  expect([200, 404], `DELETE /api/products/${id}`).toContain(response.status());
}

/** `$1,234.50`, as the shop shows prices. */
export const usd = (dollars: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(dollars);

// ── orders ──

export type OrderDetails = {
  full_name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
};

/** Shipping details no other test uses, so that the admin can find the order's row by its text. */
export function uniqueOrderDetails(): OrderDetails {
  const tag = uniqueTag("o").slice(-6);
  return {
    full_name: `Grace Hopper ${tag}`,
    address: `${Math.floor(Math.random() * 900) + 100} Compiler Lane ${tag}`,
    city: "Arlington",
    state: "Virginia",
    zip: "22201",
    phone: `+1 703 555 ${String(Math.floor(Math.random() * 9000) + 1000)}`,
  };
}

/** Places an order with these details as the signed-in customer of `request` (POST /api/orders). */
export async function placeOrderWith(
  request: APIRequestContext,
  productId: string,
  details: OrderDetails = uniqueOrderDetails(),
): Promise<ApiOrder> {
  const response = await request.post("/api/orders", {
    data: { ...details, checkbox: true, productId },
    headers: withOrigin(),
  });
  expect(response.status(), `POST /api/orders: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { order: ApiOrder }).order;
}

/** The stock of the product's first variant, as the API tells the one signed in on `request`. */
export async function firstVariantStock(request: APIRequestContext, productId: string): Promise<number> {
  const response = await request.get(`/api/products/${productId}`);
  expect(response.status(), `GET /api/products/${productId}`).toBe(200);
  return ((await response.json()) as { variants: { stock: number }[] }).variants[0].stock;
}

/**
 * A card order of one of this product, paid: the customer signed in on `page` puts it in the cart,
 * checks out with Card (POST /api/checkout, payment_method stripe), and pays on the provider's page
 * (the local Stripe stand-in, which delivers its signed webhook to the shop before coming back).
 */
export async function placePaidCardOrder(
  page: Page,
  productId: string,
  details: OrderDetails = uniqueOrderDetails(),
): Promise<ApiOrder> {
  const product = await page.request.get(`/api/products/${productId}`);
  const [variant] = ((await product.json()) as { variants: { id: string }[] }).variants;
  const added = await page.request.post("/api/cart/items", {
    data: { variantId: variant.id, quantity: 1 },
    headers: withOrigin(),
  });
  expect(added.status(), `POST /api/cart/items: ${await added.text()}`).toBe(201);
  const placed = await page.request.post("/api/checkout", {
    data: { ...details, checkbox: true, payment_method: "stripe" },
    headers: { ...withOrigin(), "idempotency-key": uniqueTag("card") },
  });
  expect(placed.status(), `POST /api/checkout: ${await placed.text()}`).toBe(201);
  const { order, payment } = (await placed.json()) as { order: ApiOrder; payment: { url: string | null } };
  expect(payment.url, "the provider's payment page").toBeTruthy();
  await page.goto(payment.url as string);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=/);
  return order;
}

/** The row of the Manage Orders table that shows `text` (e.g. the unique customer name). */
export const adminOrderRow = (page: Page, text: string) => page.getByTestId("admin-order").filter({ hasText: text });

/** One cell of a Manage Orders row, by its column. */
export const orderCell = (
  row: Locator,
  column: "Customer" | "Product" | "Price" | "Email" | "Address" | "Phone" | "Status" | "Payment" | "Cancel" | "Delete",
) => row.locator(`td[data-label="${column}"]`);

export const orderStatusFilter = (page: Page) => page.getByRole("navigation", { name: "Filter orders by status" });

/** The texts of the Status column of every row on the page. */
export async function statusColumn(page: Page): Promise<string[]> {
  return (await page.getByTestId("admin-order").locator('td[data-label="Status"]').allTextContents()).map((t) =>
    t.trim(),
  );
}

// ── confirmation dialogs (ConfirmForm) ──

/** The open Yes/No dialog asking `question`. */
export const confirmDialog = (page: Page, question: string | RegExp) => page.getByRole("dialog", { name: question });

/** Clicks `button`, expects the dialog asking `question`, and answers Yes. */
export async function confirmWithYes(page: Page, button: Locator, question: string): Promise<void> {
  await button.click();
  const dialog = confirmDialog(page, question);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Yes" }).click();
  await expect(dialog).toBeHidden();
}
