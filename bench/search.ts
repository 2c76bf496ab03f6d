/**
 * Search latency as one shopper sees it: one request at a time to GET /api/search, over queries made
 * from the catalogue's own titles — whole words, the start of a word (typing), two words, a word
 * with two letters swapped (a typo), and a word with a category filter and a price sort. Each query
 * is sent twice: the first answer is computed (the shared store has never seen it), the second
 * comes from the store.
 */
import { percentile } from "./table.ts";

export type SearchFigures = {
  kind: string;
  queries: number;
  /** matches per query, on average */
  matches: number;
  first: { p50: number; p95: number };
  again: { p50: number; p95: number };
};

type Product = { title: string; categories: { slug: string }[] };

const swapped = (word: string) => {
  const i = Math.floor(word.length / 2);
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
};

/** Queries of each kind, made from titles spread through the catalogue. */
export async function searchQueries(origin: string, total: number, perKind: number): Promise<Record<string, string[]>> {
  const titles: Product[] = [];
  const step = Math.max(1, Math.floor(total / perKind));
  for (let offset = 0; titles.length < perKind && offset < total; offset += step) {
    const res = await fetch(`${origin}/api/products?limit=1&offset=${offset}`);
    titles.push(...((await res.json()) as Product[]));
  }
  const words = (t: Product) => t.title.split(/[^A-Za-z]+/).filter((w) => w.length >= 5);
  const pick = <T>(list: T[], i: number) => list[i % list.length];
  const kinds: Record<string, string[]> = {
    "one word": [],
    "start of a word": [],
    "two words": [],
    "typo (two letters swapped)": [],
    "word + category, by price": [],
  };
  titles.forEach((t, i) => {
    const w = words(t);
    if (w.length === 0) return;
    const word = pick(w, i).toLowerCase();
    kinds["one word"].push(word);
    kinds["start of a word"].push(word.slice(0, 3 + (i % 3)));
    if (w.length > 1) kinds["two words"].push(`${pick(w, i + 1)} ${word}`.toLowerCase());
    kinds["typo (two letters swapped)"].push(swapped(word));
    const category = t.categories[0]?.slug;
    if (category) kinds["word + category, by price"].push(`${word}&category=${category}&sort=price_asc`);
  });
  for (const k of Object.keys(kinds)) kinds[k] = [...new Set(kinds[k])];
  return kinds;
}

async function timed(url: string): Promise<{ ms: number; total: number }> {
  const started = performance.now();
  const res = await fetch(url);
  const body = (await res.json()) as { total?: number };
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return { ms, total: body.total ?? 0 };
}

export async function measureSearch(origin: string, kinds: Record<string, string[]>): Promise<SearchFigures[]> {
  const figures: SearchFigures[] = [];
  for (const [kind, queries] of Object.entries(kinds)) {
    if (queries.length === 0) continue;
    const urls = queries.map((q) => {
      const [text, ...rest] = q.split("&");
      return `${origin}/api/search?q=${encodeURIComponent(text)}${rest.length ? `&${rest.join("&")}` : ""}`;
    });
    const first: number[] = [];
    const again: number[] = [];
    let matches = 0;
    for (const url of urls) {
      const { ms, total } = await timed(url);
      first.push(ms);
      matches += total;
    }
    for (const url of urls) again.push((await timed(url)).ms);
    figures.push({
      kind,
      queries: urls.length,
      matches: matches / urls.length,
      first: { p50: percentile(first, 50), p95: percentile(first, 95) },
      again: { p50: percentile(again, 50), p95: percentile(again, 95) },
    });
  }
  return figures;
}
