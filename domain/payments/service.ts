import { inTransaction } from "../../db/connection.ts";
import { recordOrderEvent } from "../order-events/index.ts";
import type { CheckoutEvent, CheckoutProvider } from "../shared/checkout-provider.ts";
import type { DataContext } from "../shared/context.ts";
import { DomainError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { PAYMENT_METHOD_LABELS } from "./labels.ts";
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

export function availableMethods(ctx: Pick<PaymentsContext, "payments">): { method: PaymentMethod; label: string }[] {
  const methods: PaymentMethod[] = ctx.payments.stripe ? ["cod", "stripe"] : ["cod"];
  return methods.map((method) => ({ method, label: PAYMENT_METHOD_LABELS[method] }));
}

/** Refuses a method the shop does not offer (422 on the field, with the wire name the caller uses). */
export function assertOffered(ctx: Pick<PaymentsContext, "payments">, method: PaymentMethod, field = "payment_method") {
  if (!availableMethods(ctx).some((m) => m.method === method)) {
    throw new DomainError("validation_failed", "Some fields need attention.", {
      [field]: "This shop does not take card payments: choose pay on delivery.",
    });
  }
}

/** Whether the customer can (still) pay this order online. */
export const canPayNow = (order: PayableOrder) =>
  order.paymentMethod === "stripe" &&
  order.status === "Pending" &&
  (order.paymentStatus === "unpaid" || order.paymentStatus === "pending" || order.paymentStatus === "failed");

export type PaymentStart = { method: PaymentMethod; status: PaymentStatus; url: string | null };

/**
 * Starts paying an order: nothing to do for pay on delivery; for a card, a Checkout Session for the
 * order's total, whose page the customer is sent to. A provider that fails leaves the order unpaid
 * (it can be paid later with "Pay now") and says so.
 */
export async function startPayment(ctx: PaymentsContext, order: PayableOrder): Promise<PaymentStart> {
  if (order.paymentMethod === "cod") return { method: "cod", status: order.paymentStatus, url: null };
  const stripe = ctx.payments.stripe;
  if (!stripe) throw new DomainError("conflict", "Card payments are not available right now.");
  if (!canPayNow(order)) throw new DomainError("conflict", "This order cannot be paid online any more.");
  let session: { sessionId: string; url: string };
  try {
    session = await stripe.createCheckout({
      orderId: order.id,
      orderNumber: order.orderNumber,
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
  await inTransaction(ctx.db, async (trx) => {
    await repo.insert(trx, {
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
    });
    if (order.paymentStatus !== "pending") {
      await repo.setOrderPaymentStatus(trx, order.id, "pending");
      await recordOrderEvent(trx, {
        orderId: order.id,
        field: "payment",
        from: order.paymentStatus,
        to: "pending",
        actor: { kind: "customer", id: order.userId, email: order.userEmail },
        note: "Card payment page opened",
      });
    }
  });
  return { method: "stripe", status: "pending", url: session.url };
}

/**
 * Applies a provider's checkout event once: it is recorded by its id in the same transaction as its
 * effect, so a replay changes nothing. A completed, paid session pays the order only if its amount
 * and currency are the order's; otherwise the payment is kept unpaid with the problem noted for admins.
 */
export async function applyCheckoutEvent(
  ctx: DataContext,
  event: CheckoutEvent,
  expected: (trx: DataContext, orderId: string) => Promise<{ totalCents: number; currency: string } | undefined>,
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
    const outcome = await effectOf(trx, event, payment, expected);
    await repo.setEventOutcome(trx, event.id, outcome);
    return { outcome, replay: false };
  });
}

async function effectOf(
  db: DataContext["db"],
  event: CheckoutEvent,
  payment: repo.PaymentRecord | undefined,
  expected: (trx: DataContext, orderId: string) => Promise<{ totalCents: number; currency: string } | undefined>,
): Promise<string> {
  if (!payment) return "ignored: no payment has this session";
  if (payment.status === "paid" || payment.status === "refunded") return `ignored: already ${payment.status}`;
  const completed =
    event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded";
  const failed = event.type === "checkout.session.expired" || event.type === "checkout.session.async_payment_failed";
  if (completed && event.session.paymentStatus === "paid") {
    const order = await expected({ db }, payment.orderId);
    const amountOk = order && event.session.amountTotal === order.totalCents;
    const currencyOk = order && (event.session.currency ?? "").toLowerCase() === order.currency.toLowerCase();
    if (!amountOk || !currencyOk) {
      const problem = `The provider reported ${event.session.amountTotal ?? "?"} ${(event.session.currency ?? "?").toUpperCase()} (in minor units) for an order of ${order?.totalCents ?? "?"} ${order?.currency ?? "?"}: not marked as paid.`;
      await repo.update(db, payment.id, { problem });
      return `amount mismatch: ${problem}`;
    }
    await repo.update(db, payment.id, {
      status: "paid",
      paymentIntentId: event.session.paymentIntentId,
      problem: null,
    });
    await setPaymentStatusBy(db, payment.orderId, "paid", event);
    return "paid";
  }
  if (failed) {
    await repo.update(db, payment.id, { status: "failed" });
    await setPaymentStatusBy(db, payment.orderId, "failed", event);
    return "failed";
  }
  return "ignored: nothing to do for this event";
}

/** The provider's event changes the order's payment status, and the order's history says so. */
async function setPaymentStatusBy(db: DataContext["db"], orderId: string, to: PaymentStatus, event: CheckoutEvent) {
  const from = await repo.orderPaymentStatus(db, orderId);
  await repo.setOrderPaymentStatus(db, orderId, to);
  if (from === to) return;
  await recordOrderEvent(db, {
    orderId,
    field: "payment",
    from: from ?? null,
    to,
    actor: { kind: "provider", id: null, email: "stripe" },
    note: `${event.type} (${event.id})`,
  });
}

/**
 * Before a paid card order is cancelled, its money goes back through the provider. Throws (and so
 * leaves the order as it was) when the refund fails. Answers the payment to mark refunded, if any.
 */
export async function refundBeforeCancel(ctx: PaymentsContext, order: PayableOrder): Promise<string | null> {
  if (order.paymentMethod !== "stripe" || order.paymentStatus !== "paid") return null;
  const payment = await repo.latestFor(ctx.db, order.id);
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

/** Admins ship card orders only once they are paid (pay-on-delivery orders are paid at the door). */
export function assertShippable(order: PayableOrder): void {
  if (order.paymentMethod === "stripe" && order.paymentStatus !== "paid") {
    throw new DomainError("conflict", "This order is paid by card and is not paid yet: it cannot be shipped.");
  }
}

/** The latest payment attempt of each order (for lists that show payments). */
export const latestPayments = (ctx: DataContext, orderIds: string[]) => repo.latestForOrders(ctx.db, orderIds);
