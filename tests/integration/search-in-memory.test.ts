/**
 * Searches with words are answered from the documents' words and facts held in each process's memory
 * (domain/catalog/search-memory.ts, decisions 024 and 030), on both engines. These tests change the
 * catalogue through one connection and search through another, as two shop processes on one database
 * would: the other process must see every change once the catalogue's version has moved on.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/connection.ts";
import * as catalog from "../../domain/catalog/index.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../support/database.ts";

let t: TestDatabase;
let writer: DatabaseHandle;
let reader: DatabaseHandle;
let categoryIds: Map<string, string>;
let position = 0;
let fillerIds: string[] = [];

type LampFields = { priceCents?: number; desc1?: string; categories?: string[]; position?: number };

/** A new product with one variant in stock, next in the shop's order unless a position is given. */
function productFields(title: string, fields: LampFields = {}): catalog.NewProduct {
  const at = fields.position ?? ++position;
  return {
    title,
    priceCents: fields.priceCents ?? 2_000,
    desc1: fields.desc1 ?? "Made to last.",
    desc2: "",
    desc3: "",
    desc4: "",
    imageKey: "products/none.png",
    imageWidth: 10,
    imageHeight: 10,
    options: [],
    position: at,
    categoryIds: (fields.categories ?? ["lamps"]).map((slug) => categoryIds.get(slug) as string),
    variants: [
      {
        id: `v-${at}`,
        sku: `SKU-${at}`,
        title: "Default",
        options: {},
        priceCents: null,
        stock: 5,
        imageKey: null,
        position: 0,
      },
    ],
  };
}

const addProduct = (title: string, fields: LampFields = {}) =>
  catalog.importProduct({ db: writer.db }, productFields(title, fields));

/** A search through the other connection, once it has noticed the catalogue moved on. */
async function search(query: Record<string, unknown>) {
  catalog.catalogueChanged(reader.db); // what its version check would find within 250 ms
  const found = await catalog.searchProducts({ db: reader.db }, query);
  return { ids: found.items.map((p) => p.id), total: found.total, facets: found.facets };
}

describe("the search held in memory, seen from another process", () => {
  beforeAll(async () => {
    t = await createTestDatabase();
    writer = t.handle;
    reader = t.reopen();
    categoryIds = await catalog.importCategories({ db: writer.db }, [
      { slug: "lamps", name: "Lamps", department: "Home", position: 0 },
      { slug: "lanterns", name: "Lantern", department: "Home", position: 1 },
      { slug: "desks", name: "Desks", department: "Home", position: 2 },
    ]);
  });
  afterAll(async () => {
    await reader?.close();
    await t?.drop();
  });

  it("ranks a word in the title above one in a category's name above one in a feature line, then by position", async () => {
    const inCategory = await addProduct("Storm Light", { categories: ["lanterns"] });
    const inFeatures = await addProduct("Camp Light", { desc1: "A lantern hook on top." });
    const inTitle = await addProduct("Brass Lantern");
    const alsoInTitle = await addProduct("Paper Lantern", { categories: ["lanterns"] });
    expect((await search({ q: "lantern" })).ids).toEqual([inTitle, alsoInTitle, inCategory, inFeatures]);
  });

  it("does not carry one search's title matches into the next (the relevance's buffer is reused)", async () => {
    const earlier = await addProduct("Marigold Lamp", { desc1: "With a zinnia shade." });
    const titled = await addProduct("Zinnia Lamp");
    expect((await search({ q: "marigold" })).ids).toEqual([earlier]);
    // left set, the first search's title bit would rank "Marigold Lamp" as a title match, first by position
    expect((await search({ q: "zinnia" })).ids).toEqual([titled, earlier]);
  });

  it("follows price, stock, status and category changes made through the other connection", async () => {
    const id = await addProduct("Quillon Reading Lamp", { priceCents: 3_000 });
    expect((await search({ q: "quillon", max_price: "40" })).ids).toEqual([id]);

    await sql`update product set price_cents = 8000 where id = ${id}`.execute(writer.db);
    expect((await search({ q: "quillon", max_price: "40" })).ids).toEqual([]);
    expect((await search({ q: "quillon", min_price: "70" })).ids).toEqual([id]);

    await sql`update product_variant set stock = 0 where product_id = ${id}`.execute(writer.db);
    expect((await search({ q: "quillon", in_stock: "true" })).total).toBe(0);
    expect((await search({ q: "quillon" })).facets.inStock).toEqual({ inStock: 0, outOfStock: 1 });

    await sql`insert into product_category (product_id, category_id) values (${id}, ${categoryIds.get("desks")})`.execute(
      writer.db,
    );
    const facets = (await search({ q: "quillon" })).facets.category.map((c) => [c.slug, c.count]);
    expect(facets).toEqual([
      ["lamps", 1],
      ["desks", 1],
    ]);
    expect((await search({ q: "quillon", category: "desks" })).ids).toEqual([id]);

    await sql`update product set status = 'draft' where id = ${id}`.execute(writer.db);
    expect((await search({ q: "quillon" })).total).toBe(0);
  });

  it("gives a product whose document number was a deleted product's its own facts, and finds it by its own title", async () => {
    const gone = await addProduct("Verdigris Desk Lamp", { priceCents: 9_900, categories: ["desks"] });
    expect((await search({ q: "verdigris" })).ids).toEqual([gone]);
    await sql`delete from product where id = ${gone}`.execute(writer.db);
    // the new product takes the highest document number again (SQLite reuses a freed highest rowid)
    const next = await addProduct("Obsidian Floor Lamp", { priceCents: 1_500 });
    expect((await search({ q: "verdigris" })).total).toBe(0);
    expect((await search({ q: "obsidian", max_price: "20", category: "lamps" })).ids).toEqual([next]);
    expect((await search({ q: "obsidian", category: "desks" })).total).toBe(0);
  });

  it("ranks by the title as it is now, after an edit", async () => {
    const renamed = await addProduct("Halcyon Table Lamp");
    const other = await addProduct("Reading Chair", { desc1: "Pairs with a halcyon lamp." });
    expect((await search({ q: "halcyon" })).ids).toEqual([renamed, other]);
    await sql`update product set title = 'Table Lamp', desc1 = 'Once called halcyon.' where id = ${renamed}`.execute(
      writer.db,
    );
    await sql`update product set title = 'Halcyon Reading Chair' where id = ${other}`.execute(writer.db);
    expect((await search({ q: "halcyon" })).ids).toEqual([other, renamed]);
  });

  it("finds a product by its feature lines and its categories' names as they are now, and forgets a deleted one", async () => {
    const id = await addProduct("Brisa Wall Lamp", { desc1: "Solid walnut arm.", categories: ["lanterns"] });
    const neighbour = await addProduct("Brisa Desk Lamp", { categories: ["desks"] });
    expect((await search({ q: "walnut" })).ids).toEqual([id]);
    expect((await search({ q: "brisa lantern" })).ids).toEqual([id]);

    await sql`update product set desc1 = 'Solid cherry arm.' where id = ${id}`.execute(writer.db);
    expect((await search({ q: "walnut" })).total).toBe(0);
    expect((await search({ q: "cherry" })).ids).toEqual([id]);

    await sql`update category set name = 'Sconces' where slug = 'lanterns'`.execute(writer.db);
    expect((await search({ q: "brisa lantern" })).total).toBe(0);
    expect((await search({ q: "brisa sconces" })).ids).toEqual([id]);
    await sql`update category set name = 'Lantern' where slug = 'lanterns'`.execute(writer.db);

    expect((await search({ q: "brisa" })).total).toBe(2);
    await sql`delete from product where id = ${neighbour}`.execute(writer.db);
    const left = await search({ q: "brisa" });
    expect(left.ids).toEqual([id]);
    expect(left.total).toBe(1);
    expect(left.facets.category.map((c) => [c.slug, c.count])).toEqual([["lanterns", 1]]);
  });

  it("does not answer from a read begun before a change: a product made a draft meanwhile stays out", async () => {
    // more documents than one read takes (2,000), so that the first read of the facts yields between reads
    const early = await addProduct("Tamarisk Pendant Lamp");
    const filler = Array.from({ length: 10_050 }, (_, i) =>
      productFields(`Filler Stool ${i}`, { priceCents: 1_000, categories: ["desks"], position: 1_000 + i }),
    );
    fillerIds = await writer.db.transaction().execute((trx) => catalog.importProducts({ db: trx }, filler));
    const fresh = t.reopen(); // a process that has not read the facts yet
    try {
      const reading = catalog.prepareSearch({ db: fresh.db });
      await new Promise((resolve) => setImmediate(resolve)); // its first 2,000 rows are read: it yields
      await sql`update product set status = 'draft' where id = ${early}`.execute(writer.db);
      catalog.catalogueChanged(fresh.db);
      const found = await catalog.searchProducts({ db: fresh.db }, { q: "tamarisk" });
      await reading;
      expect(found.total).toBe(0);
      expect(found.items).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it("pages through 10,000 matches in each order without a gap or a repeat (equal keys: the order they were added)", async () => {
    expect(fillerIds).toHaveLength(10_050);
    const pages = async (sort: string) => {
      const ids: string[] = [];
      for (const offset of [0, 100, 200]) {
        ids.push(...(await search({ q: "filler", sort, limit: "100", offset: String(offset) })).ids);
      }
      return ids;
    };
    expect(await pages("price_asc")).toEqual(fillerIds.slice(0, 300));
    expect(await pages("newest")).toEqual(fillerIds.slice(-300).reverse());
    expect(await pages("relevance")).toEqual(fillerIds.slice(0, 300));
  });

  // SQLite gives a freed highest number to the next document; PostgreSQL's come from a sequence, never used twice
  it.runIf(testEngine() === "sqlite")(
    "never shows a product on another's facts: a draft given a deleted product's document number stays out",
    async () => {
      const last = await addProduct("Ultima Floor Lamp");
      expect((await search({ q: "ultima" })).ids).toEqual([last]); // the reader holds this document's facts
      await sql`delete from product where id = ${last}`.execute(writer.db);
      const secret = await catalog.importProduct(
        { db: writer.db },
        { ...productFields("Zorblax Secret Prototype"), status: "draft" },
      );
      const [reused] = (
        await sql<{ n: number }>`select count(*) as n from search_document d where d.product_id = ${secret}
        and d.id = (select max(id) from search_document)`.execute(writer.db)
      ).rows;
      expect(Number(reused.n)).toBe(1); // it took the deleted product's number
      // within the reader's version check (no catalogueChanged): its facts still say "published"
      const found = await catalog.searchProducts({ db: reader.db }, { q: "zorblax" });
      expect(found.items).toEqual([]);
    },
  );
});
