import * as orders from "../../domain/orders/index.ts";
import { formatPrice } from "../../domain/shared/money.ts";
import type { RequestContext } from "../../server/context.ts";

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
      : "nothing was refunded (it was not paid)";
  return { message: `Cancelled order ${order.orderNumber}: ${refund}. The customer has been told by mail.` };
}
