import { type RawBuilder, sql } from "kysely";
import type { DB } from "../../db/connection.ts";
import { engineOf } from "../../db/dialect.ts";
import type { Page } from "../shared/pagination.ts";
import {
  type FacetCounts,
  type ListingFilter,
  type ListingOrder,
  PRICE_RANGES,
  SHUFFLE_BUCKET_SIZE,
  SHUFFLE_BUCKETS,
  type ShuffleOrder,
  type WordQuery,
} from "./listing-query.ts";
import { findProductsByIds, listCategories, type ProductRecord } from "./repository.ts";
import { type SearchFacts, STATUS_NUMBER, searchFacts } from "./search-facts.ts";
import type { Visible } from "./search-index.ts";
import { searchCounts, searchPage, searchTotal } from "./search-memory.ts";

/**
 * The catalogue's list queries on both engines: filters, sorts, the shuffled order and facet counts
 * in SQL; a search with words from the words and facts held in memory (search-memory.ts), which the
 * spelling rule also asks which words exist. Only product ids come out; the catalogue's repository
 * reads the products.
 */

const isPostgres = (db: DB) => engineOf(db) === "postgres";

type Without = "category" | "price" | "inStock";

/** The price filter's conditions on `p`. */
function priceConditions(filter: ListingFilter): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (filter.minCents !== undefined) out.push(sql`p.price_cents >= ${filter.minCents}`);
  if (filter.maxCents !== undefined) out.push(sql`p.price_cents <= ${filter.maxCents}`);
  return out;
}

/** The filter's conditions on a product row `p`, leaving out the facets being counted. */
function conditions(filter: ListingFilter, without: Without[] = []): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  // every count, facet and shuffle bucket goes through here, so drafts never show in a public one
  if (filter.status) out.push(sql`p.status = ${filter.status}`);
  if (filter.category && !without.includes("category")) {
    out.push(
      sql`exists (select 1 from product_category pc join category c on c.id = pc.category_id
      where pc.product_id = p.id and c.slug = ${filter.category})`,
    );
  }
  if (!without.includes("price")) out.push(...priceConditions(filter));
  if (filter.inStock !== undefined && !without.includes("inStock")) {
    out.push(sql`p.in_stock = ${filter.inStock ? 1 : 0}`);
  }
  return out;
}

const where = (parts: RawBuilder<unknown>[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

type Matching = {
  /** `from … where …`, the matching rows as `p` */
  from: RawBuilder<unknown>;
  /** the product id of a row of `p` */
  id: RawBuilder<unknown>;
};

/** `from … where …` of the products a filter without words matches (with words: search-memory.ts). */
function matching(filter: ListingFilter, without: Without[] = [], extra: RawBuilder<unknown>[] = []): Matching {
  if (filter.words?.length) throw new Error("a search with words is answered in memory (search-memory.ts)");
  return { from: sql`from product p ${where([...conditions(filter, without), ...extra])}`, id: sql`p.id` };
}

/** A search with words is answered from the words and facts held in memory, on both engines. */
const inMemory = (filter: ListingFilter) => !!filter.words?.length;

/** Reads the documents' facts and words into memory ahead of the first search (in the background after a start). */
export async function prepareSearch(db: DB): Promise<void> {
  await searchFacts(db);
}

/** One page of matching products, in order. */
export async function listPage(
  db: DB,
  filter: ListingFilter,
  order: ListingOrder,
  page: Page,
): Promise<ProductRecord[]> {
  if (inMemory(filter)) return searchPage(db, filter, order, page);
  return findProductsByIds(db, await listIds(db, filter, order, page));
}

/** The ids of one page of matching products (a filter without words), in order. */
async function listIds(db: DB, filter: ListingFilter, order: ListingOrder, page: Page): Promise<string[]> {
  const { id } = matching(filter);
  const run = async (
    orderBy: RawBuilder<unknown>,
    extra: RawBuilder<unknown> | null,
    limit: number,
    offset: number,
  ) => {
    const { from } = matching(filter, [], extra ? [extra] : []);
    const rows = await sql<{
      id: string;
    }>`select ${id} as id ${from} order by ${orderBy} limit ${limit} offset ${offset}`.execute(db);
    return rows.rows.map((r) => r.id);
  };

  switch (order.by) {
    // without words, relevance is the shop's own order
    case "relevance":
    case "position":
      return run(sql`p.position, ${id}`, null, page.limit, page.offset);
    case "price_asc":
      return run(sql`p.price_cents, ${id}`, null, page.limit, page.offset);
    case "price_desc":
      return run(sql`p.price_cents desc, ${id} desc`, null, page.limit, page.offset);
    case "newest":
      return run(sql`p.created_at desc, ${id} desc`, null, page.limit, page.offset);
    case "shuffle":
      return shuffledPage(order, page, run);
  }
}

/**
 * A page of the shuffled order: the first part (keys from the start point on), then the second
 * (the keys before it), each read through the shuffle index, never sorting the whole table.
 */
async function shuffledPage(
  order: ShuffleOrder,
  page: Page,
  run: (orderBy: RawBuilder<unknown>, extra: RawBuilder<unknown>, limit: number, offset: number) => Promise<string[]>,
): Promise<string[]> {
  const direction = order.descending ? sql`desc` : sql`asc`;
  const orderBy = sql`p.shuffle_key ${direction}, p.id ${direction}`;
  const first = order.descending ? sql`p.shuffle_key < ${order.start}` : sql`p.shuffle_key >= ${order.start}`;
  const second = order.descending ? sql`p.shuffle_key >= ${order.start}` : sql`p.shuffle_key < ${order.start}`;
  const ids: string[] = [];
  if (page.offset < order.firstPart) ids.push(...(await run(orderBy, first, page.limit, page.offset)));
  const left = page.limit - ids.length;
  if (left > 0) ids.push(...(await run(orderBy, second, left, Math.max(0, page.offset - order.firstPart))));
  return ids;
}

/** How many products match. */
export async function countMatching(db: DB, filter: ListingFilter): Promise<number> {
  if (inMemory(filter)) return searchTotal(db, filter);
  const { from } = matching(filter);
  const row = (await sql<{ n: number | string }>`select count(*) as n ${from}`.execute(db)).rows[0];
  return Number(row?.n ?? 0);
}

// literals, not parameters: PostgreSQL groups by an expression only when it is written the same way
const bucketOf = sql`p.shuffle_key / ${sql.lit(SHUFFLE_BUCKET_SIZE)}`;

/** How many matching products each shuffle bucket holds (for where a shuffled order's first part ends). */
export async function shuffleBuckets(db: DB, filter: ListingFilter): Promise<number[]> {
  const { from } = matching(filter);
  const rows = (
    await sql<{ bucket: number | string; n: number | string }>`select ${bucketOf} as bucket, count(*) as n
      ${from} group by ${bucketOf}`.execute(db)
  ).rows;
  const counts = Array.from({ length: SHUFFLE_BUCKETS }, () => 0);
  for (const r of rows) counts[Math.min(SHUFFLE_BUCKETS - 1, Math.floor(Number(r.bucket)))] += Number(r.n);
  return counts;
}

/** The matches grouped by price range, stock and whether the price filter holds (and more `by`). */
function groupedMatches<Extra extends object>(
  db: DB,
  filter: ListingFilter,
  matches: Matching,
  by: RawBuilder<unknown>[] = [],
) {
  const priceBucket = sql.join(
    PRICE_RANGES.map(([from, to], i) =>
      to === null
        ? sql`else ${sql.lit(i)}`
        : sql`when p.price_cents < ${sql.lit(to)} and p.price_cents >= ${sql.lit(from)} then ${sql.lit(i)}`,
    ),
    sql` `,
  );
  const price = priceConditions(filter);
  const priceHolds = price.length ? sql`case when ${sql.join(price, sql` and `)} then 1 else 0 end` : sql`1`;
  const extra = by.map((b) => sql`, ${b}`);
  const groupBy = by.map((_, i) => sql`, ${sql.lit(4 + i)}`);
  return sql<
    { bucket: number | string; in_stock: number | string; price_holds: number | string; n: number | string } & Extra
  >`
    select case ${priceBucket} end as bucket, p.in_stock, ${priceHolds} as price_holds ${sql.join(extra, sql``)}, count(*) as n
    ${matches.from} group by 1, 2, 3 ${sql.join(groupBy, sql``)}`.execute(db);
}

/**
 * How many products match, and the facet counts over them, each facet leaving out its own filter
 * (so that choosing "Shoes" still shows how many the other categories would have). The matches are
 * grouped by price range, stock, whether the price filter holds and the set of categories (PostgreSQL's
 * product rows carry it, migration 0010); the total and the facets are summed from those few rows.
 * SQLite's products do not: the categories take a second query. A search with words on SQLite is
 * counted in memory (search-memory.ts).
 */
export async function matchCounts(db: DB, filter: ListingFilter): Promise<{ total: number; facets: FacetCounts }> {
  if (inMemory(filter)) return searchCounts(db, filter);
  if (isPostgres(db)) {
    const [groups, categories] = await Promise.all([
      groupedMatches<{ category_ids: string }>(db, filter, matching(filter, ["category", "price", "inStock"]), [
        sql`p.category_ids`,
      ]),
      listCategories(db),
    ]);
    const chosen =
      filter.category === undefined ? undefined : ` ${categories.find((c) => c.slug === filter.category)?.id} `;
    const perCategory = new Map<string, number>();
    const counts = sumGroups(filter, groups.rows, (row, n, othersHold) => {
      const holds = chosen === undefined || row.category_ids.includes(chosen);
      if (othersHold)
        for (const id of row.category_ids.split(" ")) if (id) perCategory.set(id, (perCategory.get(id) ?? 0) + n);
      return holds;
    });
    const category = categories
      .filter((c) => perCategory.has(c.id))
      .map((c) => ({ slug: c.slug, name: c.name, count: perCategory.get(c.id) ?? 0 }));
    return { total: counts.total, facets: { ...counts.facets, category } };
  }
  const byCategory = matching(filter, ["category"]);
  const [categories, groups] = await Promise.all([
    sql<{ slug: string; name: string; n: number | string }>`select c.slug, c.name, count(*) as n
      from product_category pc join category c on c.id = pc.category_id
      where pc.product_id in (select ${byCategory.id} ${byCategory.from})
      group by c.id, c.slug, c.name, c.position order by c.position`.execute(db),
    groupedMatches(db, filter, matching(filter, ["price", "inStock"])),
  ]);
  const counts = sumGroups(filter, groups.rows, () => true);
  const category = categories.rows.map((r) => ({ slug: r.slug, name: r.name, count: Number(r.n) }));
  return { total: counts.total, facets: { ...counts.facets, category } };
}

/**
 * The total and the price and stock facets from grouped matches. `categoryHolds` says whether a
 * group is in the chosen category, and hears of each group whose price and stock filters hold.
 */
function sumGroups<
  Row extends { bucket: number | string; in_stock: number | string; price_holds: number | string; n: number | string },
>(
  filter: ListingFilter,
  rows: Row[],
  categoryHolds: (row: Row, n: number, priceAndStockHold: boolean) => boolean,
): { total: number; facets: Omit<FacetCounts, "category"> } {
  let total = 0;
  const priceCounts = PRICE_RANGES.map(() => 0);
  const stockCounts = { inStock: 0, outOfStock: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    const inStock = Number(row.in_stock) === 1;
    const priceHolds = Number(row.price_holds) === 1;
    const stockHolds = filter.inStock === undefined || filter.inStock === inStock;
    if (!categoryHolds(row, n, priceHolds && stockHolds)) continue;
    if (priceHolds && stockHolds) total += n;
    if (stockHolds) priceCounts[Number(row.bucket)] += n;
    if (priceHolds) stockCounts[inStock ? "inStock" : "outOfStock"] += n;
  }
  return {
    total,
    facets: { price: PRICE_RANGES.map(([from, to], i) => ({ from, to, count: priceCounts[i] })), inStock: stockCounts },
  };
}

/**
 * The documents questions about words count, for a search of products of this status: a word only
 * drafts have is unknown to a visitor's search, so that it is never offered as a correction nor told
 * apart from a word no product has. All of them when an admin asks for every status.
 */
function visibleFor(facts: SearchFacts, status: ListingFilter["status"]): Visible {
  if (status === undefined) return undefined;
  let held = visibleHeld.get(facts);
  if (held?.revision !== facts.revision || held.size !== facts.size) {
    held = { revision: facts.revision, size: facts.size, byStatus: new Map() };
    visibleHeld.set(facts, held);
  }
  let visible = held.byStatus.get(status);
  if (!visible) {
    const wanted = STATUS_NUMBER[status];
    const hidden: number[] = [];
    for (let doc = 0; doc < facts.size; doc++) {
      const its = facts.status[doc];
      if (its !== 0 && its !== wanted) hidden.push(doc);
    }
    visible = { hidden: Int32Array.from(hidden), isHidden: (doc) => facts.status[doc] !== wanted };
    held.byStatus.set(status, visible);
  }
  return visible;
}

/** The documents each status leaves out, per facts and as of their revision (a scan of them, once per change). */
const visibleHeld = new WeakMap<
  SearchFacts,
  { revision: number; size: number; byStatus: Map<string, NonNullable<Visible>> }
>();

/**
 * Whether the words as typed (the last as the start of a word) find any product of this status: then
 * the index knows every one of them and no spelling needs looking up. Answered from the matches the
 * search reads next anyway (and keeps for them).
 */
export async function typedWordsFind(db: DB, words: WordQuery, status: ListingFilter["status"]): Promise<boolean> {
  return (await searchTotal(db, { words, status })) > 0;
}

/** Which of these words products of this status have, with how many products have each. */
export async function knownWords(
  db: DB,
  words: string[],
  status: ListingFilter["status"],
): Promise<Map<string, number>> {
  if (words.length === 0) return new Map();
  const facts = await searchFacts(db);
  return facts.words.known(words, visibleFor(facts, status));
}

/** Whether any word of products of this status starts with this one (a word being typed). */
export async function knownPrefix(db: DB, prefix: string, status: ListingFilter["status"]): Promise<boolean> {
  const facts = await searchFacts(db);
  return facts.words.hasPrefix(prefix, visibleFor(facts, status));
}

/**
 * Words of products of this status at most two edits from this one, closest first, for "did you mean"
 * when no word one edit away exists. From the words held in memory, on both engines.
 */
export async function wordsNear(db: DB, word: string, status: ListingFilter["status"]): Promise<string[]> {
  const facts = await searchFacts(db);
  return facts.words.near(word, 2, 5, visibleFor(facts, status));
}

/**
 * After a bulk load, outside its transaction. PostgreSQL: VACUUM ANALYZE the catalogue's tables —
 * until then the new words sit in the GIN indexes' unsorted pending lists and row visibility is
 * unknown, and a search with several spellings took 300 ms instead of 30 (measured at 100,000
 * products; autovacuum gets there within minutes). SQLite: merge the full-text index's segments.
 */
export async function optimizeIndex(db: DB): Promise<void> {
  if (db.isTransaction) throw new Error("optimizeIndex runs after the bulk load's transaction, not inside one");
  if (isPostgres(db)) await sql`vacuum analyze product, product_category, product_variant, search_term`.execute(db);
  else await sql`insert into product_search (product_search) values ('optimize')`.execute(db);
}
