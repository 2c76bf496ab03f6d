import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PRICE_DOLLARS, MAX_SEARCH_LENGTH } from "../../domain/catalog/index.ts";
import { MAX_OFFSET, MAX_PAGE_SIZE } from "../../domain/shared/pagination.ts";
import {
  addToWishlist,
  countRows,
  createProduct,
  expectError,
  firstProduct,
  orderLines,
  placeOrder,
  pngImage,
  productForm,
  unchanged,
  VALID_PRODUCT_FIELDS as validFields,
} from "../support/fixtures.ts";
import { createTestShop, TEST_MAX_UPLOAD_BYTES, type TestShop } from "../support/shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

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

  it(`lowers a limit above ${MAX_PAGE_SIZE} to ${MAX_PAGE_SIZE}, and refuses a limit below 1 or an offset past ${MAX_OFFSET.toLocaleString("en")} with 400`, async () => {
    const many = await shop.anonymous.request("/api/products?limit=100000");
    expect(many.status).toBe(200);
    expect((await many.json()).length).toBe(Math.min(MAX_PAGE_SIZE, Number(many.headers.get("x-total-count"))));
    for (const query of ["limit=0", "limit=-5", "offset=999999999", "offset=1e20", "limit=abc"]) {
      const res = await shop.anonymous.request(`/api/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys((await res.json()).error.fields).length, query).toBe(1);
    }
  });
});

describe("POST /api/products", () => {
  it("lets an admin add a product with an image, stored as WebP", async () => {
    const admin = await shop.admin();
    const res = await admin.request("/api/products", {
      method: "POST",
      body: productForm(validFields, { data: await pngImage(), type: "image/png" }),
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.insertedId).toEqual(expect.any(String));
    const row = await shop.db
      .selectFrom("product")
      .selectAll()
      .where("id", "=", body.insertedId)
      .executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(4990);
    const image = await shop.anonymous.request(body.product.images["1200"]);
    expect(image.headers.get("content-type")).toBe("image/webp");
  });

  it("adds a draft with the stock it is given, published with 100 when neither is said", async () => {
    const admin = await shop.admin();
    const add = async (fields: Record<string, string>) =>
      admin.request("/api/products", {
        method: "POST",
        body: productForm({ ...validFields, ...fields }, { data: await pngImage(), type: "image/png" }),
      });
    const stored = (id: string) =>
      shop.db
        .selectFrom("product")
        .innerJoin("product_variant", "product_variant.product_id", "product.id")
        .select(["product.status", "product_variant.stock"])
        .where("product.id", "=", id)
        .execute();
    const draft = await add({ status: "draft", stock: "12" });
    expect(draft.status).toBe(201);
    const draftId = (await draft.json()).insertedId;
    expect(await stored(draftId)).toEqual([{ status: "draft", stock: 12 }]);
    expect((await shop.anonymous.request(`/api/products/${draftId}`)).status).toBe(404);
    const plainId = (await (await add({})).json()).insertedId;
    expect(await stored(plainId)).toEqual([{ status: "published", stock: 100 }]);
    // the catalogue's other tests count published products against the table
    await admin.request(`/api/products/${draftId}`, { method: "DELETE" });
    await admin.request(`/api/products/${plainId}`, { method: "DELETE" });

    for (const [fields, field] of [
      [{ status: "hidden" }, "status"],
      [{ stock: "-1" }, "stock"],
      [{ stock: "2.5" }, "stock"],
    ] as const) {
      const res = await unchanged(shop, () => add(fields));
      const error = await expectError(res, 422, "validation_failed");
      expect(Object.keys(error.fields ?? {}), JSON.stringify(fields)).toEqual([field]);
    }
  });

  it("refuses customers (403) and anonymous visitors (401), storing nothing", async () => {
    const customer = await shop.customer();
    const form = async () => productForm(validFields, { data: await pngImage(), type: "image/png" });
    const asCustomer = await unchanged(shop, async () =>
      customer.request("/api/products", { method: "POST", body: await form() }),
    );
    await expectError(asCustomer, 403, "forbidden");
    const asVisitor = await unchanged(shop, async () =>
      shop.anonymous.request("/api/products", { method: "POST", body: await form() }),
    );
    await expectError(asVisitor, 401, "unauthenticated");
  });

  it("refuses a file that is not really an image", async () => {
    const admin = await shop.admin();
    const res = await unchanged(shop, () =>
      admin.request("/api/products", {
        method: "POST",
        body: productForm(validFields, { data: "not a png at all", type: "image/png" }),
      }),
    );
    expect(res.status).toBe(415);
    const body = await res.json();
    expect(body.error.code).toBe("unsupported_media_type");
    expect(body.error.fields.image).toEqual(expect.any(String));
  });
});

describe("GET /api/products (paging and filters)", () => {
  it("counts the whole catalogue in X-Total-Count and pages consistently", async () => {
    const res = await shop.anonymous.request("/api/products?limit=3");
    expect(Number(res.headers.get("x-total-count"))).toBe(await countRows(shop, "product"));
    const three = await res.json();
    const page = await (await shop.anonymous.request("/api/products?limit=2&offset=1")).json();
    expect(page.map((p: { _id: string }) => p._id)).toEqual(three.slice(1).map((p: { _id: string }) => p._id));
  });

  it("treats LIKE wildcards in the search text literally", async () => {
    for (const q of ["%", "_", "\\"]) {
      const res = await shop.anonymous.request(`/api/products?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-total-count")).toBe("0");
      expect(await res.json()).toEqual([]);
    }
  });

  it("answers 400 for a malformed category, an over-long search or a negative offset", async () => {
    expect(
      (await expectError(await shop.anonymous.request("/api/products?category=no%20such!"), 400)).fields?.category,
    ).toEqual(expect.any(String));
    const tooLong = "a".repeat(MAX_SEARCH_LENGTH + 1);
    expect((await expectError(await shop.anonymous.request(`/api/products?q=${tooLong}`), 400)).fields?.q).toEqual(
      expect.any(String),
    );
    expect((await expectError(await shop.anonymous.request("/api/products?offset=-1"), 400)).fields?.offset).toEqual(
      expect.any(String),
    );
  });
});

describe("GET /api/products/{id}", () => {
  it("answers one product with the original shop's field names", async () => {
    const product = await firstProduct(shop);
    const res = await shop.anonymous.request(`/api/products/${product.id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      _id: product.id,
      title: product.title,
      price: product.priceCents / 100,
      image: `/media/${product.imageKey}-480.webp`,
    });
    expect(body).toEqual(
      expect.objectContaining({
        Categories: expect.any(String),
        desc1: expect.any(String),
        desc2: expect.any(String),
        desc3: expect.any(String),
        desc4: expect.any(String),
      }),
    );
  });

  it("answers 404 for an unknown id", async () => {
    await expectError(await shop.anonymous.request("/api/products/no-such-product"), 404, "not_found");
  });
});

describe("GET /api/categories", () => {
  it("lists the categories in shop order", async () => {
    const res = await shop.anonymous.request("/api/categories");
    expect(res.status).toBe(200);
    const categories = await res.json();
    const rows = await shop.db.selectFrom("category").select(["slug", "name"]).orderBy("position").execute();
    expect(categories.map((c: { slug: string; name: string }) => ({ slug: c.slug, name: c.name }))).toEqual(rows);
    expect(rows.map((r) => r.slug)).toContain("shoes");
  });
});

describe("POST /api/products (fields and refusals)", () => {
  it("stores every field and each category given as repeated fields", async () => {
    const admin = await shop.admin();
    const { id, product } = await createProduct(admin, {
      title: "Trail Runner",
      Categories: ["Men", "shoes"],
      price: "$120",
      desc2: "Grip",
      desc3: "Light",
      desc4: "",
    });
    expect(product).toMatchObject({
      _id: id,
      title: "Trail Runner",
      price: 120,
      Categories: "Men, Shoes",
      desc2: "Grip",
      desc3: "Light",
      desc4: "",
    });
    expect(await shop.db.selectFrom("product").selectAll().where("id", "=", id).executeTakeFirst()).toMatchObject({
      title: "Trail Runner",
      title_search: "trail runner",
      price_cents: 12000,
      desc1: validFields.desc1,
      desc2: "Grip",
      desc3: "Light",
      desc4: null,
    });
    const links = await shop.db
      .selectFrom("product_category")
      .innerJoin("category", "category.id", "product_category.category_id")
      .select("category.slug")
      .where("product_id", "=", id)
      .orderBy("category.slug")
      .execute();
    expect(links.map((l) => l.slug)).toEqual(["men", "shoes"]);
    expect((await (await shop.anonymous.request(`/api/products/${id}`)).json()).title).toBe("Trail Runner");
  });

  it("answers 422 naming each missing field, storing nothing", async () => {
    const admin = await shop.admin();
    const image = { data: await pngImage(), type: "image/png" };
    const res = await unchanged(shop, () =>
      admin.request("/api/products", { method: "POST", body: productForm({}, image) }),
    );
    const error = await expectError(res, 422, "validation_failed");
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(["Categories", "desc1", "price", "title"]);
  });

  it("answers 422 for a missing image, an unknown category or a bad price, storing nothing", async () => {
    const admin = await shop.admin();
    const image = { data: await pngImage(), type: "image/png" };
    const noImage = await unchanged(shop, () =>
      admin.request("/api/products", { method: "POST", body: productForm(validFields) }),
    );
    expect((await expectError(noImage, 422)).fields?.image).toEqual(expect.any(String));
    const category = await unchanged(shop, () =>
      admin.request("/api/products", {
        method: "POST",
        body: productForm({ ...validFields, Categories: "Spaceships" }, image),
      }),
    );
    expect((await expectError(category, 422)).fields?.Categories).toMatch(/Spaceships/);
    for (const price of ["-1", "abc", "1.234", String(MAX_PRICE_DOLLARS + 1)]) {
      const res = await unchanged(shop, () =>
        admin.request("/api/products", { method: "POST", body: productForm({ ...validFields, price }, image) }),
      );
      expect((await expectError(res, 422)).fields?.price).toEqual(expect.any(String));
    }
  });

  it("answers 415 for a body that is not multipart and for a file type that is not an image, storing nothing", async () => {
    const admin = await shop.admin();
    const json = await unchanged(shop, () =>
      admin.request("/api/products", { method: "POST", json: { ...validFields } }),
    );
    await expectError(json, 415, "unsupported_media_type");
    const text = await unchanged(shop, () =>
      admin.request("/api/products", {
        method: "POST",
        body: productForm(validFields, { data: "hello", type: "text/plain", name: "notes.txt" }),
      }),
    );
    expect((await expectError(text, 415, "unsupported_media_type")).fields?.image).toEqual(expect.any(String));
  });

  it("refuses an SVG (scripts!) disguised as a PNG with 415, storing nothing", async () => {
    const admin = await shop.admin();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script><rect width="64" height="64"/></svg>';
    for (const type of ["image/png", "image/svg+xml"]) {
      const res = await unchanged(shop, () =>
        admin.request("/api/products", {
          method: "POST",
          body: productForm(validFields, { data: svg, type, name: "pic.png" }),
        }),
      );
      expect((await expectError(res, 415, "unsupported_media_type")).fields?.image, type).toEqual(expect.any(String));
    }
  });

  it(`answers 413 for an upload over the limit (${TEST_MAX_UPLOAD_BYTES / 1024} KB in tests), storing nothing`, async () => {
    const admin = await shop.admin();
    // just over the file limit, and far over the request limit
    for (const size of [TEST_MAX_UPLOAD_BYTES + 1000, 2 * 1024 * 1024]) {
      const res = await unchanged(shop, () =>
        admin.request("/api/products", {
          method: "POST",
          body: productForm(validFields, { data: Buffer.alloc(size, 1), type: "image/png" }),
        }),
      );
      await expectError(res, 413, "payload_too_large");
    }
  });
});

describe("DELETE /api/products/{id}", () => {
  it("lets an admin delete a product and its category links", async () => {
    const admin = await shop.admin();
    const { id } = await createProduct(admin);
    const res = await admin.request(`/api/products/${id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await res.json()).deletedCount).toBe(1);
    expect(await shop.db.selectFrom("product").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(
      await shop.db.selectFrom("product_category").select("product_id").where("product_id", "=", id).execute(),
    ).toEqual([]);
    await expectError(await shop.anonymous.request(`/api/products/${id}`), 404);
  });

  it("keeps orders and wishlist items readable: product id becomes null, title, price and image stay", async () => {
    const admin = await shop.admin();
    const { id, product } = await createProduct(admin, { price: "19.99" });
    const customer = await shop.customer();
    const { insertedId: orderId } = await placeOrder(customer, id);
    const { insertedId: itemId } = await addToWishlist(customer, id);
    expect((await admin.request(`/api/products/${id}`, { method: "DELETE" })).status).toBe(200);

    const [line] = await orderLines(shop, orderId);
    expect(line).toMatchObject({ product_id: null, title: product.title, unit_price_cents: 1999 });
    expect(
      await shop.db.selectFrom("wishlist_item").selectAll().where("id", "=", itemId).executeTakeFirst(),
    ).toMatchObject({ product_id: null, title: product.title, price_cents: 1999 });

    const [order] = await (await customer.request(`/api/orders/${customer.email}`)).json();
    expect(order.booking_deatils).toEqual({ _id: null, title: product.title, price: 19.99, image: product.image });
    const [item] = await (await customer.request(`/api/wishlist/${customer.email}`)).json();
    expect(item.product_deatils).toEqual({ _id: null, title: product.title, price: 19.99, image: product.image });
    // the image files are kept for them
    expect((await shop.anonymous.request(product.image)).status).toBe(200);
    // the order can still be cancelled, and the item removed
    expect((await customer.request(`/api/orders/${orderId}`, { method: "DELETE" })).status).toBe(200);
    expect((await customer.request(`/api/wishlist/${itemId}`, { method: "DELETE" })).status).toBe(200);
  });

  it("refuses customers (403) and anonymous visitors (401), changing nothing", async () => {
    const product = await firstProduct(shop);
    const customer = await shop.customer();
    await expectError(
      await unchanged(shop, () => customer.request(`/api/products/${product.id}`, { method: "DELETE" })),
      403,
      "forbidden",
    );
    await expectError(
      await unchanged(shop, () => shop.anonymous.request(`/api/products/${product.id}`, { method: "DELETE" })),
      401,
      "unauthenticated",
    );
  });

  it("answers 404 for an unknown id", async () => {
    const admin = await shop.admin();
    await expectError(
      await unchanged(shop, () => admin.request("/api/products/no-such-product", { method: "DELETE" })),
      404,
      "not_found",
    );
  });
});
