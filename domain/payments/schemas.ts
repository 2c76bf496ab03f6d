import { z } from "zod";

export const PAYMENT_METHODS = ["cod", "stripe"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ["unpaid", "pending", "paid", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: "Choose a payment method: cod (pay on delivery) or stripe (card).",
});
