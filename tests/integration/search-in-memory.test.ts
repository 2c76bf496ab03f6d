/**
 * Searches with words are answered from the documents' words and facts held in each process's memory
 * (domain/catalog/search-memory.ts, decisions 024 and 030), on both engines. These tests change the
 * catalogue through one connection and search through another, as two shop processes on one database
 * would: the other process must see every change once the catalogue's version has moved on.
 */
import { type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/connection.ts";
import * as catalog from "../../domain/catalog/index.ts";
import { searchFacts } from "../../domain/catalog/search-facts.ts";
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

  it("gives a found product its categories as they are now, in the shop's order, as its own page has them", async () => {
    const id = await addProduct("Corvina Pendant Lamp", { categories: ["desks", "lamps"] });
    const categoriesFound = async () => {
      catalog.catalogueChanged(reader.db);
      const found = await catalog.searchProducts({ db: reader.db }, { q: "corvina" });
      expect(found.items.map((p) => p.id)).toEqual([id]);
      const own = await catalog.getProduct({ db: reader.db }, id);
      expect(found.items[0].categories).toEqual(own.categories);
      return found.items[0].categories.map((c) => `${c.slug}:${c.name}`);
    };
    expect(await categoriesFound()).toEqual(["lamps:Lamps", "desks:Desks"]);

    await sql`insert into product_category (product_id, category_id) values (${id}, ${categoryIds.get("lanterns")})`.execute(
      writer.db,
    );
    await sql`delete from product_category where product_id = ${id} and category_id = ${categoryIds.get("lamps")}`.execute(
      writer.db,
    );
    expect(await categoriesFound()).toEqual(["lanterns:Lantern", "desks:Desks"]);

    await sql`update category set name = 'Writing Desks', slug = 'writing-desks' where slug = 'desks'`.execute(
      writer.db,
    );
    await sql`update category set position = 5 where slug = 'lanterns'`.execute(writer.db);
    expect(await categoriesFound()).toEqual(["writing-desks:Writing Desks", "lanterns:Lantern"]);
    await sql`update category set name = 'Desks', slug = 'desks' where slug = 'writing-desks'`.execute(writer.db);
    await sql`update category set position = 1 where slug = 'lanterns'`.execute(writer.db);
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

  describe("pruning the removals", () => {
    const HOUR = catalog.KEEP_REMOVALS_MS;
    let clock = Date.now() + 10 * HOUR; // each test's rounds come after the last test's
    const prune = (after: number) => {
      clock += after;
      return catalog.pruneSearchRemovals(writer.db, clock);
    };
    const removals = () =>
      sql<{ n: number }>`select count(*) as n from search_document_removed`
        .execute(writer.db)
        .then((r) => Number(r.rows[0].n));

    it("keeps a removal an hour after the round that saw it; a process that slept through that still forgets the deleted product", async () => {
      const gone = await addProduct("Ombra Floor Lamp");
      const kept = await addProduct("Ombra Table Lamp");
      expect((await search({ q: "ombra" })).ids).toEqual([gone, kept]); // the reader holds facts from before
      await prune(0); // a round before the deletion
      await sql`delete from product where id = ${gone}`.execute(writer.db);
      const later = await addProduct("Ombra Desk Lamp"); // written after it: the removal is not the newest revision
      expect(await removals()).toBeGreaterThan(0);

      // within the hour, whichever process asks, nothing goes; an hour on, a round sees the removal; the next deletes it
      expect(await prune(HOUR / 2)).toBe(0);
      expect(await prune(HOUR / 2)).toBeGreaterThanOrEqual(0);
      expect(await removals()).toBeGreaterThan(0);
      expect(await prune(HOUR)).toBeGreaterThan(0);
      expect(await removals()).toBe(0);

      // the reader's facts predate what was pruned: it reads everything again instead of missing the deletion
      const left = await search({ q: "ombra" });
      expect(left.ids).toEqual([kept, later]);
      expect(left.total).toBe(2);
    });

    it("never prunes the newest removal, so a deletion as the last write does not make every later change read everything", async () => {
      const gone = await addProduct("Velo Lamp");
      await addProduct("Velo Sconce");
      await search({ q: "velo" });
      await sql`delete from product where id = ${gone}`.execute(writer.db); // the newest revision there is
      await prune(HOUR);
      await prune(HOUR);
      expect(await removals()).toBeGreaterThan(0);
      expect((await search({ q: "velo" })).total).toBe(1);

      // changes that write no document (a new category) move the version on: the facts are brought up to date, not read again
      const held = await searchFacts(reader.db);
      for (const slug of ["velo-a", "velo-b"]) {
        await catalog.importCategories({ db: writer.db }, [{ slug, name: slug, department: "Home", position: 9 }]);
        catalog.catalogueChanged(reader.db);
        expect(await searchFacts(reader.db)).toBe(held);
      }
    });
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

  it("leaves off a page a product written while the page's rows were read, when another search refreshed the facts meanwhile", async () => {
    const renamed = await addProduct("Frobnitz Lamp");
    // the page's rows are held back until `release`, as a slow read would be
    let gate: Promise<void> | undefined;
    const pageQueries = new Set<unknown>();
    const holdPage: KyselyPlugin = {
      transformQuery: (args) => {
        const text = JSON.stringify(args.node);
        if (text.includes("json_each") || text.includes("search_doc = any")) pageQueries.add(args.queryId);
        return args.node;
      },
      transformResult: async (args) => {
        if (gate && pageQueries.has(args.queryId)) await gate;
        return args.result;
      },
    };
    const slow = reader.db.withPlugin(holdPage);
    catalog.catalogueChanged(slow);
    expect((await catalog.searchProducts({ db: slow }, { q: "frobnitz" })).items.map((p) => p.id)).toEqual([renamed]);

    await sql`update product set title = 'Blue Hat' where id = ${renamed}`.execute(writer.db);
    let release = () => {};
    gate = new Promise((resolve) => {
      release = resolve;
    });
    // a search whose facts still say "frobnitz" (the reader has not noticed the change yet) reads its page
    const page = catalog.searchProducts({ db: slow }, { q: "frobnitz", sort: "newest" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    gate = undefined;
    // meanwhile another search notices the change and brings the same facts up to date
    catalog.catalogueChanged(slow);
    expect((await catalog.searchProducts({ db: slow }, { q: "blue hat" })).items.map((p) => p.id)).toEqual([renamed]);
    release();
    expect((await page).items).toEqual([]);
  });

  it.runIf(testEngine() === "postgres")(
    "lets an admin delete a product while an order for it is being placed: both finish, no deadlock",
    async () => {
      const doomed = await addProduct("Doomed Lamp");
      await sql`insert into shop_order (id, order_number, user_email, full_name, address, city, state, zip, phone,
        acknowledged, status, total_cents, payment_method, payment_status, placed_at, updated_at)
      values ('order-doomed', 990001, 'a@shop.test', 'A', '1 Road', 'Town', 'ST', '12345', '555', true, 'Pending',
        2000, 'cod', 'unpaid', now(), now())`.execute(writer.db);
      let lineIn = () => {};
      const lineInserted = new Promise<void>((resolve) => {
        lineIn = resolve;
      });
      let deleteWaits = () => {};
      const deleteWaiting = new Promise<void>((resolve) => {
        deleteWaits = resolve;
      });
      // the order's transaction: its line holds the product row (its reference), then it takes stock
      const order = writer.db.transaction().execute(async (trx) => {
        await sql`insert into order_line (id, order_id, product_id, title, unit_price_cents, quantity, image_key)
        values ('line-doomed', 'order-doomed', ${doomed}, 'Doomed Lamp', 2000, 1, 'x.png')`.execute(trx);
        lineIn();
        await deleteWaiting;
        await sql`update product_variant set stock = stock - 1 where product_id = ${doomed}`.execute(trx);
      });
      await lineInserted;
      const removal = sql`delete from product where id = ${doomed}`.execute(reader.db);
      for (let i = 0; i < 200; i++) {
        const waiting = await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity
        where wait_event_type = 'Lock' and query like 'delete from product%'`.execute(writer.db);
        if (Number(waiting.rows[0]?.n) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      deleteWaits();
      await expect(order).resolves.toBeUndefined();
      await removal;
      expect((await search({ q: "doomed" })).total).toBe(0);
    },
  );

  it("tells whoever listens when the word sets could not be built again in the background", async () => {
    const other = t.reopen();
    const heard: unknown[] = [];
    catalog.onSearchTrouble((error) => heard.push(error));
    try {
      await catalog.searchProducts({ db: other.db }, { q: "lamp" });
      const batch = Array.from({ length: 600 }, (_, i) =>
        productFields(`Ferrule Shade ${i}`, { categories: ["lanterns"], position: 60_000 + i }),
      );
      await writer.db.transaction().execute((trx) => catalog.importProducts({ db: trx }, batch));
      catalog.catalogueChanged(other.db);
      // brought up to date from the documents beside the sets, which begins building them again; the
      // database goes away meanwhile
      expect((await catalog.searchProducts({ db: other.db }, { q: "ferrule" })).total).toBe(600);
      await other.close();
      for (let i = 0; i < 200 && heard.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard).toHaveLength(1);
      expect(heard[0]).toBeInstanceOf(Error);
    } finally {
      catalog.onSearchTrouble(() => {});
    }
  });

  it("answers at once after hundreds of products changed, from the words held beside the sets, then from sets built again", async () => {
    const batch = Array.from({ length: 600 }, (_, i) =>
      productFields(`Gossamer Shade ${i}`, { priceCents: 500 + i, categories: ["lanterns"], position: 50_000 + i }),
    );
    const ids = await writer.db.transaction().execute((trx) => catalog.importProducts({ db: trx }, batch));
    const first = await search({ q: "gossamer", sort: "price_asc", limit: "5" });
    expect(first.total).toBe(600);
    expect(first.ids).toEqual(ids.slice(0, 5));
    // the sets are built again in the background; searches meanwhile used the documents held beside them
    for (let i = 0; i < 500 && (await searchFacts(reader.db)).words.shouldRebuild; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await searchFacts(reader.db)).words.shouldRebuild).toBe(false);
    const again = await search({ q: "gossamer shade", sort: "price_desc", limit: "5" });
    expect(again.total).toBe(600);
    expect(again.ids).toEqual(ids.slice(-5).reverse());
    expect((await search({ q: "lantern gossamer" })).total).toBe(600);
  });
});
