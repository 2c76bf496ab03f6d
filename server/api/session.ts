import { Hono } from "hono";
import * as cart from "../../domain/cart/index.ts";
import type { AppEnv } from "../context.ts";
import type { SessionSummaryWire } from "./wire-schemas.ts";

/**
 * `GET /api/session`: who is asking and how many items their cart holds — the personal parts of a
 * page's header, which a page shared by every anonymous visitor (and perhaps by a CDN) loads apart.
 */
export function sessionApi() {
  const api = new Hono<AppEnv>();
  api.get("/", async (c) => {
    const ctx = c.get("ctx");
    const { actor } = ctx;
    return c.json({
      user:
        actor.kind === "anonymous"
          ? null
          : { name: actor.user.name, email: actor.user.email, image: actor.user.image, admin: actor.kind === "admin" },
      cartCount: await cart.cartCount(ctx),
    } satisfies SessionSummaryWire);
  });
  return api;
}
