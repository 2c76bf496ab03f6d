/**
 * Search latency as one shopper sees it: one request at a time to GET /api/search, over queries made
 * from the catalogue's own titles — whole words, the start of a word (typing), two words, a word
 * with two letters swapped (a typo), and a word with a category filter and a price sort. Each query
 * is sent twice: the first answer is computed (the shared store has never seen it), the second
 * comes from the store.
 *
 * Before them, the server's first searches after its start (its code still being compiled) are made
 * with other words — none of the measured queries' — and reported on their own ("cold"), as the
 * HTTP load figures have their warm-up. The client is lean (node:http on one keep-alive connection,
 * asking for brotli or gzip as a browser does) and the time is to the answer's last byte; undici's
 * fetch added 0.65 ms p50 and 2.9 ms p95 of its own to answers the server gave in 0.1 ms.
 */
import http from "node:http";
import zlib from "node:zlib";
import { percentile } from "./table.ts";

/** The first searches after the server's start, with words none of the measured queries use. */
export type ColdFigures = { queries: number; p50: number; max: number };

export type SearchFigures = {
  /** a kind of query, or ALL_KINDS: every query of every kind, pooled */
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
  return queriesFrom(await titlesAt(origin, total, perKind, 0));
}

/**
 * Searches for the server's first minutes: of every kind, made from other titles (half a step
 * further on), leaving out any query that shares a word with the measured ones — a word's matches
 * and spelling are kept by the server, and the measured queries must find nothing of theirs ready.
 */
export async function warmUpQueries(
  origin: string,
  total: number,
  perKind: number,
  measured: Record<string, string[]>,
): Promise<string[]> {
  const step = Math.max(1, Math.floor(total / perKind));
  const kinds = queriesFrom(await titlesAt(origin, total, perKind, Math.floor(step / 2)));
  const taken = new Set(Object.values(measured).flat().flatMap(wordsOf));
  return (
    Object.values(kinds)
      .flat()
      // a typo's word swapped back is the word it stands for
      .filter((q) => !wordsOf(q).some((w) => taken.has(w) || taken.has(swapped(w))))
  );
}

const wordsOf = (query: string) => query.split("&")[0].split(" ");

async function titlesAt(origin: string, total: number, perKind: number, start: number): Promise<Product[]> {
  const titles: Product[] = [];
  const step = Math.max(1, Math.floor(total / perKind));
  for (let offset = start; titles.length < perKind && offset < total; offset += step) {
    const res = await fetch(`${origin}/api/products?limit=1&offset=${offset}`);
    titles.push(...((await res.json()) as Product[]));
  }
  return titles;
}

function queriesFrom(titles: Product[]): Record<string, string[]> {
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

const searchUrl = (origin: string, query: string) => {
  const [text, ...rest] = query.split("&");
  return `${origin}/api/search?q=${encodeURIComponent(text)}${rest.length ? `&${rest.join("&")}` : ""}`;
};

/** One connection, kept open between requests, as a browser keeps one to the shop. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Milliseconds from sending the request to the answer's last byte; the body is read after. */
function timed(url: string): Promise<{ ms: number; total: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { "accept-encoding": "br, gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const ms = performance.now() - started;
          if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const body =
            encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
          resolve({ ms, total: (JSON.parse(body.toString()) as { total?: number }).total ?? 0 });
        });
      })
      .on("error", reject);
  });
}

/** The server's first searches, timed apart from the measured ones. */
export async function warmUp(origin: string, queries: string[]): Promise<ColdFigures> {
  const times: number[] = [];
  for (const query of queries) times.push((await timed(searchUrl(origin, query))).ms);
  return { queries: times.length, p50: percentile(times, 50), max: Math.max(...times) };
}

export const ALL_KINDS = "all of the above";

/**
 * Queries made per kind. The catalogue's generated titles share 182 words of five letters or more, so some
 * queries repeat and are asked once; about 70–95 of each kind remain. With 40, a kind's p95 was its second
 * slowest answer of 36–38, and one pause of the machine decided it.
 */
export const QUERIES_PER_KIND = 100;

export async function measureSearch(origin: string, kinds: Record<string, string[]>): Promise<SearchFigures[]> {
  const figures: SearchFigures[] = [];
  const pooled = { first: [] as number[], again: [] as number[], matches: 0 };
  for (const [kind, queries] of Object.entries(kinds)) {
    if (queries.length === 0) continue;
    const urls = queries.map((q) => searchUrl(origin, q));
    const first: number[] = [];
    const again: number[] = [];
    let matches = 0;
    for (const url of urls) {
      const { ms, total } = await timed(url);
      first.push(ms);
      matches += total;
    }
    for (const url of urls) again.push((await timed(url)).ms);
    pooled.first.push(...first);
    pooled.again.push(...again);
    pooled.matches += matches;
    figures.push({
      kind,
      queries: urls.length,
      matches: matches / urls.length,
      first: { p50: percentile(first, 50), p95: percentile(first, 95) },
      again: { p50: percentile(again, 50), p95: percentile(again, 95) },
    });
  }
  if (figures.length > 1) {
    figures.push({
      kind: ALL_KINDS,
      queries: pooled.first.length,
      matches: pooled.matches / pooled.first.length,
      first: { p50: percentile(pooled.first, 50), p95: percentile(pooled.first, 95) },
      again: { p50: percentile(pooled.again, 50), p95: percentile(pooled.again, 95) },
    });
  }
  return figures;
}
