/** How payment methods and states read on pages and in mail (browser-safe: no imports). */
export const PAYMENT_METHOD_LABELS = {
  cod: "Pay on delivery",
  stripe: "Card (Stripe)",
} as const;

/** The pay-on-delivery method, when the shop has set bank transfer instructions (then, and only then). */
export const COD_OR_TRANSFER_LABEL = "Pay on delivery or by bank transfer";

/** Where a customer transfers money to; the reference is always the order number. */
export type BankTransfer = {
  accountHolder: string;
  /** an IBAN or a local account number */
  accountNumber: string;
  bankName: string | null;
  /** anything else the customer needs (a BIC, a sort code, when to pay), several lines */
  note: string | null;
};

/** A payment method as the customer reads it: pay on delivery mentions transfers only when the shop takes them. */
export function paymentMethodLabel(method: keyof typeof PAYMENT_METHOD_LABELS, bankTransfer: boolean): string {
  return method === "cod" && bankTransfer ? COD_OR_TRANSFER_LABEL : PAYMENT_METHOD_LABELS[method];
}

/**
 * Whether an order's customer was given the shop's transfer details: as recorded when it was placed, or,
 * for an order from before that was recorded, whether the shop gives them today.
 */
export function transferWasOffered(
  order: { paymentMethod: keyof typeof PAYMENT_METHOD_LABELS; transferOffered: boolean | null },
  transferToday: boolean,
): boolean {
  return order.paymentMethod === "cod" && (order.transferOffered ?? transferToday);
}

/** How an order's payment method reads: as it was offered to the customer who placed it. */
export function orderPaymentLabel(
  order: { paymentMethod: keyof typeof PAYMENT_METHOD_LABELS; transferOffered: boolean | null },
  transferToday: boolean,
): string {
  return paymentMethodLabel(order.paymentMethod, transferWasOffered(order, transferToday));
}

export const PAYMENT_STATUS_LABELS = {
  unpaid: "Unpaid",
  pending: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed",
  refunded: "Refunded",
} as const;
