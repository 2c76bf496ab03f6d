import type { Context } from "hono";
import type { Actor } from "../../domain/shared/actor.ts";
import { actorFromHeaders } from "../auth.ts";
import type { Services } from "../services.ts";

export type AppEnv = { Variables: { services: Services; actorPromise?: Promise<Actor> } };

/** The requesting actor, looked up once per request and only when a handler needs it. */
export function actorOf(c: Context<AppEnv>): Promise<Actor> {
  let p = c.get("actorPromise");
  if (!p) {
    p = actorFromHeaders(c.get("services").auth, c.req.raw.headers);
    c.set("actorPromise", p);
  }
  return p;
}
