import { Hono } from "hono";
import * as wishlist from "../../domain/wishlist/index.ts";
import { signedIn } from "./guards.ts";
import { type AppEnv, actorOf } from "../http/context.ts";
import { jsonBody } from "./body.ts";
import { wishlistJson } from "./serialize.ts";

export function wishlistApi() {
  const api = new Hono<AppEnv>();
  api.get("/:email", async (c) => {
    const items = await wishlist.listWishlist(c.get("services").database, await actorOf(c), c.req.param("email"));
    return c.json(items.map(wishlistJson));
  });
  api.post("/", signedIn, async (c) => {
    const item = await wishlist.addToWishlist(c.get("services").database, await actorOf(c), await jsonBody(c));
    return c.json({ acknowledged: true, insertedId: item.id, item: wishlistJson(item) }, 201);
  });
  api.delete("/:id", async (c) => {
    const result = await wishlist.removeFromWishlist(c.get("services").database, await actorOf(c), c.req.param("id"));
    return c.json({ acknowledged: true, ...result });
  });
  return api;
}
