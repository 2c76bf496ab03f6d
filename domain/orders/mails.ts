import * as mail from "../mail/index.ts";
import { PAYMENT_METHOD_LABELS } from "../payments/index.ts";
import type { DomainContext } from "../shared/context.ts";
import type { OrderRecord } from "./repository.ts";

/** What an order mail shows of an order: its lines, total, address and how it is paid. */
function orderMail(order: OrderRecord): mail.OrderMail {
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
    paymentMethod: PAYMENT_METHOD_LABELS[order.paymentMethod],
  };
}

/** The mail context inside an order's transaction: the mail exists exactly when the change does. */
type MailingContext = Pick<DomainContext, "db" | "shop">;

export function mailOrderPlaced(ctx: MailingContext, order: OrderRecord) {
  return mail.enqueue(ctx, { kind: "order-confirmation", to: order.userEmail, data: { order: orderMail(order) } });
}

export function mailOrderShipped(ctx: MailingContext, order: OrderRecord) {
  return mail.enqueue(ctx, { kind: "order-shipped", to: order.userEmail, data: { order: orderMail(order) } });
}

export function mailOrderCancelled(
  ctx: MailingContext,
  order: OrderRecord,
  cancelledBy: "customer" | "shop",
  refundCents?: number,
  options: { removed?: boolean } = {},
) {
  return mail.enqueue(ctx, {
    kind: "order-cancelled",
    to: order.userEmail,
    data: {
      order: orderMail(order),
      cancelledBy,
      ...(refundCents ? { refundCents } : {}),
      ...(options.removed ? { removed: true } : {}),
    },
  });
}
