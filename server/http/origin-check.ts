import type { MiddlewareHandler } from "hono";
import { errorBody } from "./errors.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request protection for cookie-authenticated writes: a browser always sends Origin
 * (or Sec-Fetch-Site) with a POST, PUT or DELETE, so one from another site is refused.
 * Bearer-token clients carry no ambient credentials and are not affected.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    // Only without the cookie: Better Auth falls back to the session cookie when a bearer token
    // is not validly signed, so a made-up token must not switch the check off for a cookie.
    if (c.req.header("authorization")?.toLowerCase().startsWith("bearer ") && !c.req.header("cookie")) return next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const requestOrigin = new URL(c.req.url).origin;
    const originOk = !origin || origin === allowed || origin === requestOrigin;
    const siteOk = !site || site === "same-origin" || site === "none";
    if (originOk && (origin ? true : siteOk)) return next();
    return c.json(errorBody("forbidden", "Cross-site requests are not allowed."), 403);
  };
}
