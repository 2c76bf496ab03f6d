import { Hono } from "hono";
import * as orders from "../../domain/orders/index.ts";
import { toCents } from "../../domain/shared/money.ts";
import type { AppEnv } from "../context.ts";
import { jsonObject, queryOf, withTotal } from "./body.ts";
import { signedIn } from "./guards.ts";
import { imageUrlsOf, orderJson } from "./serialize.ts";
import { withWireNames } from "./wire.ts";
import type { Deleted, OrderCancelled, OrderPlaced, OrderStatusChanged, PaymentOpened } from "./wire-schemas.ts";

const ORDER_WIRE_NAMES = { customerEmail: "user_email", requestKey: "request_key", priceSeen: "price_seen" };

/**
 * The original shop's order call: its product copy (`booking_deatils`, of which only the id is
 * trusted), `user_email` and `request_key` become the domain's `productId`, `customerEmail` and
 * `requestKey`; `price_seen` (dollars, as the API shows prices) the domain's `priceSeen` (cents).
 */
export function orderInputFromWire(body: Record<string, unknown>): Record<string, unknown> {
  const { booking_deatils, user_email, request_key, price_seen, priceSeen: _cents, ...rest } = body;
  const copiedId =
    booking_deatils && typeof booking_deatils === "object" ? (booking_deatils as { _id?: unknown })._id : undefined;
  return {
    ...rest,
    productId: rest.productId ?? copiedId,
    customerEmail: user_email,
    requestKey: request_key,
    // anything but a number is left for the domain to refuse
    priceSeen: typeof price_seen === "number" && Number.isFinite(price_seen) ? toCents(price_seen) : price_seen,
  };
}

export function ordersApi() {
  const api = new Hono<AppEnv>();

  /** all orders: admins only; `status` filters */
  api.get("/", async (c) => {
    const { items, total } = await orders.listAllOrders(c.get("ctx"), queryOf(c));
    withTotal(c, total);
    const urls = imageUrlsOf(c);
    return c.json(items.map((item) => orderJson(item, urls)));
  });

  // `:key` is an email address for GET and an order id for PUT and DELETE: one path template, where
  // `/:email` and `/:id` would be two that match the same URLs

  /** one customer's orders: that customer or an admin */
  api.get("/:key", async (c) => {
    const { items, total } = await orders.listOrdersOf(c.get("ctx"), c.req.param("key"), queryOf(c));
    withTotal(c, total);
    const urls = imageUrlsOf(c);
    return c.json(items.map((item) => orderJson(item, urls)));
  });

  api.post("/", signedIn, async (c) => {
    const body = await jsonObject(c);
    const order = await withWireNames(ORDER_WIRE_NAMES, () =>
      orders.placeOrder(c.get("ctx"), orderInputFromWire(body)),
    );
    return c.json(
      { acknowledged: true, insertedId: order.id, order: orderJson(order, imageUrlsOf(c)) } satisfies OrderPlaced,
      201,
    );
  });

  /** `{status: "Shipped"}` (admin) or `{status: "Cancelled"}` (the customer, while Pending) */
  api.put("/:key", signedIn, async (c) => {
    const { modifiedCount, order } = await orders.changeOrderStatus(
      c.get("ctx"),
      c.req.param("key"),
      await jsonObject(c),
    );
    return c.json({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount,
      order: orderJson(order, imageUrlsOf(c)),
    } satisfies OrderStatusChanged);
  });

  /** "Pay now": the payment page of the customer's unpaid card order (the one already open, if any) */
  api.post("/:id/payment", signedIn, async (c) => {
    const payment = await orders.payNow(c.get("ctx"), c.req.param("id"));
    return c.json({ payment } satisfies PaymentOpened);
  });

  /** an admin's delete erases the order; its customer's cancels it (nothing erased: deletedCount 0) */
  api.delete("/:key", signedIn, async (c) => {
    const result = await orders.withdrawOrder(c.get("ctx"), c.req.param("key"));
    if (result.outcome === "erased") {
      return c.json({ acknowledged: true, deletedCount: result.deletedCount } satisfies Deleted);
    }
    return c.json({
      acknowledged: true,
      deletedCount: 0,
      modifiedCount: result.modifiedCount,
      cancelled: true,
      order: orderJson(result.order, imageUrlsOf(c)),
    } satisfies OrderCancelled);
  });

  return api;
}
