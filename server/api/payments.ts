import { Hono } from "hono";
import * as orders from "../../domain/orders/index.ts";
import * as payments from "../../domain/payments/index.ts";
import { DomainError } from "../../domain/shared/errors.ts";
import type { AppEnv } from "../context.ts";
import { BadSignature, verifiedEvent } from "../payments/stripe.ts";
import type { Services } from "../services.ts";

/**
 * Stripe's webhook: the raw body is verified with the endpoint's secret (a missing or bad signature
 * is a 400 and changes nothing), then applied once, whatever Stripe retries.
 */
export function paymentsApi(services: Services) {
  const api = new Hono<AppEnv>();
  api.post("/stripe/webhook", async (c) => {
    const { stripe, config } = services;
    if (!stripe || !config.stripe) throw new DomainError("not_found", "Card payments are not set up in this shop.");
    const raw = await c.req.text();
    let event: ReturnType<typeof verifiedEvent>;
    try {
      event = verifiedEvent(stripe, config.stripe.webhookSecret, raw, c.req.header("stripe-signature"));
    } catch (e) {
      if (e instanceof BadSignature) throw new DomainError("bad_request", e.message);
      throw e;
    }
    if (!event.checkout) return c.json({ received: true, applied: false });
    const ctx = {
      db: services.database.db,
      shop: { publicUrl: config.publicUrl, currency: config.currency },
      payments: services.payments,
    };
    const result = await payments.applyCheckoutEvent(ctx, event.checkout, async (trx, orderId) => {
      const order = await orders.findOrderForPayment(trx, orderId);
      return order ? { ...order, currency: config.currency } : undefined;
    });
    const log = c.get("log");
    if (result.outcome.startsWith("amount mismatch") || result.outcome.startsWith("to refund"))
      log.warn({ event: event.id, outcome: result.outcome }, "payment not applied");
    else log.info({ event: event.id, type: event.type, outcome: result.outcome }, "payment event");
    // a payment the order did not wait for goes back now; if the provider refuses or is down, the
    // error makes it send the event again later, which tries again (a replay included)
    try {
      if (await payments.refundStrayPayment(ctx, event.checkout.session.id)) {
        log.warn({ event: event.id, session: event.checkout.session.id }, "stray payment refunded");
      }
    } catch (error) {
      log.error({ event: event.id, err: error }, "a stray payment could not be refunded yet");
      throw new DomainError("upstream_failed", "The payment could not be refunded yet; send the event again later.");
    }
    return c.json({ received: true, applied: !result.replay, outcome: result.outcome });
  });
  return api;
}
