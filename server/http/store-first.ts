import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import * as catalog from "../../domain/catalog/index.ts";
import type { Services } from "../services.ts";
import { isPersonalRequest } from "./personal.ts";
import { requestIdFrom } from "./request-id.ts";
import type { ResponseCache } from "./response-cache.ts";
import { securityHeaderList } from "./security-headers.ts";
import { apiReadRoute, SHARED_API_READS, storedAnswerParts } from "./shared-answers.ts";

/**
 * The API's anonymous catalogue reads answered from the shared store before the request reaches the
 * app. Building the app's Fetch objects (Request, Headers, Response) costs most of a stored answer's
 * CPU — a stored `GET /api/products/{id}` took 0.4 ms through the app and about a tenth of that
 * written straight to the socket — so a request that the shared-answers middleware would answer from
 * the store (server/http/shared-answers.ts) is answered here with the same bytes and headers, the
 * same security headers, request id, log line and metrics. Anything else — a miss, a personal
 * request, a body, another path — goes to the app unchanged, which computes and stores the answer.
 */
export function storeFirst(services: Services, store: ResponseCache, app: RequestListener): RequestListener {
  const { config, log, metrics } = services;
  const trustProxy = config.trustedProxyHops > 0;
  const securityHeaders = securityHeaderList(config)("");
  const db = services.database.db;

  const answer = async (req: IncomingMessage, res: ServerResponse, pathname: string, search: string) => {
    const started = performance.now();
    const stored = store.get(`${pathname}${search}`, await catalog.catalogueVersion(db));
    if (!stored) return false;
    const { status, headers, body } = await storedAnswerParts(stored, {
      method: req.method ?? "GET",
      ifNoneMatch: req.headers["if-none-match"],
      acceptEncoding: req.headers["accept-encoding"],
      fromStore: true,
    });
    // (Node joins repeated headers into one value, as the app's Headers do)
    const requestId = requestIdFrom(req.headers["x-request-id"] as string | undefined, trustProxy);
    res.writeHead(status, [...headers, ...securityHeaders, ["X-Request-Id", requestId]].flat());
    res.end(body);
    const seconds = (performance.now() - started) / 1000;
    const method = req.method ?? "GET";
    metrics?.observeRequest({ method, route: apiReadRoute(pathname), status }, seconds);
    if (log.isLevelEnabled("info")) {
      log
        .child({ reqId: requestId })
        .info({ method, path: pathname, status, ms: Math.round(seconds * 1000) }, "request");
    }
    return true;
  };

  return (req, res) => {
    const url = storable(req);
    if (!url) return app(req, res);
    answer(req, res, url.pathname, url.search).then(
      (answered) => answered || app(req, res),
      (error) => {
        // (the app then meets the same trouble, and logs it as an error)
        log.debug({ err: error }, "the shared store could not answer; the app will");
        if (!res.headersSent) app(req, res);
      },
    );
  };
}

/** A Host header as @hono/node-server accepts it; the app answers 400 to any other. */
const VALID_HOST = /^[a-z0-9._-]+(?::\d+)?$/i;

/**
 * The request's address when the app would look its answer up in the shared store, else undefined.
 * Only an address already in its normal form: one with `..`, `./`, a backslash or an encoded letter
 * is the app's to judge (it refuses a backslash with 400; the store must not answer for it).
 */
function storable(req: IncomingMessage): URL | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  if (!req.url?.startsWith("/api/")) return undefined;
  // a body on a GET goes through the app's limits
  if (req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined) return undefined;
  if (!VALID_HOST.test(req.headers.host ?? "")) return undefined;
  if (isPersonalRequest(req.headers.authorization, req.headers.cookie)) return undefined;
  const url = URL.parse(req.url, "http://shop.invalid");
  const query = req.url.indexOf("?");
  const rawPath = query === -1 ? req.url : req.url.slice(0, query);
  return url && rawPath === url.pathname && SHARED_API_READS.test(rawPath) ? url : undefined;
}
