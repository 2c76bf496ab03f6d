import type { MiddlewareHandler } from "hono";
import { requireAdmin, requireUser } from "../../domain/shared/actor.ts";
import type { AppEnv } from "../context.ts";

/** For calls that need a signed-in user: 401 comes before any complaint about the request body. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c.get("ctx").actor);
  await next();
};

/** For admin calls: 401/403 before the body is read (an upload is never read for someone who may not send it). */
export const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdmin(c.get("ctx").actor);
  await next();
};
