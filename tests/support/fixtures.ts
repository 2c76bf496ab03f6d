/**
 * Shared helpers for the API tests: catalogue look-ups, order / wishlist / review / product
 * fixtures made through the real API, error assertions, and a snapshot of the shop's tables to
 * prove that a refused request wrote nothing.
 */
import sharp from "sharp";
import { expect } from "vitest";
import { markEmailVerified } from "../../domain/accounts/index.ts";
import type { Client, TestShop } from "./shop.ts";
import { TEST_ORIGIN } from "./shop.ts";

// ── catalogue ──

export type CatalogueProduct = { id: string; title: string; priceCents: number; imageKey: string };

/** A seeded product straight from the database (the `index`-th in shop order). */
export async function firstProduct(shop: TestShop, index = 0): Promise<CatalogueProduct> {
  const row = await shop.db
    .selectFrom("product")
    .select(["id", "title", "price_cents", "image_key"])
    .orderBy("position")
    .orderBy("id")
    .offset(index)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { id: row.id, title: row.title, priceCents: row.price_cents, imageKey: row.image_key };
}

export const pngImage = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();

export const VALID_PRODUCT_FIELDS = {
  title: "Test Lamp 3000",
  Categories: "Accessories",
  price: "49.90",
  desc1: "Warm light",
};

/** The add-product form; `fields` values given as arrays become repeated fields. */
export function productForm(
  fields: Record<string, string | string[]>,
  image?: { data: Buffer | string; type: string; name?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  if (image) {
    const bytes = typeof image.data === "string" ? image.data : new Uint8Array(image.data);
    form.append("image", new Blob([bytes], { type: image.type }), image.name ?? "upload.png");
  }
  return form;
}

/** An admin adds a product (with a real PNG) through POST /api/products; answers its id and JSON. */
export async function createProduct(admin: Client, fields: Record<string, string | string[]> = {}) {
  const res = await admin.request("/api/products", {
    method: "POST",
    body: productForm(
      { ...VALID_PRODUCT_FIELDS, title: `Fixture product ${Math.random().toString(36).slice(2, 8)}`, ...fields },
      { data: await pngImage(), type: "image/png" },
    ),
  });
  expect(res.status).toBe(201);
  const body = await res.json();
  return { id: body.insertedId as string, product: body.product };
}

// ── orders, wishlist, reviews ──

export const orderForm = (productId: string, extra: Record<string, unknown> = {}) => ({
  full_name: "Ada Lovelace",
  address: "12 Analytical Street",
  city: "London",
  state: "Greater London",
  zip: "NW1 6XE",
  phone: "+44 20 7946 0958",
  checkbox: true,
  productId,
  ...extra,
});

/** Places an order through POST /api/orders and answers the response body (`insertedId`, `order`). */
export async function placeOrder(client: Client, productId: string, extra: Record<string, unknown> = {}) {
  const res = await client.request("/api/orders", { method: "POST", json: orderForm(productId, extra) });
  expect(res.status).toBe(201);
  return res.json();
}

export async function addToWishlist(client: Client, productId: string) {
  const res = await client.request("/api/wishlist", { method: "POST", json: { productId } });
  expect(res.status).toBe(201);
  return res.json();
}

export async function addReview(
  client: Client,
  json: Record<string, unknown> = { description: "Solid and well made.", rating: 4 },
) {
  const res = await client.request("/api/reviews", { method: "POST", json });
  expect(res.status).toBe(201);
  return res.json();
}

export async function orderRow(shop: TestShop, id: string) {
  return shop.db.selectFrom("shop_order").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function orderLines(shop: TestShop, orderId: string) {
  return shop.db.selectFrom("order_line").selectAll().where("order_id", "=", orderId).orderBy("position").execute();
}

export async function userRow(shop: TestShop, email: string) {
  return shop.db.selectFrom("user").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
}

/** The account confirms its address, as its mailed link does (the mail tests follow the link itself). */
export async function confirmEmail(shop: TestShop, email: string): Promise<void> {
  const user = await userRow(shop, email);
  if (!user) throw new Error(`no account ${email}`);
  await markEmailVerified({ db: shop.db }, user.id);
}

// ── requests that must be refused ──

/** A body sent as text/plain (→ 415) and one that claims JSON but is not (→ 400). */
export const notJsonBody = (method: string): RequestInit => ({
  method,
  headers: { "content-type": "text/plain" },
  body: "status=Shipped",
});
export const brokenJsonBody = (method: string): RequestInit => ({
  method,
  headers: { "content-type": "application/json" },
  body: '{"status": "Shipped",',
});

/** Asserts the status and the `{ error: { code, message, fields? } }` shape; answers the error. */
export async function expectError(res: Response, status: number, code?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = await res.json();
  expect(body.error).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
  if (code) expect(body.error.code).toBe(code);
  return body.error as { code: string; message: string; fields?: Record<string, string> };
}

// ── "nothing was written" ──

type Row = Record<string, unknown>;

/** Every row of the shop's own tables and the user table, in a stable order. */
export async function snapshot(shop: TestShop): Promise<Record<string, Row[]>> {
  const db = shop.db;
  return {
    user: await db.selectFrom("user").selectAll().orderBy("id").execute(),
    product: await db.selectFrom("product").selectAll().orderBy("id").execute(),
    product_category: await db
      .selectFrom("product_category")
      .selectAll()
      .orderBy("product_id")
      .orderBy("category_id")
      .execute(),
    shop_order: await db.selectFrom("shop_order").selectAll().orderBy("id").execute(),
    order_line: await db.selectFrom("order_line").selectAll().orderBy("id").execute(),
    wishlist_item: await db.selectFrom("wishlist_item").selectAll().orderBy("id").execute(),
    review: await db.selectFrom("review").selectAll().orderBy("id").execute(),
    contact_message: await db.selectFrom("contact_message").selectAll().orderBy("id").execute(),
  };
}

/** Runs `action` and asserts that the shop's data is exactly as before; answers what `action` answered. */
export async function unchanged<T>(shop: TestShop, action: () => Promise<T>): Promise<T> {
  const before = await snapshot(shop);
  const result = await action();
  expect(await snapshot(shop)).toEqual(before);
  return result;
}

// ── raw requests (no test-client conveniences) ──

/** A request straight to the app: no cookie and no Origin unless given. */
export function rawRequest(shop: TestShop, path: string, init: RequestInit = {}) {
  return Promise.resolve(shop.app.request(`${TEST_ORIGIN}${path}`, init));
}

/** POST /api/auth/sign-in/email, answering the raw response (cookie and `set-auth-token` headers). */
export function signInResponse(shop: TestShop, email: string, password: string, options: { origin?: boolean } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.origin !== false) headers.origin = TEST_ORIGIN;
  return rawRequest(shop, "/api/auth/sign-in/email", {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
}

/** The shop's database with Better Auth's session and account tables typed (db/schema.ts leaves them out). */
export const authDb = (shop: TestShop) =>
  shop.db.withTables<{
    session: { id: string; token: string; userId: string; expiresAt: string | Date };
    account: { id: string; userId: string; providerId: string; password: string | null };
  }>();

/** `name=value; name2=value2` from a response's Set-Cookie headers. */
export const cookieHeader = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** How many rows a table has. */
export async function countRows(
  shop: TestShop,
  table: "user" | "session" | "product" | "shop_order" | "order_line" | "wishlist_item" | "review" | "contact_message",
) {
  const row = await authDb(shop)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
