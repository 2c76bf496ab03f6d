/**
 * A small stand-in for the Stripe endpoints the shop calls, so that payments are tested on this
 * machine without the internet, through Stripe's official SDK (pointed here with STRIPE_API_BASE):
 *
 *   POST /v1/checkout/sessions        creates a session whose `url` is a payment page served here (the
 *                                     same Idempotency-Key again answers the same session)
 *   GET  /v1/checkout/sessions/{id}   the session
 *   POST /v1/checkout/sessions/{id}/expire  closes an open session (a paid one: 400, as Stripe answers)
 *   POST /v1/refunds                  refunds a payment intent (the same Idempotency-Key is the same refund)
 *   GET  /pay/{id}, POST /pay/{id}    the "hosted" payment page: paying marks the session paid, delivers
 *                                     a signed `checkout.session.completed` webhook, and goes to success_url
 *
 * Every API request is recorded; refunds can be made to fail. Webhooks are signed with the SDK's own
 * `webhooks.generateTestHeaderString`, exactly as Stripe signs them.
 *
 * Also runnable on its own (the browser tests start it):
 *   node tests/support/stripe-server.ts --port 12111 --shop http://localhost:4173 --secret whsec_…
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/** Stripe's smallest charges for the currencies the tests use, in Stripe's units (cents; whole yen). */
const SMALLEST_CHARGE: Record<string, number> = { usd: 50, eur: 50, gbp: 30, jpy: 50 };

export type StandInSession = {
  id: string;
  object: "checkout.session";
  url: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  payment_status: "unpaid" | "paid";
  status: "open" | "complete" | "expired";
  /** when the page closes, in seconds since 1970 (24 hours after it opens, as Stripe's default) */
  expires_at: number;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
};

export type Recorded = { method: string; path: string; body: Record<string, string>; idempotencyKey: string | null };

export type StripeStandIn = {
  /** what STRIPE_API_BASE should be */
  url: string;
  sessions: Map<string, StandInSession>;
  refunds: Map<string, { id: string; payment_intent: string; idempotencyKey: string | null }>;
  requests: Recorded[];
  /** makes every refund fail (a card that can no longer be refunded, Stripe down…) */
  failRefunds: (fail: boolean) => void;
  /** makes every refund take this long to answer */
  slowRefunds: (ms: number) => void;
  /** makes every new Checkout Session take this long to answer */
  slowCheckouts: (ms: number) => void;
  /** builds a signed event about a session (optionally altered) */
  signedEvent: (
    type: string,
    session: StandInSession,
    change?: Partial<StandInSession>,
  ) => { payload: string; signature: string; id: string };
  /** pays a session as the payment page does, and delivers the webhook; answers the shop's status */
  pay: (sessionId: string) => Promise<number>;
  /** delivers an event to the shop's webhook */
  deliver: (event: { payload: string; signature: string }) => Promise<number>;
  close: () => Promise<void>;
};

const random = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/** Stripe's form encoding (`a[b][0][c]=v`) into a flat map of its keys. */
function formBody(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startStripeStandIn(options: {
  webhookSecret: string;
  /** where the shop listens for webhooks, or a function that hands the request to it */
  deliverTo: string | ((payload: string, signature: string) => Promise<number>);
  port?: number;
}): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const refunds = new Map<string, { id: string; payment_intent: string; idempotencyKey: string | null }>();
  const requests: Recorded[] = [];
  const sessionsByKey = new Map<string, StandInSession>();
  let refundsFail = false;
  let refundDelay = 0;
  let checkoutDelay = 0;
  const signer = new Stripe("sk_test_stand_in");
  let base = "";

  const signedEvent = (type: string, session: StandInSession, change: Partial<StandInSession> = {}) => {
    const id = random("evt");
    const payload = JSON.stringify({
      id,
      object: "event",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object: { ...session, ...change } },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    return { payload, signature, id };
  };

  const deliver = async (event: { payload: string; signature: string }) => {
    if (typeof options.deliverTo === "function") return options.deliverTo(event.payload, event.signature);
    const res = await fetch(options.deliverTo, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      body: event.payload,
    });
    return res.status;
  };

  const pay = async (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status === "expired") return 410; // Stripe's page no longer takes a card
    session.payment_status = "paid";
    session.status = "complete";
    session.payment_intent ??= random("pi");
    return deliver(signedEvent("checkout.session.completed", session));
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://stand-in");
        const body = formBody(text);
        const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
        if (url.pathname.startsWith("/v1/")) {
          requests.push({ method: req.method ?? "", path: url.pathname, body, idempotencyKey });
        }
        if (url.pathname === "/health") return json(res, 200, { ok: true });
        if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
          if (checkoutDelay) await new Promise((resolve) => setTimeout(resolve, checkoutDelay));
          const again = idempotencyKey ? sessionsByKey.get(idempotencyKey) : undefined;
          if (again) return json(res, 200, again);
          const id = random("cs");
          const quantity = Number(body["line_items[0][quantity]"] ?? 1);
          const session: StandInSession = {
            id,
            object: "checkout.session",
            url: `${base}/pay/${id}`,
            amount_total: Number(body["line_items[0][price_data][unit_amount]"]) * quantity,
            currency: body["line_items[0][price_data][currency]"] ?? "usd",
            client_reference_id: body.client_reference_id ?? null,
            metadata: Object.fromEntries(
              Object.entries(body)
                .filter(([k]) => k.startsWith("metadata["))
                .map(([k, v]) => [k.slice("metadata[".length, -1), v]),
            ),
            customer_email: body.customer_email ?? null,
            payment_status: "unpaid",
            status: "open",
            expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
            payment_intent: null,
            success_url: (body.success_url ?? "").replace("{CHECKOUT_SESSION_ID}", id),
            cancel_url: body.cancel_url ?? "",
          };
          // as Stripe: a total under the currency's smallest charge (in Stripe's units) is refused
          if (session.amount_total < (SMALLEST_CHARGE[session.currency] ?? 1)) {
            return json(res, 400, {
              error: {
                type: "invalid_request_error",
                code: "amount_too_small",
                message: `The Checkout Session's total amount due must add up to at least the smallest charge in ${session.currency}`,
              },
            });
          }
          sessions.set(id, session);
          if (idempotencyKey) sessionsByKey.set(idempotencyKey, session);
          return json(res, 200, session);
        }
        const sessionPath = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
        if (req.method === "GET" && sessionPath) {
          const session = sessions.get(sessionPath[1]);
          return session
            ? json(res, 200, session)
            : json(res, 404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        }
        const expirePath = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(url.pathname);
        if (req.method === "POST" && expirePath) {
          const session = sessions.get(expirePath[1]);
          if (!session) return json(res, 404, { error: { type: "invalid_request_error", message: "No such session" } });
          if (session.status !== "open") {
            return json(res, 400, {
              error: { type: "invalid_request_error", message: `This session is ${session.status}: it cannot expire.` },
            });
          }
          session.status = "expired";
          return json(res, 200, session);
        }
        if (req.method === "POST" && url.pathname === "/v1/refunds") {
          if (refundDelay) await new Promise((resolve) => setTimeout(resolve, refundDelay));
          if (refundsFail) {
            return json(res, 400, {
              error: { type: "invalid_request_error", code: "charge_already_refunded", message: "Refund refused." },
            });
          }
          const existing = [...refunds.values()].find((r) => idempotencyKey && r.idempotencyKey === idempotencyKey);
          const refund = existing ?? { id: random("re"), payment_intent: body.payment_intent ?? "", idempotencyKey };
          refunds.set(refund.id, refund);
          return json(res, 200, {
            id: refund.id,
            object: "refund",
            status: "succeeded",
            payment_intent: refund.payment_intent,
          });
        }
        const payPath = /^\/pay\/([\w]+)$/.exec(url.pathname);
        const session = payPath ? sessions.get(payPath[1]) : undefined;
        if (payPath && !session) {
          res.writeHead(404, { "content-type": "text/plain" });
          return res.end("No such payment page.");
        }
        if (session && req.method === "GET") {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return res.end(`<!doctype html><html lang="en"><head><title>Pay · Stripe stand-in</title></head><body>
<main><h1>Pay ${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</h1>
<form method="post"><button type="submit">Pay</button></form>
<p><a href="${session.cancel_url}">Cancel and go back</a></p></main></body></html>`);
        }
        if (session && req.method === "POST") {
          await pay(session.id);
          res.writeHead(303, { location: session.success_url });
          return res.end();
        }
        json(res, 404, { error: { type: "invalid_request_error", message: `No route ${req.method} ${url.pathname}` } });
      })().catch((error) => json(res, 500, { error: { type: "api_error", message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    sessions,
    refunds,
    requests,
    failRefunds: (fail) => {
      refundsFail = fail;
    },
    slowRefunds: (ms) => {
      refundDelay = ms;
    },
    slowCheckouts: (ms) => {
      checkoutDelay = ms;
    },
    signedEvent,
    pay,
    deliver,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const shop = arg("shop") ?? "http://localhost:3000";
  const standIn = await startStripeStandIn({
    webhookSecret: arg("secret") ?? "whsec_stand_in",
    deliverTo: `${shop}/api/payments/stripe/webhook`,
    port: Number(arg("port") ?? 0),
  });
  console.log(`Stripe stand-in at ${standIn.url} (webhooks to ${shop})`);
  process.on("SIGTERM", () => void standIn.close().then(() => process.exit(0)));
}
