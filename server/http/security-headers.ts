import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";
import { isPersonal } from "./personal.ts";

/** Origins a sign-in form may be sent on to (the OpenID Connect provider's, e.g. accounts.google.com). */
function signInOrigins(config: Config): string[] {
  if (!config.google) return [];
  return [new URL(config.google.discoveryUrl ?? "https://accounts.google.com").origin];
}

/** Where images come from when they are not served by the shop itself (S3_PUBLIC_URL). */
function mediaOrigins(config: Config): string[] {
  return /^https?:\/\//.test(config.mediaBaseUrl) ? [new URL(config.mediaBaseUrl).origin] : [];
}

/** Where a checkout form may send the customer: the card provider's hosted payment page. */
function paymentOrigins(config: Config): string[] {
  if (!config.stripe) return [];
  return [config.stripe.apiBase ? new URL(config.stripe.apiBase).origin : "https://checkout.stripe.com"];
}

/**
 * Pages anyone may read, the same for every visitor without a session, and served without React
 * (decision 028: every move from them to another page loads a new document): the landing page, the
 * catalogue, product pages, the blog, the about and store pages. Answered to such a visitor they carry no Cross-Origin-Opener-Policy
 * (decision 029): a page with it, opened from another site, is moved to a browsing context group of
 * its own — in Lighthouse's lab 250 ms of blocking time on a page whose whole blocking time is under
 * 200 ms without it — and a window that opened a public page can learn nothing from it that a
 * request of its own would not. The next page the visitor opens (sign-in, cart) is a new document
 * with the header, which cuts the opener off. A page that runs React must keep it: moves from there to
 * sign-in, checkout or the account load no new document.
 * Every other answer, and these pages for a visitor with a session, cart or message, keep `same-origin`.
 */
const PUBLIC_READING_PAGES =
  /^\/(?:|home|product|product\/[A-Za-z0-9_-]+|blogs|blogs\/[A-Za-z0-9_-]+|about|storeLocation)$/;

export function isolatedFromOpener(request: Request, path: string): boolean {
  const reading = request.method === "GET" || request.method === "HEAD";
  return !(reading && PUBLIC_READING_PAGES.test(path) && !isPersonal(request.headers));
}

/**
 * Headers for every answer: a Content-Security-Policy whose scripts are the shop's own files and
 * inline scripts carrying this request's nonce (or, for a shared page, their hashes: `inline`), no
 * framing, no sniffing, a strict referrer policy, no powerful browser features, and HSTS when the
 * shop is served over https.
 */
export function securityHeaderList(config: Config): (inline: string, isolated?: boolean) => [string, string][] {
  const https = config.publicUrl.startsWith("https://");
  const formTargets = ["'self'", ...signInOrigins(config), ...paymentOrigins(config)].join(" ");
  const imageSources = ["'self'", "data:", "blob:", "https:", ...signInOrigins(config), ...mediaOrigins(config)];
  // the same for every answer, but for the scripts
  const rest = [
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imageSources.join(" ")}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    `form-action ${formTargets}`,
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Resource-Policy", "same-site"],
    [
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
    ],
    ...(https ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]] : []),
  ];
  const opener: [string, string] = ["Cross-Origin-Opener-Policy", "same-origin"];
  return (inline, isolated = true) => [
    ["Content-Security-Policy", `default-src 'self'; script-src 'self'${inline ? ` ${inline}` : ""}; ${rest}`],
    ...fixed,
    ...(isolated ? [opener] : []),
  ];
}

/** The security headers on every answer that goes through the app (securityHeaderList). */
export function securityHeaders(
  config: Config,
): MiddlewareHandler<{ Variables: { nonce: () => string; scriptHashes?: string[] } }> {
  const headersFor = securityHeaderList(config);
  return async (c, next) => {
    // made when an answer has inline scripts to mark (a page), not for every JSON answer
    let nonce: string | undefined;
    c.set("nonce", () => {
      nonce ??= randomBytes(16).toString("base64");
      return nonce;
    });
    await next();
    const h = c.res.headers;
    // a page from the shared store cannot know this request's nonce: its scripts are allowed by hash
    const inline = c.get("scriptHashes")?.join(" ") ?? (nonce ? `'nonce-${nonce}'` : "");
    for (const [name, value] of headersFor(inline, isolatedFromOpener(c.req.raw, c.req.path))) h.set(name, value);
  };
}
