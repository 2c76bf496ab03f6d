import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const pngImage = () => sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366aa" } }).png().toBuffer();

function productForm(fields: Record<string, string>, image?: { data: Buffer | string; type: string; name?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append("image", new Blob([typeof image.data === "string" ? image.data : new Uint8Array(image.data)], { type: image.type }), image.name ?? "upload.png");
  return form;
}

const validFields = { title: "Test Lamp 3000", Categories: "Accessories", price: "49.90", desc1: "Warm light" };

describe("GET /api/products", () => {
  it("lists the seeded catalogue with image URLs and a total", async () => {
    const res = await shop.anonymous.request("/api/products?limit=5");
    expect(res.status).toBe(200);
    const total = Number(res.headers.get("x-total-count"));
    expect(total).toBeGreaterThanOrEqual(48);
    const products = await res.json();
    expect(products).toHaveLength(5);
    for (const p of products) {
      expect(p._id).toEqual(expect.any(String));
      expect(p.image).toMatch(/^\/media\/products\/.+-480\.webp$/);
      expect(typeof p.price).toBe("number");
      expect(p.Categories.length).toBeGreaterThan(0);
    }
    const image = await shop.anonymous.request(products[0].image);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
  });

  it("searches titles case-insensitively and filters by category", async () => {
    const [first] = await (await shop.anonymous.request("/api/products?limit=1")).json();
    const word = first.title.split(" ")[0];
    const res = await shop.anonymous.request(`/api/products?q=${encodeURIComponent(word.toUpperCase())}`);
    const found = await res.json();
    expect(found.map((p: { _id: string }) => p._id)).toContain(first._id);
    for (const p of found) expect(p.title.toLowerCase()).toContain(word.toLowerCase());

    const shoes = await (await shop.anonymous.request("/api/products?category=shoes&limit=100")).json();
    expect(shoes.length).toBeGreaterThan(0);
    for (const p of shoes) expect(p.categories.map((c: { slug: string }) => c.slug)).toContain("shoes");
  });

  it("refuses bad paging with 422", async () => {
    const res = await shop.anonymous.request("/api/products?limit=100000");
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields.limit).toBeTruthy();
  });
});

describe("POST /api/products", () => {
  it("lets an admin add a product with an image, stored as WebP", async () => {
    const admin = await shop.admin();
    const res = await admin.request("/api/products", { method: "POST", body: productForm(validFields, { data: await pngImage(), type: "image/png" }) });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.insertedId).toEqual(expect.any(String));
    const row = await shop.db.selectFrom("product").selectAll().where("id", "=", body.insertedId).executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(4990);
    const image = await shop.anonymous.request(body.product.images["1200"]);
    expect(image.headers.get("content-type")).toBe("image/webp");
  });

  it("refuses customers (403) and anonymous visitors (401), storing nothing", async () => {
    const before = await shop.db.selectFrom("product").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const customer = await shop.customer();
    const form = () => productForm(validFields, { data: Buffer.from("x"), type: "image/png" });
    expect((await customer.request("/api/products", { method: "POST", body: form() })).status).toBe(403);
    expect((await shop.anonymous.request("/api/products", { method: "POST", body: form() })).status).toBe(401);
    const after = await shop.db.selectFrom("product").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses a file that is not really an image", async () => {
    const admin = await shop.admin();
    const res = await admin.request("/api/products", { method: "POST", body: productForm(validFields, { data: "not a png at all", type: "image/png" }) });
    expect(res.status).toBe(415);
    const body = await res.json();
    expect(body.error.code).toBe("unsupported_media_type");
    expect(await shop.db.selectFrom("product").select("id").where("title", "=", validFields.title).where("price_cents", "=", 4990).execute()).toHaveLength(1);
  });
});
