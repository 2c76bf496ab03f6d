import type { MiddlewareHandler } from "hono";
import { compressBody, encodingFor, WHOLE_ANSWER_TYPES } from "./response-cache.ts";

/**
 * Pages and their data rendered for one visitor (signed in, with a cart, a form's answer): the
 * rendered body compressed in one call, gzip first (encodingFor's "once"). Hono's compress() piped
 * it through a CompressionStream, chunk by chunk as React wrote them. The pages render whole (no
 * deferred data), so keeping the body until it is complete delays nothing a visitor sees. Other
 * types (a sitemap of every product can be megabytes) pass untouched, to be streamed by compress().
 */
export function compressPages(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    if (!res.body || c.req.method === "HEAD" || res.headers.has("content-encoding") || !WHOLE_ANSWER_TYPES.test(type)) {
      return;
    }
    const body = Buffer.from(await res.arrayBuffer());
    const encoding = encodingFor(body.length, c.req.header("accept-encoding"), "once");
    const headers = new Headers(res.headers);
    const vary = headers.get("vary");
    if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ""))
      headers.append("vary", "Accept-Encoding");
    const sent = encoding ? await compressBody(body, encoding) : body;
    if (encoding) headers.set("content-encoding", encoding);
    headers.set("content-length", String(sent.length));
    const etag = headers.get("etag");
    if (encoding && etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
    c.res = undefined; // (Hono would copy the old answer's headers into the new one)
    c.res = new Response(sent as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers });
  };
}
