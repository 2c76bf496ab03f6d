import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../domain/accounts/index.ts";
import { CONTROL_CHARACTERS } from "../../domain/shared/schemas.ts";
import type { RequestContext } from "../../server/context.ts";

export { EMAIL_VERIFIED_PATH } from "../../server/auth/index.ts";

/** An error as the API answers it (`{ error: { code, message, fields } }`). */
export type AuthError = { code: string; message: string; fields?: Record<string, string> };

export type AuthResult = {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
  /** the error, when the call failed */
  error: AuthError | null;
  headers: Headers;
};

/**
 * Calls a Better Auth endpoint for a page action through the same handler as /api/auth, so that
 * its origin checks and rate limits apply exactly as they do there. Session cookies it sets come
 * back in `headers` (Set-Cookie) for the page's response.
 */
export async function callAuth(
  ctx: RequestContext,
  request: Request,
  path: string,
  body: unknown,
): Promise<AuthResult> {
  const { config, services } = ctx;
  const headers = new Headers({ "content-type": "application/json", origin: config.publicUrl });
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const agent = request.headers.get("user-agent");
  if (agent) headers.set("user-agent", agent);
  const response = await services.authHandler(
    new Request(`${config.publicUrl}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
    ctx.clientIp,
  );
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  const out = new Headers();
  for (const c of response.headers.getSetCookie()) out.append("Set-Cookie", c);
  const error = response.ok ? null : ((parsed.error as AuthError | undefined) ?? null);
  return { ok: response.ok, status: response.status, body: parsed, error, headers: out };
}

/**
 * Whether a password-reset token is still good (not used, not expired), asked of Better Auth's own
 * link endpoint, which answers with a redirect carrying either the token or an error.
 */
export async function resetTokenIsValid(ctx: RequestContext, token: string): Promise<boolean> {
  const { config, services } = ctx;
  const url = `${config.publicUrl}/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent("/reset-password")}`;
  const response = await services.authHandler(new Request(url, { method: "GET" }), ctx.clientIp);
  await response.body?.cancel();
  const location = response.headers.get("location");
  if (!location) return false;
  const params = new URL(location, config.publicUrl).searchParams;
  return params.get("token") === token && !params.has("error");
}

/** Provider errors as sentences a person can act on (never a raw code). */
export function authErrorMessage(result: AuthResult): string {
  const code = result.error?.code ?? "";
  if ((code === "TOO_MANY_FAILED_SIGN_INS" || code === "TOO_MANY_MAIL_REQUESTS") && result.error?.message)
    return result.error.message;
  if (result.status === 429) return "Too many attempts. Please wait a minute and try again.";
  const known: Record<string, string> = {
    INVALID_EMAIL_OR_PASSWORD: "Invalid email or password.",
    USER_ALREADY_EXISTS: "An account with this email already exists. Sign in instead.",
    USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this email already exists. Sign in instead.",
    PASSWORD_TOO_SHORT: `The password is too short: use at least ${PASSWORD_MIN_LENGTH} characters.`,
    PASSWORD_TOO_LONG: `The password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`,
    INVALID_EMAIL: "Enter a valid email address.",
    BANNED_USER: "This account has been suspended.",
    INVALID_TOKEN: "This link has expired or has already been used. Ask for a new one.",
    EMAIL_ALREADY_VERIFIED: "Your email address is already confirmed.",
  };
  if (known[code]) return known[code];
  return result.error?.message || "Something went wrong. Please try again.";
}

const SAME_SITE = "http://shop.invalid";

/**
 * A path on this site to go back to, or `fallback`. The value is read the way a browser reads a
 * Location (tabs and newlines dropped, backslashes as slashes, percent-decoding in the query), so
 * that nothing that looks like a path here can turn into another site there.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000) return fallback;
  let url: URL;
  try {
    url = new URL(to, SAME_SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_SITE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (
    !path.startsWith("/") ||
    path.startsWith("//") ||
    new RegExp(CONTROL_CHARACTERS.source).test(path) ||
    path.includes("\\")
  )
    return fallback;
  return path;
}
