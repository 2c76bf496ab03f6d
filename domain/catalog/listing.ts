import { type Actor, requireAdmin } from "../shared/actor.ts";
import type { DataContext } from "../shared/context.ts";
import type { FieldErrors } from "../shared/errors.ts";
import { toCents } from "../shared/money.ts";
import { byCodePoint } from "../shared/numbers.ts";
import { fieldErrorsOf, parseQuery } from "../shared/validation.ts";
import {
  type FacetCounts,
  type ListingFilter,
  type ListingOrder,
  noFacets,
  SHUFFLE_BUCKET_SIZE,
  SHUFFLE_BUCKETS,
  type WordQuery,
} from "./listing-query.ts";
import {
  countMatching,
  knownPrefix,
  knownWords,
  listPage,
  matchCounts,
  shuffleBuckets,
  typedWordsFind,
  wordsNear,
} from "./listing-repository.ts";
import type { ProductRecord } from "./repository.ts";
import { type ListSort, type ProductListQuery, productListQuery } from "./schemas.ts";
import { oneEditAway, searchWords, TYPO_MIN_LENGTH, wordsToCorrect } from "./search-words.ts";
import { catalogueVersion } from "./version.ts";

export type { FacetCounts } from "./listing-query.ts";

export type ProductList = {
  items: ProductRecord[];
  total: number;
  /** the search as it was understood, when a word was corrected ("shrit" → "shirt") */
  corrected?: string;
  /** when nothing matches: a search that would find something */
  didYouMean?: string;
};

export type ProductSearch = ProductList & { facets: FacetCounts };

/** Who reads the catalogue: without an actor (or not an admin), published products only. */
export type ReadContext = DataContext & { actor?: Actor };

/** The public catalogue: anyone may browse and search it; admins may ask for drafts (`status`). */
export async function listProducts(ctx: ReadContext, query: unknown): Promise<ProductList> {
  return runList(ctx, parseQuery(productListQuery, query));
}

/**
 * A list query from a page's address, where a person may have typed anything: the values that are
 * not valid are left out (and named, with the reason, for the page to show beside the field).
 */
export function readListQuery(raw: Record<string, string>): {
  query: Record<string, string>;
  problems: FieldErrors;
} {
  const query = { ...raw };
  const result = productListQuery.safeParse(query);
  const problems = result.success ? {} : fieldErrorsOf(result.error);
  for (const field of Object.keys(problems)) delete query[field];
  return { query, problems };
}

/** Search with facet counts (`GET /api/search`, the catalogue page's filters). */
export async function searchProducts(ctx: ReadContext, query: unknown): Promise<ProductSearch> {
  const q = parseQuery(productListQuery, query);
  const [list, facets] = await Promise.all([runList(ctx, q), facetsFor(ctx, q)]);
  return { ...list, facets };
}

/** How many of the shuffled orders there are: a seed picks one (a start point and a direction). */
export const SHUFFLED_ORDERS = SHUFFLE_BUCKETS * 2;

async function runList(ctx: ReadContext, q: ProductListQuery): Promise<ProductList> {
  const understood = await understand(ctx, q);
  if (!understood) return { items: [], total: 0 };
  const { filter, corrected } = understood;
  const sort: ListSort | undefined = q.sort ?? (filter.words ? "relevance" : undefined);
  let order: ListingOrder;
  let total: number;
  let items: ProductRecord[] | undefined;
  if (sort && filter.words) {
    order = { by: sort };
    // a search counts with its facets (one pass over the matches for both, and the page's facets then come
    // from the cache), and reads its page meanwhile: on PostgreSQL each is a pass over the matches, on a
    // connection of its own (a page past the last match is empty either way)
    const [counts, page] = await Promise.all([countsFor(ctx, filter), listPage(ctx.db, filter, order, q)]);
    total = counts.total;
    items = page;
  } else if (sort) {
    order = { by: sort };
    total = await cached(ctx, `count|${filterKey(filter)}`, () => countMatching(ctx.db, filter));
  } else {
    // browsing: the shop's own order, or a visit's shuffled one; both from cached counts per shuffle bucket
    const buckets = await cached(ctx, `buckets|${filterKey(filter)}`, () => shuffleBuckets(ctx.db, filter));
    total = buckets.reduce((sum, n) => sum + n, 0);
    order = q.seed ? shuffledOrder(q.seed, buckets) : { by: "position" };
  }
  items ??= q.offset < total ? await listPage(ctx.db, filter, order, q) : [];
  const list: ProductList = { items, total };
  if (corrected && total > 0) list.corrected = corrected;
  if (total === 0 && q.q) {
    const suggestion = await didYouMean(ctx, q, filter);
    if (suggestion) list.didYouMean = suggestion;
  }
  return list;
}

async function facetsFor(ctx: ReadContext, q: ProductListQuery): Promise<FacetCounts> {
  const understood = await understand(ctx, q);
  if (!understood) return noFacets();
  return (await countsFor(ctx, understood.filter)).facets;
}

/** How many products match, with the facet counts. */
function countsFor(ctx: ReadContext, filter: ListingFilter) {
  return cached(ctx, `counts|${filterKey(filter)}`, () => matchCounts(ctx.db, filter));
}

/** A seed's shuffled order: its start point (one of SHUFFLE_BUCKETS), its direction, and where its first part ends. */
function shuffledOrder(seed: number, buckets: number[]): ListingOrder {
  const which = seed % SHUFFLED_ORDERS;
  const bucket = Math.floor(which / 2);
  const descending = which % 2 === 1;
  const before = buckets.slice(0, bucket).reduce((sum, n) => sum + n, 0);
  const total = buckets.reduce((sum, n) => sum + n, 0);
  return {
    by: "shuffle",
    start: bucket * SHUFFLE_BUCKET_SIZE,
    descending,
    firstPart: descending ? before : total - before,
  };
}

/**
 * The query as the index takes it: each word as typed when the catalogue knows it (the last one
 * also as the start of longer words), else its spellings one edit away. Undefined: search text
 * with no letters or digits, which matches nothing.
 */
async function understand(
  ctx: ReadContext,
  q: ProductListQuery,
): Promise<{ filter: ListingFilter; corrected?: string } | undefined> {
  const filter: ListingFilter = {
    status: statusFor(ctx, q.status),
    category: q.category,
    minCents: q.min_price === undefined ? undefined : toCents(q.min_price),
    maxCents: q.max_price === undefined ? undefined : toCents(q.max_price),
    inStock: q.in_stock,
  };
  if (!q.q) return { filter };
  const words = searchWords(q.q);
  if (words.length === 0) return undefined;
  // per status: which words count as known depends on which products the search may see
  const key = `words|${filter.status ?? "all"}|${words.join(" ")}`;
  const { query, corrected } = await cached(ctx, key, () => wordQuery(ctx, words, filter.status));
  return { filter: { ...filter, words: query }, corrected };
}

/** Published products for everyone; drafts (or both) only when an admin asks. */
function statusFor(ctx: ReadContext, asked: ProductListQuery["status"]): ListingFilter["status"] {
  if (asked === undefined || asked === "published") return "published";
  requireAdmin(ctx.actor ?? { kind: "anonymous" });
  return asked === "all" ? undefined : "draft";
}

/** The most spellings one mistyped word is searched with. */
const MAX_SPELLINGS = 5;

async function wordQuery(
  ctx: DataContext,
  words: string[],
  status: ListingFilter["status"],
): Promise<{ query: WordQuery; corrected?: string }> {
  const last = words.length - 1;
  const asTyped = words.map((word, i) => ({ spellings: [word], prefix: i === last && word.length >= 2 }));
  if (await typedWordsFind(ctx.db, asTyped, status)) return { query: asTyped };
  const known = await knownWords(ctx.db, words, status);
  // the last word may be unfinished: when a word of the index starts with it, it is not a typo
  const typing = words[last].length >= 2 && !known.has(words[last]) && (await knownPrefix(ctx.db, words[last], status));
  const toCorrect = wordsToCorrect(words, (w, i) => known.has(w) || (i === last && typing));
  const neighbours = new Map(toCorrect.map((w) => [w, oneEditAway(w)]));
  const found = await knownWords(ctx.db, [...new Set([...neighbours.values()].flat())], status);
  let changed = false;
  const chosen: string[] = [];
  const query = words.map((word, i) => {
    const { prefix } = asTyped[i];
    const spellings = (neighbours.get(word) ?? [])
      .filter((w) => found.has(w))
      .sort((a, b) => (found.get(b) ?? 0) - (found.get(a) ?? 0) || byCodePoint(a, b))
      .slice(0, MAX_SPELLINGS);
    if (spellings.length === 0) {
      chosen.push(word);
      return { spellings: [word], prefix };
    }
    changed = true;
    chosen.push(spellings[0]);
    return { spellings, prefix };
  });
  return { query, corrected: changed ? chosen.join(" ") : undefined };
}

/**
 * When nothing matches: the same search with each unknown word replaced by the closest word the
 * catalogue has (one edit away, else, for a word of five letters or more, two), offered only if that
 * search finds something. Kept per words and filter, as the counts are.
 */
async function didYouMean(ctx: DataContext, q: ProductListQuery, filter: ListingFilter): Promise<string | undefined> {
  const words = searchWords(q.q ?? "");
  const key = `suggest|${words.join(" ")}|${filterKey({ ...filter, words: undefined })}`;
  return (await cached(ctx, key, async () => ({ suggestion: await suggestionFor(ctx, words, filter) }))).suggestion;
}

/** The smallest word a suggestion replaces ("bots" → "boots"; a search corrects from five letters). */
const SUGGEST_FROM_LENGTH = 3;
/** The smallest word a suggestion two edits away replaces ("smratpohne" → "smartphone"): shorter ones have too many. */
const SUGGEST_TWO_EDITS_FROM_LENGTH = TYPO_MIN_LENGTH;

async function suggestionFor(ctx: DataContext, words: string[], filter: ListingFilter): Promise<string | undefined> {
  const known = await knownWords(ctx.db, words, filter.status);
  const toReplace = wordsToCorrect(words, (w) => known.has(w), SUGGEST_FROM_LENGTH);
  const neighbours = new Map(toReplace.map((w) => [w, oneEditAway(w)]));
  const near = await knownWords(ctx.db, [...new Set([...neighbours.values()].flat())], filter.status);
  const replacements = new Map<string, string>();
  for (const [word, spellings] of neighbours) {
    let best: string | undefined = spellings
      .filter((w) => near.has(w))
      .sort((a, b) => (near.get(b) ?? 0) - (near.get(a) ?? 0) || byCodePoint(a, b))[0];
    if (!best && [...word].length >= SUGGEST_TWO_EDITS_FROM_LENGTH)
      best = (await wordsNear(ctx.db, word, filter.status))[0];
    if (best) replacements.set(word, best);
  }
  if (replacements.size === 0) return undefined;
  const suggestion = words.map((w) => replacements.get(w) ?? w);
  const words2: WordQuery = suggestion.map((w) => ({ spellings: [w], prefix: false }));
  const total = await countMatching(ctx.db, { ...filter, words: words2 });
  return total > 0 ? suggestion.join(" ") : undefined;
}

function filterKey(filter: ListingFilter): string {
  return JSON.stringify([
    filter.status ?? "all",
    filter.words ?? null,
    filter.category ?? null,
    filter.minCents,
    filter.maxCents,
    filter.inStock,
  ]);
}

// ── a small cache of counts and spellings, per catalogue version ──

/** Entries kept; each is small (a number, 64 numbers, a facet list or a few words). */
const CACHE_ENTRIES = 2_000;
type Entry = { version: number; value: Promise<unknown> };
const caches = new WeakMap<DataContext["db"], Map<string, Entry>>();

async function cached<T>(ctx: DataContext, key: string, compute: () => Promise<T>): Promise<T> {
  const version = await catalogueVersion(ctx.db);
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new Map();
    caches.set(ctx.db, cache);
  }
  const hit = cache.get(key);
  if (hit && hit.version === version) {
    cache.delete(key);
    cache.set(key, hit); // most recently used last
    return hit.value as Promise<T>;
  }
  const value = compute();
  cache.set(key, { version, value });
  value.catch(() => cache.delete(key));
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return value;
}
