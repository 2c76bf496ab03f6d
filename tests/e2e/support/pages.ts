/**
 * Page objects: the shop's screens as the tests talk about them (header, catalogue cards, the
 * product page, the order form, My Orders, forms with messages beside their fields).
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { ORDER_DETAILS } from "./shop-api.ts";

// ── shared bits ──

/** A form field shows `message` beside it: marked invalid, with the message as its description. */
export async function expectFieldError(field: Locator, message: string | RegExp): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

/** A toast (the shop's announced message) with this text is on screen. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByTestId("toast").filter({ hasText: text })).toBeVisible();
}

export const header = (page: Page) => page.getByRole("banner");
export const footer = (page: Page) => page.getByRole("contentinfo");

/** Signed out: a Sign In link, no Logout, no Wishlist / Dashboard links. */
export async function expectSignedOutHeader(page: Page): Promise<void> {
  const h = header(page);
  await expect(h.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(h.getByRole("button", { name: "Logout" })).toHaveCount(0);
  await expect(h.getByRole("link", { name: "Wishlist" })).toHaveCount(0);
  await expect(h.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
}

/** Signed in as `name`: Wishlist and Dashboard links, the name, a Logout button, no Sign In. */
export async function expectSignedInHeader(page: Page, name: string): Promise<void> {
  const h = header(page);
  await expect(h.getByRole("link", { name: "Wishlist" })).toHaveAttribute("href", "/mywishlists");
  await expect(h.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(h.getByText(name, { exact: true })).toBeVisible();
  await expect(h.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(h.getByRole("link", { name: "Sign In" })).toHaveCount(0);
}

// ── product cards (catalogue and landing page) ──

export const productCards = (scope: Page | Locator) =>
  ("goto" in scope ? scope.getByRole("main") : scope).getByRole("article");

/** The product ids of the cards in `scope`, in order (read from each card's View link). */
export async function cardProductIds(scope: Page | Locator): Promise<string[]> {
  const hrefs = await productCards(scope)
    .getByRole("link", { name: /^View\b/ })
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => href.replace(/^\/product\//, ""));
}

export async function cardTitles(scope: Page | Locator): Promise<string[]> {
  return productCards(scope).getByRole("heading", { level: 3 }).allTextContents();
}

// ── catalogue ──

export const catalogue = {
  searchBox: (page: Page) => page.getByRole("searchbox", { name: "Search" }),
  /** The "N products matching “q”" line, once the results for `q` are shown. */
  resultLine: (page: Page, q: string) =>
    page.getByText(new RegExp(`^\\d+ products? matching “${q.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}”$`)),
  categoryNav: (page: Page) => page.getByRole("main").getByRole("navigation", { name: "Categories" }),
  pagination: (page: Page) => page.getByRole("navigation", { name: "Pagination" }),
};

/** Every card on the page is one of `allowed` (and there is at least one card). */
export async function expectOnlyProducts(page: Page, allowed: Iterable<string>): Promise<void> {
  const set = new Set(allowed);
  await expect(productCards(page).first()).toBeVisible();
  const ids = await cardProductIds(page);
  expect(ids.length).toBeGreaterThan(0);
  expect(
    ids.filter((id) => !set.has(id)),
    "cards outside the expected set",
  ).toEqual([]);
}

// ── product page ──

export const productPage = {
  /** The wishlist heart: "Add to wishlist" or "In wishlist". */
  heart: (page: Page) => page.getByRole("main").getByRole("button", { name: /^(Add to wishlist|In wishlist)$/ }),
  shareButton: (page: Page) => page.getByRole("button", { name: "Share" }),
  shareDialog: (page: Page) => page.getByRole("dialog", { name: "Share this product" }),
};

// ── order form (/buyProducts/{id}) ──

export const ORDER_FIELDS = [
  { label: "Full name", key: "full_name" },
  { label: "Address", key: "address" },
  { label: "City", key: "city" },
  { label: "State", key: "state" },
  { label: "Zip", key: "zip" },
  { label: "Phone", key: "phone" },
] as const;

export const orderForm = {
  form: (page: Page) => page.getByRole("region", { name: "Order form" }),
  field: (page: Page, label: string) => orderForm.form(page).getByLabel(label, { exact: true }),
  acknowledgement: (page: Page) => orderForm.form(page).getByRole("checkbox"),
  submit: (page: Page) => orderForm.form(page).getByRole("button", { name: /^Place order/ }),
  async fill(page: Page, values: Record<string, string> = ORDER_DETAILS) {
    for (const { label, key } of ORDER_FIELDS) await orderForm.field(page, label).fill(values[key]);
    await orderForm.acknowledgement(page).check();
  },
  confirmation: (page: Page) =>
    orderForm
      .form(page)
      .getByRole("status")
      .filter({ hasText: /Your order #\d+ has been placed/ }),
};

// ── My Orders ──

export const myOrders = {
  orders: (page: Page) => page.getByTestId("order"),
  order: (page: Page, orderNumber: number | string) => page.getByTestId("order").filter({ hasText: `#${orderNumber}` }),
  cancelButton: (order: Locator) => order.getByRole("button", { name: /^Cancel order/ }),
};

/** Whether the page's <main> shows this text (for the many "shows X" checks). */
export const inMain = (page: Page, text: string | RegExp) => page.getByRole("main").getByText(text);

// ── Sign Up ──

export const registerForm = {
  name: (page: Page) => page.getByLabel("Your Name", { exact: true }),
  email: (page: Page) => page.getByLabel("Your Email", { exact: true }),
  password: (page: Page) => page.getByLabel("Your Password", { exact: true }),
  retype: (page: Page) => page.getByLabel("ReType Your Password", { exact: true }),
  /** Fills the Sign Up form at /register and sends it. */
  async submit(page: Page, values: { name: string; email: string; password: string; retype?: string }) {
    await registerForm.name(page).fill(values.name);
    await registerForm.email(page).fill(values.email);
    await registerForm.password(page).fill(values.password);
    await registerForm.retype(page).fill(values.retype ?? values.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
  },
};

// ── dashboard ──

export const dashboardMenu = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
