import { Hono } from "hono";
import * as wishlist from "../../domain/wishlist/index.ts";
import type { AppEnv } from "../context.ts";
import { jsonObject } from "./body.ts";
import { signedIn } from "./guards.ts";
import { imageUrlsOf, wishlistJson } from "./serialize.ts";
import { withWireNames } from "./wire.ts";
import type { Deleted, WishlistItemAdded } from "./wire-schemas.ts";

/** The original shop's `{ user_email, product_deatils }`; only the product's id is trusted. */
function wishlistInputFromWire(body: Record<string, unknown>): Record<string, unknown> {
  const { product_deatils, user_email, ...rest } = body;
  const copiedId =
    product_deatils && typeof product_deatils === "object" ? (product_deatils as { _id?: unknown })._id : undefined;
  return { ...rest, productId: rest.productId ?? copiedId, customerEmail: user_email };
}

export function wishlistApi() {
  const api = new Hono<AppEnv>();
  // `:key` is an email address for GET and a wishlist item's id for DELETE (one path template)
  api.get("/:key", async (c) => {
    const items = await wishlist.listWishlist(c.get("ctx"), c.req.param("key"));
    return c.json(items.map((item) => wishlistJson(item, imageUrlsOf(c))));
  });
  api.post("/", signedIn, async (c) => {
    const body = await jsonObject(c);
    const item = await withWireNames({ customerEmail: "user_email" }, () =>
      wishlist.addToWishlist(c.get("ctx"), wishlistInputFromWire(body)),
    );
    return c.json(
      { acknowledged: true, insertedId: item.id, item: wishlistJson(item, imageUrlsOf(c)) } satisfies WishlistItemAdded,
      201,
    );
  });
  api.delete("/:key", async (c) => {
    const result = await wishlist.removeFromWishlist(c.get("ctx"), c.req.param("key"));
    return c.json({ acknowledged: true, ...result } satisfies Deleted);
  });
  return api;
}
