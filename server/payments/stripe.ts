import type Stripe from "stripe";
import type { CheckoutEvent, CheckoutProvider } from "../../domain/payments/index.ts";
import type { Config } from "../config.ts";

type StripeConfig = NonNullable<Config["stripe"]>;

/**
 * The Stripe SDK, pointed at Stripe or (STRIPE_API_BASE) at a stand-in that speaks its protocol.
 * Loaded only by shops that take cards: it is the largest package the server has.
 */
export async function stripeClient(config: StripeConfig): Promise<Stripe> {
  const { default: Stripe } = await import("stripe");
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Vitrine" },
  });
}

/**
 * Currencies Stripe counts in whole units, and in thousandths
 * (https://docs.stripe.com/currencies#zero-decimal, #three-decimal); the rest in hundredths, as
 * the shop stores every price.
 */
const ZERO_DECIMAL = new Set("BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF".split(" "));
const THREE_DECIMAL = new Set("BHD JOD KWD OMR TND".split(" "));

/** The shop's hundredths of a currency as Stripe's unit_amount (whole yen; thousandths of a dinar, ending in 0). */
export function toStripeAmount(cents: number, currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return Math.round(cents / 100);
  if (THREE_DECIMAL.has(code)) return cents * 10;
  return cents;
}

/** Stripe's amount back in the shop's hundredths. */
export function fromStripeAmount(amount: number, currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return amount * 100;
  if (THREE_DECIMAL.has(code)) return Math.round(amount / 10);
  return amount;
}

/**
 * The smallest charge Stripe takes in a currency, in the shop's hundredths
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). Other currencies: one
 * hundredth, and Stripe itself refuses less than the equivalent of $0.50.
 */
const SMALLEST_CHARGE: Record<string, number> = {
  USD: 50,
  AED: 200,
  AUD: 50,
  BGN: 100,
  BRL: 50,
  CAD: 50,
  CHF: 50,
  CZK: 1500,
  DKK: 250,
  EUR: 50,
  GBP: 30,
  HKD: 400,
  HUF: 17500,
  INR: 50,
  JPY: 5000,
  MXN: 1000,
  MYR: 200,
  NOK: 300,
  NZD: 50,
  PLN: 200,
  RON: 200,
  SEK: 300,
  SGD: 50,
  THB: 1000,
};

/** Stripe Checkout as the shop's card payment provider. */
export function stripeProvider(stripe: Stripe): CheckoutProvider {
  return {
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: request.orderId,
          metadata: { order_id: request.orderId, order_number: String(request.orderNumber) },
          payment_intent_data: { metadata: { order_id: request.orderId } },
          customer_email: request.customerEmail,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: toStripeAmount(request.amountCents, request.currency),
                product_data: { name: `Order #${request.orderNumber}` },
              },
            },
          ],
          success_url: `${request.successUrl}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: request.cancelUrl,
        },
        // a retry of this call, or the same attempt asked twice at once, is the same session
        { idempotencyKey: `checkout-${request.orderId}-${request.attempt}` },
      );
      if (!session.url) throw new Error("Stripe answered a Checkout Session without a URL");
      const expiresAt = session.expires_at ? new Date(session.expires_at * 1000).toISOString() : null;
      return { sessionId: session.id, url: session.url, expiresAt };
    },
    smallestCharge(currency) {
      return SMALLEST_CHARGE[currency.toUpperCase()] ?? 1;
    },
    async expireCheckout(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    async paymentIntentOf(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const intent = session.payment_intent;
      return typeof intent === "string" ? intent : (intent?.id ?? null);
    },
    async refund(paymentIntentId, idempotencyKey) {
      const refund = await stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey });
      return { refundId: refund.id };
    },
  };
}

/** A webhook that is not a verified, well-formed event: answered 400, changing nothing. */
export class BadSignature extends Error {}

/**
 * Checks a webhook's signature on its raw body (`stripe.webhooks.constructEvent`) and reduces a
 * checkout event to what the shop applies. Any other event type is answered but ignored.
 */
export function verifiedEvent(stripe: Stripe, webhookSecret: string, rawBody: string, signature: string | undefined) {
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? "", webhookSecret);
  } catch {
    throw new BadSignature("The webhook's signature does not match.");
  }
  // signed, but not the shape of an event (only the holder of the secret can send one): refused, not a 500
  if (typeof event?.id !== "string" || !event.id || typeof event.type !== "string") {
    throw new BadSignature("The webhook's body is not an event.");
  }
  if (!event.type.startsWith("checkout.session.")) return { id: event.id, type: event.type, checkout: null };
  const session = event.data?.object as Stripe.Checkout.Session | undefined;
  if (typeof session?.id !== "string" || !session.id) throw new BadSignature("The event carries no checkout session.");
  const intent = session.payment_intent;
  const checkout: CheckoutEvent = {
    id: event.id,
    type: event.type,
    session: {
      id: session.id,
      orderId: session.client_reference_id ?? session.metadata?.order_id ?? null,
      amountTotal:
        session.amount_total == null ? null : fromStripeAmount(session.amount_total, session.currency ?? "usd"),
      currency: session.currency ?? null,
      paymentStatus: session.payment_status ?? null,
      paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
    },
  };
  return { id: event.id, type: event.type, checkout };
}
