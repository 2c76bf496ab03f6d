/**
 * What the shop needs from a card payment provider. The server wires a real one (Stripe, through
 * its official SDK); the domain only sees this interface.
 */
export interface CheckoutProvider {
  /**
   * Starts a hosted payment page for an order; answers where to send the customer and when the
   * page closes. The same order and attempt again (a retry, two requests at once) is the same page.
   * Amounts are the shop's: hundredths of the currency's unit, whatever the provider counts in.
   */
  createCheckout(request: {
    orderId: string;
    orderNumber: number;
    /** how many attempts to pay the order came before this one */
    attempt: number;
    amountCents: number;
    currency: string;
    customerEmail: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ sessionId: string; url: string; expiresAt: string | null }>;
  /**
   * The smallest amount the provider charges in this currency, in the shop's hundredths: an order
   * below it cannot be paid by card.
   */
  smallestCharge(currency: string): number;
  /** Closes a payment page that is still open, so that it can no longer be paid (throws if it was paid). */
  expireCheckout(sessionId: string): Promise<void>;
  /** The payment intent of a session once it is paid (when an event did not carry it). */
  paymentIntentOf(sessionId: string): Promise<string | null>;
  /** Refunds a payment in full; the same key again is the same refund. */
  refund(paymentIntentId: string, idempotencyKey: string): Promise<{ refundId: string }>;
}

/** A provider's event about a checkout, already verified (signature) by the server's adapter; amounts in hundredths. */
export type CheckoutEvent = {
  id: string;
  type: string;
  session: {
    id: string;
    orderId: string | null;
    amountTotal: number | null;
    currency: string | null;
    paymentStatus: string | null;
    paymentIntentId: string | null;
  };
};
