import { inTransaction } from "../../db/connection.ts";
import * as accounts from "../accounts/index.ts";
import { recordAudit } from "../audit/index.ts";
import * as cart from "../cart/index.ts";
import * as catalog from "../catalog/index.ts";
import * as inventory from "../inventory/index.ts";
import * as limits from "../limits/index.ts";
import {
  actorOf,
  deleteOrderEvents,
  listOrderEvents,
  type OrderEvent,
  recordOrderEvent,
} from "../order-events/index.ts";
import * as payments from "../payments/index.ts";
import { requireAdmin, requireSelfOrAdmin, requireUser, type SignedInUser, sameEmail } from "../shared/actor.ts";
import type { DataContext, DomainContext } from "../shared/context.ts";
import { DomainError, notFound } from "../shared/errors.ts";
import { newId, newOrderNumber } from "../shared/ids.ts";
import { formatPrice } from "../shared/money.ts";
import type { Page, Paged } from "../shared/pagination.ts";
import { isWellFormedId } from "../shared/schemas.ts";
import { isTransientConflict } from "../shared/transient.ts";
import { isUniqueViolation } from "../shared/unique.ts";
import { parseInput, parseQuery } from "../shared/validation.ts";
import { mailOrderCancelled, mailOrderPlaced, mailOrderShipped } from "./mails.ts";
import * as repo from "./repository.ts";
import {
  adminOrderQuery,
  checkoutInput,
  MAX_ORDER_TOTAL_CENTS,
  orderInput,
  orderListQuery,
  orderStatusInput,
  type ShippingInput,
  shipmentInput,
} from "./schemas.ts";
import { assertTransition, type OrderStatus } from "./status.ts";

type NewLine = repo.OrderLine & { variantId: string };

/** An order line for a variant, copied from the catalogue at today's price (never from the client). */
function lineFor(variant: catalog.VariantForSale, quantity: number): NewLine {
  const hasOptions = Object.keys(variant.options).length > 0;
  return {
    productId: variant.productId,
    variantId: variant.id,
    title: variant.productTitle,
    variantTitle: hasOptions ? variant.title : null,
    sku: variant.sku,
    unitPriceCents: variant.priceCents,
    quantity,
    lineTotalCents: variant.priceCents * quantity,
    imageKey: variant.imageKey ?? variant.productImageKey,
  };
}

const describeLine = (lines: NewLine[]) => (variantId: string) => {
  const line = lines.find((l) => l.variantId === variantId);
  return line ? `${line.title}${line.variantTitle ? ` (${line.variantTitle})` : ""}` : variantId;
};

const totalOf = (lines: NewLine[]) => lines.reduce((sum, l) => sum + l.lineTotalCents, 0);

/**
 * Writes an order and takes its stock in one transaction (`afterInsert` joins it, e.g. to empty the
 * cart). A line beyond stock rolls everything back and throws OutOfStock. The same request key twice
 * answers with the first order, also when two arrive at once.
 */
async function createOrder(
  ctx: Pick<DomainContext, "db" | "events" | "shop">,
  user: SignedInUser,
  shipping: ShippingInput,
  requestKey: string | undefined,
  lines: NewLine[],
  options: { paymentMethod?: payments.PaymentMethod; afterInsert?: (trx: DataContext) => Promise<void> } = {},
): Promise<repo.OrderRecord> {
  const totalCents = totalOf(lines);
  if (totalCents > MAX_ORDER_TOTAL_CENTS) {
    throw new DomainError("validation_failed", "This order is larger than the shop accepts in one go.", {
      quantity: `Order fewer at once: one order can total at most ${formatPrice(MAX_ORDER_TOTAL_CENTS)}.`,
    });
  }
  const id = newId();
  for (let attempt = 0; ; attempt++) {
    try {
      await inTransaction(ctx.db, async (trx) => {
        const paymentMethod = options.paymentMethod ?? "cod";
        // read once: what the order records and what its confirmation mail gives are the same read
        const transfer = paymentMethod === "cod" ? await payments.bankTransfer({ db: trx }) : null;
        const transferOffered = transfer !== null;
        await repo.insertOrder(trx, {
          id,
          orderNumber: newOrderNumber(),
          userId: user.id,
          userEmail: user.email,
          fullName: shipping.full_name,
          address: shipping.address,
          city: shipping.city,
          state: shipping.state,
          zip: shipping.zip,
          phone: shipping.phone,
          acknowledged: true,
          status: "Pending",
          totalCents,
          paymentMethod,
          paymentStatus: "unpaid",
          transferOffered,
          requestKey: requestKey ?? null,
          lines,
        });
        await recordOrderEvent(trx, {
          orderId: id,
          field: "status",
          from: null,
          to: "Pending",
          actor: { kind: "customer", id: user.id, email: user.email },
          note: `Placed: ${payments.paymentMethodLabel(paymentMethod, transferOffered)}`,
        });
        await inventory.takeStock(
          { db: trx },
          lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
          describeLine(lines),
        );
        await options.afterInsert?.({ db: trx });
        const saved = await repo.findOrder(trx, id);
        if (saved) await mailOrderPlaced({ db: trx, shop: ctx.shop }, saved, transfer);
      });
      break;
    } catch (e) {
      if (e instanceof DomainError) throw e;
      // the same request key raced in twice: the first one won, answer with it
      if (requestKey) {
        const existing = await repo.findOrderByRequestKey(ctx.db, user.id, requestKey);
        if (existing) return existing;
        // an earlier account with this email used the key (the first schema keyed them by email)
        if (isUniqueViolation(e) && (await repo.requestKeyUsedByEmail(ctx.db, user.email, requestKey))) {
          throw new DomainError("conflict", "This request key has been used before: send the order with a new one.");
        }
      }
      // an order-number collision (1 in 10^13): draw again; a deadlock with another writer (PostgreSQL
      // rolled the whole order back): place it again
      if (attempt < 3 && (isUniqueViolation(e) || isTransientConflict(e))) continue;
      throw e;
    }
  }
  const order = await repo.findOrder(ctx.db, id);
  if (!order) throw new Error("order vanished after insert");
  ctx.events?.orderPlaced?.({ totalCents });
  return order;
}

/**
 * A signed-in customer orders one product (the original shop's Buy Now): the chosen variant, or the
 * product's first. Title, price and image are copied from the catalogue at today's price.
 */
export async function placeOrder(ctx: DomainContext, input: unknown): Promise<repo.OrderRecord> {
  const user = requireUser(ctx.actor);
  const fields = parseInput(orderInput, input);
  if (fields.customerEmail && !sameEmail(fields.customerEmail, user.email)) {
    throw new DomainError("forbidden", "You can only place orders for yourself.");
  }
  if (fields.requestKey) {
    const existing = await repo.findOrderByRequestKey(ctx.db, user.id, fields.requestKey);
    if (existing) return existing;
  }
  if (!fields.productId && !fields.variantId) {
    throw new DomainError("validation_failed", "Some fields need attention.", {
      productId: "Which product? productId is required.",
    });
  }
  let variantId = fields.variantId;
  if (!variantId) {
    const product = await catalog.findProduct(ctx, fields.productId ?? "");
    if (!product) throw new DomainError("not_found", "That product is no longer available.");
    variantId = catalog.defaultVariant(product)?.id;
    if (!variantId) throw new DomainError("out_of_stock", `${product.title} is sold out.`);
  }
  const [variant] = await catalog.findVariants(ctx, [variantId]);
  if (!variant || (fields.productId && variant.productId !== fields.productId)) {
    throw new DomainError("not_found", "That product option is not available.");
  }
  // the line below is built from this same reading, so a price that passes here is the price ordered
  if (fields.priceSeen !== undefined && fields.priceSeen !== variant.priceCents) {
    throw new DomainError(
      "conflict",
      `The price changed since this page was opened: it is now ${formatPrice(variant.priceCents)}. Look over the order, then place it again.`,
    );
  }
  try {
    return await createOrder(ctx, user, fields, fields.requestKey, [lineFor(variant, fields.quantity)]);
  } catch (e) {
    // one line, one quantity: the shortage is the quantity field's
    if (!(e instanceof inventory.OutOfStock)) throw e;
    const available = e.shortages[0]?.available ?? 0;
    throw new inventory.OutOfStock(e.shortages, e.message, {
      quantity:
        available === 0 ? "Sold out: none left to order." : `Only ${available} left: order ${available} or fewer.`,
    });
  }
}

/**
 * The signed-in customer's cart becomes one order with a line per item, at today's prices from the
 * catalogue; stock is taken and the cart emptied in the same transaction. If a line is beyond stock
 * nothing changes (no order, stock and cart as they were) and the error names the lines. With a card,
 * the payment starts once the order is saved (a provider that is down leaves it unpaid, to pay later).
 */
export async function checkout(
  ctx: DomainContext & { cartId?: string | null },
  input: unknown,
): Promise<{ order: repo.OrderRecord; payment: payments.PaymentStart }> {
  const user = requireUser(ctx.actor);
  const fields = parseInput(checkoutInput, input);
  payments.assertOffered(ctx, fields.paymentMethod, "paymentMethod");
  const existing = fields.requestKey ? await repo.findOrderByRequestKey(ctx.db, user.id, fields.requestKey) : undefined;
  if (existing) return withPayment(existing, await resumePayment(ctx, existing));
  const current = await cart.getCart(ctx);
  if (!current.id || current.lines.length === 0) {
    // the same request (a double click) may have placed the order and emptied the cart since the look above
    const placed = fields.requestKey ? await repo.findOrderByRequestKey(ctx.db, user.id, fields.requestKey) : undefined;
    if (placed) return withPayment(placed, await resumePayment(ctx, placed));
    throw new DomainError("conflict", "Your cart is empty: add something before checking out.");
  }
  const variants = new Map(
    (
      await catalog.findVariants(
        ctx,
        current.lines.map((l) => l.variantId),
      )
    ).map((v) => [v.id, v]),
  );
  const lines = current.lines.flatMap((l) => {
    const variant = variants.get(l.variantId);
    return variant ? [lineFor(variant, l.quantity)] : [];
  });
  if (lines.length < current.lines.length) {
    // a product went out of sale since the cart was read: the customer sees the cart as it is now
    throw new DomainError("conflict", "Something in your cart is no longer for sale: look it over and try again.");
  }
  if (fields.cartSeen !== undefined && cart.cartFingerprint(lines) !== fields.cartSeen) {
    throw new DomainError(
      "conflict",
      "Your cart or a price changed since this page was opened: look over the order below, then place it again.",
    );
  }
  payments.assertCardCanCharge(ctx, fields.paymentMethod, totalOf(lines), "paymentMethod");
  const cartId = current.id;
  const order = await createOrder(ctx, user, fields, fields.requestKey, lines, {
    paymentMethod: fields.paymentMethod,
    afterInsert: (trx) => cart.takeOrderedLines(trx, cartId, current.lines),
  });
  return withPayment(order, await resumePayment(ctx, order));
}

const withPayment = (order: repo.OrderRecord, payment: payments.PaymentStart) => ({
  order: { ...order, paymentStatus: payment.status },
  payment,
});

/**
 * Where the order's payment stands, starting (again) a card payment that is still open. The order is
 * placed whatever the provider does: when its page cannot be opened, the answer says so beside the
 * order (which can be paid later with "Pay now").
 */
async function resumePayment(ctx: DomainContext, order: repo.OrderRecord): Promise<payments.PaymentStart> {
  const standing = { method: order.paymentMethod, status: order.paymentStatus, url: null };
  if (!payments.canPayNow(order)) return standing;
  try {
    return await payments.startPayment(ctx, order);
  } catch (error) {
    if (error instanceof DomainError && error.code === "upstream_failed") {
      return { ...standing, error: { code: error.code, message: error.message } };
    }
    throw error;
  }
}

/** "Pay now": the customer pays an unpaid card order (on its payment page already open, if any). */
export async function payNow(ctx: DomainContext, id: string): Promise<payments.PaymentStart> {
  const order = await getOrder(ctx, id);
  if (ctx.actor.kind === "admin" && ctx.actor.user.id !== order.userId) {
    throw new DomainError("forbidden", "Only the customer pays their order.");
  }
  if (!payments.canPayNow(order)) throw new DomainError("conflict", "This order has nothing left to pay online.");
  // each call may ask the card provider for a new page: a loop (or a provider that keeps failing) is cut short
  if (ctx.shop.rateLimits) {
    await limits.consume(
      ctx,
      `pay-now:${order.userId}`,
      limits.LIMITS.payNow,
      "You have asked for the payment page several times in a short time. Please wait a few minutes and try again.",
    );
  }
  return payments.startPayment(ctx, order);
}

/**
 * Every order in the shop, for admins: `status`, `payment`, a date range `from`–`to` and a search `q`
 * (order number, or part of the customer's email or name) narrow it.
 */
export async function listAllOrders(ctx: DomainContext, query: unknown): Promise<Paged<repo.OrderRecord>> {
  requireAdmin(ctx.actor);
  const q = parseQuery(adminOrderQuery, query);
  const { rows, total } = await repo.listOrders(ctx.db, q);
  return { items: rows, total };
}

/** The signed-in customer's own orders. */
export async function listMyOrders(ctx: DomainContext, page: Page): Promise<Paged<repo.OrderRecord>> {
  const user = requireUser(ctx.actor);
  const { rows, total } = await repo.listOrders(ctx.db, { ...page, userId: user.id });
  return { items: rows, total };
}

/** One of the signed-in customer's orders (an admin may see any). */
export async function getOrder(ctx: DomainContext, id: string): Promise<repo.OrderRecord> {
  const user = requireUser(ctx.actor);
  const order = isWellFormedId(id) ? await repo.findOrder(ctx.db, id) : undefined;
  if (!order || (ctx.actor.kind !== "admin" && order.userId !== user.id)) throw notFound("Order");
  return order;
}

/**
 * The orders of the account with this email: its owner's, or anyone's for an admin. Orders belong
 * to the account (its id), so an address that changes hands never carries orders with it.
 */
export async function listOrdersOf(
  ctx: DomainContext,
  email: string,
  query: unknown,
): Promise<Paged<repo.OrderRecord>> {
  const user = requireSelfOrAdmin(ctx.actor, email);
  const q = parseQuery(orderListQuery, query);
  const userId = sameEmail(user.email, email) ? user.id : await accounts.findUserId(ctx, email);
  if (!userId) return { items: [], total: 0 };
  const { rows, total } = await repo.listOrders(ctx.db, { ...q, userId });
  return { items: rows, total };
}

async function loadForChange(ctx: DomainContext, id: string): Promise<repo.OrderRecord> {
  const user = requireUser(ctx.actor);
  if (!isWellFormedId(id)) throw notFound("Order");
  const order = await repo.findOrder(ctx.db, id);
  if (!order) throw notFound("Order");
  if (ctx.actor.kind !== "admin" && order.userId !== user.id) {
    throw new DomainError("forbidden", "You can only change your own orders.");
  }
  return order;
}

const stockOf = (order: repo.OrderRecord): inventory.StockMove[] =>
  order.lines.flatMap((l) => (l.variantId ? [{ variantId: l.variantId, quantity: l.quantity }] : []));

/**
 * Moves an order on: admins ship (Pending → Shipped); the customer or an admin cancels
 * (Pending → Cancelled), which puts its stock back. The status changes only if it is still what was
 * read, so a double click or two admins at once change it (and return stock) once. Answers how many
 * orders changed (0 when it already had that status).
 */
export async function changeOrderStatus(
  ctx: DomainContext,
  id: string,
  input: unknown,
): Promise<{ modifiedCount: number; order: repo.OrderRecord }> {
  const { status } = parseInput(orderStatusInput, input);
  if (status === "Shipped") requireAdmin(ctx.actor);
  const order = await loadForChange(ctx, id);
  assertTransition(order.status, status);
  if (order.status === status) return { modifiedCount: 0, order };
  if (status === "Cancelled" && ctx.actor.kind !== "admin") payments.assertCustomerMayCancel(order);
  if (status === "Shipped") payments.assertShippable(order);
  // a paid card order is claimed, then refunded: it cannot be shipped meanwhile, and if the refund
  // fails the order stays as it was
  const refunds = status === "Cancelled" && payments.refundsOnCancel(order);
  if (refunds && !(await repo.claimForCancel(ctx.db, id))) {
    throw new DomainError("conflict", "The order changed meanwhile; reload and try again.");
  }
  let refunded: string | null = null;
  try {
    refunded = refunds ? await payments.refundBeforeCancel(ctx, order) : null;
  } catch (error) {
    await repo.releaseCancelClaim(ctx.db, id);
    throw error;
  }
  const modifiedCount = await inTransaction(ctx.db, async (trx) => {
    // a pay-on-delivery order's payment recorded meanwhile changes what the cancel says and who may make it
    const decidedOn = order.paymentMethod === "cod" ? order.paymentStatus : undefined;
    const changed = await repo.updateStatus(trx, id, order.status, status, decidedOn);
    if (changed && status === "Cancelled") await inventory.returnStock({ db: trx }, stockOf(order));
    if (changed && refunded) await payments.markRefunded({ db: trx }, order.id, refunded);
    if (changed) await mailStatusChange({ db: trx, shop: ctx.shop }, ctx, order, status, Boolean(refunded));
    if (changed) {
      const who = actorOf(ctx.actor);
      await recordOrderEvent(trx, { orderId: id, field: "status", from: order.status, to: status, actor: who });
      if (refunded) {
        await recordOrderEvent(trx, {
          orderId: id,
          field: "payment",
          from: order.paymentStatus,
          to: "refunded",
          actor: who,
          note: "Refunded through the payment provider on cancelling",
        });
      }
    }
    if (changed && ctx.actor.kind === "admin") {
      await recordAudit(trx, ctx.actor, {
        action: status === "Shipped" ? "order.ship" : "order.status",
        target: { type: "order", id },
        summary: `${status === "Shipped" ? "Shipped" : "Cancelled"} order ${order.orderNumber}`,
        changes: { status: { from: order.status, to: status } },
      });
    }
    return changed;
  });
  if (modifiedCount === 0) throw new DomainError("conflict", "The order changed meanwhile; reload and try again.");
  // a card order's pages, also one opened while this cancel ran (its Pay now read the order before)
  if (status === "Cancelled" && order.paymentMethod === "stripe") await payments.closeOpenPages(ctx, order.id);
  const paymentStatus = refunded ? ("refunded" as const) : order.paymentStatus;
  return { modifiedCount, order: { ...order, status, paymentStatus } };
}

/**
 * An admin records that a pay-on-delivery order has been paid (cash at the door, or a bank transfer that
 * arrived): its payment status becomes paid, with a line in its history and the audit log. A second click
 * changes nothing (modifiedCount 0); a card order or a cancelled one is refused (409).
 */
export async function recordPaymentReceived(
  ctx: DomainContext,
  id: string,
): Promise<{ modifiedCount: number; order: repo.OrderRecord }> {
  requireAdmin(ctx.actor);
  const order = await loadForChange(ctx, id);
  payments.assertPaymentRecordable(order);
  if (order.paymentStatus === "paid") return { modifiedCount: 0, order };
  const changed = await inTransaction(ctx.db, async (trx) => {
    if (!(await payments.markPaidOnDelivery({ db: trx }, id))) return false;
    await recordOrderEvent(trx, {
      orderId: id,
      field: "payment",
      from: order.paymentStatus,
      to: "paid",
      actor: actorOf(ctx.actor),
      note: "Payment received (on delivery or by bank transfer), recorded by the shop",
    });
    await recordAudit(trx, ctx.actor, {
      action: "order.paid",
      target: { type: "order", id },
      summary: `Recorded the payment of order ${order.orderNumber} (${formatPrice(order.totalCents)})`,
      changes: { paymentStatus: { from: order.paymentStatus, to: "paid" } },
    });
    return true;
  });
  if (changed) return { modifiedCount: 1, order: { ...order, paymentStatus: "paid" } };
  // another admin's click came first, or the order was cancelled meanwhile
  const now = await repo.findOrder(ctx.db, id);
  if (now?.paymentStatus === "paid") return { modifiedCount: 0, order: now };
  throw new DomainError("conflict", "The order changed meanwhile; reload and try again.");
}

/** The customer hears of a shipment and of a cancellation (by them, or by the shop, with any refund). */
function mailStatusChange(
  mailing: Pick<DomainContext, "db" | "shop">,
  ctx: DomainContext,
  order: repo.OrderRecord,
  status: OrderStatus,
  refunded: boolean,
) {
  const changed = { ...order, status };
  if (status === "Shipped") return mailOrderShipped(mailing, changed);
  const byCustomer = ctx.actor.kind !== "anonymous" && ctx.actor.user.id === order.userId;
  return mailOrderCancelled(mailing, changed, byCustomer ? "customer" : "shop", refunded ? order.totalCents : 0);
}

export function cancelOrder(ctx: DomainContext, id: string) {
  return changeOrderStatus(ctx, id, { status: "Cancelled" });
}

export function shipOrder(ctx: DomainContext, id: string) {
  return changeOrderStatus(ctx, id, { status: "Shipped" });
}

/**
 * Only admins erase orders. A Pending order is still owed to its customer, so erasing it cancels it
 * as the shop's Cancel order does (its stock goes back, the customer gets the same "cancelled by the
 * shop" mail, which also says that the order no longer appears among theirs) before it is removed.
 * A Shipped or Cancelled order is only removed: there is nothing new to tell its customer. A paid
 * order, or one whose card payment may be under way, is refused (Cancel order refunds it first).
 */
export async function eraseOrder(
  ctx: DomainContext,
  id: string,
): Promise<{ deletedCount: number; cancelled: boolean }> {
  requireAdmin(ctx.actor);
  if (!isWellFormedId(id)) throw notFound("Order");
  const order = await repo.findOrder(ctx.db, id);
  if (!order) throw notFound("Order");
  if (order.paymentStatus === "paid") {
    throw new DomainError(
      "conflict",
      payments.paidBackByHand(order)
        ? "This order was paid on delivery or by bank transfer: it is kept as the record of that payment."
        : "This order is paid: cancel it first with Cancel order (which refunds it), then erase it.",
    );
  }
  if (order.status === "Pending" && order.paymentStatus === "pending") {
    // its payment page may still be paid: a cancelled order keeps its payments, and gives back one that comes late
    throw new DomainError(
      "conflict",
      "A card payment may be under way for this order: cancel it first with Cancel order, then erase it.",
    );
  }
  const cancelled = order.status === "Pending";
  const deletedCount = await inTransaction(ctx.db, async (trx) => {
    const deleted = await repo.deleteOrder(trx, id, order.status);
    if (deleted && cancelled) {
      await inventory.returnStock({ db: trx }, stockOf(order));
      // the shop will not deliver it: the customer hears so, as from Cancel order (nothing was paid)
      await mailOrderCancelled({ db: trx, shop: ctx.shop }, { ...order, status: "Cancelled" }, "shop", 0, {
        removed: true,
      });
    }
    if (deleted) {
      await deleteOrderEvents(trx, [id]);
      await recordAudit(trx, ctx.actor, {
        action: "order.delete",
        target: { type: "order", id },
        summary: cancelled
          ? `Deleted order ${order.orderNumber} (Pending) of ${order.userEmail}: cancelled first (stock returned, a cancellation mail to the customer)`
          : `Deleted order ${order.orderNumber} (${order.status}) of ${order.userEmail}`,
      });
    }
    return deleted;
  });
  if (deletedCount === 0) throw new DomainError("conflict", "The order changed meanwhile; reload and try again.");
  return { deletedCount, cancelled };
}

export type Withdrawal =
  | { outcome: "erased"; deletedCount: number }
  | { outcome: "cancelled"; modifiedCount: number; order: repo.OrderRecord };

/**
 * "Delete this order": an admin erases it; its customer cancels it instead, which keeps the shop's
 * record (status Cancelled).
 */
export async function withdrawOrder(ctx: DomainContext, id: string): Promise<Withdrawal> {
  if (ctx.actor.kind === "admin") return { outcome: "erased", ...(await eraseOrder(ctx, id)) };
  return { outcome: "cancelled", ...(await cancelOrder(ctx, id)) };
}

// ── for the shop itself (the seed, benchmarks): no actor, the caller is trusted ──

export type NewOrder = Omit<repo.OrderRecord, "placedAt"> & { requestKey: string | null };

/** Saves an order as given (the benchmark's synthetic history). */
export const importOrder = (ctx: DataContext, order: NewOrder) => repo.insertOrder(ctx.db, order);
export const clearOrders = (ctx: DataContext) =>
  inTransaction(ctx.db, async (trx) => {
    await deleteOrderEvents(trx, "all");
    await repo.deleteAll(trx);
  });
export const countOrders = (ctx: DataContext) => repo.countOrders(ctx.db);

/** The order a payment event names (no actor: the provider's verified event is the authority). */
export const findOrderForPayment = (ctx: DataContext, id: string) =>
  isWellFormedId(id) ? repo.findOrder(ctx.db, id) : Promise.resolve(undefined);

// ── the admin's order desk ──

export type OrderDetail = {
  order: repo.OrderRecord;
  /** every change of status and payment status, oldest first */
  history: OrderEvent[];
  /** the latest card payment attempt, if any */
  payment: payments.PaymentRecord | null;
  /** the account that placed it (null once the account is gone) */
  customer: accounts.AccountSummary | null;
};

/** One order with everything an admin needs to answer a customer's call. */
export async function getOrderDetail(ctx: DomainContext, id: string): Promise<OrderDetail> {
  requireAdmin(ctx.actor);
  const order = isWellFormedId(id) ? await repo.findOrder(ctx.db, id) : undefined;
  if (!order) throw notFound("Order");
  const [history, latest, customer] = await Promise.all([
    listOrderEvents(ctx.db, id),
    payments.latestPayments(ctx, [id]),
    order.userId ? accounts.accountSummary(ctx, order.userId) : Promise.resolve(undefined),
  ]);
  return { order, history, payment: latest.get(id) ?? null, customer: customer ?? null };
}

export type ShipmentOutcome = {
  orderId: string;
  orderNumber: number | null;
  /** shipped now; already shipped before (nothing done); or refused (with the reason) */
  outcome: "shipped" | "already_shipped" | "refused" | "not_found";
  message: string;
};

/**
 * Ships several orders at once. Each is shipped on its own (its own transaction, audit entry and
 * mail), so one that cannot be shipped (cancelled, an unpaid card order) does not hold the others
 * back; an order that is already shipped is left alone, so sending the same list again ships nothing
 * twice and mails no one twice.
 */
export async function shipOrders(ctx: DomainContext, input: unknown): Promise<ShipmentOutcome[]> {
  requireAdmin(ctx.actor);
  const { orderIds } = parseInput(shipmentInput, input);
  const outcomes: ShipmentOutcome[] = [];
  for (const orderId of [...new Set(orderIds)]) {
    const order = await repo.findOrder(ctx.db, orderId);
    if (!order) {
      outcomes.push({ orderId, orderNumber: null, outcome: "not_found", message: "Order not found." });
      continue;
    }
    const base = { orderId, orderNumber: order.orderNumber };
    if (order.status === "Shipped") {
      outcomes.push({
        ...base,
        outcome: "already_shipped",
        message: `Order ${order.orderNumber} was already shipped.`,
      });
      continue;
    }
    try {
      const { modifiedCount } = await changeOrderStatus(ctx, orderId, { status: "Shipped" });
      outcomes.push(
        modifiedCount
          ? { ...base, outcome: "shipped", message: `Order ${order.orderNumber} shipped.` }
          : { ...base, outcome: "already_shipped", message: `Order ${order.orderNumber} was already shipped.` },
      );
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      outcomes.push({ ...base, outcome: "refused", message: `Order ${order.orderNumber}: ${e.message}` });
    }
  }
  return outcomes;
}

const EXPORT_BATCH = 200;

/**
 * Every order the admin's filters select, newest first, a batch at a time (for a streamed export):
 * orders placed after the export began are left out, so that the pages never shift under it.
 */
export function exportOrders(ctx: DomainContext, query: unknown): AsyncIterable<repo.OrderRecord> {
  // checked now, before anything is streamed
  requireAdmin(ctx.actor);
  const { limit: _, offset: __, ...filter } = parseQuery(adminOrderQuery, query);
  const placedBefore = new Date(Date.now() + 1).toISOString();
  return (async function* () {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const { rows } = await repo.listOrders(ctx.db, { ...filter, placedBefore, limit: EXPORT_BATCH, offset });
      yield* rows;
      if (rows.length < EXPORT_BATCH) return;
    }
  })();
}

/** The orders of one account, newest first (for the admin's customer page). */
export async function listCustomerOrders(
  ctx: DomainContext,
  userId: string,
  page: Page,
): Promise<Paged<repo.OrderRecord>> {
  requireAdmin(ctx.actor);
  const { rows, total } = await repo.listOrders(ctx.db, { ...page, userId });
  return { items: rows, total };
}

// ── sales figures, for modules that have checked the actor (stats, customers) ──

export { SALES_RULE } from "./repository.ts";
export const salesSince = (ctx: DataContext, since: string) => repo.salesSince(ctx.db, since);
export const salesPerDay = (ctx: DataContext, since: string) => repo.salesPerDay(ctx.db, since);
export const topProducts = (ctx: DataContext, since: string, limit: number) => repo.topProducts(ctx.db, since, limit);
export const customerTotals = (ctx: DataContext, userIds: string[]) => repo.customerTotals(ctx.db, userIds);
