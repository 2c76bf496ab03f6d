import type { DB } from "../../db/connection.ts";
import * as catalog from "../catalog/repository.ts";
import { DomainError, notFound } from "../errors.ts";
import { type Actor, requireAdmin, requireSelfOrAdmin, requireUser, sameEmail } from "../shared/actor.ts";
import { newId, newOrderNumber } from "../shared/ids.ts";
import { isWellFormedEmail, isWellFormedId, type Paged } from "../shared/schemas.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./repository.ts";
import { assertTransition } from "./rules.ts";
import { orderInput, orderListQuery, orderStatusInput } from "./schemas.ts";

export type { OrderRecord as Order, OrderLine } from "./repository.ts";
export { isCancellable } from "./rules.ts";
export { ORDER_STATUSES, type OrderStatus, orderInput } from "./schemas.ts";

type Deps = { db: DB };

/**
 * A signed-in customer orders a product. Title, price and image are copied from the catalogue
 * (never taken from the client), so the order keeps what was bought at the price of that moment.
 */
export async function placeOrder(deps: Deps, actor: Actor, input: unknown): Promise<repo.OrderRecord> {
  const user = requireUser(actor);
  const fields = parseInput(orderInput, input);
  if (fields.user_email && !sameEmail(fields.user_email, user.email)) {
    throw new DomainError("forbidden", "You can only place orders for yourself.");
  }
  const productId = fields.productId ?? fields.booking_deatils?._id;
  if (!productId) {
    throw new DomainError("validation_failed", "Some fields need attention.", { productId: "Which product? productId is required." });
  }
  if (fields.request_key) {
    const existing = await repo.findOrderByRequestKey(deps.db, user.email, fields.request_key);
    if (existing) return existing;
  }
  const product = await catalog.findProduct(deps.db, productId);
  if (!product) throw new DomainError("not_found", "That product is no longer available.");

  const lines = [{ productId: product.id, title: product.title, unitPriceCents: product.priceCents, quantity: fields.quantity, imageKey: product.imageKey }];
  const id = newId();
  for (let attempt = 0; ; attempt++) {
    try {
      await repo.insertOrder(deps.db, {
        id,
        orderNumber: newOrderNumber(),
        userId: user.id,
        userEmail: user.email,
        fullName: fields.full_name,
        address: fields.address,
        city: fields.city,
        state: fields.state,
        zip: fields.zip,
        phone: fields.phone,
        acknowledged: true,
        status: "Pending",
        totalCents: lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0),
        requestKey: fields.request_key ?? null,
        lines,
      });
      break;
    } catch (e) {
      // the same request key raced in twice: the first one won, answer with it
      if (fields.request_key) {
        const existing = await repo.findOrderByRequestKey(deps.db, user.email, fields.request_key);
        if (existing) return existing;
      }
      // an order-number collision (1 in 10^13): draw again
      if (attempt < 3 && isUniqueViolation(e)) continue;
      throw e;
    }
  }
  const order = await repo.findOrder(deps.db, id);
  if (!order) throw new Error("order vanished after insert");
  return order;
}

function isUniqueViolation(e: unknown): boolean {
  const text = String((e as { message?: string })?.message ?? e);
  return /unique|duplicate key/i.test(text);
}

export async function listAllOrders(deps: Deps, actor: Actor, query: unknown): Promise<Paged<repo.OrderRecord>> {
  requireAdmin(actor);
  const q = parseInput(orderListQuery, query);
  const { rows, total } = await repo.listOrders(deps.db, q);
  return { items: rows, total };
}

/** A customer's own orders (an admin may look at anyone's). */
export async function listOrdersOf(deps: Deps, actor: Actor, email: string, query: unknown): Promise<Paged<repo.OrderRecord>> {
  requireSelfOrAdmin(actor, email);
  const q = parseInput(orderListQuery, query);
  if (!isWellFormedEmail(email)) return { items: [], total: 0 };
  const { rows, total } = await repo.listOrders(deps.db, { ...q, email: email.trim().toLowerCase() });
  return { items: rows, total };
}

async function loadForChange(deps: Deps, actor: Actor, id: string): Promise<repo.OrderRecord> {
  const user = requireUser(actor);
  if (!isWellFormedId(id)) throw notFound("Order");
  const order = await repo.findOrder(deps.db, id);
  if (!order) throw notFound("Order");
  if (actor.kind !== "admin" && !sameEmail(order.userEmail, user.email)) {
    throw new DomainError("forbidden", "You can only change your own orders.");
  }
  return order;
}

/**
 * Moves an order on: admins ship (Pending → Shipped); the customer or an admin cancels
 * (Pending → Cancelled). Answers how many orders changed (0 when it already had that status).
 */
export async function changeOrderStatus(deps: Deps, actor: Actor, id: string, input: unknown): Promise<{ modifiedCount: number; order: repo.OrderRecord }> {
  const { status } = parseInput(orderStatusInput, input);
  if (status === "Shipped") requireAdmin(actor);
  const order = await loadForChange(deps, actor, id);
  assertTransition(order.status, status);
  const modifiedCount = order.status === status ? 0 : await repo.updateStatus(deps.db, id, order.status, status);
  if (order.status !== status && modifiedCount === 0) {
    throw new DomainError("conflict", "The order changed meanwhile; reload and try again.");
  }
  return { modifiedCount, order: { ...order, status } };
}

export async function cancelOrder(deps: Deps, actor: Actor, id: string) {
  return changeOrderStatus(deps, actor, id, { status: "Cancelled" });
}

/** Only admins erase orders; customers cancel, which keeps the shop's record. */
export async function deleteOrder(deps: Deps, actor: Actor, id: string): Promise<{ deletedCount: number }> {
  requireAdmin(actor);
  if (!isWellFormedId(id)) throw notFound("Order");
  const deletedCount = await repo.deleteOrder(deps.db, id);
  if (deletedCount === 0) throw notFound("Order");
  return { deletedCount };
}
