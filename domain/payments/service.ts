import { inTransaction } from "../../db/connection.ts";
import { type OrderEventActor, recordOrderEvent } from "../order-events/index.ts";
import type { CheckoutEvent, CheckoutProvider } from "../shared/checkout-provider.ts";
import type { DataContext } from "../shared/context.ts";
import { DomainError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { formatPrice } from "../shared/money.ts";
import { bankTransfer } from "./bank-transfer.ts";
import { orderPaymentLabel, paymentMethodLabel } from "./labels.ts";
import * as repo from "./repository.ts";
import type { PaymentMethod, PaymentStatus } from "./schemas.ts";

/** What payments need from the shop: its address and currency, and the card provider when configured. */
export type PaymentsContext = DataContext & {
  shop: { publicUrl: string; currency: string };
  payments: { stripe: CheckoutProvider | null };
};

/** The order facts payments work with (the orders module hands them over). */
export type PayableOrder = {
  id: string;
  orderNumber: number;
  userId: string | null;
  userEmail: string;
  totalCents: number;
  status: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
};

const offeredMethods = (ctx: Pick<PaymentsContext, "payments">): PaymentMethod[] =>
  ctx.payments.stripe ? ["cod", "stripe"] : ["cod"];

/**
 * The methods the checkout offers, as the customer reads them: pay on delivery mentions bank
 * transfers only when the shop has set where to transfer to.
 */
export async function availableMethods(
  ctx: Pick<PaymentsContext, "payments" | "db">,
): Promise<{ method: PaymentMethod; label: string }[]> {
  const transfer = Boolean(await bankTransfer(ctx));
  return offeredMethods(ctx).map((method) => ({ method, label: paymentMethodLabel(method, transfer) }));
}

/**
 * How orders' payment methods read, for a page listing them: each as it was offered when placed
 * (`orderPaymentLabel`), with the shop's transfer setting read once for orders from before that was recorded.
 */
export async function orderPaymentLabeller(
  ctx: DataContext,
): Promise<(order: Parameters<typeof orderPaymentLabel>[0]) => string> {
  const transferToday = Boolean(await bankTransfer(ctx));
  return (order) => orderPaymentLabel(order, transferToday);
}

/** Refuses a method the shop does not offer (422 on the field, with the wire name the caller uses). */
export function assertOffered(ctx: Pick<PaymentsContext, "payments">, method: PaymentMethod, field = "payment_method") {
  if (!offeredMethods(ctx).includes(method)) {
    throw new DomainError("validation_failed", "Some fields need attention.", {
      [field]: "This shop does not take card payments: choose pay on delivery.",
    });
  }
}

const cardsStartAt = (smallestCents: number) => `Card payments start at ${formatPrice(smallestCents)}`;

/**
 * Refuses a card payment for an order smaller than the provider charges (422 on the field; a $0.30
 * order would be placed and then never be payable): pay on delivery takes it.
 */
export function assertCardCanCharge(
  ctx: Pick<PaymentsContext, "payments" | "shop">,
  method: PaymentMethod,
  totalCents: number,
  field = "payment_method",
) {
  const smallest = method === "stripe" ? ctx.payments.stripe?.smallestCharge(ctx.shop.currency) : undefined;
  if (smallest !== undefined && totalCents < smallest) {
    throw new DomainError("validation_failed", "Some fields need attention.", {
      [field]: `${cardsStartAt(smallest)}: choose pay on delivery for this order.`,
    });
  }
}

/** Whether the customer can (still) pay this order online. */
export const canPayNow = (order: PayableOrder) =>
  order.paymentMethod === "stripe" &&
  order.status === "Pending" &&
  (order.paymentStatus === "unpaid" || order.paymentStatus === "pending" || order.paymentStatus === "failed");

export type PaymentStart = {
  method: PaymentMethod;
  status: PaymentStatus;
  url: string | null;
  /** why the payment page could not be opened (the order is saved: it can be paid later) */
  error?: { code: string; message: string };
};

const NOT_PAYABLE = "This order cannot be paid online any more.";

/** A payment page closing sooner than this is not handed out again: a new one is opened. */
const PAGE_MIN_LIFE_MS = 10 * 60_000;

/**
 * Starts paying an order: nothing to do for pay on delivery; for a card, the customer is sent to the
 * order's payment page — the one already open, if any (two open pages could both be paid), else a new
 * Checkout Session for the order's total. A provider that fails leaves the order unpaid (it can be
 * paid later with "Pay now") and says so.
 */
export async function startPayment(ctx: PaymentsContext, order: PayableOrder): Promise<PaymentStart> {
  if (order.paymentMethod === "cod") return { method: "cod", status: order.paymentStatus, url: null };
  const stripe = ctx.payments.stripe;
  if (!stripe) throw new DomainError("conflict", "Card payments are not available right now.");
  if (!canPayNow(order)) throw new DomainError("conflict", NOT_PAYABLE);
  const attempts = await repo.attemptsOf(ctx.db, order.id);
  const open = openPage(attempts, Date.now() + PAGE_MIN_LIFE_MS);
  if (open) return { method: "stripe", status: "pending", url: open };
  // (checkout refuses such a card order; one placed before it did, or in a currency whose smallest charge rose)
  const smallest = stripe.smallestCharge(ctx.shop.currency);
  if (order.totalCents < smallest) {
    throw new DomainError(
      "conflict",
      `${cardsStartAt(smallest)}: this order cannot be paid online. Please contact the shop.`,
    );
  }
  let session: { sessionId: string; url: string; expiresAt: string | null };
  try {
    session = await stripe.createCheckout({
      orderId: order.id,
      orderNumber: order.orderNumber,
      attempt: attempts.length,
      amountCents: order.totalCents,
      currency: ctx.shop.currency,
      customerEmail: order.userEmail,
      successUrl: `${ctx.shop.publicUrl}/checkout/success?order=${order.id}`,
      cancelUrl: `${ctx.shop.publicUrl}/checkout/cancel?order=${order.id}`,
    });
  } catch {
    throw new DomainError(
      "upstream_failed",
      "The card payment page could not be opened. Your order is saved: try “Pay now” in My Orders in a moment.",
    );
  }
  const recorded = await inTransaction(ctx.db, async (trx) => {
    // cancelled while the page was being made: nobody is sent to it
    if (!(await repo.holdPayableOrder(trx, order.id))) return false;
    // two requests at once asked for the same attempt and were given the same page: recorded once
    const inserted = await repo.insert(trx, {
      id: newId(),
      orderId: order.id,
      method: "stripe",
      status: "pending",
      amountCents: order.totalCents,
      currency: ctx.shop.currency,
      sessionId: session.sessionId,
      paymentIntentId: null,
      refundId: null,
      problem: null,
      checkoutUrl: session.url,
      expiresAt: session.expiresAt,
    });
    if (inserted) {
      const customer = { kind: "customer" as const, id: order.userId, email: order.userEmail };
      await movePaymentStatus(trx, order.id, "pending", customer, "Card payment page opened");
    }
    return true;
  });
  if (!recorded) {
    try {
      await stripe.expireCheckout(session.sessionId);
    } catch {
      // left open: a payment through it is refunded when its event arrives (the order is cancelled)
    }
    throw new DomainError("conflict", NOT_PAYABLE);
  }
  return { method: "stripe", status: "pending", url: session.url };
}

/** The address of an attempt's page that is still open after `until` (ms), if any. */
function openPage(attempts: repo.PaymentRecord[], until: number): string | undefined {
  const open = attempts.findLast(
    (a) => a.status === "pending" && a.checkoutUrl && a.expiresAt && Date.parse(a.expiresAt) > until,
  );
  return open?.checkoutUrl ?? undefined;
}

/** Marks what a payment the shop must give back says of itself (the problem's text starts with it). */
const TO_REFUND = "To refund: ";

/** A payment the order did not wait for (cancelled meanwhile, or paid through another page), not yet given back. */
const isStray = (a: repo.PaymentRecord) => a.status === "paid" && Boolean(a.problem?.startsWith(TO_REFUND));

/** The order as a payment event needs it; undefined when the order is gone. */
export type OrderForPayment = PayableOrder & { currency: string };

/**
 * Applies a provider's checkout event once: it is recorded by its id in the same transaction as its
 * effect, so a replay changes nothing. A completed, paid session pays the order only if the order is
 * still waiting for it and the amount and currency are the order's. A payment the order no longer
 * waits for — it was cancelled meanwhile, or paid through another page — is kept "to refund", and
 * `refundStrayPayment` gives it back. An amount that does not match is noted for admins.
 */
export async function applyCheckoutEvent(
  ctx: DataContext,
  event: CheckoutEvent,
  orderOf: (trx: DataContext, orderId: string) => Promise<OrderForPayment | undefined>,
): Promise<{ outcome: string; replay: boolean }> {
  return inTransaction(ctx.db, async (trx) => {
    const payment = await repo.findBySession(trx, event.session.id);
    const fresh = await repo.recordEvent(trx, {
      id: event.id,
      provider: "stripe",
      type: event.type,
      orderId: payment?.orderId ?? event.session.orderId,
      outcome: "received",
    });
    if (!fresh) return { outcome: "replayed", replay: true };
    const outcome = await effectOf(trx, event, payment, orderOf);
    await repo.setEventOutcome(trx, event.id, outcome);
    return { outcome, replay: false };
  });
}

async function effectOf(
  db: DataContext["db"],
  event: CheckoutEvent,
  payment: repo.PaymentRecord | undefined,
  orderOf: (trx: DataContext, orderId: string) => Promise<OrderForPayment | undefined>,
): Promise<string> {
  if (!payment) return "ignored: no payment has this session";
  if (payment.status === "paid" || payment.status === "refunded") return `ignored: already ${payment.status}`;
  const completed =
    event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded";
  const failed = event.type === "checkout.session.expired" || event.type === "checkout.session.async_payment_failed";
  if (completed && event.session.paymentStatus === "paid") {
    const order = await orderOf({ db }, payment.orderId);
    const paid = { status: "paid" as const, paymentIntentId: event.session.paymentIntentId, checkoutUrl: null };
    if (!order || !canPayNow(order)) {
      const why = !order
        ? "the order is gone"
        : order.status === "Cancelled"
          ? "paid after the order was cancelled"
          : "the order was already paid through another payment page";
      await repo.update(db, payment.id, { ...paid, problem: `${TO_REFUND}${why}.` });
      return `to refund: ${why}`;
    }
    const amountOk = event.session.amountTotal === order.totalCents;
    const currencyOk = (event.session.currency ?? "").toLowerCase() === order.currency.toLowerCase();
    if (!amountOk || !currencyOk) {
      const problem = `The provider reported ${event.session.amountTotal ?? "?"} ${(event.session.currency ?? "?").toUpperCase()} (in hundredths) for an order of ${order.totalCents} ${order.currency}: not marked as paid.`;
      await repo.update(db, payment.id, { problem });
      return `amount mismatch: ${problem}`;
    }
    await repo.update(db, payment.id, { ...paid, problem: null });
    await movePaymentStatus(db, payment.orderId, "paid", PROVIDER, `${event.type} (${event.id})`);
    return "paid";
  }
  if (failed) {
    await repo.update(db, payment.id, { status: "failed", checkoutUrl: null });
    // an abandoned page closing says nothing of the order when another page paid it or is still open
    const others = (await repo.attemptsOf(db, payment.orderId)).filter((a) => a.id !== payment.id);
    if (others.some((a) => a.status === "pending" || a.status === "paid" || a.status === "refunded")) {
      return "failed: the order has another payment";
    }
    const order = await orderOf({ db }, payment.orderId);
    if (!order || order.status === "Cancelled") return "failed: the order is cancelled";
    await movePaymentStatus(db, payment.orderId, "failed", PROVIDER, `${event.type} (${event.id})`);
    return "failed";
  }
  return "ignored: nothing to do for this event";
}

/**
 * Gives back a payment the order did not wait for (see applyCheckoutEvent), through the provider,
 * once: the refund's key is the payment's. Answers whether there was one to give back; throws when
 * the provider refuses or is down (the webhook then answers an error, and the provider sends the
 * event again later, which tries again).
 */
export async function refundStrayPayment(ctx: PaymentsContext, sessionId: string): Promise<boolean> {
  const payment = await repo.findBySession(ctx.db, sessionId);
  if (!payment || !isStray(payment)) return false;
  const stripe = ctx.payments.stripe;
  const intent =
    payment.paymentIntentId ?? (stripe && payment.sessionId ? await stripe.paymentIntentOf(payment.sessionId) : null);
  if (!stripe || !intent) throw new DomainError("upstream_failed", "The payment cannot be refunded yet.");
  const { refundId } = await stripe.refund(intent, `refund-${payment.id}`);
  const why = (payment.problem ?? "").slice(TO_REFUND.length);
  await repo.update(ctx.db, payment.id, {
    status: "refunded",
    paymentIntentId: intent,
    refundId,
    problem: `Refunded automatically: ${why}`,
  });
  return true;
}

const PROVIDER: OrderEventActor = { kind: "provider", id: null, email: "stripe" };

/** Moves the order's payment status on, and its history says who and why (nothing when it is there already). */
async function movePaymentStatus(
  db: DataContext["db"],
  orderId: string,
  to: PaymentStatus,
  actor: OrderEventActor,
  note: string,
): Promise<void> {
  const from = await repo.orderPaymentStatus(db, orderId);
  if (from === to) return;
  await repo.setOrderPaymentStatus(db, orderId, to);
  await recordOrderEvent(db, { orderId, field: "payment", from: from ?? null, to, actor, note });
}

/**
 * A cancelled order's payment pages still open are closed, so that they can no longer be paid. Best
 * effort: a page the provider cannot close (paid that very moment, or the provider down) may still be
 * paid, and such a payment is refunded when its event arrives (applyCheckoutEvent).
 */
export async function closeOpenPages(ctx: PaymentsContext, orderId: string): Promise<void> {
  const stripe = ctx.payments.stripe;
  if (!stripe) return;
  const open = (await repo.attemptsOf(ctx.db, orderId)).filter((a) => a.status === "pending" && a.sessionId);
  let closed = 0;
  for (const attempt of open) {
    try {
      await stripe.expireCheckout(attempt.sessionId as string);
      await repo.update(ctx.db, attempt.id, { status: "failed", checkoutUrl: null });
      closed += 1;
    } catch {
      // left open: see above
    }
  }
  if (closed > 0 && closed === open.length) {
    const system = { kind: "system" as const, id: null, email: null };
    await inTransaction(ctx.db, (trx) =>
      movePaymentStatus(trx, orderId, "unpaid", system, "Payment page closed on cancelling"),
    );
  }
}

/** Whether cancelling this order gives its money back through the provider first. */
export const refundsOnCancel = (order: PayableOrder) =>
  order.paymentMethod === "stripe" && order.paymentStatus === "paid";

/**
 * A pay-on-delivery order the shop recorded as paid (cash, a bank transfer): cancelled, its money goes back
 * by the shop's own hand, not through a provider. The one rule for what the cancel asks, says and mails, for
 * who may cancel, and for keeping the order.
 */
export const paidBackByHand = (order: PayableOrder) => order.paymentMethod === "cod" && order.paymentStatus === "paid";

/**
 * Before a paid card order is cancelled, its money goes back through the provider. Throws (and so
 * leaves the order as it was) when the refund fails. Answers the payment to mark refunded, if any.
 */
export async function refundBeforeCancel(ctx: PaymentsContext, order: PayableOrder): Promise<string | null> {
  if (!refundsOnCancel(order)) return null;
  // the attempt that paid the order (a later page may have been opened and left)
  const payment = (await repo.attemptsOf(ctx.db, order.id)).find((a) => a.status === "paid" && !isStray(a));
  const stripe = ctx.payments.stripe;
  if (!payment || !stripe) throw new DomainError("conflict", "This payment cannot be refunded here: contact the shop.");
  const intent =
    payment.paymentIntentId ?? (payment.sessionId ? await stripe.paymentIntentOf(payment.sessionId) : null);
  if (!intent) throw new DomainError("conflict", "This payment cannot be refunded yet: try again in a moment.");
  try {
    const { refundId } = await stripe.refund(intent, `refund-${order.id}`);
    await repo.update(ctx.db, payment.id, { paymentIntentId: intent, refundId });
  } catch {
    await repo.update(ctx.db, payment.id, { problem: "A refund was refused by the provider." });
    throw new DomainError(
      "upstream_failed",
      "The refund could not be made, so the order was not cancelled. Please try again later.",
    );
  }
  return payment.id;
}

/** Inside the cancellation's transaction: the refunded payment and the order say so. */
export async function markRefunded(ctx: DataContext, orderId: string, paymentId: string): Promise<void> {
  await repo.update(ctx.db, paymentId, { status: "refunded", problem: null });
  await repo.setOrderPaymentStatus(ctx.db, orderId, "refunded");
}

/**
 * The shop records the payment of a pay-on-delivery order by hand: cash at the door, or a bank transfer
 * that arrived. A card payment is the provider's to record, and a cancelled order owes nothing.
 */
export function assertPaymentRecordable(order: PayableOrder): void {
  if (order.paymentMethod !== "cod") {
    throw new DomainError("conflict", "This order is paid by card: its payment is recorded by the payment provider.");
  }
  if (order.status === "Cancelled") {
    throw new DomainError("conflict", "This order is cancelled: there is no payment to record.");
  }
}

/**
 * A customer does not cancel a pay-on-delivery order the shop has recorded as paid: the shop pays that
 * money back by hand, so the cancel goes through the shop, which then knows what it owes.
 */
export function assertCustomerMayCancel(order: PayableOrder): void {
  if (paidBackByHand(order)) {
    throw new DomainError(
      "conflict",
      "This order has been paid: please contact the shop to cancel it, and they will pay you back.",
    );
  }
}

/** Whether the shop can record this order's payment now (what the order's page offers). */
export const isPaymentRecordable = (order: PayableOrder) =>
  order.paymentMethod === "cod" && order.status !== "Cancelled" && order.paymentStatus === "unpaid";

/** A pay-on-delivery order is now paid (assertPaymentRecordable first); false if it no longer waited for it. */
export const markPaidOnDelivery = (ctx: DataContext, orderId: string) => repo.markPaidOnDelivery(ctx.db, orderId);

/** Admins ship card orders only once they are paid (pay-on-delivery orders are paid at the door). */
export function assertShippable(order: PayableOrder): void {
  if (order.paymentMethod === "stripe" && order.paymentStatus !== "paid") {
    throw new DomainError("conflict", "This order is paid by card and is not paid yet: it cannot be shipped.");
  }
}

/** The latest payment attempt of each order (for lists that show payments). */
export const latestPayments = (ctx: DataContext, orderIds: string[]) => repo.latestForOrders(ctx.db, orderIds);
