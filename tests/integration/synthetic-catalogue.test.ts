/**
 * `npm run seed -- --products=N`: a synthetic catalogue of N products with variants, whose search
 * index is the one the database's triggers would have written product by product. Runs on SQLite
 * and (TEST_DATABASE_URL) PostgreSQL, with a small N.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection.ts";
import * as catalog from "../../domain/catalog/index.ts";
import { categories } from "../../seed/catalogue-data.ts";
import { drawSyntheticArtwork, seedSyntheticShop, syntheticProduct } from "../../seed/synthetic.ts";
import { random } from "../../seed/synthetic-data.ts";
import { createEmptyTarget, createTestDatabase, type TestDatabase, testEngine } from "../support/database.ts";
import { createProduct } from "../support/fixtures.ts";
import { createTestShop, type TestShop } from "../support/shop.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const NODE = path.join(ROOT, "node_modules/node/bin/node");
const PRODUCTS = 240;
const SEED = 7;

let shop: TestShop;
let seeded: Awaited<ReturnType<typeof seedSyntheticShop>>;
beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  seeded = await seedSyntheticShop({ db: shop.db, media: shop.services.media }, { products: PRODUCTS, seed: SEED });
}, 120_000);
afterAll(() => shop?.close());

type SearchAnswer = { items: { _id: string; title: string; price: number }[]; total: number };
async function search(query: Record<string, string>): Promise<SearchAnswer> {
  const res = await shop.anonymous.request(`/api/search?${new URLSearchParams(query)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SearchAnswer;
}

/** What the search index holds for each product, by catalogue position, in a form both engines can compare. */
async function searchIndex(db: TestShop["db"]): Promise<Map<number, string>> {
  if (testEngine() === "postgres") {
    const { rows } = await sql<{ position: number; doc: string }>`
      select position, search_vector::text || ' | ' || category_ids as doc from product order by position`.execute(db);
    return new Map(rows.map((r) => [r.position, r.doc]));
  }
  // with what a search filters by (migration 0010), which must be the product's own
  const { rows } = await sql<{ position: number; title: string; categories: string; body: string; facts: string }>`
    select p.position, s.title, s.categories, s.body,
      d.status || ' ' || d.price_cents || ' ' || d.in_stock || ' ' || d.position || ' ' || d.category_ids
        || iif(d.created_at = p.created_at and d.status = p.status and d.price_cents = p.price_cents
               and d.in_stock = p.in_stock and d.position = p.position, ' same', ' differs') as facts
    from product p join search_document d on d.product_id = p.id join product_search s on s.rowid = d.id
    order by p.position`.execute(db);
  return new Map(rows.map((r) => [r.position, `${r.title} | ${r.categories} | ${r.body} | ${r.facts}`]));
}

/**
 * Every product with its images, variants and categories, by catalogue position, without what differs
 * between two loads of the same catalogue (random ids, times, shuffle keys).
 */
async function catalogueRows(db: TestShop["db"]): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select p.position || ' ' || p.title || ' ' || p.title_search || ' ' || p.price_cents || ' ' || p.desc1 || ' '
      || coalesce(p.desc2, '-') || ' ' || coalesce(p.desc3, '-') || ' ' || coalesce(p.desc4, '-') || ' '
      || p.image_key || ' ' || p.image_width || 'x' || p.image_height || ' ' || p.options_json || ' ' || p.status
      || ' | ' || coalesce((select string_agg(i.key || ' ' || i.width || 'x' || i.height || ' ' || i.position || ' ' || i.alt, ', ')
           from product_image i where i.product_id = p.id), '')
      || ' | ' || coalesce((select string_agg(v.sku || ' ' || v.title || ' ' || v.options_json || ' '
           || coalesce(cast(v.price_cents as text), '-') || ' ' || v.stock || ' ' || coalesce(v.image_key, '-') || ' ' || v.position, ', ')
           from (select * from product_variant where product_id = p.id order by position) v), '')
      || ' | ' || coalesce((select string_agg(pc.category_id, ' ')
           from (select category_id from product_category where product_id = p.id order by category_id) pc), '') as line
    from product p order by p.position`.execute(db);
  return rows.map((r) => r.line);
}

async function stockFlags(db: TestShop["db"]): Promise<{ position: number; in_stock: number; any_stock: number }[]> {
  const { rows } = await sql<{ position: number; in_stock: number; any_stock: number }>`
    select p.position, p.in_stock,
      case when exists (select 1 from product_variant v where v.product_id = p.id and v.stock > 0) then 1 else 0 end as any_stock
    from product p order by p.position`.execute(db);
  return rows.map((r) => ({ position: r.position, in_stock: Number(r.in_stock), any_stock: Number(r.any_stock) }));
}

describe("a synthetic catalogue", () => {
  it("has N products, each with variants and stock, prices spread, in every category", async () => {
    const res = await shop.anonymous.request("/api/products?limit=1");
    expect(Number(res.headers.get("x-total-count"))).toBe(PRODUCTS);
    expect(seeded.products).toHaveLength(PRODUCTS);

    const perProduct = await shop.db
      .selectFrom("product_variant")
      .select(["product_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("product_id")
      .execute();
    expect(perProduct).toHaveLength(PRODUCTS);
    expect(perProduct.reduce((sum, p) => sum + Number(p.n), 0)).toBe(seeded.variants);
    expect(seeded.variants).toBeGreaterThan(PRODUCTS * 2);
    // options like the demo's: sizes and colours, storage
    const titles = await shop.db.selectFrom("product_variant").select("title").distinct().execute();
    expect(titles.map((t) => t.title)).toEqual(expect.arrayContaining(["S / Black", "M", "40", "256 GB"]));

    const prices = new Set(seeded.products.map((p) => p.priceCents));
    expect(prices.size).toBeGreaterThan(PRODUCTS / 2);
    const links = await shop.db.selectFrom("product_category").select("category_id").distinct().execute();
    expect(links).toHaveLength(categories.length);
  });

  // PostgreSQL only: SQLite has no vacuum state to read (its full-text index is merged instead)
  it.runIf(testEngine() === "postgres")(
    "leaves PostgreSQL's catalogue tables vacuumed and analysed, so that searches right after a bulk load are not slow",
    async () => {
      const { rows } = await sql<{ relname: string; vacuumed: boolean; analysed: boolean }>`
        select relname, last_vacuum is not null as vacuumed, last_analyze is not null as analysed
        from pg_stat_user_tables where relname in ('product', 'product_category', 'product_variant', 'search_term')
        order by relname`.execute(shop.db);
      expect(rows).toEqual(
        ["product", "product_category", "product_variant", "search_term"].map((relname) => ({
          relname,
          vacuumed: true,
          analysed: true,
        })),
      );
    },
  );

  it("keeps the in-stock flag of every product true to its variants", async () => {
    const flags = await stockFlags(shop.db);
    expect(flags).toHaveLength(PRODUCTS);
    for (const f of flags) expect(f.in_stock, `product ${f.position}`).toBe(f.any_stock);
    expect(flags.some((f) => f.in_stock === 1)).toBe(true);
  });

  it("is searchable by title, with a typo, by a feature line and by category", async () => {
    const product = seeded.products[17];
    const answer = await search({ q: product.title, limit: "50" });
    expect(answer.items.map((p) => p._id)).toContain(product.id);

    const jackets = await search({ q: "jakcet", limit: "50" });
    expect(jackets.total).toBeGreaterThan(0);
    expect(jackets.items[0]?.title).toMatch(/jacket/i);

    // words found only in the descriptions
    const warranty = await search({ q: "warranty", limit: "1" });
    expect(warranty.total).toBeGreaterThan(0);
    const madeIn = await search({ q: "Portugal", limit: "1" });
    expect(madeIn.total).toBeGreaterThan(0);

    const phones = await search({ category: "phones", limit: "1" });
    const expected = await shop.db
      .selectFrom("product_category")
      .where("category_id", "=", "cat-phones")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(phones.total).toBe(Number(expected.n));
  });

  it("has the search index the triggers write product by product, and the triggers still work", async () => {
    let other: TestDatabase | undefined;
    try {
      other = await createTestDatabase();
      const db = other.handle.db;
      const categoryIds = await catalog.importCategories({ db }, categories);
      const art = await drawSyntheticArtwork(shop.services.media);
      const r = random(SEED);
      for (let position = 0; position < PRODUCTS; position++) {
        await catalog.importProduct({ db }, syntheticProduct(r, position, categoryIds, art));
      }
      const [bulk, oneByOne] = await Promise.all([searchIndex(shop.db), searchIndex(db)]);
      expect(bulk.size).toBe(PRODUCTS);
      if (testEngine() === "sqlite") expect([...bulk.values()].every((doc) => doc.endsWith(" same"))).toBe(true);
      expect([...bulk]).toEqual([...oneByOne]);
      expect(await stockFlags(shop.db)).toEqual(await stockFlags(db));
      const [bulkRows, oneByOneRows] = await Promise.all([catalogueRows(shop.db), catalogueRows(db)]);
      expect(bulkRows).toHaveLength(PRODUCTS);
      expect(bulkRows).toEqual(oneByOneRows);
      if (testEngine() === "postgres") {
        const terms = async (d: typeof db) =>
          (await sql<{ term: string }>`select term from search_term order by term`.execute(d)).rows.map((t) => t.term);
        expect(await terms(shop.db)).toEqual(await terms(db));
      }
    } finally {
      await other?.drop();
    }

    // the seed moved the catalogue version on, and a product added afterwards is indexed by the triggers
    const version = async () =>
      Number((await shop.db.selectFrom("catalogue_version").select("version").executeTakeFirstOrThrow()).version);
    const before = await version();
    expect(before).toBeGreaterThan(1);
    const admin = await shop.admin();
    await createProduct(admin, { title: "Quixotic Zebra Lantern" });
    expect(await version()).toBeGreaterThan(before);
    const found = await search({ q: "quixotik zebra" });
    expect(found.items.map((p) => p.title)).toEqual(["Quixotic Zebra Lantern"]);
  });
});

function runSeed(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(NODE, ["scripts/seed.ts", ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        LOG_LEVEL: "warn",
        SEED_ON_EMPTY: "false",
        DEMO_MODE: "false",
        AUTH_SECRET: "synthetic-seed-test-secret-0123456789abcdef",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("npm run seed -- --products=N", () => {
  it("seeds N products; a count that is not a whole number is refused before anything changes", async () => {
    const target = await createEmptyTarget();
    try {
      const bad = await runSeed(["--products=12abc"], target.env);
      expect(bad.code).toBe(2);
      expect(bad.output).toContain("--products must be a whole number");

      const good = await runSeed(["--products=40"], target.env);
      expect(good.code, good.output).toBe(0);
      const handle = openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
      try {
        const products = await handle.db
          .selectFrom("product")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        expect(Number(products.n)).toBe(40);
        const variants = await handle.db
          .selectFrom("product_variant")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        expect(Number(variants.n)).toBeGreaterThan(40);
      } finally {
        await handle.close();
      }
    } finally {
      await target.drop();
    }
  }, 120_000);
});
