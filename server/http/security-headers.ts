import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";

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
 * Headers for every answer: a Content-Security-Policy whose scripts are the shop's own files and
 * inline scripts carrying this request's nonce (or, for a shared page, their hashes: `inline`), no
 * framing, no sniffing, a strict referrer policy, no powerful browser features, and HSTS when the
 * shop is served over https.
 */
export function securityHeaderList(config: Config): (inline: string) => [string, string][] {
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
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-site"],
    [
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
    ],
    ...(https ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]] : []),
  ];
  return (inline) => [
    ["Content-Security-Policy", `default-src 'self'; script-src 'self'${inline ? ` ${inline}` : ""}; ${rest}`],
    ...fixed,
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
    for (const [name, value] of headersFor(inline)) h.set(name, value);
  };
}
