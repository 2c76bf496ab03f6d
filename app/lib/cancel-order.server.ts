import * as orders from "../../domain/orders/index.ts";
import * as payments from "../../domain/payments/index.ts";
import { formatPrice } from "../../domain/shared/money.ts";
import type { RequestContext } from "../../server/context.ts";
import { mailLeavesTheShop } from "./mail-sending.server.ts";

/**
 * "Cancel order" on the admin's order pages: the API's own cancellation (orders.cancelOrder: the
 * stock goes back, a paid card order is refunded first, the customer is mailed, the order and its
 * history are kept), and what the page then tells the admin. A refusal (shipped, a refund the
 * provider refused) is the domain's DomainError, which the page's form helper shows as it is.
 */
export async function cancelOrderAsAdmin(ctx: RequestContext, orderId: string): Promise<{ message: string }> {
  const { modifiedCount, order } = await orders.cancelOrder(ctx, orderId);
  if (modifiedCount === 0) return { message: `Order ${order.orderNumber} was already cancelled.` };
  // the domain marks the order refunded exactly when this cancellation refunded it
  const refund =
    order.paymentStatus === "refunded"
      ? `${formatPrice(order.totalCents)} was refunded to the customer's card`
      : payments.paidBackByHand(order)
        ? `its ${formatPrice(order.totalCents)} was paid on delivery or by bank transfer, so pay the customer back yourself (nothing was refunded automatically)`
        : "nothing was refunded (it was not paid)";
  return { message: `Cancelled order ${order.orderNumber}: ${refund}. ${customerMailSentence(ctx)}` };
}

/**
 * "Delete" on All Orders. A Pending order is cancelled before it is erased (orders.eraseOrder), and
 * the admin reads that its customer is told; "Deleted!" (the spec's word) comes first.
 */
export async function eraseOrderAsAdmin(ctx: RequestContext, orderId: string) {
  const result = await orders.eraseOrder(ctx, orderId);
  const told = result.cancelled
    ? ` It was still Pending, so it was cancelled first and its stock put back. ${customerMailSentence(ctx)}`
    : "";
  return { ...result, message: `Deleted!${told}` };
}

/**
 * Whether the customer was told of a cancellation by mail: only when a mail server is set up. Without
 * one the mail is only kept in the outbox (orders.cancelOrder queues it either way), and the admin
 * reads exactly that.
 */
function customerMailSentence(ctx: RequestContext): string {
  return mailLeavesTheShop(ctx)
    ? "The customer has been told by mail."
    : "The customer has not been told: no mail server is set up (SMTP_URL), so the cancellation mail is only kept on the Mail page.";
}
