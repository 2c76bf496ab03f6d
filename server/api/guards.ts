import type { MiddlewareHandler } from "hono";
import { requireUser } from "../../domain/shared/actor.ts";
import { type AppEnv, actorOf } from "../http/context.ts";

/** For calls that need a signed-in user: 401 comes before any complaint about the request body. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(await actorOf(c));
  await next();
};
