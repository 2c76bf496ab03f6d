/**
 * Lighthouse 13 scores for a few pages, in Debian's Chromium (headless), with Lighthouse's default
 * configuration: a mobile device, simulated slow 4G and a 4× slower CPU.
 *
 * One Chromium serves all pages and runs, one after the other (Lighthouse clears the storage between
 * runs), after one audit that is not counted. A page that does not load (a 404 today) gets no
 * scores and its error instead.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from "../scripts/chromium.ts";
import { num, table } from "./table.ts";

export const CHROMIUM = CHROMIUM_PATH;

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

export type PageAudit = {
  name: string;
  url: string;
  /** 0–100, or null when Lighthouse could not score the page */
  scores: Record<Category, number | null>;
  /** milliseconds, except CLS (unitless) */
  metrics: { fcp?: number; lcp?: number; tbt?: number; cls?: number; si?: number };
  /** Lighthouse's error for the whole page, e.g. "ERRORED_DOCUMENT_REQUEST (Status code: 404)" */
  error?: string;
  /** audits that failed outright (score 0) in accessibility, best practices and SEO */
  failed: string[];
};

/**
 * Audits every page `runs` times in one Chromium, after one audit of the first page that is not
 * counted. The first audit after Chromium starts shares the two cores with the browser's own
 * start-up (a WebUI renderer used 1.7 s of CPU during one), and the landing page, audited first in
 * each run of a fresh browser, scored worst for it (docs/benchmarks.md, 2026-11-29, midday).
 */
export async function auditPages(pages: { name: string; url: string }[], runs: number): Promise<PageAudit[][]> {
  // on a fresh machine Chromium is installed first, as `npm test` does for its browser tests
  if (!process.env.CHROME_PATH) await ensureChromium();
  process.env.CHROME_PATH ??= CHROMIUM;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  try {
    await auditPage(chrome.port, pages[0]);
    const audits: PageAudit[][] = [];
    for (let run = 1; run <= runs; run++) {
      const thisRun: PageAudit[] = [];
      for (const page of pages) {
        let audit = await auditPage(chrome.port, page);
        // Trace hiccups (NO_NAVSTART, NO_FCP, …) happen on a busy machine; Lighthouse says to run again.
        // A page that answers an error status (ERRORED_DOCUMENT_REQUEST) will answer it again: not retried.
        if (audit.error && !audit.error.startsWith("ERRORED_DOCUMENT_REQUEST"))
          audit = await auditPage(chrome.port, page);
        thisRun.push(audit);
      }
      audits.push(thisRun);
    }
    return audits;
  } finally {
    chrome.kill();
  }
}

async function auditPage(port: number, page: { name: string; url: string }): Promise<PageAudit> {
  const empty = { performance: null, accessibility: null, "best-practices": null, seo: null };
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    result = await lighthouse(page.url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
  } catch (error) {
    return { ...page, scores: empty, metrics: {}, error: (error as Error).message.split("\n")[0], failed: [] };
  }
  if (!result) return { ...page, scores: empty, metrics: {}, error: "Lighthouse returned no result", failed: [] };
  const lhr = result.lhr;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => {
      const score = lhr.categories[c]?.score;
      return [c, typeof score === "number" ? Math.round(score * 100) : null];
    }),
  ) as PageAudit["scores"];
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === "number" ? value : undefined;
  };
  const failed = (["accessibility", "best-practices", "seo"] as const).flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => `${c}: ${lhr.audits[ref.id]?.title ?? ref.id}${example(lhr.audits[ref.id]?.details)}`),
  );
  const runtimeError = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined;
  return {
    ...page,
    scores,
    metrics: {
      fcp: numeric("first-contentful-paint"),
      lcp: numeric("largest-contentful-paint"),
      tbt: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      si: numeric("speed-index"),
    },
    error: runtimeError,
    failed,
  };
}

/** The first offending item of a failed audit, shortened: which console error, which element. */
function example(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items;
  const first = items?.[0];
  if (!first) return "";
  const node = first.node as { snippet?: string } | undefined;
  const source = (first.sourceLocation as { url?: string } | undefined)?.url;
  const description =
    typeof first.description === "string" ? `${first.description}${source ? ` ${source}` : ""}` : undefined;
  const text = description ?? (typeof node?.snippet === "string" ? node.snippet : undefined);
  if (!text) return "";
  const more = items.length > 1 ? ` (+${items.length - 1} more)` : "";
  return ` [${text.replace(/\s+/g, " ").slice(0, 160)}]${more}`;
}

/** The pages the issue names: landing, catalogue, one product, the blog. */
export function auditedPages(origin: string, productId: string): { name: string; url: string }[] {
  return [
    { name: "/", url: `${origin}/` },
    { name: "/product", url: `${origin}/product` },
    { name: "/product/{id}", url: `${origin}/product/${productId}` },
    { name: "/blogs", url: `${origin}/blogs` },
  ];
}

/**
 * Prints what each page downloads (JS and CSS, gzip level 9) and then the four Lighthouse scores
 * of each page in each of `runs` runs, with the metrics and what failed. Returns the audits.
 */
export async function lighthouseSection(pages: { name: string; url: string }[], runs: number): Promise<PageAudit[]> {
  const { weighPage } = await import("./page-weight.ts");
  const weights = [];
  for (const page of pages) weights.push(await weighPage(page));
  const kb = (bytes: number) => num(bytes / 1024, 1);
  console.log(
    table(
      ["page", "JS files", "JS KB", "JS KB gz", "CSS KB gz", "HTML KB gz"],
      weights.map((w) => [w.name, w.scripts.length, kb(w.jsBytes), kb(w.jsGz), kb(w.cssGz), kb(w.htmlGz)]),
    ),
  );
  console.log("(JS: the entry, route chunks and modulepreloads a page loads, and their static imports)\n");

  const all: PageAudit[] = [];
  const rows: string[][] = [];
  const runsOfAudits = await auditPages(pages, runs);
  for (const [index, audits] of runsOfAudits.entries()) {
    const run = index + 1;
    all.push(...audits);
    const score = (s: number | null) => (s === null ? "—" : String(s));
    const ms = (v: number | undefined) => (v === undefined ? "—" : num(v, 0));
    for (const a of audits) {
      rows.push([
        a.name,
        String(run),
        score(a.scores.performance),
        score(a.scores.accessibility),
        score(a.scores["best-practices"]),
        score(a.scores.seo),
        ms(a.metrics.fcp),
        ms(a.metrics.lcp),
        ms(a.metrics.tbt),
        a.metrics.cls === undefined ? "—" : a.metrics.cls.toFixed(3),
      ]);
    }
  }
  rows.sort((a, b) => pages.findIndex((p) => p.name === a[0]) - pages.findIndex((p) => p.name === b[0]));
  console.log(table(["page", "run", "perf", "a11y", "best-pr.", "SEO", "FCP ms", "LCP ms", "TBT ms", "CLS"], rows));
  const perfect = all.filter((a) => CATEGORIES.every((c) => a.scores[c] === 100)).length;
  console.log(`\n${perfect} of ${all.length} audits score 100 in all four categories`);
  const notes = new Set<string>();
  for (const a of all) {
    if (a.error) notes.add(`  ${a.name}: ${a.error}`);
    for (const f of a.failed) notes.add(`  ${a.name} fails: ${f}`);
  }
  for (const note of notes) console.log(note);
  return all;
}
