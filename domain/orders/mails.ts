import * as mail from "../mail/index.ts";
import * as payments from "../payments/index.ts";
import type { DomainContext } from "../shared/context.ts";
import type { OrderRecord } from "./repository.ts";

/**
 * What an order mail shows of an order: its lines, total, address and how it is paid (pay on delivery
 * mentions transfers only when the customer was given the shop's transfer details with the order).
 */
function orderMail(order: OrderRecord, transfer: payments.BankTransfer | null): mail.OrderMail {
  return {
    orderNumber: order.orderNumber,
    placedAt: order.placedAt,
    customerName: order.fullName,
    lines: order.lines.map((l) => ({
      title: l.title,
      variantTitle: l.variantTitle,
      sku: l.sku,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
      imageKey: l.imageKey,
    })),
    subtotalCents: order.lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
    totalCents: order.totalCents,
    shippingAddress: {
      fullName: order.fullName,
      line1: order.address,
      city: order.city,
      region: order.state,
      postalCode: order.zip,
      phone: order.phone,
    },
    paymentMethod: payments.orderPaymentLabel(order, Boolean(transfer)),
  };
}

/** The mail context inside an order's transaction: the mail exists exactly when the change does. */
type MailingContext = Pick<DomainContext, "db" | "shop">;

/**
 * The confirmation; for an order to pay on delivery, with the shop's bank transfer instructions when
 * they were given with it (the reference is the order number), so that the customer can pay before
 * delivery. `transfer`: the instructions as read when the order was written (the same read that
 * recorded `transferOffered`), so that the order and its mail cannot disagree.
 */
export async function mailOrderPlaced(ctx: MailingContext, order: OrderRecord, transfer: payments.BankTransfer | null) {
  const given = transfer && order.transferOffered ? transfer : null;
  const bankTransfer = given ? { ...given, reference: String(order.orderNumber) } : null;
  return mail.enqueue(ctx, {
    kind: "order-confirmation",
    to: order.userEmail,
    data: { order: orderMail(order, given), ...(bankTransfer ? { bankTransfer } : {}) },
  });
}

export async function mailOrderShipped(ctx: MailingContext, order: OrderRecord) {
  const data = orderMail(order, await payments.bankTransfer(ctx));
  return mail.enqueue(ctx, { kind: "order-shipped", to: order.userEmail, data: { order: data } });
}

export async function mailOrderCancelled(
  ctx: MailingContext,
  order: OrderRecord,
  cancelledBy: "customer" | "shop",
  refundCents?: number,
  options: { removed?: boolean } = {},
) {
  const transfer = await payments.bankTransfer(ctx);
  return mail.enqueue(ctx, {
    kind: "order-cancelled",
    to: order.userEmail,
    data: {
      order: orderMail(order, transfer),
      cancelledBy,
      ...(refundCents ? { refundCents } : {}),
      ...(options.removed ? { removed: true } : {}),
      ...(payments.paidBackByHand(order)
        ? { paidBackCents: order.totalCents }
        : payments.transferWasOffered(order, Boolean(transfer))
          ? { mayHaveTransferred: true }
          : {}),
    },
  });
}
