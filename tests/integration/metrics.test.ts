/**
 * Prometheus metrics at /metrics: only with METRICS_TOKEN (a bearer token) on the shop's own port
 * (the internal METRICS_PORT is tested on the built process), request durations by route pattern,
 * orders placed, and the PostgreSQL pool.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../support/database.ts";
import { firstProduct, orderForm, placeOrder } from "../support/fixtures.ts";
import { createTestShop, type TestShop } from "../support/shop.ts";

const TOKEN = "metrics-token-0123456789abcdef";

describe("without METRICS_TOKEN or METRICS_PORT", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ seed: false });
  });
  afterAll(() => shop.close());

  it("there is no /metrics, and no metrics are kept", async () => {
    expect((await shop.anonymous.request("/metrics")).status).toBe(404);
    expect(shop.services.metrics).toBeUndefined();
  });
});

describe("with METRICS_TOKEN", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => shop.close());

  const scrape = async () => {
    const res = await shop.anonymous.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  const ordersPlaced = (text: string) => Number(/^shop_orders_placed_total (\d+)$/m.exec(text)?.[1]);

  it("asks for the token: 401 without it or with another", async () => {
    for (const authorization of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await shop.anonymous.request("/metrics", { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
  });

  it("times requests by route pattern and status, never by raw path", async () => {
    const { id } = await firstProduct(shop);
    await shop.anonymous.request(`/api/products/${id}`);
    // the second from the shared store, under the same route (not the store middleware's `/api/*`)
    expect((await shop.anonymous.request(`/api/products/${id}`)).headers.get("x-cache")).toBe("hit");
    await shop.anonymous.request("/api/products/does-not-exist");
    await shop.anonymous.request("/media/products/nothing-480.webp");
    const text = await scrape();
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/products\/:id",status="200"\} \d+$/m,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status="404"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status="200"\} 2/,
    );
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/media\/\*",status="404"\} 1/);
    expect(text).not.toContain(id);
    expect(text).not.toContain("does-not-exist");
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it("counts each order placed once (a resubmitted form is not a new order)", async () => {
    const before = ordersPlaced(await scrape());
    const customer = await shop.customer();
    const { id } = await firstProduct(shop);
    await placeOrder(customer, id, { request_key: "form-0123456789abcdef" });
    const again = await customer.request("/api/orders", {
      method: "POST",
      json: orderForm(id, { request_key: "form-0123456789abcdef" }),
    });
    expect(again.status).toBe(201);
    await placeOrder(customer, id);
    expect(ordersPlaced(await scrape())).toBe(before + 2);
  });

  it.runIf(testEngine() === "postgres")("reports the PostgreSQL pool: open, idle and waiting clients", async () => {
    const text = await scrape();
    for (const state of ["total", "idle", "waiting"]) {
      expect(text).toMatch(new RegExp(`^db_pool_clients\\{state="${state}"\\} \\d+$`, "m"));
    }
    expect(Number(/^db_pool_clients\{state="total"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
  });
});
