import { data, redirect } from "react-router";
import type { Actor } from "../../domain/shared/actor.ts";
import { DomainError } from "../../domain/shared/errors.ts";
import { type Page, pageFromNumber } from "../../domain/shared/pagination.ts";
import { type RequestContext, requestContextKey } from "../../server/context.ts";
import { pagePath } from "../../server/http/page-requests.ts";

type Ctx = { get: (key: typeof requestContextKey) => RequestContext };

/** The request context the server built for this request: services, who is asking, request id, logger. */
export function requestCtx(context: Ctx): RequestContext {
  return context.get(requestContextKey);
}

/** The not-found page, with status 404. */
export function notFoundPage(): never {
  throw data(null, { status: 404 });
}

/** What `read` answers, or the not-found page when the domain says the thing does not exist. */
export async function orNotFoundPage<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (e) {
    if (e instanceof DomainError && e.code === "not_found") notFoundPage();
    throw e;
  }
}

/** Sends a visitor who must sign in to the login page, remembering where they were. */
export function toLogin(request: Request, reason?: "admin"): never {
  throw redirect(`/login?from=${encodeURIComponent(pagePath(request))}${reason ? `&reason=${reason}` : ""}`);
}

export function requireSignedIn(ctx: RequestContext, request: Request): Exclude<Actor, { kind: "anonymous" }> {
  if (ctx.actor.kind === "anonymous") toLogin(request);
  return ctx.actor;
}

export function requireAdminPage(ctx: RequestContext, request: Request): Extract<Actor, { kind: "admin" }> {
  // a signed-in customer is asked to sign in with an admin account (and not bounced straight back)
  if (ctx.actor.kind !== "admin") toLogin(request, ctx.actor.kind === "customer" ? "admin" : undefined);
  return ctx.actor;
}

/** The page of a list that `?page=` asks for (clamped to what the database can reach). */
export function listPage(request: Request, size: number): Page & { page: number } {
  return pageFromNumber(new URL(request.url).searchParams.get("page"), size);
}
