import type { Context, MiddlewareHandler } from "hono";
import { createContext } from "react-router";
import * as cart from "../domain/cart/index.ts";
import * as catalog from "../domain/catalog/index.ts";
import type { Actor } from "../domain/shared/actor.ts";
import type { DomainContext } from "../domain/shared/context.ts";
import { actorFromHeaders } from "./auth/index.ts";
import type { Config } from "./config.ts";
import { clientIp } from "./http/client-ip.ts";
import { isPersonal } from "./http/personal.ts";
import type { Logger } from "./logger.ts";
import type { Services } from "./services.ts";

/**
 * Everything one request works with, built once before any handler runs: the configuration, the
 * database and the other services, who is asking (resolved once, from the session cookie or a bearer
 * token), the client's address, the request id and a logger that stamps it on every line. Domain
 * functions take it as their context; page loaders, actions, guards and API handlers all read it.
 */
export type RequestContext = DomainContext & {
  config: Config;
  services: Services;
  requestId: string;
  log: Logger;
  /** the nonce inline scripts of this answer carry (Content-Security-Policy) */
  nonce: string;
  /** a visitor's cart, from its signed cookie (a signed-in customer's cart is found by account) */
  cartId: string | null;
  /** whether the request names a session, a cart or a message: if not, its answer is the one every anonymous visitor gets */
  personal: boolean;
};

/** The key under which the server hands every loader, action and middleware of the pages its request context. */
export const requestContextKey = createContext<RequestContext>();

export type AppEnv = {
  Variables: {
    services: Services;
    requestId: string;
    log: Logger;
    /** this answer's CSP nonce, made on first use */
    nonce: () => string;
    ctx: RequestContext;
    /** the route pattern for metrics, when Hono's own is not precise (the pages) */
    route?: string;
    /** a stored page's inline scripts, allowed by hash instead of this request's nonce */
    scriptHashes?: string[];
  };
};

/** Builds the request context for the routes below (the API and the pages). */
export function requestContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const services = c.get("services");
    const actor = await actorOf(c, services);
    const log = c.get("log");
    let cartId = services.cartCookie.read(c.req.header("cookie"));
    const merged = Boolean(cartId && actor.kind !== "anonymous");
    if (cartId && actor.kind !== "anonymous") {
      // a visitor who has signed in: their cart joins the account's, and the cookie goes
      await cart.mergeVisitorCart({ db: services.database.db }, cartId, actor.user.id);
      cartId = null;
    }
    c.set("ctx", {
      config: services.config,
      services,
      db: services.database.db,
      media: services.media,
      shop: services.shopSettings,
      payments: services.payments,
      actor,
      clientIp: clientIp(c, services.config.trustedProxyHops),
      events: services.events,
      requestId: c.get("requestId"),
      log: actor.kind === "anonymous" ? log : log.child({ userId: actor.user.id }),
      get nonce() {
        return c.get("nonce")?.() ?? "";
      },
      cartId,
      // what the request resolved to counts too, should a cookie be read that isPersonal did not see
      personal: isPersonal(c.req.raw.headers) || actor.kind !== "anonymous" || cartId !== null,
    });
    try {
      await next();
    } finally {
      // a request that may have written: this process's next read of the catalogue's version asks the
      // database again, so that whoever changed the catalogue sees the change at once
      if (c.req.method !== "GET" && c.req.method !== "HEAD") catalog.catalogueChanged(services.database.db);
    }
    if (merged) c.res.headers.append("Set-Cookie", services.cartCookie.clear());
  };
}

async function actorOf(c: Context<AppEnv>, services: Services): Promise<Actor> {
  return actorFromHeaders(services.auth, c.req.raw.headers);
}
