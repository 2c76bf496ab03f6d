/**
 * The built shop as the process a process manager runs (`npm run serve`): health checks, a graceful
 * stop on SIGTERM, metrics on an internal port, and two instances starting at once on one data folder
 * (and, on the PostgreSQL run, one database), the first admin's password hashed at Better Auth's own cost.
 */

import http from "node:http";
import { verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, pendingMigrations } from "../../db/connection.ts";
import { freePort } from "../../scripts/postgres.ts";
import { type BuiltShop, ensureBuilt, SHOP_ADMIN, signIn, startBuiltShop } from "../support/built-shop.ts";
import { createEmptyTarget, type EmptyTarget } from "../support/database.ts";

// real processes on a machine that may be busy: generous limits (they take seconds when it is not)
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets: EmptyTarget[] = [];
const shops: BuiltShop[] = [];
/** a new data folder, and on the PostgreSQL run a new database */
const emptyTarget = async () => {
  const target = await createEmptyTarget();
  targets.push(target);
  return target;
};
const start = async (...args: Parameters<typeof startBuiltShop>) => {
  const shop = await startBuiltShop(...args);
  shops.push(shop);
  return shop;
};

beforeAll(ensureBuilt);
afterAll(async () => {
  await Promise.all(shops.map((s) => s.stop()));
  for (const target of targets) await target.drop();
});

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await delay(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A status, or "refused" when the shop no longer takes the connection: refused, or reset — a
 * connection the kernel had queued when the shop closed its listening socket is reset, not refused.
 * A new connection each time (no keep-alive).
 */
function statusOf(url: string): Promise<number | "refused"> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", (e: NodeJS.ErrnoException) =>
      e.code === "ECONNREFUSED" || e.code === "ECONNRESET" ? resolve("refused") : reject(e),
    );
  });
}

/** A POST whose body is still arriving: the request is in flight until `finish()` sends the rest. */
function requestInFlight(url: string, json: unknown) {
  const body = Buffer.from(JSON.stringify(json));
  const target = new URL(url);
  const req = http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: "POST",
    agent: false,
    headers: { "content-type": "application/json", "content-length": body.length, origin: target.origin },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
  });
  // awaited by the test; this keeps a test that failed before then from also reporting an unhandled rejection
  response.catch(() => {});
  req.write(body.subarray(0, 8));
  return { response, finish: () => req.end(body.subarray(8)) };
}

describe("one shop process, from start to a graceful stop", () => {
  let shop: BuiltShop;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    const target = await emptyTarget();
    shop = await start({ ...target.env, SHUTDOWN_GRACE_SECONDS: "3", METRICS_PORT: String(metricsPort) });
  });

  it("/healthz and /readyz answer 200 once the shop is up, never cached", async () => {
    for (const probe of ["/healthz", "/readyz"]) {
      const res = await fetch(`${shop.url}${probe}`);
      expect(res.status, probe).toBe(200);
      expect(res.headers.get("cache-control"), probe).toBe("no-store");
    }
    expect(await (await fetch(`${shop.url}/readyz`)).json()).toEqual({ status: "ready" });
  });

  it("METRICS_PORT serves /metrics on 127.0.0.1 without a token; the shop's own port has none", async () => {
    expect(await statusOf(`${shop.url}/product/no-such-product`)).toBe(404);
    expect(await statusOf(`${shop.url}/api/products/no-such-product`)).toBe(404);
    expect(await statusOf(`${shop.url}/metrics`)).toBe(404);

    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    // route patterns, never raw paths: the number of series stays bounded
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/product\/:productId",status="404"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:id",status="404"\} 1/,
    );
    expect(text).not.toMatch(/no-such-product/);
    expect(text).toMatch(/^shop_orders_placed_total 0$/m);
  });

  it("SIGTERM: /readyz answers 503 at once, requests are served through the grace period, the request in flight completes, exit 0", async () => {
    const inFlight = requestInFlight(`${shop.url}/api/contact`, {
      name: "Ada Lovelace",
      email: "ada@example.com",
      message: "Sent just before the shop was asked to stop.",
    });
    await delay(200);

    const signalled = Date.now();
    shop.child.kill("SIGTERM");
    await until("/readyz to answer 503", async () =>
      (await statusOf(`${shop.url}/readyz`)) === 503 ? true : undefined,
    );
    expect(Date.now() - signalled).toBeLessThan(1500);
    expect(await statusOf(`${shop.url}/healthz`)).toBe(200);
    expect(await statusOf(`${shop.url}/api/products`)).toBe(200);

    // after the grace period it takes no new connections…
    await until("the shop to stop accepting connections", async () =>
      (await statusOf(`${shop.url}/healthz`)) === "refused" ? true : undefined,
    );
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2900);
    // …but the request that was already in flight is answered
    inFlight.finish();
    const answer = await inFlight.response;
    expect(answer.status, answer.body).toBe(201);
    expect(await shop.exited).toEqual({ code: 0, signal: null });
    expect(shop.output()).toMatch(/"msg":"stopped"/);
  });
});

describe("two instances starting at the same moment", () => {
  it("on one data folder and database both come up, agree on the generated secret, and make the first admin once", async () => {
    const target = await emptyTarget();
    // development: the secret is generated into the data folder at start-up
    const env = {
      ...target.env,
      NODE_ENV: "development",
      AUTH_SECRET: undefined,
      DEMO_MODE: "false",
      SHUTDOWN_GRACE_SECONDS: "3",
    };
    const [a, b] = await Promise.all([start(env), start(env)]);

    const token = await signIn(a, SHOP_ADMIN.email, SHOP_ADMIN.password);
    const res = await fetch(`${b.url}/api/users/${SHOP_ADMIN.email}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: SHOP_ADMIN.email, admin: true });

    const database = openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    try {
      const admins = await database.db.selectFrom("user").select("id").where("email", "=", SHOP_ADMIN.email).execute();
      expect(admins).toHaveLength(1);
      expect(await pendingMigrations(database.db)).toEqual([]);
      // hashed at Better Auth's own cost: only createTestShop's in-process shops hash at a lower one (decision 038)
      const { password } = await database.db
        .selectFrom("account")
        .select("password")
        .where("userId", "=", admins[0].id)
        .executeTakeFirstOrThrow();
      expect(await betterAuthVerify({ hash: String(password), password: SHOP_ADMIN.password })).toBe(true);
    } finally {
      await database.close();
    }

    // a second SIGTERM while stopping (a process manager that signals npm and node alike) changes
    // nothing: the grace period runs its course, and the stop ends with exit 0
    const signalled = Date.now();
    for (const shop of [a, b]) shop.child.kill("SIGTERM");
    for (const shop of [a, b]) {
      await until("/readyz to answer 503", async () =>
        (await statusOf(`${shop.url}/readyz`)) === 503 ? true : undefined,
      );
    }
    for (const shop of [a, b]) shop.child.kill("SIGTERM");
    expect(await a.exited).toEqual({ code: 0, signal: null });
    expect(await b.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2900);
    expect(a.output()).toMatch(/already stopping/);
  });
});
