/** How payment methods and states read on pages and in mail (browser-safe: no imports). */
export const PAYMENT_METHOD_LABELS = {
  cod: "Pay on delivery or by bank transfer",
  stripe: "Card (Stripe)",
} as const;

export const PAYMENT_STATUS_LABELS = {
  unpaid: "Unpaid",
  pending: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed",
  refunded: "Refunded",
} as const;
