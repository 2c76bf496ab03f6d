import type { Context, MiddlewareHandler } from "hono";
import * as catalog from "../../domain/catalog/index.ts";
import type { AppEnv } from "../context.ts";
import { clientIp } from "./client-ip.ts";
import { errorBody } from "./errors.ts";
import { isPersonal } from "./personal.ts";
import type { ReadBudgets } from "./read-budget.ts";
import {
  type CachedAnswer,
  chooseEncoding,
  encodeAnswer,
  inlineScriptHashes,
  matchesEtag,
  type ResponseCache,
  WHOLE_ANSWER_TYPES,
} from "./response-cache.ts";

/**
 * Anonymous reads of the catalogue (its API answers and its pages) are the same for everyone who
 * asks: they are answered from a store of encoded answers keyed by address and catalogue version,
 * with an ETag (304 when the client has it) and a Cache-Control that lets a CDN keep them for a
 * minute. A request that names a session, a cart or a one-time message is personal: it is answered
 * afresh, never stored, and `private, no-store` as before.
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** The API's reads of the catalogue, the same for every anonymous client. */
export const SHARED_API_READS = /^\/api\/(?:products(?:\/[A-Za-z0-9_-]+)?|search|categories)$/;

/** The route pattern that names one of the API's shared reads in metrics. */
export const apiReadRoute = (path: string) => (path.startsWith("/api/products/") ? "/api/products/:id" : path);

type Options = {
  store: ResponseCache;
  /** whether this path's GET answer may be shared */
  shareable: (path: string) => boolean;
  /** a part of the key besides the address (e.g. the visit's shuffled order, which a cookie names) */
  keyExtra?: (c: Context<AppEnv>) => string;
  /** pages: their inline scripts are allowed by hash when served from the store */
  pages?: boolean;
  /** the route pattern that names an answer from the store in metrics */
  route?: (path: string) => string;
  /** each client's budget of reads computed afresh (none: no limit) */
  budgets?: { budgets: ReadBudgets; trustedProxyHops: number };
};

export function sharedAnswers(options: Options): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || !options.shareable(c.req.path)) return next();
    const pages = options.pages ?? false;
    if (isPersonal(c.req.raw.headers)) return overBudget(c, options, pages) ?? next();
    const url = new URL(c.req.url);
    // no real page or read has such an address: answered afresh, it cannot crowd the others out
    if (url.search.length > MAX_SHARED_QUERY) return overBudget(c, options, pages) ?? next();
    const extra = options.keyExtra?.(c) ?? "";
    const key = `${url.pathname}${url.search}${options.keyExtra ? `|${extra}` : ""}`;
    // a page depends on cookies (a visit's shuffled order; the header's account and cart, which a page
    // without React cannot load afterwards): a CDN keeps one per Cookie header, one for all without
    const varyCookie = options.pages ?? false;
    const db = c.get("services").database.db;
    const version = await catalog.catalogueVersion(db);
    const stored = options.store.get(key, version);
    if (stored) {
      if (options.route) c.set("route", options.route(c.req.path));
      return await answer(c, stored, pages, true, varyCookie);
    }
    const refused = overBudget(c, options, pages);
    if (refused) return refused;

    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    if (res.status !== 200 || res.headers.has("set-cookie") || !WHOLE_ANSWER_TYPES.test(type) || method === "HEAD")
      return;
    // the headers looked anonymous, but the request resolved to someone (a session, a cart)
    if (c.get("ctx")?.personal) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers: [string, string][] = [];
    for (const [name, value] of res.headers) {
      if (KEPT_HEADERS.has(name)) headers.push([name, value]);
    }
    const scriptHashes = options.pages && type.startsWith("text/html") ? inlineScriptHashes(body.toString("utf8")) : [];
    const encoded = encodeAnswer(version, 200, headers, body, scriptHashes);
    // stored under the version read before the render: a change meanwhile makes the next request render again
    options.store.set(key, encoded);
    c.res = undefined; // (Hono would copy the old answer's headers into the new one)
    c.res = await answer(c, encoded, options.pages ?? false, false, varyCookie);
  };
}

/** A refusal when the client has no computed reads left (read-budget.ts), else undefined. */
function overBudget(c: Context<AppEnv>, options: Options, pages: boolean): Response | undefined {
  if (!options.budgets) return undefined;
  const { budgets, trustedProxyHops } = options.budgets;
  if (trustedProxyHops === 0 && c.req.header("x-forwarded-for") && !warnedOfProxy.has(budgets)) {
    warnedOfProxy.add(budgets);
    c.get("log")?.warn(
      "requests come through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: rate limits and the read budget count every visitor behind it as one",
    );
  }
  const wait = budgets.take(clientIp(c, trustedProxyHops));
  if (wait === 0) return undefined;
  c.header("Retry-After", String(wait));
  c.header("Cache-Control", "no-store");
  const message = "Too many requests from your address. Please wait a few seconds and try again.";
  if (!pages) return c.json(errorBody("rate_limited", message), 429);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many requests</title></head><body><main><h1>Too many requests</h1><p>${message}</p></main></body></html>`,
    429,
  );
}

/** Budgets whose process has already been told that TRUST_PROXY seems missing (once each). */
const warnedOfProxy = new WeakSet<ReadBudgets>();

/**
 * The longest query string whose answer is stored: the shop's own are shorter (a search of 100
 * four-byte characters, percent-encoded, with every filter, is about 1,400).
 */
const MAX_SHARED_QUERY = 2048;

/** Headers an answer keeps in the store; the rest (Cache-Control, Date, security headers) are set per request. */
const KEPT_HEADERS = new Set(["content-type", "x-total-count", "content-language", "link", "x-remix-response"]);

/** A shared answer: the same bytes for everyone, so a page's scripts are allowed by their hashes, not a nonce. */
async function answer(
  c: Context<AppEnv>,
  stored: CachedAnswer,
  pages: boolean,
  fromStore: boolean,
  varyCookie: boolean,
): Promise<Response> {
  if (pages) c.set("scriptHashes", stored.scriptHashes);
  const { status, headers, body } = await storedAnswerParts(stored, {
    method: c.req.method,
    ifNoneMatch: c.req.header("if-none-match"),
    acceptEncoding: c.req.header("accept-encoding"),
    fromStore,
    varyCookie,
  });
  return new Response(body as Uint8Array<ArrayBuffer> | null, { status, headers: new Headers(headers) });
}

/**
 * What a stored answer is sent as to one request: 304 when the client has it, else its body in the
 * encoding the client prefers (none for HEAD), with the headers of a shared answer.
 */
export async function storedAnswerParts(
  stored: CachedAnswer,
  request: {
    method: string;
    ifNoneMatch: string | undefined;
    acceptEncoding: string | undefined;
    fromStore: boolean;
    /** the answer depends on a cookie besides the address */
    varyCookie?: boolean;
  },
): Promise<{ status: number; headers: [string, string][]; body: Uint8Array | null }> {
  const shared: [string, string][] = [
    ["Cache-Control", SHARED_CACHE_CONTROL],
    ["ETag", stored.etag],
    ["Vary", request.varyCookie ? "Accept-Encoding, Cookie" : "Accept-Encoding"],
    ["X-Cache", request.fromStore ? "hit" : "miss"],
  ];
  if (matchesEtag(request.ifNoneMatch, stored.etag)) {
    return {
      status: 304,
      headers: [...stored.headers.filter(([name]) => name !== "content-type"), ...shared],
      body: null,
    };
  }
  const { body, encoding } = await chooseEncoding(stored, request.acceptEncoding);
  const headers: [string, string][] = [...stored.headers, ...shared];
  if (encoding) headers.push(["Content-Encoding", encoding]);
  headers.push(["Content-Length", String(body.length)]);
  return { status: stored.status, headers, body: request.method === "HEAD" ? null : body };
}
