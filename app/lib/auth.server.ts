import { CLIENT_IP_HEADER } from "../../server/http/client-ip.ts";
import { requestContext } from "../context.ts";

type Ctx = { get: (key: typeof requestContext) => import("../context.ts").RequestContext };

export type AuthResult = { ok: boolean; status: number; body: Record<string, unknown>; headers: Headers };

/**
 * Calls a Better Auth endpoint for a page action through Better Auth's own HTTP handler, so that
 * its origin checks and rate limits apply exactly as they do for /api/auth. Session cookies it
 * sets come back in `headers` (Set-Cookie) for the page's response.
 */
export async function callAuth(context: Ctx, request: Request, path: string, body: unknown): Promise<AuthResult> {
  const { services, clientIp } = context.get(requestContext);
  const headers = new Headers({ "content-type": "application/json", origin: services.config.publicUrl, [CLIENT_IP_HEADER]: clientIp });
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const agent = request.headers.get("user-agent");
  if (agent) headers.set("user-agent", agent);
  const response = await services.auth.handler(
    new Request(`${services.config.publicUrl}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
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
  return { ok: response.ok, status: response.status, body: parsed, headers: out };
}

/** Provider errors as sentences a person can act on (never a raw code). */
export function authErrorMessage(result: AuthResult): string {
  if (result.status === 429) return "Too many attempts. Please wait a minute and try again.";
  const code = String(result.body.code ?? "");
  const known: Record<string, string> = {
    INVALID_EMAIL_OR_PASSWORD: "Invalid email or password.",
    USER_ALREADY_EXISTS: "An account with this email already exists. Sign in instead.",
    USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this email already exists. Sign in instead.",
    PASSWORD_TOO_SHORT: "The password is too short: use at least 8 characters.",
    PASSWORD_TOO_LONG: "The password is too long: use at most 128 characters.",
    INVALID_EMAIL: "Enter a valid email address.",
    BANNED_USER: "This account has been suspended.",
  };
  if (known[code]) return known[code];
  const message = typeof result.body.message === "string" ? result.body.message : "";
  return message || "Something went wrong. Please try again.";
}

/** Only paths on this site: a 'from' of //evil.example or https://… falls back to /. */
export function safeRedirect(to: string | null | undefined, fallback = "/"): string {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
