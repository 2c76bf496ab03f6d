import { data, redirect } from "react-router";
import { DomainError } from "../../domain/errors.ts";
import type { Actor } from "../../domain/shared/actor.ts";
import { requestContext } from "../context.ts";

type Ctx = { get: (key: typeof requestContext) => import("../context.ts").RequestContext };

/** The services and the asking actor for a loader or action. */
export function shop(context: Ctx) {
  const { services, actor } = context.get(requestContext);
  return { services, db: services.database.db, deps: { db: services.database.db, media: services.media }, actor };
}

/** The not-found page, with status 404. */
export function notFoundPage(): never {
  throw data(null, { status: 404 });
}

/** Sends a visitor who must sign in to the login page, remembering where they were. */
export function toLogin(request: Request, reason?: "admin"): never {
  throw redirect(`/login?from=${encodeURIComponent(pagePath(request))}${reason ? `&reason=${reason}` : ""}`);
}

/** The page a request is for, also when it is React Router's data request (`/x.data`, `/_.data`). */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname;
  if (path.endsWith(".data")) {
    path = path.slice(0, -".data".length);
    if (path.endsWith("/_")) path = path.slice(0, -1);
    if (path === "/_root") path = "/";
  }
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${path || "/"}${search ? `?${search}` : ""}`;
}

export async function requireSignedIn(context: Ctx, request: Request): Promise<Exclude<Actor, { kind: "anonymous" }>> {
  const actor = await shop(context).actor();
  if (actor.kind === "anonymous") toLogin(request);
  return actor;
}

export async function requireAdminPage(context: Ctx, request: Request): Promise<Extract<Actor, { kind: "admin" }>> {
  const actor = await shop(context).actor();
  // a signed-in customer is asked to sign in with an admin account (and not bounced straight back)
  if (actor.kind !== "admin") toLogin(request, actor.kind === "customer" ? "admin" : undefined);
  return actor;
}

/**
 * Runs a form action's domain call; a DomainError becomes the form's error state (400-ish status,
 * messages per field) instead of an error page.
 */
export async function formAction<T>(run: () => Promise<T>): Promise<{ ok: true; result: T } | ReturnType<typeof formFailure>> {
  try {
    return { ok: true as const, result: await run() };
  } catch (e) {
    if (e instanceof DomainError && e.code !== "unauthenticated") return formFailure(e);
    throw e;
  }
}

export function formFailure(e: DomainError) {
  return data({ ok: false as const, message: e.message, fields: e.fields ?? {} }, { status: e.status });
}
