/** Payments: pay on delivery, or a card through a provider (Stripe); payment state beside the order's own. */

export type { CheckoutEvent, CheckoutProvider } from "../shared/checkout-provider.ts";
export {
  BANK_TRANSFER_LIMITS,
  bankTransfer,
  bankTransferForAdmin,
  bankTransferInput,
  saveBankTransfer,
} from "./bank-transfer.ts";
export {
  type BankTransfer,
  COD_OR_TRANSFER_LABEL,
  orderPaymentLabel,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  paymentMethodLabel,
  transferWasOffered,
} from "./labels.ts";
export type { PaymentRecord } from "./repository.ts";
export {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
  paymentMethodSchema,
} from "./schemas.ts";
export {
  applyCheckoutEvent,
  assertCardCanCharge,
  assertCustomerMayCancel,
  assertOffered,
  assertPaymentRecordable,
  assertShippable,
  availableMethods,
  canPayNow,
  closeOpenPages,
  isPaymentRecordable,
  latestPayments,
  markPaidOnDelivery,
  markRefunded,
  type OrderForPayment,
  orderPaymentLabeller,
  type PayableOrder,
  type PaymentStart,
  type PaymentsContext,
  paidBackByHand,
  refundBeforeCancel,
  refundStrayPayment,
  refundsOnCancel,
  startPayment,
} from "./service.ts";
