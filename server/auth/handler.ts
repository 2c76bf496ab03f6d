import * as limits from "../../domain/limits/index.ts";
import type { DataContext } from "../../domain/shared/context.ts";
import { withClientIp } from "../http/client-ip.ts";
import type { Auth } from "./index.ts";

const SIGN_IN_PATH = "/api/auth/sign-in/email";
/** Endpoints that send mail to the address in their body. */
const MAIL_PATHS = new Set(["/api/auth/request-password-reset", "/api/auth/send-verification-email"]);

const tooMany = (code: string, message: string, seconds: number) =>
  Response.json(
    { error: { code, message } },
    { status: 429, headers: { "Retry-After": String(seconds), "Cache-Control": "no-store" } },
  );

const minutes = (seconds: number) => {
  const n = Math.ceil(seconds / 60);
  return `${n} minute${n === 1 ? "" : "s"}`;
};

/**
 * Every call to Better Auth goes through here, from /api/auth and from the pages' actions alike:
 * the client's address travels in a header only we set, failed password sign-ins are counted per
 * account (so that rotating addresses does not buy an attacker more guesses), and mail that anyone
 * can ask for (a password reset, an address confirmation) is limited per recipient, whether or not
 * the address has an account, so that the limit tells nothing about who has one.
 */
export function authRequestHandler(auth: Auth, ctx: DataContext, options: { accountLimits: boolean }) {
  const handle = limitedHandler(auth, ctx, options);
  return async (request: Request, clientIp: string): Promise<Response> =>
    inHouseErrors(await withoutSessionTokens(request, await handle(request, clientIp)));
}

/** Endpoints that answer the caller's sessions, with their tokens as Better Auth gives them. */
const SESSION_READS = new Set(["/api/auth/get-session", "/api/auth/list-sessions"]);

/**
 * The session token is a bearer credential (`Authorization: Bearer`): one that a page's script could read would let
 * an injected script carry the session away from the HttpOnly cookie, to use from anywhere until it
 * expires. So the answers that describe sessions leave it out, in their body and in the bearer plugin's
 * `set-auth-token` header. A client that signs in for a token gets it from the sign-in's answer.
 */
async function withoutSessionTokens(request: Request, response: Response): Promise<Response> {
  if (!SESSION_READS.has(new URL(request.url).pathname)) return response;
  const headers = new Headers(response.headers);
  headers.delete("set-auth-token");
  if (!response.ok || !headers.get("content-type")?.startsWith("application/json")) {
    return new Response(response.body, { status: response.status, headers });
  }
  const body = (await response.json()) as unknown;
  const strip = (session: unknown) => {
    if (session && typeof session === "object") delete (session as { token?: unknown }).token;
  };
  if (Array.isArray(body)) body.forEach(strip);
  else if (body && typeof body === "object") strip((body as { session?: unknown }).session);
  headers.delete("content-length");
  return Response.json(body, { status: response.status, headers });
}

/**
 * Better Auth's admin plugin keeps the role and the "disabled" flag and refuses disabled accounts; its
 * own endpoints (list sessions with their tokens, set a password, impersonate, change a role) are not
 * served: the shop's admin pages do that work, by the shop's rules and in its audit log.
 */
const UNSERVED = /^\/api\/auth\/admin(?:\/|$)/;

function limitedHandler(auth: Auth, ctx: DataContext, options: { accountLimits: boolean }) {
  return async (request: Request, clientIp: string): Promise<Response> => {
    const url = new URL(request.url);
    if (UNSERVED.test(url.pathname)) {
      return Response.json({ error: { code: "not_found", message: "No such endpoint." } }, { status: 404 });
    }
    const forwarded = withClientIp(request, clientIp);
    const limited = url.pathname === SIGN_IN_PATH || MAIL_PATHS.has(url.pathname);
    if (!options.accountLimits || request.method !== "POST" || !limited) {
      return auth.handler(forwarded);
    }
    const body = await forwarded.text();
    const email = emailOf(body);
    if (!email) return auth.handler(new Request(forwarded, { body }));
    if (MAIL_PATHS.has(url.pathname)) {
      const key = `mail-request:${email}`;
      const wait = await limits.blockedFor(ctx, key, limits.LIMITS.mailsPerAddress);
      if (wait > 0) {
        return tooMany(
          "TOO_MANY_MAIL_REQUESTS",
          `Several emails were already sent to this address. Please check your inbox (and spam folder), or wait ${minutes(wait)} before asking again.`,
          wait,
        );
      }
      await limits.record(ctx, key, limits.LIMITS.mailsPerAddress);
      return auth.handler(new Request(forwarded, { body }));
    }
    const key = `failed-sign-in:${email}`;
    const wait = await limits.blockedFor(ctx, key, limits.LIMITS.failedSignIns);
    if (wait > 0) {
      return tooMany(
        "TOO_MANY_FAILED_SIGN_INS",
        `Too many failed sign-ins for this account. Please wait ${minutes(wait)} and try again.`,
        wait,
      );
    }
    const response = await auth.handler(new Request(forwarded, { body }));
    if (response.status === 401) await limits.record(ctx, key, limits.LIMITS.failedSignIns);
    else if (response.ok) await limits.reset(ctx, key);
    return response;
  };
}

/**
 * Better Auth answers an error as `{ code, message }`; the shop's API as `{ error: { code, message,
 * fields } }`. Its JSON errors are rewritten to the shop's shape, so that a client reads every
 * error under /api the same way. Redirects and other answers pass unchanged.
 */
async function inHouseErrors(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get("content-type")?.startsWith("application/json")) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  if (!body || typeof body !== "object" || "error" in body) {
    return new Response(text, { status: response.status, headers });
  }
  const { code, message, fields } = body as { code?: unknown; message?: unknown; fields?: unknown };
  const error = {
    code: typeof code === "string" && code ? code : `HTTP_${response.status}`,
    message: typeof message === "string" && message ? message : "The request was refused.",
    ...(fields && typeof fields === "object" ? { fields } : {}),
  };
  return Response.json({ error }, { status: response.status, headers });
}

function emailOf(body: string): string | undefined {
  try {
    const email = (JSON.parse(body) as { email?: unknown }).email;
    return typeof email === "string" && email.length <= 320 ? email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

export type AuthRequestHandler = ReturnType<typeof authRequestHandler>;
