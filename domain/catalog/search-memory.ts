import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";
import { engineOf } from "../../db/dialect.ts";
import type { Page } from "../shared/pagination.ts";
import { type FacetCounts, type ListingFilter, type ListingOrder, PRICE_RANGES } from "./listing-query.ts";
import {
  type CategoryRow,
  listCategories,
  type ProductRecord,
  type ProductRow,
  productOwnColumns,
  toProductRecordIn,
} from "./repository.ts";
import { eachCategory, inCategory, type SearchFacts, STATUS_NUMBER, searchFacts } from "./search-facts.ts";
import { searchWords } from "./search-words.ts";
import { catalogueVersion } from "./version.ts";

/**
 * A search with words, answered from the words and the documents' facts held in memory (decisions
 * 024 and 030), on both engines. The words say which documents have every word, and which have each
 * word in their title; filters, the total, the facet counts and the order are worked out here, over
 * the matches' numbers. Only the product ids of the page asked for are read from the database.
 *
 * Relevance ranks by where the words are found — each word counts 3 in the title, 2 in a category's
 * name, 1 in a feature line — then by the shop's own order (position), as a shop's search engine
 * ranks by attribute, then by the merchant's ranking.
 */

type Matches = {
  /** the documents that match every word, in the index's order */
  docs: Int32Array;
  /** per match, the sum of its words' weights (3 title, 2 category, 1 elsewhere): made only for relevance */
  weights?: Uint8Array;
};

const TITLE_WEIGHT = 3;
const CATEGORY_WEIGHT = 2;
const ELSEWHERE_WEIGHT = 1;

/** Matches kept per database (the last few searches, for the page after the counts). */
const KEPT_MATCHES = 16;
const kept = new WeakMap<DB, Map<string, { version: number; matches: Matches }>>();

function matchesOf(filter: ListingFilter, facts: SearchFacts): Matches {
  const docs = facts.words.lookup(filter.words ?? []);
  // plain loops: this runs over every match (10,000 for a common word); kept in place, no second array
  let count = 0;
  for (let k = 0; k < docs.length; k++) {
    const doc = docs[k];
    if (doc < facts.size && facts.status[doc] !== 0) docs[count++] = doc;
  }
  return { docs: docs.subarray(0, count) };
}

/**
 * A byte per document for the relevance of one search at a time, all zero between uses. The server
 * takes blocks of 32 KiB and more straight from the system (decision 023): a fresh 100 KB array per
 * search was 25 page faults, each costing more than the loop that fills it.
 */
let titleScratch = new Uint8Array(0);

/** Each match's relevance: per word, 3 when it is in the title, 2 in a category's name, 1 elsewhere. */
function weightsOf(filter: ListingFilter, facts: SearchFacts, categories: CategoryRow[], docs: Int32Array): Uint8Array {
  const words = filter.words ?? [];
  const inTitles = words.map((word) => facts.words.lookup([word], "title"));
  // bit i: word i is in the document's title / in the name of category n (0, "none", has no name)
  const size = facts.size;
  if (titleScratch.length < size) titleScratch = new Uint8Array(size);
  const titleBits = titleScratch; // from here to its clearing below, no await: no other search uses it meanwhile
  for (let i = 0; i < inTitles.length; i++) {
    const inTitle = inTitles[i];
    for (let k = 0; k < inTitle.length; k++) if (inTitle[k] < size) titleBits[inTitle[k]] |= 1 << i;
  }
  const categoryBits = new Uint8Array(facts.categoryIds.length);
  for (const category of categories) {
    const n = facts.categoryNumber.get(category.id);
    if (n === undefined) continue;
    const nameWords = searchWords(category.name);
    words.forEach((word, i) => {
      const found = word.spellings.some((s) => nameWords.some((w) => (word.prefix ? w.startsWith(s) : w === s)));
      if (found) categoryBits[n] |= 1 << i;
    });
  }
  const weights = new Uint8Array(docs.length);
  for (let j = 0; j < docs.length; j++) {
    const doc = docs[j];
    let inCategories = categoryBits[facts.category1[doc]] | categoryBits[facts.category2[doc]];
    const more = facts.category2[doc] === 0 ? undefined : facts.moreCategories.get(doc);
    if (more) for (const n of more) inCategories |= categoryBits[n];
    let sum = 0;
    for (let i = 0; i < words.length; i++) {
      const bit = 1 << i;
      sum += titleBits[doc] & bit ? TITLE_WEIGHT : inCategories & bit ? CATEGORY_WEIGHT : ELSEWHERE_WEIGHT;
    }
    weights[j] = sum;
  }
  for (const inTitle of inTitles)
    for (let k = 0; k < inTitle.length; k++) if (inTitle[k] < size) titleBits[inTitle[k]] = 0;
  return weights;
}

type Evaluation = { facts: SearchFacts; categories: CategoryRow[]; matches: Matches };

/** The categories as of a catalogue version (any change to one moves the version on). */
const categoriesHeld = new WeakMap<DB, { version: number; categories: Promise<CategoryRow[]> }>();

function categoriesAt(db: DB, version: number): Promise<CategoryRow[]> {
  let held = categoriesHeld.get(db);
  if (!held || held.version !== version) {
    held = { version, categories: listCategories(db) };
    categoriesHeld.set(db, held);
    held.categories.catch(() => categoriesHeld.delete(db));
  }
  return held.categories;
}

async function evaluate(db: DB, filter: ListingFilter): Promise<Evaluation> {
  const version = await catalogueVersion(db);
  const [facts, categories] = await Promise.all([searchFacts(db), categoriesAt(db, version)]);
  const key = JSON.stringify(filter.words ?? []);
  let byDb = kept.get(db);
  if (!byDb) {
    byDb = new Map();
    kept.set(db, byDb);
  }
  let entry = byDb.get(key);
  byDb.delete(key); // most recently used last
  if (!entry || entry.version !== version) entry = { version, matches: matchesOf(filter, facts) };
  byDb.set(key, entry);
  if (byDb.size > KEPT_MATCHES) byDb.delete(byDb.keys().next().value as string);
  return { facts, categories, matches: entry.matches };
}

const CATEGORY_HOLDS = 1;
const PRICE_HOLDS = 2;
const STOCK_HOLDS = 4;
const ALL_HOLD = CATEGORY_HOLDS | PRICE_HOLDS | STOCK_HOLDS;
/** the status asked for does not hold: the match is not counted anywhere */
const LEFT_OUT = 8;

/**
 * Bytes for one search's `holding` at a time, and the numbers of the matches it chose: used from
 * `holding` to the end of the loops that read them, with no await between (so no other search uses
 * them meanwhile). Reused, as the relevance's bytes are: arrays of every match's size, fresh per
 * search, cost the page faults of memory taken from the system (decision 023).
 */
let holdScratch = new Uint8Array(0);
let chosenScratch = new Int32Array(0);

/**
 * Per match, which of the filters hold (bits above); in one plain loop, as it runs over every match.
 * The answer is only good until the next search's `holding` (see holdScratch).
 */
function holding(facts: SearchFacts, filter: ListingFilter, categories: CategoryRow[], docs: Int32Array): Uint8Array {
  const status = filter.status ? STATUS_NUMBER[filter.status] : 0;
  const chosenId = filter.category === undefined ? undefined : categories.find((c) => c.slug === filter.category)?.id;
  // 0: no category filter; -1: a category no document is in
  const chosen =
    filter.category === undefined ? 0 : chosenId === undefined ? -1 : (facts.categoryNumber.get(chosenId) ?? -1);
  const min = filter.minCents ?? Number.NEGATIVE_INFINITY;
  const max = filter.maxCents ?? Number.POSITIVE_INFINITY;
  const stock = filter.inStock === undefined ? -1 : filter.inStock ? 1 : 0;
  if (holdScratch.length < docs.length) holdScratch = new Uint8Array(Math.max(docs.length, holdScratch.length * 2));
  const out = holdScratch.subarray(0, docs.length);
  for (let j = 0; j < docs.length; j++) {
    const doc = docs[j];
    if (status !== 0 && facts.status[doc] !== status) {
      out[j] = LEFT_OUT;
      continue;
    }
    let bits = 0;
    if (chosen === 0 || (chosen > 0 && inCategory(facts, doc, chosen))) bits |= CATEGORY_HOLDS;
    const price = facts.price[doc];
    if (price >= min && price <= max) bits |= PRICE_HOLDS;
    if (stock === -1 || facts.inStock[doc] === stock) bits |= STOCK_HOLDS;
    out[j] = bits;
  }
  return out;
}

function priceRangeOf(cents: number): number {
  for (let i = 0; i < PRICE_RANGES.length; i++) {
    const to = PRICE_RANGES[i][1];
    if (to === null || cents < to) return i;
  }
  return PRICE_RANGES.length - 1;
}

/** How many match, and each facet's counts leaving its own filter out. */
export async function searchCounts(db: DB, filter: ListingFilter): Promise<{ total: number; facets: FacetCounts }> {
  const { facts, categories, matches } = await evaluate(db, filter);
  const holds = holding(facts, filter, categories, matches.docs);
  let total = 0;
  const priceCounts = PRICE_RANGES.map(() => 0);
  const stockCounts = { inStock: 0, outOfStock: 0 };
  const perCategory = new Uint32Array(facts.categoryIds.length);
  const count = (n: number) => {
    perCategory[n]++;
  };
  for (let j = 0; j < matches.docs.length; j++) {
    const bits = holds[j];
    if (bits === LEFT_OUT) continue;
    const doc = matches.docs[j];
    if (bits === ALL_HOLD) total++;
    if ((bits & (CATEGORY_HOLDS | STOCK_HOLDS)) === (CATEGORY_HOLDS | STOCK_HOLDS)) {
      priceCounts[priceRangeOf(facts.price[doc])]++;
    }
    if ((bits & (CATEGORY_HOLDS | PRICE_HOLDS)) === (CATEGORY_HOLDS | PRICE_HOLDS)) {
      stockCounts[facts.inStock[doc] === 1 ? "inStock" : "outOfStock"]++;
    }
    if ((bits & (PRICE_HOLDS | STOCK_HOLDS)) === (PRICE_HOLDS | STOCK_HOLDS)) eachCategory(facts, doc, count);
  }
  const category = categories.flatMap((c) => {
    const n = facts.categoryNumber.get(c.id);
    const count = n === undefined ? 0 : perCategory[n];
    return count ? [{ slug: c.slug, name: c.name, count }] : [];
  });
  return {
    total,
    facets: {
      category,
      price: PRICE_RANGES.map(([from, to], i) => ({ from, to, count: priceCounts[i] })),
      inStock: stockCounts,
    },
  };
}

/** How many match every filter. */
export async function searchTotal(db: DB, filter: ListingFilter): Promise<number> {
  const { facts, categories, matches } = await evaluate(db, filter);
  const holds = holding(facts, filter, categories, matches.docs);
  let total = 0;
  for (let j = 0; j < holds.length; j++) if (holds[j] === ALL_HOLD) total++;
  return total;
}

/**
 * One page of matches, in order, as product records (ties: the document number, which follows the
 * shop's order). The page's products are read with their documents' revisions, in one statement;
 * their categories are the facts' (a product's categories move its document's revision on).
 */
export async function searchPage(
  db: DB,
  filter: ListingFilter,
  order: ListingOrder,
  page: Page,
): Promise<ProductRecord[]> {
  const { facts, categories, matches } = await evaluate(db, filter);
  const holds = holding(facts, filter, categories, matches.docs);
  if (chosenScratch.length < holds.length)
    chosenScratch = new Int32Array(Math.max(holds.length, chosenScratch.length * 2));
  let found = 0;
  for (let j = 0; j < holds.length; j++) if (holds[j] === ALL_HOLD) chosenScratch[found++] = j;
  const chosen = chosenScratch.subarray(0, found);
  if (order.by === "relevance" && !matches.weights)
    matches.weights = weightsOf(filter, facts, categories, matches.docs);
  const weight = order.by === "relevance" ? (matches.weights as Uint8Array) : new Uint8Array(0);
  const docOf = (j: number) => matches.docs[j];
  const byDoc = (a: number, b: number) => docOf(a) - docOf(b);
  const compare: Record<ListingOrder["by"], (a: number, b: number) => number> = {
    relevance: (a, b) => weight[b] - weight[a] || facts.position[docOf(a)] - facts.position[docOf(b)] || byDoc(a, b),
    price_asc: (a, b) => facts.price[docOf(a)] - facts.price[docOf(b)] || byDoc(a, b),
    price_desc: (a, b) => facts.price[docOf(b)] - facts.price[docOf(a)] || byDoc(b, a),
    newest: (a, b) => facts.created[docOf(b)] - facts.created[docOf(a)] || byDoc(b, a),
    position: (a, b) => facts.position[docOf(a)] - facts.position[docOf(b)] || byDoc(a, b),
    // a search is never shuffled (it has an order of its own); the shop's order stands in
    shuffle: (a, b) => facts.position[docOf(a)] - facts.position[docOf(b)] || byDoc(a, b),
  };
  const pageDocs = firstOf(chosen, compare[order.by], page.offset + page.limit)
    .slice(page.offset)
    .map(docOf);
  if (pageDocs.length === 0) return [];
  // as of now: a refresh by another request while the rows are read writes these same facts in place
  const asOf = facts.revision;
  const rows = await pageRows(db, pageDocs);
  // Another process may have changed a document since these facts were read (they catch up within
  // the version check's 250 ms), or given a deleted product's number to a new one: a row written
  // since is left off this page rather than shown on facts that may not be its own — and never
  // with a status the search did not ask for (a draft in a public search).
  const current = rows.filter((r) => Number(r.revision) <= asOf && (!filter.status || r.doc_status === filter.status));
  const productOf = new Map(current.map((r) => [Number(r.doc), r]));
  return pageDocs.flatMap((doc) => {
    const row = productOf.get(doc);
    return row ? [toProductRecordIn(row, categoriesOf(facts, categories, doc))] : [];
  });
}

/**
 * A document's categories as a product record has them, in the shop's order (`categories` comes in
 * it). Read from memory: in SQL, a page's 24 categories subqueries were a third of its statement.
 */
function categoriesOf(facts: SearchFacts, categories: CategoryRow[], doc: number): ProductRecord["categories"] {
  const of: ProductRecord["categories"] = [];
  for (const category of categories) {
    const n = facts.categoryNumber.get(category.id);
    if (n !== undefined && inCategory(facts, doc, n)) of.push({ slug: category.slug, name: category.name });
  }
  return of;
}

type PageRow = Omit<ProductRow, "categories_json"> & {
  doc: number | string;
  doc_status: string;
  revision: number | string;
};

/** The page's documents as the database has them now: their revision and status, and their products. */
async function pageRows(db: DB, docs: number[]): Promise<PageRow[]> {
  if (engineOf(db) === "postgres") {
    return (
      await sql<PageRow>`select product.search_doc as doc, product.status as doc_status,
        product.search_revision as revision, ${productOwnColumns} from product where product.search_doc = any(${docs})`.execute(
        db,
      )
    ).rows;
  }
  // joined from a JSON list rather than `id in (…)`: SQLite builds a temporary table for an IN list
  return (
    await sql<PageRow>`select d.id as doc, d.status as doc_status, d.revision, ${productOwnColumns}
      from json_each(${JSON.stringify(docs)}) as page join search_document d on d.id = page.value
      join product on product.id = d.product_id`.execute(db)
  ).rows;
}

/**
 * The first `count` of `items` in order, kept in a heap whose root is the worst of them: each item
 * costs at most log(count) comparisons, whatever order the matches come in.
 */
function firstOf(items: Int32Array, compare: (a: number, b: number) => number, count: number): number[] {
  if (count >= items.length) return Array.from(items).sort(compare);
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i], heap[j]) > 0;
  const swap = (i: number, j: number) => {
    const kept = heap[i];
    heap[i] = heap[j];
    heap[j] = kept;
  };
  for (let k = 0; k < items.length; k++) {
    const item = items[k];
    if (heap.length < count) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (count > 0 && compare(item, heap[0]) < 0) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let worst = i;
        if (left < heap.length && worse(left, worst)) worst = left;
        if (right < heap.length && worse(right, worst)) worst = right;
        if (worst === i) break;
        swap(i, worst);
        i = worst;
      }
    }
  }
  return heap.sort(compare);
}
