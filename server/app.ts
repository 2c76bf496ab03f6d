import { readdirSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { RouterContextProvider } from "react-router";
import { MEDIA_CACHE_CONTROL, MEDIA_PATH, mediaContentType } from "../domain/media/index.ts";
import { createApi } from "./api/index.ts";
import { type AppEnv, requestContext, requestContextKey } from "./context.ts";
import { bodyLimits } from "./http/body-limits.ts";
import { compressPages } from "./http/compress-pages.ts";
import { handleError, notFoundJson } from "./http/errors.ts";
import { healthRoutes } from "./http/health.ts";
import { sameOriginWrites } from "./http/origin-check.ts";
import { pageRequests } from "./http/page-requests.ts";
import { ReadBudgets } from "./http/read-budget.ts";
import { requestIdOf } from "./http/request-id.ts";
import { ResponseCache } from "./http/response-cache.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { sharedAnswers } from "./http/shared-answers.ts";
import { metricsWithToken, routeLabel } from "./metrics.ts";
import type { Services } from "./services.ts";

/** Every file under the client folder but its hashed assets, as URL paths (`/favicon.svg`, `/images/…`). */
function listPublicFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!relative.startsWith("assets/")) files.add(`/${relative}`);
  }
  return files;
}

export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/** Paths that balancers and monitoring ask all the time. */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

/** Answers that depend on who asks must never be stored by a browser or a shared cache. */
const PRIVATE = "private, no-store";

/** The pages anonymous visitors share: the landing page, the catalogue and product pages (and their data). */
const SHARED_PAGES = /^\/(?:|_root\.data|product|product\.data|product\/[A-Za-z0-9_-]+(?:\.data)?)$/;
/** The catalogue's order depends on the visit's shuffle cookie when the address does not say. */
const SHUFFLE_COOKIE = /(?:^|;\s*)vitrine_shuffle=(\d{1,3})(?:;|$)/;

/**
 * One process, two faces: the JSON API under /api and the server-rendered pages for everything
 * else, over the same services.
 */
export function createApp(
  services: Services,
  pages?: PageHandler,
  options: {
    clientDir?: string;
    /** whether the page at a path has an action (takes posts) */
    hasAction?: (pathname: string, search: string) => boolean;
    /** the pattern of the page a request is for (`/product/:productId`), for metrics labels */
    pageRoute?: (request: Request) => string;
    /** the store of shared answers, when something besides the app reads it (server/http/store-first.ts) */
    answers?: ResponseCache;
    /** each client's budget of reads computed afresh; by default READ_BUDGET where rate limits are on */
    readBudgets?: ReadBudgets;
  } = {},
) {
  const app = new Hono<AppEnv>();
  const answers = options.answers ?? new ResponseCache(services.config.responseCacheBytes);
  const readBudgets = options.readBudgets ?? (services.config.rateLimit ? new ReadBudgets() : undefined);
  const budgets = readBudgets && { budgets: readBudgets, trustedProxyHops: services.config.trustedProxyHops };
  app.use(async (c, next) => {
    const requestId = requestIdOf(c, services.config.trustedProxyHops > 0);
    c.set("services", services);
    c.set("requestId", requestId);
    const log = services.log.child({ reqId: requestId });
    c.set("log", log);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    const seconds = (performance.now() - started) / 1000;
    const status = c.res.status;
    services.metrics?.observeRequest({ method: c.req.method, route: routeLabel(c, c.get("route")), status }, seconds);
    // a balancer's probes every few seconds would drown the log
    const level = PROBES.has(c.req.path) && status < 500 ? "debug" : "info";
    log[level]({ method: c.req.method, path: c.req.path, status, ms: Math.round(seconds * 1000) }, "request");
  });
  app.route("/", healthRoutes(services));
  app.use(securityHeaders(services.config));
  app.use(bodyLimits(services.config));
  const checkOrigin = sameOriginWrites(services.config.publicUrl);
  app.use(async (c, next) => {
    // Better Auth checks the origin of its own endpoints
    if (c.req.path.startsWith("/api/auth/")) return next();
    return checkOrigin(c, next);
  });

  const { metrics } = services;
  const metricsToken = services.config.metrics.token;
  if (metrics && metricsToken) app.get("/metrics", metricsWithToken(metrics, metricsToken));

  app.route("/api", createApi(services, answers, budgets));
  app.all("/api/*", notFoundJson);

  app.get(`${MEDIA_PATH}/*`, async (c) => {
    const key = c.req.path.slice(MEDIA_PATH.length + 1);
    const data = await services.media.get(key);
    if (!data) return c.json({ error: { code: "not_found", message: "No such image." } }, 404);
    c.header("Content-Type", mediaContentType(key));
    c.header("Cache-Control", MEDIA_CACHE_CONTROL);
    return c.body(new Uint8Array(data));
  });

  if (options.clientDir) {
    const root = options.clientDir;
    app.use("/assets/*", compress(), async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    // the build writes a brotli and a gzip copy of each script and stylesheet (scripts/client-assets.ts)
    app.use("/assets/*", serveStatic({ root, precompressed: true }));
    // the other public files (icons, images), listed once: a page's address is never looked for on disk
    const publicFiles = listPublicFiles(root);
    const servePublic = serveStatic({
      root,
      onFound: (_p, c) => {
        c.header("Cache-Control", "public, max-age=3600");
      },
    });
    app.use("*", (c, next) => (publicFiles.has(c.req.path) ? servePublic(c, next) : next()));
  }

  if (pages) {
    // pages are compressed (a 60 KB catalogue page is ~10 KB on the wire); API JSON and media are not.
    // Pages and their data whole, in one call (compressPages); anything else a page route answers (the
    // sitemap's XML, robots.txt) as a stream (compress(), outside: it leaves an encoded answer alone).
    app.use("*", compress(), compressPages());
    const sharedPages = sharedAnswers({
      store: answers,
      shareable: (path) => SHARED_PAGES.test(path),
      keyExtra: (c) =>
        c.req.path.startsWith("/product/") ? "" : (SHUFFLE_COOKIE.exec(c.req.header("cookie") ?? "")?.[1] ?? ""),
      pages: true,
      budgets,
    });
    app.all("*", pageRequests(options.hasAction ?? (() => true)), sharedPages, requestContext(), async (c) => {
      if (options.pageRoute) c.set("route", options.pageRoute(c.req.raw));
      const context = new RouterContextProvider();
      context.set(requestContextKey, c.get("ctx"));
      const response = await pages(c.req.raw, context);
      if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", PRIVATE);
      return response;
    });
  }

  app.onError(handleError);
  return app;
}
