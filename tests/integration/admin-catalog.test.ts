/**
 * The admin's catalogue: editing products (partial PUT, variants, validation), drafts hidden from
 * the storefront and the public API, the image gallery, the inventory list, and the products CSV
 * (export, import, dry run, refusals). Runs on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { parse } from "csv-parse/sync";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as auditPage } from "../../app/routes/dashboard/admin/audit.tsx";
import { loader as editPage } from "../../app/routes/dashboard/admin/edit-product.tsx";
import { loader as inventoryPage } from "../../app/routes/dashboard/admin/inventory.tsx";
import { loader as productsPage } from "../../app/routes/dashboard/admin/manage-products.tsx";
import { loader as productPage } from "../../app/routes/product.tsx";
import { loader as sitemapPage } from "../../app/routes/sitemap.ts";
import { unescapeCell } from "../../domain/catalog/csv-rows.ts";
import { createProduct, expectError, placeOrder, pngImage, unchanged } from "../support/fixtures.ts";
import { type Client, createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

// biome-ignore lint/suspicious/noExplicitAny: the route modules' own argument types
type Loader = (args: any) => Promise<unknown>;

/** A page loader's arguments, for a request from this client. */
async function pageArgs(client: Client, path: string, params: Record<string, string> = {}) {
  const request = new Request(`${TEST_ORIGIN}${path}`, { headers: client.cookie ? { cookie: client.cookie } : {} });
  return { request, params, context: await pageContext(shop, request) } as never;
}

/** The status a page answers: 200, or the status it throws (404, a redirect). */
async function pageStatus(client: Client, path: string, loader: Loader, params: Record<string, string>) {
  try {
    await loader(await pageArgs(client, path, params));
    return 200;
  } catch (e) {
    if (e instanceof Response) return e.status;
    return (e as { init?: { status?: number } }).init?.status ?? 500;
  }
}

let shop: TestShop;
let admin: Client;
let customer: Client;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.admin();
  customer = await shop.customer();
});
afterAll(async () => shop?.close());

/** Every row of the catalogue's tables, to prove that a refused request wrote nothing. */
async function catalogue() {
  const db = shop.db;
  return {
    product: await db.selectFrom("product").selectAll().orderBy("id").execute(),
    product_variant: await db.selectFrom("product_variant").selectAll().orderBy("id").execute(),
    product_category: await db
      .selectFrom("product_category")
      .selectAll()
      .orderBy("product_id")
      .orderBy("category_id")
      .execute(),
    product_image: await db.selectFrom("product_image").selectAll().orderBy("id").execute(),
  };
}

async function detail(client: Client, id: string) {
  const res = await client.request(`/api/products/${id}`);
  expect(res.status).toBe(200);
  return res.json();
}

const put = (client: Client, id: string, json: unknown) =>
  client.request(`/api/products/${id}`, { method: "PUT", json });

function imageForm(data: Buffer, alt = "") {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(data)], { type: "image/png" }), "photo.png");
  if (alt) form.append("alt", alt);
  return form;
}

function csvForm(text: string) {
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/csv" }), "products.csv");
  return form;
}

async function exportCsv(): Promise<string> {
  const res = await admin.request("/api/admin/products.csv");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
  return res.text();
}

const importCsv = (text: string, dryRun = false) =>
  admin.request(`/api/admin/products/import${dryRun ? "?dryRun=1" : ""}`, { method: "POST", body: csvForm(text) });

describe("PUT /api/products/{id}", () => {
  it("changes only the fields sent, and records the edit in the audit log", async () => {
    const { id, product } = await createProduct(admin);
    const res = await put(admin, id, { title: "Renamed lamp", price: 12.5 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ title: "Renamed lamp", price: 12.5, desc1: product.desc1, status: "published" });
    expect(body.categories).toEqual(product.categories);
    const audit = await (await admin.request(`/api/admin/audit?target_id=${id}&action=product.update`)).json();
    expect(audit[0].changes).toMatchObject({
      title: { from: product.title, to: "Renamed lamp" },
      priceCents: { from: 4990, to: 1250 },
    });
  });

  it("edits the four descriptions and categories, and clears an optional line with null", async () => {
    const { id } = await createProduct(admin, { desc2: "Second line" });
    const res = await put(admin, id, {
      desc1: "New first",
      desc2: null,
      desc3: "Third",
      desc4: "Fourth",
      Categories: ["Shoes", "Denim"],
    });
    expect(res.status).toBe(200);
    const body = await detail(admin, id);
    expect(body).toMatchObject({ desc1: "New first", desc2: "", desc3: "Third", desc4: "Fourth" });
    expect(body.categories.map((c: { slug: string }) => c.slug).sort()).toEqual(["denim", "shoes"]);
  });

  it("answers a product's categories in the shop's order, with their names, in its page, the list and a search", async () => {
    const shopOrder: { slug: string; name: string }[] = (
      await (await shop.anonymous.request("/api/categories")).json()
    ).map((c: { slug: string; name: string }) => ({ slug: c.slug, name: c.name }));
    const chosen = shopOrder.slice(0, 3);
    const word = `Quillon${Math.random().toString(36).slice(2, 7)}`;
    const { id } = await createProduct(admin, { title: `${word} satchel` });
    // named in the reverse of the shop's order
    expect((await put(admin, id, { Categories: chosen.map((c) => c.name).reverse() })).status).toBe(200);

    expect((await detail(shop.anonymous, id)).categories).toEqual(chosen);
    const listed = await (await shop.anonymous.request(`/api/products?q=${word}`)).json();
    expect(listed.map((p: { _id: string; categories: unknown }) => [p._id, p.categories])).toEqual([[id, chosen]]);
    const searched = await (await shop.anonymous.request(`/api/search?q=${word}`)).json();
    expect(searched.items.map((p: { _id: string; categories: unknown }) => [p._id, p.categories])).toEqual([
      [id, chosen],
    ]);
  });

  it("replaces options and variants: adds, keeps and removes variants with SKU, price and stock", async () => {
    const { id, product } = await createProduct(admin);
    const first = product.variants[0];
    const res = await put(admin, id, {
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { id: first.id, sku: first.sku, options: { Size: "S" }, stock: 3 },
        { sku: `NEW-${id.slice(0, 6)}`, options: { Size: "M" }, price: 59.9, stock: 8 },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.options).toEqual([{ name: "Size", values: ["S", "M"] }]);
    expect(
      body.variants.map((v: { title: string; stock: number; price: number }) => [v.title, v.stock, v.price]),
    ).toEqual([
      ["S", 3, 49.9],
      ["M", 8, 59.9],
    ]);
    expect(body.variants[0].id).toBe(first.id);

    const removed = await put(admin, id, {
      variants: [{ id: body.variants[1].id, sku: body.variants[1].sku, options: { Size: "M" }, stock: 8 }],
    });
    expect(removed.status).toBe(200);
    expect((await removed.json()).variants).toHaveLength(1);
  });

  it("keeps stock that orders changed while the admin edited: untouched it stays, typed over it is refused", async () => {
    const { id, product } = await createProduct(admin);
    const shown = product.variants[0];
    // the admin's page showed `shown.stock`; an order then takes 3
    await shop.db
      .updateTable("product_variant")
      .set({ stock: shown.stock - 3 })
      .where("id", "=", shown.id)
      .execute();
    const variant = { id: shown.id, sku: shown.sku, options: shown.options, stockWas: shown.stock };
    const renamed = await put(admin, id, {
      title: "Renamed while selling",
      variants: [{ ...variant, stock: shown.stock }],
    });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).variants[0].stock).toBe(shown.stock - 3);

    const typed = await unchanged(shop, () =>
      put(admin, id, { title: "Typed over", variants: [{ ...variant, stock: shown.stock + 10 }] }),
    );
    const error = await expectError(typed, 409);
    expect(error.fields?.["variants.0.stock"]).toMatch(/changed meanwhile/);

    const current = { ...variant, stockWas: shown.stock - 3 };
    const fresh = await put(admin, id, { variants: [{ ...current, stock: 20 }] });
    expect((await fresh.json()).variants[0].stock).toBe(20);
  });

  it("answers 422 with every bad field beside its name, and changes nothing", async () => {
    const { id } = await createProduct(admin);
    const other = await createProduct(admin);
    const before = await catalogue();
    const res = await put(admin, id, {
      title: "",
      price: -1,
      status: "hidden",
      Categories: ["Nope"],
    });
    const error = await expectError(res, 422, "validation_failed");
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(["Categories", "price", "status", "title"]);
    const taken = await put(admin, id, {
      variants: [{ sku: other.product.variants[0].sku, stock: 1 }],
    });
    expect((await expectError(taken, 422)).fields).toEqual({ "variants.0.sku": "Another variant has this SKU." });
    const badOption = await put(admin, id, {
      options: [{ name: "Size", values: ["S"] }],
      variants: [{ sku: "X-1", options: { Size: "XL" }, stock: 1 }],
    });
    expect((await expectError(badOption, 422)).fields?.["variants.0.options.0"]).toMatch(/must be one of S/);
    expect(await catalogue()).toEqual(before);
  });

  it("answers 404 for an unknown product, 415 for a body that is not JSON", async () => {
    await expectError(await put(admin, "no-such-product", { title: "X" }), 404);
    const { id } = await createProduct(admin);
    const res = await admin.request(`/api/products/${id}`, {
      method: "PUT",
      headers: { "content-type": "text/plain" },
      body: "title=x",
    });
    await expectError(res, 415);
  });
});

describe("drafts", () => {
  it("are hidden from the public API, search, product page and sitemap, and shown to admins", async () => {
    const word = `zqdraft${Math.random().toString(36).slice(2, 7)}`;
    const { id } = await createProduct(admin, { title: `Hidden ${word}` });
    expect((await put(admin, id, { status: "draft" })).status).toBe(200);

    for (const client of [shop.anonymous, customer]) {
      await expectError(await client.request(`/api/products/${id}`), 404);
      const search = await (await client.request(`/api/search?q=${word}`)).json();
      expect(search.total).toBe(0);
      const list = await (await client.request("/api/products?limit=100&sort=newest")).json();
      expect(list.map((p: { _id: string }) => p._id)).not.toContain(id);
      expect(await pageStatus(client, `/product/${id}`, productPage, { productId: id })).toBe(404);
    }
    const sitemap = (await sitemapPage(await pageArgs(shop.anonymous, "/sitemap.xml"))) as Response;
    expect(await sitemap.text()).not.toContain(id);
    // the public asking for drafts is refused
    await expectError(await shop.anonymous.request("/api/products?status=draft"), 401);
    await expectError(await customer.request("/api/search?status=all"), 403);

    expect((await detail(admin, id)).status).toBe("draft");
    const drafts = await (await admin.request(`/api/search?q=${word}&status=draft`)).json();
    expect(drafts.items.map((p: { _id: string }) => p._id)).toEqual([id]);
    const all = await admin.request("/api/products?status=all&limit=100&sort=newest");
    expect((await all.json()).map((p: { _id: string }) => p._id)).toContain(id);
    const published = await (await admin.request(`/api/search?q=${word}`)).json();
    expect(published.total).toBe(0);
    expect(await pageStatus(admin, `/product/${id}`, productPage, { productId: id })).toBe(200);

    // published again: everyone sees it at once (the cached answers follow the catalogue's version)
    expect((await put(admin, id, { status: "published" })).status).toBe(200);
    expect((await shop.anonymous.request(`/api/products/${id}`)).status).toBe(200);
    expect((await (await shop.anonymous.request(`/api/search?q=${word}`)).json()).total).toBe(1);
  });

  it("cannot be put in a cart by a customer", async () => {
    const { id, product } = await createProduct(admin);
    expect((await put(admin, id, { status: "draft" })).status).toBe(200);
    const res = await customer.request("/api/cart/items", {
      method: "POST",
      json: { variantId: product.variants[0].id, quantity: 1 },
    });
    expect(res.status).toBe(404);
  });
});

describe("the gallery", () => {
  it("adds, reorders (the first is the main image) and removes images, keeping at least one", async () => {
    const { id, product } = await createProduct(admin);
    const added = await admin.request(`/api/products/${id}/images`, {
      method: "POST",
      body: imageForm(await pngImage(80, 60), "Side view"),
    });
    expect(added.status).toBe(201);
    const gallery = await added.json();
    expect(gallery).toHaveLength(2);
    expect(gallery[1]).toMatchObject({ alt: "Side view", position: 1, width: 480 });

    const order = [
      { id: gallery[1].id, alt: "Side view" },
      { id: gallery[0].id, alt: "Front" },
    ];
    const arranged = await admin.request(`/api/products/${id}/images`, { method: "PUT", json: { images: order } });
    expect(arranged.status).toBe(200);
    expect((await arranged.json()).map((i: { id: string }) => i.id)).toEqual(order.map((i) => i.id));
    const after = await detail(shop.anonymous, id);
    expect(after.image).toBe(gallery[1].image);
    expect(after.gallery.map((i: { alt: string }) => i.alt)).toEqual(["Side view", "Front"]);

    await expectError(
      await admin.request(`/api/products/${id}/images`, { method: "PUT", json: { images: [order[0]] } }),
      422,
    );
    const removed = await admin.request(`/api/products/${id}/images/${gallery[1].id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await detail(shop.anonymous, id)).image).toBe(product.image);
    await expectError(await admin.request(`/api/products/${id}/images/${gallery[0].id}`, { method: "DELETE" }), 409);
    await expectError(await admin.request(`/api/products/${id}/images/nope`, { method: "DELETE" }), 404);
  });

  it("refuses a file that is not an image", async () => {
    const { id } = await createProduct(admin);
    const before = await catalogue();
    const form = new FormData();
    form.append("image", new Blob(["not an image"], { type: "image/png" }), "x.png");
    await expectError(await admin.request(`/api/products/${id}/images`, { method: "POST", body: form }), 415);
    expect(await catalogue()).toEqual(before);
  });
});

describe("every new admin route refuses everyone else", () => {
  it("answers 401 to visitors and 403 to customers, changing nothing", async () => {
    const { id, product } = await createProduct(admin);
    const image = product.variants[0].id;
    const calls: [string, string, () => RequestInit][] = [
      ["PUT", `/api/products/${id}`, () => ({ method: "PUT", json: { title: "Hacked" } }) as RequestInit],
      ["POST", `/api/products/${id}/images`, () => ({ method: "POST", body: imageForm(Buffer.from("x")) })],
      ["PUT", `/api/products/${id}/images`, () => ({ method: "PUT", json: { images: [] } }) as RequestInit],
      ["DELETE", `/api/products/${id}/images/${image}`, () => ({ method: "DELETE" })],
      ["GET", "/api/admin/products.csv", () => ({})],
      ["POST", "/api/admin/products/import", () => ({ method: "POST", body: csvForm("sku\n") })],
      ["GET", "/api/admin/inventory", () => ({})],
    ];
    const before = await catalogue();
    for (const [method, path, init] of calls) {
      await expectError(await shop.anonymous.request(path, init()), 401);
      const res = await customer.request(path, init());
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const pages: [string, Loader, Record<string, string>][] = [
      ["/dashboard/products", productsPage, {}],
      [`/dashboard/products/${id}`, editPage, { productId: id }],
      ["/dashboard/inventory", inventoryPage, {}],
    ];
    for (const client of [shop.anonymous, customer]) {
      for (const [path, loader, params] of pages) {
        const res = (await loader(await pageArgs(client, path, params)).catch((e: unknown) => e)) as Response;
        expect(res.status, path).toBe(302);
        expect(res.headers.get("location")).toMatch(/^\/login\?/);
      }
    }
    expect(await catalogue()).toEqual(before);
  });
});

describe("GET /api/admin/inventory", () => {
  it("lists variants with stock, the low ones at or below the threshold, searchable by SKU", async () => {
    const { product } = await createProduct(admin);
    const variant = product.variants[0];
    await admin.request(`/api/variants/${variant.id}`, { method: "PATCH", json: { stock: 2 } });
    const low = await admin.request(`/api/admin/inventory?low=1&q=${variant.sku}`);
    expect(low.status).toBe(200);
    expect(await low.json()).toEqual([
      expect.objectContaining({ variant_id: variant.id, sku: variant.sku, stock: 2, product_title: product.title }),
    ]);
    await admin.request(`/api/variants/${variant.id}`, { method: "PATCH", json: { stock: 6 } });
    expect(await (await admin.request(`/api/admin/inventory?low=1&q=${variant.sku}`)).json()).toEqual([]);
  });
});

describe("products CSV", () => {
  it("exports one row per variant with a header, and an unchanged export imports as 0 created, 0 updated", async () => {
    const raw = new Uint8Array(await (await admin.request("/api/admin/products.csv")).arrayBuffer());
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = await exportCsv();
    const records: string[][] = parse(csv, { bom: true });
    expect(records[0].slice(0, 7)).toEqual(["sku", "title", "category", "price", "stock", "stock_at_export", "status"]);
    expect(records[0].at(-1)).toBe("product_id");
    const variants = await shop.db
      .selectFrom("product_variant")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(records.length - 1).toBe(Number(variants.n));

    const before = await catalogue();
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ created: 0, updated: 0, errors: [], dryRun: false, ignoredColumns: [] });
    expect(await catalogue()).toEqual(before);
  });

  it("updates a changed price (dry run first, which writes nothing), and records the import", async () => {
    const { id, product } = await createProduct(admin);
    const csv = await exportCsv();
    const sku = product.variants[0].sku;
    const records: string[][] = parse(csv, { bom: true });
    const header = records[0];
    const row = records.find((r) => r[0] === sku) as string[];
    row[header.indexOf("price")] = "77.25";
    const changed = [header, row].map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\r\n");

    const before = await catalogue();
    const dry = await importCsv(changed, true);
    expect(dry.status).toBe(200);
    expect(await dry.json()).toEqual({ created: 0, updated: 1, errors: [], dryRun: true, ignoredColumns: [] });
    expect(await catalogue()).toEqual(before);

    const real = await importCsv(changed);
    expect(await real.json()).toEqual({ created: 0, updated: 1, errors: [], dryRun: false, ignoredColumns: [] });
    expect((await detail(shop.anonymous, id)).price).toBe(77.25);
    const audit = await (await admin.request("/api/admin/audit?action=product.import")).json();
    expect(audit[0].summary).toBe("Imported products: 0 created, 1 updated");
    // the same file again changes nothing
    expect(await (await importCsv(changed)).json()).toMatchObject({ created: 0, updated: 0 });
  });

  it("creates products from rows with new SKUs (BOM, CRLF, quoted commas and line breaks)", async () => {
    const sku = `IMP-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const text =
      "\uFEFFsku,title,category,price,stock,option:Size,desc1\r\n" +
      `${sku}-S,"Imported, tee",Shoes|Denim,19.90,4,S,"Soft\r\ncotton"\r\n` +
      `${sku}-M,"Imported, tee",Shoes|Denim,21.00,0,M,"Soft\r\ncotton"\r\n`;
    const res = await importCsv(text);
    expect(await res.json()).toEqual({ created: 2, updated: 0, errors: [], dryRun: false, ignoredColumns: [] });
    const row = await shop.db
      .selectFrom("product_variant")
      .innerJoin("product", "product.id", "product_variant.product_id")
      .select(["product.id", "product.status", "product.desc1"])
      .where("product_variant.sku", "=", `${sku}-M`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "draft", desc1: "Soft\r\ncotton" });
    const body = await detail(admin, row.id);
    expect(body.title).toBe("Imported, tee");
    expect(
      body.variants.map((v: { title: string; price: number; stock: number }) => [v.title, v.price, v.stock]),
    ).toEqual([
      ["S", 19.9, 4],
      ["M", 21, 0],
    ]);
  });

  it("an exported file imported after an order keeps the order's stock; a stock typed in it is set only if the variant did not sell since", async () => {
    const { id, product } = await createProduct(admin);
    const sku = product.variants[0].sku;
    const records: string[][] = parse(await exportCsv(), { bom: true });
    const header = records[0];
    const column = (name: string) => header.indexOf(name);
    const exported = records.find((r) => r[0] === sku) as string[];
    const stockThen = Number(exported[column("stock")]);
    expect(exported[column("stock_at_export")]).toBe(String(stockThen));
    const file = (rows: string[][]) =>
      rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\r\n");
    const stockNow = async () =>
      Number(
        (await shop.db.selectFrom("product_variant").select("stock").where("sku", "=", sku).executeTakeFirstOrThrow())
          .stock,
      );

    await placeOrder(customer, id, { quantity: 2 });
    expect(await stockNow()).toBe(stockThen - 2);

    // the file as exported with a new title: the title is imported, the order's stock stays
    const retitled = exported.with(column("title"), "Retitled after an order");
    expect(await (await importCsv(file([header, retitled]))).json()).toMatchObject({ created: 0, updated: 1 });
    expect((await detail(admin, id)).title).toBe("Retitled after an order");
    expect(await stockNow()).toBe(stockThen - 2);

    // a stock typed in that file: refused with both figures, nothing written
    const restocked = retitled.with(column("stock"), "50");
    const before = await catalogue();
    const refused = await importCsv(file([header, restocked]));
    expect(refused.status).toBe(422);
    const { errors } = await refused.json();
    expect(errors).toEqual([{ row: 2, message: expect.stringContaining(`had ${stockThen}`) }]);
    expect(errors[0].message).toContain(`has ${stockThen - 2} now`);
    // what keeps both the admin's change and the order: 50 typed over the export's figure, 2 sold
    expect(errors[0].message).toContain(`write ${50 - 2} in stock and ${stockThen - 2} in stock_at_export`);
    expect(await catalogue()).toEqual(before);

    // the admin takes the current stock as the one they edited from: the typed stock is set
    const fromNow = restocked.with(column("stock_at_export"), String(stockThen - 2));
    expect(await (await importCsv(file([header, fromNow]))).json()).toMatchObject({ updated: 1 });
    expect(await stockNow()).toBe(50);
    // the same file again (a second click, "did it work?") changes nothing and is not refused
    expect(await (await importCsv(file([header, fromNow]))).json()).toMatchObject({ created: 0, updated: 0 });
    expect(await stockNow()).toBe(50);

    // a file without the column (as exported before it, or made by hand) sets the stock it says
    const without = (r: string[]) => r.filter((_, i) => i !== column("stock_at_export"));
    expect(
      await (await importCsv(file([without(header), without(fromNow.with(column("stock"), "7"))]))).json(),
    ).toMatchObject({ updated: 1 });
    expect(await stockNow()).toBe(7);
  });

  it("an order landing while a file is imported makes the import a 409 that writes nothing, whatever the SKU says", async () => {
    // a SKU with "unique" in it: the refusal must not be taken for a duplicate SKU's
    const { id, product } = await createProduct(admin);
    const sku = `UNIQUE-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    await shop.db.updateTable("product_variant").set({ sku }).where("id", "=", product.variants[0].id).execute();
    const records: string[][] = parse(await exportCsv(), { bom: true });
    const header = records[0];
    const exported = records.find((r) => r[0] === sku) as string[];
    const stockThen = Number(exported[header.indexOf("stock")]);
    const edited = exported
      .with(header.indexOf("title"), "Retitled during an order")
      .with(header.indexOf("stock"), "40");
    const text = [header, edited].map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\r\n");
    // the order: a sale written by the database itself right after the import writes the title, before the stock
    const sale = `update product_variant set stock = stock - 1 where sku = '${sku}'`;
    const postgres = Boolean(process.env.TEST_DATABASE_URL);
    if (postgres) {
      await sql
        .raw(
          `create function sale_during_import() returns trigger as $$ begin ${sale}; return new; end $$ language plpgsql`,
        )
        .execute(shop.db);
      await sql
        .raw(
          "create trigger sale_during_import after update of title on product for each row execute function sale_during_import()",
        )
        .execute(shop.db);
    } else {
      await sql
        .raw(`create trigger sale_during_import after update of title on product begin ${sale}; end`)
        .execute(shop.db);
    }
    try {
      const before = await catalogue();
      const res = await importCsv(text);
      const error = await expectError(res, 409, "conflict");
      expect(error.message).toBe(
        `The stock of ${sku} (row 2) changed while the file was imported (an order?): nothing was imported. Try again.`,
      );
      expect(await catalogue()).toEqual(before);
      expect((await detail(admin, id)).title).not.toBe("Retitled during an order");
      const { stock } = await shop.db
        .selectFrom("product_variant")
        .select("stock")
        .where("sku", "=", sku)
        .executeTakeFirstOrThrow();
      expect(Number(stock)).toBe(stockThen);
    } finally {
      await sql.raw(`drop trigger sale_during_import${postgres ? " on product" : ""}`).execute(shop.db);
      if (postgres) await sql.raw("drop function sale_during_import").execute(shop.db);
    }
  });

  it("names the columns it does not read, as written: a misspelled stock_at_export does not pass unseen", async () => {
    const { product } = await createProduct(admin);
    const sku = product.variants[0].sku;
    const records: string[][] = parse(await exportCsv(), { bom: true });
    const header = records[0].map((name) => (name === "stock_at_export" ? "Stock at export" : name));
    const row = records.find((r) => r[0] === sku) as string[];
    const text = [
      [...header, "Notes", ""],
      [...row, "reorder in May", ""],
    ]
      .map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(","))
      .join("\r\n");
    const preview = await importCsv(text, true);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({
      created: 0,
      updated: 0,
      errors: [],
      dryRun: true,
      ignoredColumns: ["Stock at export", "Notes"],
    });
    // a refused file names them too
    const refused = await importCsv("sku,title,category,price,stock,colour\nBAD SKU,X,Shoes,1,1,red\n");
    expect(refused.status).toBe(422);
    expect((await refused.json()).ignoredColumns).toEqual(["colour"]);
  });

  it("does not bring back a variant deleted since the export: a row with stock_at_export for a SKU the product lacks is refused", async () => {
    const sku = `GONE-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const made = await importCsv(
      `sku,title,category,price,stock,option:Size,desc1\n${sku}-S,Gone tee,Shoes,10,3,S,Soft\n${sku}-M,Gone tee,Shoes,10,4,M,Soft\n`,
    );
    expect(await made.json()).toMatchObject({ created: 2 });
    const records: string[][] = parse(await exportCsv(), { bom: true });
    const header = records[0];
    const rowM = records.find((r) => r[0] === `${sku}-M`) as string[];
    // the shop no longer has the size M variant the file was exported with
    await shop.db.deleteFrom("product_variant").where("sku", "=", `${sku}-M`).execute();
    const file = (r: string[]) =>
      [header, r].map((x) => x.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\r\n");

    const before = await catalogue();
    const refused = await importCsv(file(rowM));
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual([
      { row: 2, message: expect.stringContaining(`${sku}-M is no longer a variant of this product`) },
    ]);
    expect(await catalogue()).toEqual(before);

    // emptied, the row adds the variant as a new one, as the message says
    const again = await importCsv(file(rowM.with(header.indexOf("stock_at_export"), "")));
    expect(await again.json()).toMatchObject({ created: 1, errors: [] });
    const rows = await shop.db.selectFrom("product_variant").select("stock").where("sku", "=", `${sku}-M`).execute();
    expect(rows.map((r) => Number(r.stock))).toEqual([4]);
  });

  it("two imports of one new SKU at once: one creates it, the other is refused with 409 and writes nothing", async () => {
    const sku = `RACE-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const text = (title: string) => `sku,title,category,price,stock,desc1\n${sku},${title},Shoes,19.90,4,Soft\n`;
    const answers = await Promise.all([importCsv(text("Racing tee")), importCsv(text("Racing top"))]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await expectError(refused, 409)).message).toMatch(/saved one of these SKUs meanwhile/);
    const rows = await shop.db.selectFrom("product_variant").select("id").where("sku", "=", sku).execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses a file with bad rows with 422, reporting every one by its row number, writing nothing", async () => {
    const text = [
      "sku,title,category,price,stock,desc1",
      "OK-ROW-1,Fine product,Shoes,10,1,Nice",
      "BAD ROW,Bad sku,Shoes,10,1,Nice",
      'OK-ROW-2,"Multi\nline title",Shoes,abc,1,Nice',
      "OK-ROW-3,Unknown category,Spaceships,10,1,Nice",
      "OK-ROW-4,Negative stock,Shoes,10,-3,Nice",
      "OK-ROW-1,Twice,Shoes,10,1,Nice",
    ].join("\n");
    const before = await catalogue();
    const res = await importCsv(text);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5, 6, 7]);
    expect(body.errors[0].message).toMatch(/sku/i);
    expect(body.errors[1].message).toMatch(/price/i);
    expect(body.errors[2].message).toMatch(/Spaceships/);
    expect(body.errors[4].message).toMatch(/row 2/);
    expect(await catalogue()).toEqual(before);

    const missing = await importCsv("sku,title,price\nA-1,x,1\n");
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual([{ row: 1, message: "Missing columns: category, stock." }]);
  });

  it("escapes cells that a spreadsheet would run as formulas, and reads them back unchanged", async () => {
    const { id } = await createProduct(admin);
    expect((await put(admin, id, { title: '=HYPERLINK("http://evil")', desc2: "@SUM(A1)" })).status).toBe(200);
    const csv = await exportCsv();
    const records: string[][] = parse(csv, { bom: true });
    const header = records[0];
    // an id may start with "-": the export escapes it like any cell a spreadsheet would run
    const row = records.find((r) => unescapeCell(r[header.indexOf("product_id")]) === id);
    if (!row) expect.fail(`no row for ${id} among ${records.length} records`);
    expect(row[header.indexOf("title")]).toBe('\'=HYPERLINK("http://evil")');
    expect(row[header.indexOf("desc2")]).toBe("'@SUM(A1)");
    expect(await (await importCsv(csv)).json()).toMatchObject({ created: 0, updated: 0 });
  });

  it("refuses a file over the upload limit with 413 and a missing file with 422", async () => {
    const big = `sku,title,category,price,stock\n${"x".repeat(600 * 1024)}`;
    await expectError(await importCsv(big), 413);
    await expectError(await admin.request("/api/admin/products/import", { method: "POST", body: new FormData() }), 422);
  });
});

/** A CSV of these records, every cell quoted (as a spreadsheet saves them). */
const csvOf = (records: string[][]) =>
  records.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\r\n");

const SIZES = ["S", "M", "L", "XL", "XXL"];

/** A published product with one variant per size, made by an import (the price most rows carry is the product's). */
async function sizedProduct(prices: string[] = SIZES.map(() => "89.00")) {
  const word = `Harbor${Math.random().toString(36).slice(2, 8)}`;
  const title = `${word} slim-fit selvedge jeans`;
  const skus = SIZES.map((s) => `VT-${word.toUpperCase()}-${s}`);
  const text = [
    "sku,title,category,price,stock,status,option:Size,desc1",
    ...skus.map((sku, i) => `${sku},${title},Denim,${prices[i]},${10 + i},published,${SIZES[i]},Selvedge denim`),
  ].join("\n");
  expect(await (await importCsv(text)).json()).toMatchObject({ created: SIZES.length, errors: [] });
  const { product_id: id } = await shop.db
    .selectFrom("product_variant")
    .select("product_id")
    .where("sku", "=", skus[0])
    .executeTakeFirstOrThrow();
  return { id, word, title, skus };
}

/** The export's header and its rows for these SKUs, in their order. */
async function exportedRows(skus: string[]) {
  const records: string[][] = parse(await exportCsv(), { bom: true });
  const header = records[0];
  return { header, rows: skus.map((sku) => records.find((r) => r[0] === sku) as string[]) };
}

/** The prices a shopper meets: the list's and a search's (a card), the product page's, each variant's (checkout). */
async function pricesShown(id: string, word: string) {
  const listed = await (await shop.anonymous.request(`/api/products?q=${word}`)).json();
  const searched = await (await shop.anonymous.request(`/api/search?q=${word}`)).json();
  const page = (await productPage(await pageArgs(shop.anonymous, `/product/${id}`, { productId: id }))) as {
    product: { priceCents: number; variants: { id: string; priceCents: number }[] };
    chosenId: string;
  };
  const body = await detail(shop.anonymous, id);
  return {
    list: listed.map((p: { price: number }) => p.price),
    search: searched.items.map((p: { price: number }) => p.price),
    product: body.price,
    page: (page.product.variants.find((v) => v.id === page.chosenId)?.priceCents ?? 0) / 100,
    variants: body.variants.map((v: { price: number }) => v.price),
  };
}

/** Whether a search with max_price (and min_price) finds the product. */
async function foundBetween(word: string, min: number, max: number) {
  const res = await shop.anonymous.request(`/api/search?q=${word}&min_price=${min}&max_price=${max}`);
  return (await res.json()).total === 1;
}

/** The variants' own prices as stored (null: the variant follows the product's price). */
async function ownPrices(skus: string[]) {
  const rows = await shop.db
    .selectFrom("product_variant")
    .select(["sku", "price_cents"])
    .where("sku", "in", skus)
    .execute();
  return skus.map((sku) => {
    const cents = rows.find((r) => r.sku === sku)?.price_cents;
    return cents === null || cents === undefined ? null : Number(cents);
  });
}

const lastImportAudit = async () =>
  (await (await admin.request("/api/admin/audit?action=product.import&limit=1")).json())[0];

describe("products CSV: prices of a product with several variants", () => {
  it("a new price on every row moves the product's price: cards, search, max_price and the product page agree", async () => {
    const { id, word, title, skus } = await sizedProduct();
    const { header, rows } = await exportedRows(skus);
    const price = header.indexOf("price");
    // the file as exported changes nothing
    const before = await catalogue();
    expect(await (await importCsv(csvOf([header, ...rows]))).json()).toMatchObject({ created: 0, updated: 0 });
    expect(await catalogue()).toEqual(before);

    const raised = csvOf([header, ...rows.map((r) => r.with(price, "99.00"))]);
    expect(await (await importCsv(raised, true)).json()).toMatchObject({ created: 0, updated: 5, dryRun: true });
    expect(await catalogue()).toEqual(before);
    expect(await (await importCsv(raised)).json()).toEqual({
      created: 0,
      updated: 5,
      errors: [],
      dryRun: false,
      ignoredColumns: [],
    });
    expect(await pricesShown(id, word)).toEqual({
      list: [99],
      search: [99],
      product: 99,
      page: 99,
      variants: [99, 99, 99, 99, 99],
    });
    expect(await foundBetween(word, 90, 100)).toBe(true);
    expect(await foundBetween(word, 80, 95)).toBe(false);
    // the variants still follow the product's price: none was given a price of its own
    expect(await ownPrices(skus)).toEqual([null, null, null, null, null]);
    expect((await lastImportAudit()).changes).toEqual({ [`product “${title}” price`]: { from: "89.00", to: "99.00" } });

    // the same file again changes nothing
    const after = await catalogue();
    expect(await (await importCsv(raised)).json()).toMatchObject({ created: 0, updated: 0 });
    expect(await catalogue()).toEqual(after);
  });

  it("rows that differ from the others get their own price; the price most of the others share is the product's", async () => {
    // XL has its own price; the others follow the product's 89
    const { id, word, skus } = await sizedProduct(["89.00", "89.00", "89.00", "95.00", "89.00"]);
    expect(await ownPrices(skus)).toEqual([null, null, null, 9500, null]);
    const { header, rows } = await exportedRows(skus);
    const price = header.indexOf("price");
    expect(await (await importCsv(csvOf([header, ...rows]))).json()).toMatchObject({ updated: 0 });

    // S, M and L to 99, XXL to 109, XL left at its own 95
    const prices = ["99.00", "99.00", "99.00", "95.00", "109.00"];
    const mixed = csvOf([header, ...rows.map((r, i) => r.with(price, prices[i]))]);
    expect(await (await importCsv(mixed, true)).json()).toMatchObject({ created: 0, updated: 5 });
    expect(await (await importCsv(mixed)).json()).toMatchObject({ created: 0, updated: 5 });
    expect(await pricesShown(id, word)).toMatchObject({
      list: [99],
      search: [99],
      product: 99,
      page: 99,
      variants: [99, 99, 99, 95, 109],
    });
    expect(await ownPrices(skus)).toEqual([null, null, null, 9500, 10900]);
    expect(await foundBetween(word, 98, 100)).toBe(true);
    expect(await (await importCsv(mixed)).json()).toMatchObject({ created: 0, updated: 0 });

    // a file with some of the product's rows leaves the others, and the price they follow, as they are
    const { rows: now } = await exportedRows(skus);
    const some = csvOf([header, now[0].with(price, "79.00"), now[1].with(price, "79.00")]);
    expect(await (await importCsv(some)).json()).toMatchObject({ created: 0, updated: 2 });
    expect(await pricesShown(id, word)).toMatchObject({ product: 99, variants: [79, 79, 99, 95, 109] });
    expect(await ownPrices(skus)).toEqual([7900, 7900, null, 9500, 10900]);
  });

  it("a new product takes the price most of its rows carry, even when its first row has another", async () => {
    const { id, word, skus } = await sizedProduct(["109.00", "89.00", "89.00", "95.00", "89.00"]);
    expect(await pricesShown(id, word)).toMatchObject({
      list: [89],
      search: [89],
      product: 89,
      variants: [109, 89, 89, 95, 89],
    });
    expect(await ownPrices(skus)).toEqual([10900, null, null, 9500, null]);
    expect(await foundBetween(word, 88, 90)).toBe(true);
    // and the file as exported changes nothing
    const { header, rows } = await exportedRows(skus);
    expect(await (await importCsv(csvOf([header, ...rows]))).json()).toMatchObject({ created: 0, updated: 0 });
  });

  it("a product whose variants all have their own price: the file as exported changes nothing; one new price for all becomes the product's", async () => {
    const { id, word, skus } = await sizedProduct();
    const variants = (await detail(admin, id)).variants;
    const own = await put(admin, id, {
      price: 50,
      variants: variants.map((v: { id: string; sku: string; options: object; stock: number }) => ({
        id: v.id,
        sku: v.sku,
        options: v.options,
        price: 60,
        stock: v.stock,
      })),
    });
    expect(own.status).toBe(200);
    expect(await ownPrices(skus)).toEqual([6000, 6000, 6000, 6000, 6000]);
    const { header, rows } = await exportedRows(skus);
    const price = header.indexOf("price");
    const before = await catalogue();
    expect(await (await importCsv(csvOf([header, ...rows]))).json()).toMatchObject({ created: 0, updated: 0 });
    expect(await catalogue()).toEqual(before);

    expect(await (await importCsv(csvOf([header, ...rows.map((r) => r.with(price, "70.00"))]))).json()).toMatchObject({
      created: 0,
      updated: 5,
    });
    expect(await pricesShown(id, word)).toMatchObject({
      list: [70],
      product: 70,
      page: 70,
      variants: [70, 70, 70, 70, 70],
    });
    expect(await ownPrices(skus)).toEqual([null, null, null, null, null]);
  });
});

describe("products CSV: the import's audit entry", () => {
  it("names each product and SKU it changed, field by field from → to, and each product it added", async () => {
    const { title, skus } = await sizedProduct();
    const { header, rows } = await exportedRows(skus);
    const column = (name: string) => header.indexOf(name);
    const newSku = `NEW-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const renamed = (r: string[]) => r.with(column("title"), "Harbor jeans, renamed");
    const edited = [
      renamed(rows[0]).with(column("stock"), "25"),
      renamed(rows[1]).with(column("price"), "120.00"),
      ...rows.slice(2).map(renamed),
    ];
    // a new size of the product, and a new product
    const row = (cells: Record<string, string>) => header.map((name) => cells[name] ?? "");
    const bigger = renamed(rows[4])
      .with(column("sku"), `${skus[0]}-3XL`)
      .with(column("option:Size"), "3XL")
      .with(column("stock"), "3")
      .with(column("stock_at_export"), "");
    const tee = row({
      sku: newSku,
      title: "Audited tee",
      category: "Shoes",
      price: "19.90",
      stock: "4",
      desc1: "Soft",
    });
    const res = await importCsv(csvOf([header, ...edited, bigger, tee]));
    expect(await res.json()).toMatchObject({ created: 2, updated: 5, errors: [] });
    const entry = await lastImportAudit();
    expect(entry.summary).toBe("Imported products: 2 created, 5 updated");
    expect(entry.changes).toEqual({
      [`product “${title}” title`]: { from: title, to: "Harbor jeans, renamed" },
      [`product “${title}” options`]: { from: "Size: S, M, L, XL, XXL", to: "Size: S, M, L, XL, XXL, 3XL" },
      [`variant ${skus[0]} stock`]: { from: 10, to: 25 },
      [`variant ${skus[1]} price`]: { from: "89.00 (the product's)", to: "120.00" },
      [`variant ${skus[0]}-3XL`]: { from: null, to: "added: Size: 3XL, 89.00 (the product's), stock 3" },
      "product “Audited tee”": { from: null, to: `added as a draft at 19.90: ${newSku}` },
    });

    // the audit page lists it with the others, each change a line "key: from → to" of plain text (no JSON)
    const page = (await auditPage(await pageArgs(admin, "/dashboard/audit?action=product.import"))) as {
      items: { id: string; changes: Record<string, { from: unknown; to: unknown }> }[];
    };
    expect(page.items[0].id).toBe(entry.id);
    for (const { from, to } of Object.values(page.items[0].changes)) {
      for (const value of [from, to]) expect(value === null || ["string", "number"].includes(typeof value)).toBe(true);
    }
  });

  it("lists the first 50 products of a large import and counts the rest", async () => {
    const run = Math.random().toString(36).slice(2, 8).toUpperCase();
    const lines = Array.from(
      { length: 60 },
      (_, i) => `BULK-${run}-${i},Bulk ${run} item ${i},Shoes,10,1,A feature line that is long enough to count`,
    );
    const res = await importCsv(["sku,title,category,price,stock,desc1", ...lines].join("\n"));
    expect(await res.json()).toMatchObject({ created: 60, updated: 0 });
    const entry = await lastImportAudit();
    const keys = Object.keys(entry.changes);
    expect(keys).toHaveLength(51);
    expect(keys[0]).toBe(`product “Bulk ${run} item 0”`);
    expect(keys[49]).toBe(`product “Bulk ${run} item 49”`);
    expect(entry.changes["and more"]).toEqual({ from: null, to: "10 more changes to 10 products, not listed" });
  });
});
