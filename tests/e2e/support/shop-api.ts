/**
 * Reads and writes through the shop's JSON API, for test set-up and for checking what the pages
 * did. Pass `page.request` to act as the customer signed in in that page's browser context.
 */
import { type APIRequestContext, expect, request as playwrightRequest } from "@playwright/test";
import { shopOrigin } from "./env.ts";

export type ApiProduct = {
  _id: string;
  title: string;
  price: number;
  desc1: string;
  desc2: string;
  desc3: string;
  desc4: string;
  categories: { slug: string; name: string }[];
};
export type ApiOrder = {
  _id: string;
  order_id: number;
  user_email: string;
  status: { status: string };
  booking_deatils: { _id: string; title: string } | null;
};
export type ApiWishlistItem = { _id: string; product_deatils: { _id: string; title: string } };
export type ApiReview = { _id: string; name: string; description: string; rating: number };

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Products from GET /api/products (filters: category slug, q). */
export function listProducts(
  request: APIRequestContext,
  params: { category?: string; q?: string; limit?: number } = {},
): Promise<ApiProduct[]> {
  const query = new URLSearchParams({ limit: String(params.limit ?? 100) });
  if (params.category) query.set("category", params.category);
  if (params.q) query.set("q", params.q);
  return json<ApiProduct[]>(request, `/api/products?${query}`);
}

/** One product of the catalogue, the `index`-th in shop order. */
/**
 * The product at this place in the shop's order, with every variant restocked (by the demo admin)
 * so that tests which order it never find it sold out, however often the suite has ordered it.
 */
export async function productAt(request: APIRequestContext, index: number): Promise<ApiProduct> {
  const products = await listProducts(request);
  expect(products.length, "the demo catalogue has products").toBeGreaterThan(index);
  await restock(products[index]._id);
  return products[index];
}

let adminRequest: Promise<APIRequestContext> | undefined;

/** A request context signed in as the demo admin (one per worker); writes need `{ origin: shopOrigin() }`. */
export function demoAdmin(): Promise<APIRequestContext> {
  adminRequest ??= (async () => {
    const context = await playwrightRequest.newContext({ baseURL: shopOrigin() });
    const res = await context.post("/api/auth/sign-in/email", {
      data: { email: "admin@demo.vitrine.test", password: "demo-admin-1234" },
      headers: { origin: shopOrigin() },
    });
    expect(res.status(), "the demo admin signs in").toBe(200);
    return context;
  })();
  return adminRequest;
}

/** Sets every variant of the product to plenty of stock, as the demo admin. */
export async function restock(productId: string, stock = 500): Promise<void> {
  const admin = await demoAdmin();
  const product = (await (await admin.get(`/api/products/${productId}`)).json()) as {
    variants: { id: string; stock: number }[];
  };
  for (const variant of product.variants) {
    if (variant.stock >= stock / 2) continue;
    const res = await admin.patch(`/api/variants/${variant.id}`, {
      data: { stock },
      headers: { origin: shopOrigin() },
    });
    expect(res.status(), "restocking as the demo admin").toBe(200);
  }
}

/** The product's feature lines (desc1 … desc4 that are filled in). */
export const featuresOf = (p: ApiProduct) => [p.desc1, p.desc2, p.desc3, p.desc4].filter((d) => d?.trim());

export const ORDER_DETAILS = {
  full_name: "Ada Lovelace",
  address: "12 Analytical Street",
  city: "London",
  state: "Greater London",
  zip: "NW1 6XE",
  phone: "+44 20 7946 0958",
};

/** Places an order as the signed-in customer of `request` through POST /api/orders. */
export async function placeOrder(request: APIRequestContext, productId: string): Promise<ApiOrder> {
  const response = await request.post("/api/orders", {
    data: { ...ORDER_DETAILS, checkbox: true, productId },
    headers: { origin: shopOrigin() },
  });
  expect(response.status(), `POST /api/orders: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { order: ApiOrder }).order;
}

export const ordersOf = (request: APIRequestContext, email: string) =>
  json<ApiOrder[]>(request, `/api/orders/${encodeURIComponent(email)}`);
export const wishlistOf = (request: APIRequestContext, email: string) =>
  json<ApiWishlistItem[]>(request, `/api/wishlist/${encodeURIComponent(email)}`);
export const listReviews = (request: APIRequestContext) => json<ApiReview[]>(request, "/api/reviews?limit=100");

/** Adds a product to the wishlist of the signed-in customer of `request`. */
export async function addToWishlist(request: APIRequestContext, productId: string): Promise<void> {
  const response = await request.post("/api/wishlist", { data: { productId }, headers: { origin: shopOrigin() } });
  expect(response.status(), `POST /api/wishlist: ${await response.text()}`).toBe(201);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
/** A price as the pages show it: 1249.5 → "$1,249.50". */
export const formatUsd = (dollars: number) => usd.format(dollars);
