import { formatPrice } from "../../domain/shared/money.ts";
import { ConfirmForm } from "./ConfirmForm.tsx";

/**
 * The question "Cancel order" asks first; a paid card order says that it will be refunded, a paid
 * pay-on-delivery order that the shop pays it back itself.
 */
function cancelQuestion(order: { refundsOnCancel: boolean; paidBackByHand?: boolean; totalCents: number }): string {
  if (order.refundsOnCancel) {
    return `Are you sure to cancel this order? Its payment of ${formatPrice(order.totalCents)} will be refunded.`;
  }
  if (order.paidBackByHand) {
    return `Are you sure to cancel this order? It was paid ${formatPrice(order.totalCents)} on delivery or by bank transfer: the shop pays that back itself.`;
  }
  return "Are you sure to cancel this order?";
}

/**
 * An admin's "Cancel order" (intent `cancel`): asks first, as Delete does (a Yes/No dialog; before
 * JavaScript loads, the button submits straight away). Show it only for an order the domain says
 * can be cancelled (orders.isCancellable).
 */
export function CancelOrderButton({
  order,
  fields = {},
  buttonClass,
  children,
}: {
  order: { orderNumber: number; refundsOnCancel: boolean; paidBackByHand?: boolean; totalCents: number };
  /** more hidden fields (the list names the order: orderId) */
  fields?: Record<string, string>;
  buttonClass: string;
  children: React.ReactNode;
}) {
  return (
    <ConfirmForm
      question={cancelQuestion(order)}
      fields={{ ...fields, intent: "cancel" }}
      buttonClass={buttonClass}
      buttonLabel={`Cancel order ${order.orderNumber}`}
    >
      {children}
    </ConfirmForm>
  );
}
