/**
 * Lighthouse 13 scores for a few pages, in Debian's Chromium (headless), with Lighthouse's default
 * configuration: a mobile device, simulated slow 4G and a 4× slower CPU.
 *
 * One Chromium serves all pages, one after the other (Lighthouse clears the storage between runs).
 * A page that does not load (a 404 today) gets no scores and its error instead.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";

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

export async function auditPages(pages: { name: string; url: string }[]): Promise<PageAudit[]> {
  process.env.CHROME_PATH ??= CHROMIUM;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  try {
    const audits: PageAudit[] = [];
    for (const page of pages) {
      let audit = await auditPage(chrome.port, page);
      // Trace hiccups (NO_NAVSTART, NO_FCP, …) happen on a busy machine; Lighthouse says to run again.
      // A page that answers an error status (ERRORED_DOCUMENT_REQUEST) will answer it again: not retried.
      if (audit.error && !audit.error.startsWith("ERRORED_DOCUMENT_REQUEST"))
        audit = await auditPage(chrome.port, page);
      audits.push(audit);
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
