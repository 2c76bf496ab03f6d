/**
 * Search and browsing of the catalogue through the API, on the demo catalogue: typos, unfinished
 * words, several words, filters, sorts, facets, "did you mean", the shuffled order, and an index
 * that follows every change. Runs on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findProductsByIds } from "../../domain/catalog/repository.ts";
import { expectError, pngImage, productForm, VALID_PRODUCT_FIELDS } from "../support/fixtures.ts";
import { createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

type Product = { _id: string; title: string; price: number; categories: { slug: string }[]; available: boolean };
type SearchAnswer = {
  items: Product[];
  total: number;
  facets: {
    category: { value: string; label: string; count: number }[];
    price: { value: string; min: number; max: number | null; count: number }[];
    in_stock: { value: boolean; count: number }[];
  };
  corrected?: string;
  didYouMean?: string;
};

async function search(query: Record<string, string | number | boolean>): Promise<SearchAnswer> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await shop.anonymous.request(`/api/search?${params}`);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as SearchAnswer;
  expect(Number(res.headers.get("x-total-count"))).toBe(body.total);
  return body;
}

const titles = (answer: SearchAnswer) => answer.items.map((p) => p.title);

/** Two neighbouring letters swapped in the longest word of a title: "Shirt" → "Shrit". */
function swapLetters(title: string): string {
  const word = title
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length >= 5)
    .sort((a, b) => b.length - a.length)[0];
  const i = Math.floor(word.length / 2);
  const swapped = word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
  return title.replace(word, swapped);
}

describe("GET /api/search", () => {
  it("finds a product whose title is typed with two letters swapped, for five demo titles", async () => {
    const { items } = await search({ limit: 100 });
    const sample = items.filter((p) => p.title.split(/[^A-Za-z]+/).some((w) => w.length >= 5)).slice(0, 5);
    expect(sample).toHaveLength(5);
    for (const product of sample) {
      const typed = swapLetters(product.title);
      expect(typed).not.toBe(product.title);
      const answer = await search({ q: typed, limit: 10 });
      expect(
        answer.items.map((p) => p._id),
        `${typed} → ${product.title}`,
      ).toContain(product._id);
    }
  });

  it("corrects a single misspelt word and says so: shrit → the shirts", async () => {
    const answer = await search({ q: "shrit" });
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.corrected).toBe("shirt");
    for (const title of titles(answer)) expect(title.toLowerCase()).toMatch(/shirt/);
  });

  it("matches the start of the last word while it is being typed", async () => {
    const answer = await search({ q: "sneak" });
    expect(answer.total).toBeGreaterThan(0);
    for (const title of titles(answer)) expect(title).toMatch(/Sneakers/);
    expect(answer.corrected).toBeUndefined();
    const two = await search({ q: "aurora sma" });
    expect(two.total).toBeGreaterThan(0);
    for (const title of titles(two)) expect(title).toMatch(/Aurora.*Smartphone/);
  });

  it("needs every word, and ranks a match in the title above one in a feature line", async () => {
    const both = await search({ q: "leather boots" });
    expect(both.total).toBeGreaterThan(0);
    expect(titles(both)[0]).toMatch(/Leather.*Boots/);
    const boots = await search({ q: "boots", limit: 100 });
    expect(both.total).toBeLessThan(boots.total);
  });

  it("searches category names and feature lines too", async () => {
    const byCategory = await search({ q: "phones", limit: 100 });
    expect(byCategory.total).toBeGreaterThan(0);
    for (const p of byCategory.items) expect(p.categories.map((c) => c.slug)).toContain("phones");
  });

  it("filters by category, price and stock, and counts each facet leaving its own filter out", async () => {
    const all = await search({ q: "leather", limit: 100 });
    const shoes = await search({ q: "leather", category: "shoes", limit: 100 });
    expect(shoes.total).toBeGreaterThan(0);
    expect(shoes.total).toBeLessThan(all.total);
    for (const p of shoes.items) expect(p.categories.map((c) => c.slug)).toContain("shoes");
    // the category facet still shows the other categories, with the counts the filter would give
    expect(shoes.facets.category.find((c) => c.value === "shoes")?.count).toBe(shoes.total);
    expect(shoes.facets.category.length).toBe(all.facets.category.length);

    const cheap = await search({ q: "leather", max_price: 100, limit: 100 });
    for (const p of cheap.items) expect(p.price).toBeLessThanOrEqual(100);
    const dear = await search({ q: "leather", min_price: 100.01, limit: 100 });
    for (const p of dear.items) expect(p.price).toBeGreaterThan(100);
    expect(cheap.total + dear.total).toBe(all.total);
    const inRanges = all.facets.price.reduce((sum, r) => sum + r.count, 0);
    expect(inRanges).toBe(all.total);

    const inStock = all.facets.in_stock.find((f) => f.value === true)?.count ?? 0;
    const available = await search({ q: "leather", in_stock: true, limit: 100 });
    expect(available.total).toBe(inStock);
    for (const p of available.items) expect(p.available).toBe(true);
  });

  it("with price and stock filters together, each facet counts what choosing it would give", async () => {
    const filters = { q: "leather", max_price: 100, in_stock: true };
    const both = await search({ ...filters, limit: 100 });
    expect(both.total).toBeGreaterThan(0);
    // the price facet leaves the price filter out, the stock facet the stock filter
    const anyPrice = await search({ q: "leather", in_stock: true });
    expect(both.facets.price.reduce((sum, r) => sum + r.count, 0)).toBe(anyPrice.total);
    const anyStock = await search({ q: "leather", max_price: 100 });
    const stock = both.facets.in_stock;
    expect(stock.find((f) => f.value === true)?.count).toBe(both.total);
    expect(stock.reduce((sum, f) => sum + f.count, 0)).toBe(anyStock.total);
    // each category's count is the total of choosing it
    expect(both.facets.category.length).toBeGreaterThan(1);
    for (const category of both.facets.category) {
      const chosen = await search({ ...filters, category: category.value });
      expect(chosen.total, category.value).toBe(category.count);
    }
  });

  it("sorts by price either way and by newest", async () => {
    const up = (await search({ q: "smartphone", sort: "price_asc" })).items.map((p) => p.price);
    expect(up.length).toBeGreaterThan(2);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await search({ q: "smartphone", sort: "price_desc" })).items.map((p) => p.price);
    expect(down).toEqual([...up].reverse());
    const newest = await search({ sort: "newest", limit: 5 });
    expect(newest.items).toHaveLength(5);
  });

  it("pages through a search's matches: the last page holds the rest, a page past it is empty with the same counts", async () => {
    const all = await search({ q: "smartphone", limit: 100 });
    expect(all.total).toBeGreaterThan(2);
    expect(all.items).toHaveLength(all.total);
    const last = await search({ q: "smartphone", limit: 2, offset: all.total - 1 });
    expect(last.items.map((p) => p._id)).toEqual([all.items[all.total - 1]._id]);
    const past = await search({ q: "smartphone", limit: 2, offset: all.total });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.total);
    expect(past.facets).toEqual(all.facets);
  });

  it("answers an empty list for words nothing has, and offers a search that finds something", async () => {
    const none = await search({ q: "zzqxv" });
    expect(none).toMatchObject({ items: [], total: 0 });
    expect(none.didYouMean).toBeUndefined();
    const typo = await search({ q: "bots" }); // four letters: not corrected on its own
    expect(typo.total).toBe(0);
    expect(typo.didYouMean).toBe("boots");
    expect((await search({ q: typo.didYouMean ?? "" })).total).toBeGreaterThan(0);
    // two edits in a word of five letters or more: offered, on both engines alike
    expect(await search({ q: "smratpohne" })).toMatchObject({ total: 0, didYouMean: "smartphone" });
    expect(await search({ q: "bosto" })).toMatchObject({ total: 0, didYouMean: "boots" });
    // not in a shorter word ("vest" is two edits from "vtse"), nor when the search would still find nothing
    for (const q of ["vtse", "smratpohne cotton"]) {
      const answer = await search({ q });
      expect(answer.total, q).toBe(0);
      expect(answer.didYouMean, q).toBeUndefined();
    }
    for (const q of ["%", "_", "\\", "***", "¿?"]) {
      const answer = await search({ q });
      expect(answer.total).toBe(0);
      expect(answer.facets, q).toEqual(none.facets); // every price range, counting none
    }
    expect(none.facets.price.length).toBeGreaterThan(1);
  });

  it("refuses bad filters with 400 naming the field", async () => {
    const cases: [string, string][] = [
      ["min_price=abc", "min_price"],
      ["max_price=-1", "max_price"],
      ["min_price=20&max_price=10", "max_price"],
      ["in_stock=maybe", "in_stock"],
      ["sort=cheapest", "sort"],
      ["category=Not%20a%20slug", "category"],
      ["limit=0", "limit"],
    ];
    for (const [query, field] of cases) {
      const error = await expectError(await shop.anonymous.request(`/api/search?${query}`), 400);
      expect(error.fields?.[field], query).toEqual(expect.any(String));
    }
  });
});

describe("a possessive 's", () => {
  it("is dropped in the search and in the product's text: women's, women’s, womens and women find the same", async () => {
    const admin = await shop.admin();
    const created = await admin.request("/api/products", {
      method: "POST",
      body: productForm(
        { ...VALID_PRODUCT_FIELDS, title: "Women's Linen Dress", desc1: "Men’s shirts sold apart" },
        { data: await pngImage(), type: "image/png" },
      ),
    });
    expect(created.status).toBe(201);
    const { insertedId } = await created.json();
    const ids = async (q: string) => {
      const answer = await search({ q, limit: 100 });
      expect(answer.items).toHaveLength(answer.total);
      return answer.items.map((p) => p._id).sort();
    };
    try {
      const women = await ids("women");
      expect(women).toContain(insertedId);
      expect(women.length).toBeGreaterThan(1); // the demo's Women category too
      expect(await ids("women's"), "women's").toEqual(women);
      expect(await ids("Women’s"), "Women’s").toEqual(women);
      expect(await ids("women's linen"), "women's linen").toContain(insertedId);
      // without the apostrophe: the spelling rule's one edit ("womens" → "women"), no rule of its own
      expect((await search({ q: "womens" })).corrected).toBe("women");
      expect(await ids("womens"), "womens").toEqual(women);
      // "men's" is "men": not the products that also have a word starting with s
      const men = await ids("men");
      expect(men).toContain(insertedId); // "Men’s shirts" in its feature line
      expect(await ids("men's"), "men's").toEqual(men);
      expect(await ids("men’s"), "men’s").toEqual(men);
    } finally {
      expect((await admin.request(`/api/products/${insertedId}`, { method: "DELETE" })).status).toBe(200);
    }
  });
});

describe("GET /api/products?q= uses the same search", () => {
  it("finds through a typo, with X-Total-Count", async () => {
    const res = await shop.anonymous.request("/api/products?q=jeens");
    const found = (await res.json()) as Product[];
    expect(found.length).toBeGreaterThan(0);
    expect(Number(res.headers.get("x-total-count"))).toBe(found.length);
    for (const p of found) expect(p.title).toMatch(/Jeans/);
  });
});

describe("the shuffled order (seed)", () => {
  const ids = async (query: string) =>
    ((await (await shop.anonymous.request(`/api/products?${query}`)).json()) as Product[]).map((p) => p._id);

  it("pages through every product once, in the same order each time for the same seed", async () => {
    const total = Number((await shop.anonymous.request("/api/products?limit=1")).headers.get("x-total-count"));
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 7) seen.push(...(await ids(`seed=123457&limit=7&offset=${offset}`)));
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(await ids("seed=123457&limit=7&offset=7")).toEqual(seen.slice(7, 14));
  });

  it("gives other seeds other orders, and keeps a filter", async () => {
    const orders = new Set<string>();
    for (const seed of [1, 2, 3, 4, 77, 1001]) orders.add((await ids(`seed=${seed}&limit=10`)).join());
    expect(orders.size).toBeGreaterThan(3);
    const shoes = await ids("seed=99&category=shoes&limit=100");
    const plain = await ids("category=shoes&limit=100");
    expect([...shoes].sort()).toEqual([...plain].sort());
  });
});

describe("the index follows the catalogue", () => {
  it("finds a new product at once, forgets a deleted one, and notices a variant selling out", async () => {
    const admin = await shop.admin();
    const word = `Zephyrine${Date.now().toString(36)}`;
    const created = await admin.request("/api/products", {
      method: "POST",
      body: productForm(
        { ...VALID_PRODUCT_FIELDS, title: `${word} Desk Lamp`, desc1: "Brass and walnut" },
        { data: await pngImage(), type: "image/png" },
      ),
    });
    expect(created.status).toBe(201);
    const { insertedId, product } = await created.json();
    expect((await search({ q: word.toLowerCase() })).items.map((p) => p._id)).toEqual([insertedId]);
    expect((await search({ q: "walnut brass" })).items.map((p) => p._id)).toContain(insertedId);

    const variantId = (await (await shop.anonymous.request(`/api/products/${insertedId}`)).json()).variants[0].id;
    const patched = await admin.request(`/api/variants/${variantId}`, { method: "PATCH", json: { stock: 0 } });
    expect(patched.status).toBe(200);
    const soldOut = await search({ q: word.toLowerCase(), in_stock: false });
    expect(soldOut.items.map((p) => p._id)).toEqual([insertedId]);
    expect(soldOut.items[0].available).toBe(false);

    expect((await admin.request(`/api/products/${insertedId}`, { method: "DELETE" })).status).toBe(200);
    expect((await search({ q: word.toLowerCase() })).total).toBe(0);
    expect(product.title).toContain(word);
  });

  it("follows a product's price, categories and status: filters, sorts and facets see each change at once", async () => {
    const admin = await shop.admin();
    const word = `Quillvane${Date.now().toString(36)}`.toLowerCase();
    const created = await admin.request("/api/products", {
      method: "POST",
      body: productForm(
        { ...VALID_PRODUCT_FIELDS, title: `${word} Reading Lamp`, price: "30.00", Categories: "Accessories" },
        { data: await pngImage(), type: "image/png" },
      ),
    });
    expect(created.status).toBe(201);
    const { insertedId } = await created.json();
    const ids = async (query: Record<string, string | number | boolean>) =>
      (await search({ q: word, ...query })).items.map((p) => p._id);
    const update = async (json: Record<string, unknown>) =>
      expect((await admin.request(`/api/products/${insertedId}`, { method: "PUT", json })).status).toBe(200);

    expect(await ids({ max_price: 40 })).toEqual([insertedId]);
    await update({ price: "80.00" });
    expect(await ids({ max_price: 40 })).toEqual([]);
    expect(await ids({ min_price: 70, sort: "price_desc" })).toEqual([insertedId]);
    expect((await search({ q: word })).facets.price.find((r) => r.count > 0)).toMatchObject({ min: 50, count: 1 });

    expect(await ids({ category: "accessories" })).toEqual([insertedId]);
    await update({ Categories: ["Phones", "Watches"] });
    expect(await ids({ category: "accessories" })).toEqual([]);
    expect(await ids({ category: "watches" })).toEqual([insertedId]);
    const categories = (await search({ q: word })).facets.category.filter((c) => c.count > 0).map((c) => c.value);
    expect(categories.sort()).toEqual(["phones", "watches"]);

    await update({ status: "draft" });
    expect((await search({ q: word })).total).toBe(0);
    expect((await search({ q: word, category: "watches" })).facets.category.every((c) => c.count === 0)).toBe(true);
    await update({ status: "published" });
    expect(await ids({})).toEqual([insertedId]);
  });
});

describe("words only unpublished products have", () => {
  it("are never offered to a visitor as a correction, nor told apart from words no product has", async () => {
    const admin = await shop.admin();
    // letters only, new to this catalogue: the draft's word and the published one are one letter apart
    const tag = [...Date.now().toString(36)].map((c) => String.fromCharCode(97 + (c.charCodeAt(0) % 26))).join("");
    const published = `grumzelt${tag}`;
    const unpublished = `grumzalt${tag}`;
    const add = async (title: string) => {
      const res = await admin.request("/api/products", {
        method: "POST",
        body: productForm({ ...VALID_PRODUCT_FIELDS, title }, { data: await pngImage(), type: "image/png" }),
      });
      expect(res.status).toBe(201);
      return (await res.json()).insertedId as string;
    };
    await add(`${published} Lamp`);
    const draft = await add(`${unpublished} Secret Collaboration`);
    const toDraft = await admin.request(`/api/products/${draft}`, { method: "PUT", json: { status: "draft" } });
    expect(toDraft.status).toBe(200);

    // a typo one letter from both words: corrected to the published word (the draft's sorts first)
    expect(await search({ q: `grumzolt${tag}` })).toMatchObject({ corrected: published, total: 1 });
    // the draft's own word reads as a typo of the published one, as a word no product has would
    expect(await search({ q: unpublished })).toMatchObject({ corrected: published, total: 1 });
    expect(await search({ q: `grumzilt${tag}` })).toMatchObject({ corrected: published, total: 1 });

    // an admin searching the drafts gets the draft's word
    const res = await admin.request(`/api/search?q=grumzolt${tag}&status=draft`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ corrected: unpublished, total: 1 });
  });
});

describe("a page of products read by id", () => {
  it("has each product with its categories once, however often the list names it, in the list's order", async () => {
    const [first, second] = (await (
      await shop.anonymous.request("/api/products?limit=2&sort=price_asc")
    ).json()) as Product[];
    const found = await findProductsByIds(shop.db, [second._id, first._id, second._id, "no-such-product"]);
    expect(found.map((p) => p.id)).toEqual([second._id, first._id, second._id]);
    for (const product of found) {
      const slugs = product.categories.map((c) => c.slug);
      expect(slugs.length).toBeGreaterThan(0);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
    expect(found[0].categories.map((c) => c.slug)).toEqual(second.categories.map((c) => c.slug));
  });
});
