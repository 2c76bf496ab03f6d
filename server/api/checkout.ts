import { Hono } from "hono";
import * as orders from "../../domain/orders/index.ts";
import type { AppEnv } from "../context.ts";
import { jsonObject } from "./body.ts";
import { signedIn } from "./guards.ts";
import { imageUrlsOf, orderJson } from "./serialize.ts";
import { withWireNames } from "./wire.ts";

/**
 * The signed-in customer's cart becomes an order; `Idempotency-Key` makes a retry the same order.
 * With `payment_method: "stripe"`, `payment.url` is the Checkout page to send the customer to.
 */
export function checkoutApi() {
  const api = new Hono<AppEnv>();
  api.post("/", signedIn, async (c) => {
    const { payment_method, request_key, cart_fingerprint, ...body } = await jsonObject(c);
    const requestKey = c.req.header("idempotency-key") ?? request_key;
    const { order, payment } = await withWireNames(
      { requestKey: "Idempotency-Key", paymentMethod: "payment_method", cartSeen: "cart_fingerprint" },
      () =>
        orders.checkout(c.get("ctx"), {
          ...body,
          requestKey,
          paymentMethod: payment_method,
          cartSeen: cart_fingerprint,
        }),
    );
    return c.json({ acknowledged: true, insertedId: order.id, order: orderJson(order, imageUrlsOf(c)), payment }, 201);
  });
  return api;
}
