/**
 * What a catalogue listing asks for, on both engines and in both ways of answering it (SQL, or a
 * search held in memory): the words, filters, orders, facet counts, and the price ranges counted.
 */

/** Each word matches any of its spellings (the word itself, or the catalogue's words one edit away); all words must match. */
export type WordQuery = { spellings: string[]; prefix: boolean }[];

export type ListingFilter = {
  words?: WordQuery;
  category?: string;
  minCents?: number;
  maxCents?: number;
  inStock?: boolean;
  /** published products only (the storefront), drafts only, or (undefined) both: an admin's list */
  status?: "draft" | "published";
};

/** The shuffled order: from `start` up (or down) through the shuffle keys, then round from the other end. */
export type ShuffleOrder = { by: "shuffle"; start: number; descending: boolean; firstPart: number };
export type ListingOrder =
  | { by: "relevance" }
  | { by: "price_asc" }
  | { by: "price_desc" }
  | { by: "newest" }
  | { by: "position" }
  | ShuffleOrder;

/** Shuffle keys are 1 … 2^31 − 1; the shuffled order starts at one of 64 points (bucket × 2^25). */
export const SHUFFLE_BUCKETS = 64;
export const SHUFFLE_BUCKET_SIZE = 2 ** 25;

/** Price facet ranges in cents: [from, to), the last open-ended. */
export const PRICE_RANGES: readonly [number, number | null][] = [
  [0, 2_500],
  [2_500, 5_000],
  [5_000, 10_000],
  [10_000, 25_000],
  [25_000, 50_000],
  [50_000, 100_000],
  [100_000, null],
];

/** The facets of a search that matches nothing: every price range there, counting none. */
export const noFacets = (): FacetCounts => ({
  category: [],
  price: PRICE_RANGES.map(([from, to]) => ({ from, to, count: 0 })),
  inStock: { inStock: 0, outOfStock: 0 },
});

export type FacetCounts = {
  category: { slug: string; name: string; count: number }[];
  price: { from: number; to: number | null; count: number }[];
  inStock: { inStock: number; outOfStock: number };
};

/** FTS5: `("shirt" OR "short") AND "blu"*`; the words are letters and digits only, so quoting is enough. */
export function ftsMatch(words: WordQuery): string {
  return words.map((w) => `(${w.spellings.map((s) => `"${s}"${w.prefix ? "*" : ""}`).join(" OR ")})`).join(" AND ");
}
