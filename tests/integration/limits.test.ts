/**
 * Limits on every input: body sizes (declared and chunked), rate limits that a rotating
 * X-Forwarded-For cannot dodge, and the clean-up of old counters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireOldCounters, LIMIT_ROWS_KEPT_MS, LIMITS } from "../../domain/limits/index.ts";
import { createApp } from "../../server/app.ts";
import { ADDRESS_LIMITS } from "../../server/auth/index.ts";
import { ReadBudgets } from "../../server/http/read-budget.ts";
import { countRows, firstProduct, orderForm, signInResponse } from "../support/fixtures.ts";
import { createTestShop, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

const MiB = 1024 * 1024;

/** A body that arrives in chunks with no Content-Length, as `Transfer-Encoding: chunked` does. */
function chunked(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(`{"pad":"${"x".repeat(64 * 1024)}`);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

describe("body limits", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { MAX_BODY_BYTES: String(MiB) } });
  });
  afterAll(() => shop.close());

  it("refuse a 16 MiB JSON body with 413 by its Content-Length, on the API and on Better Auth, storing nothing", async () => {
    const customer = await shop.customer();
    const product = await firstProduct(shop);
    const huge = JSON.stringify({ ...orderForm(product.id), pad: "x".repeat(16 * MiB) });
    const before = await countRows(shop, "shop_order");
    for (const path of ["/api/orders", "/api/contact", "/api/auth/sign-in/email", "/api/auth/sign-up/email"]) {
      const res = await customer.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(huge.length) },
        body: huge,
      });
      expect(res.status, path).toBe(413);
    }
    expect(await countRows(shop, "shop_order")).toBe(before);
  });

  it("refuse a chunked body as soon as it passes the limit", async () => {
    const customer = await shop.customer();
    for (const [method, path] of [
      ["POST", "/api/orders"],
      ["PUT", "/api/users"],
      ["POST", "/api/reviews"],
    ] as const) {
      const res = await customer.request(path, {
        method,
        headers: { "content-type": "application/json" },
        body: chunked(3 * MiB),
        duplex: "half",
      } as RequestInit);
      expect(res.status, `${method} ${path}`).toBe(413);
      expect((await res.json()).error.code).toBe("payload_too_large");
    }
  });

  it("let a body just under the limit through to validation", async () => {
    const customer = await shop.customer();
    const res = await customer.request("/api/reviews", {
      method: "POST",
      json: { description: "x".repeat(MiB - 100), rating: 4 },
    });
    expect(res.status).toBe(422); // too long a description: read and validated, not refused for size
  });
});

describe("rate limits", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { RATE_LIMIT: "true", TRUST_PROXY: "1" } });
  });
  afterAll(() => shop.close());

  const fromAddress = (address: string, body: unknown, path = "/api/auth/sign-in/email") =>
    shop.app.request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": address },
      body: JSON.stringify(body),
    });

  const signIns = LIMITS.failedSignIns;
  it(`lock an account after ${signIns.max} failed sign-ins, whatever addresses they come from; Retry-After says how long`, async () => {
    const victim = await shop.customer();
    for (let i = 0; i < signIns.max; i++) {
      const res = await fromAddress(`203.0.113.${i + 1}`, { email: victim.email, password: `guess-${i}-wrong` });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const locked = await fromAddress("198.51.100.77", { email: victim.email, password: "customer-password-1" });
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(signIns.windowMs / 1000 - 60);
    expect(wait).toBeLessThanOrEqual(signIns.windowMs / 1000);
    expect((await locked.json()).error.message).toMatch(/Too many failed sign-ins/);
    // another account is not affected
    const other = await shop.customer();
    expect((await signInResponse(shop, other.email, "customer-password-1")).status).toBe(200);
  });

  it("take the address the trusted proxy saw (the right-most X-Forwarded-For entry), not one the client wrote", async () => {
    // Better Auth's per-address sign-up limit. The client varies the left-most entry;
    // the proxy's entry (right-most) stays the same, so the limit still bites.
    const { max } = ADDRESS_LIMITS["/sign-up/email"];
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const res = await fromAddress(
        `10.0.0.${i + 1}, 192.0.2.50`,
        { email: `spoof${i}-${Date.now()}@shop.test`, password: "spoofing-pass-1", name: "Spoof" },
        "/api/auth/sign-up/email",
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true);
    expect(statuses[max]).toBe(429);
  });

  const contact = LIMITS.contactMessages;
  it(`limit the contact form to ${contact.max} messages in ${contact.windowMs / 60_000} minutes per address`, async () => {
    const message = { name: "Chatty", email: "chatty@example.com", message: "Hello there, a question." };
    const statuses: number[] = [];
    for (let i = 0; i <= contact.max; i++) {
      statuses.push((await fromAddress("192.0.2.99", message, "/api/contact")).status);
    }
    expect(statuses).toEqual([...Array(contact.max).fill(201), 429]);
    // another address is not limited
    expect((await fromAddress("192.0.2.100", message, "/api/contact")).status).toBe(201);
  });

  it("expire counters older than a day, ours and Better Auth's", async () => {
    const old = Date.now() - 2 * LIMIT_ROWS_KEPT_MS;
    await shop.db.insertInto("request_limit").values({ key: "old-one", window_start: old, hits: 3 }).execute();
    await shop.db
      .withTables<{ rateLimit: { id: string; key: string; count: number; lastRequest: number } }>()
      .insertInto("rateLimit")
      .values({ id: "old-ba", key: "old-ba-key", count: 1, lastRequest: old })
      .execute();
    expect(await expireOldCounters({ db: shop.db })).toBeGreaterThanOrEqual(2);
    const left = await shop.db.selectFrom("request_limit").select("key").where("key", "=", "old-one").execute();
    expect(left).toEqual([]);
  });
});

describe("computed reads per client", () => {
  let shop: TestShop;
  beforeAll(async () => {
    // a budget of five reads computed afresh, refilled too slowly to matter during the test
    shop = await createTestShop({
      env: { RATE_LIMIT: "true", TRUST_PROXY: "1" },
      readBudgets: new ReadBudgets({ burst: 5, perSecond: 0.01 }),
    });
  });
  afterAll(() => shop.close());

  const read = (address: string, path: string, cookie?: string) =>
    shop.app.request(`${TEST_ORIGIN}${path}`, {
      headers: { "x-forwarded-for": address, ...(cookie ? { cookie } : {}) },
    });

  it("answers 429 with Retry-After once a client has used its budget of searches the store has not seen, and changes nothing", async () => {
    const words = ["leather", "linen", "boots", "phone", "watch"];
    for (const word of words) expect((await read("203.0.113.50", `/api/search?q=${word}`)).status).toBe(200);
    const refused = await read("203.0.113.50", "/api/search?q=jacket");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const body = await refused.json();
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toMatch(/Too many requests/);
    // a search already answered comes from the store and costs nothing
    const stored = await read("203.0.113.50", "/api/search?q=leather");
    expect(stored.status).toBe(200);
    expect(stored.headers.get("x-cache")).toBe("hit");
    // a personal read (a cart cookie: never from the store) counts too
    expect((await read("203.0.113.50", "/api/products?q=boots", "vitrine_cart=abc")).status).toBe(429);
    // another client has its own budget; the refused search was never stored
    const other = await read("198.51.100.60", "/api/search?q=jacket");
    expect(other.status).toBe(200);
    expect(other.headers.get("x-cache")).toBe("miss");
  });

  it("answers a page past the budget with a short page saying to wait, not JSON", async () => {
    // the shop's own app over the same services; its pages answered by a page of the test's (no build here)
    const pages = createApp(
      shop.services,
      async () =>
        new Response("<!doctype html><p>catalogue</p>", {
          headers: { "content-type": "text/html; charset=utf-8" },
        }),
      { readBudgets: new ReadBudgets({ burst: 2, perSecond: 0.01 }) },
    );
    const page = (q: string) =>
      pages.request(`${TEST_ORIGIN}/product?q=${q}`, { headers: { "x-forwarded-for": "192.0.2.70" } });
    expect((await page("lamp")).status).toBe(200);
    expect((await page("desk")).status).toBe(200);
    const refused = await page("chair");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).toMatch(/<h1>Too many requests<\/h1>/);
    expect((await page("lamp")).status).toBe(200); // from the store
  });
});
