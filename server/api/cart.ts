import { Hono } from "hono";
import * as cart from "../../domain/cart/index.ts";
import type { AppEnv } from "../context.ts";
import { jsonObject } from "./body.ts";
import { cartJson, imageUrlsOf } from "./serialize.ts";

/** The asker's cart: a signed-in customer's by their account (cookie or bearer), a visitor's by a signed cookie. */
export function cartApi() {
  const api = new Hono<AppEnv>();
  api.get("/", async (c) => c.json(cartJson(await cart.getCart(c.get("ctx")), imageUrlsOf(c))));

  api.post("/items", async (c) => {
    const ctx = c.get("ctx");
    const { cart: updated, line, createdCartId } = await cart.addToCart(ctx, await jsonObject(c));
    if (createdCartId) c.header("Set-Cookie", ctx.services.cartCookie.set(createdCartId), { append: true });
    return c.json(
      {
        ...cartJson(updated, imageUrlsOf(c)),
        item: cartJson(updated, imageUrlsOf(c)).items.find((i) => i.id === line.id),
      },
      201,
    );
  });

  api.patch("/items/:id", async (c) => {
    return c.json(
      cartJson(await cart.updateCartItem(c.get("ctx"), c.req.param("id"), await jsonObject(c)), imageUrlsOf(c)),
    );
  });

  api.delete("/items/:id", async (c) => {
    return c.json(cartJson(await cart.removeCartItem(c.get("ctx"), c.req.param("id")), imageUrlsOf(c)));
  });
  return api;
}
