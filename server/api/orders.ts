import { Hono } from "hono";
import * as orders from "../../domain/orders/index.ts";
import { signedIn } from "./guards.ts";
import { type AppEnv, actorOf } from "../http/context.ts";
import { jsonBody, queryOf, withTotal } from "./body.ts";
import { orderJson } from "./serialize.ts";

export function ordersApi() {
  const api = new Hono<AppEnv>();

  /** all orders: admins only; `status` filters */
  api.get("/", async (c) => {
    const { items, total } = await orders.listAllOrders(c.get("services").database, await actorOf(c), queryOf(c));
    withTotal(c, total);
    return c.json(items.map(orderJson));
  });

  /** one customer's orders: that customer or an admin */
  api.get("/:email", async (c) => {
    const { items, total } = await orders.listOrdersOf(c.get("services").database, await actorOf(c), c.req.param("email"), queryOf(c));
    withTotal(c, total);
    return c.json(items.map(orderJson));
  });

  api.post("/", signedIn, async (c) => {
    const order = await orders.placeOrder(c.get("services").database, await actorOf(c), await jsonBody(c));
    return c.json({ acknowledged: true, insertedId: order.id, order: orderJson(order) }, 201);
  });

  /** `{status: "Shipped"}` (admin) or `{status: "Cancelled"}` (the customer, while Pending) */
  api.put("/:id", signedIn, async (c) => {
    const { modifiedCount, order } = await orders.changeOrderStatus(c.get("services").database, await actorOf(c), c.req.param("id"), await jsonBody(c));
    return c.json({ acknowledged: true, matchedCount: 1, modifiedCount, order: orderJson(order) });
  });

  /**
   * An admin's delete erases the order. A customer's delete cancels it instead, keeping the
   * shop's record (status Cancelled); nothing was erased, so deletedCount is 0.
   */
  api.delete("/:id", async (c) => {
    const services = c.get("services");
    const actor = await actorOf(c);
    if (actor.kind === "admin") {
      return c.json({ acknowledged: true, ...(await orders.deleteOrder(services.database, actor, c.req.param("id"))) });
    }
    const { modifiedCount, order } = await orders.cancelOrder(services.database, actor, c.req.param("id"));
    return c.json({ acknowledged: true, deletedCount: 0, modifiedCount, cancelled: true, order: orderJson(order) });
  });

  return api;
}
