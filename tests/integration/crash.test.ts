/**
 * No acknowledged order is lost when the process dies: 200 orders placed at once against the built
 * shop, SIGKILL part-way, a restart, and every order that was answered 201 is there with its line,
 * and the stock moved by exactly what the stored orders took. On SQLite (WAL, synchronous=NORMAL:
 * a commit is in the WAL file before the answer, which a process crash cannot undo; decision 015)
 * and, on the PostgreSQL run, on PostgreSQL.
 */
import http from "node:http";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { migrateToLatest, openDatabase } from "../../db/connection.ts";
import { writeCatalogue } from "../../seed/index.ts";
import { type BuiltShop, ensureBuilt, SHOP_ADMIN, signIn, startBuiltShop } from "../support/built-shop.ts";
import { createEmptyTarget, type EmptyTarget } from "../support/database.ts";
import { orderForm, pngImage, productForm, VALID_PRODUCT_FIELDS } from "../support/fixtures.ts";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const ORDERS = 200;
const STOCK = 1000;

let target: EmptyTarget;
const shops: BuiltShop[] = [];
beforeAll(async () => {
  await ensureBuilt();
  target = await createEmptyTarget();
  const database = openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  try {
    await migrateToLatest(database.db);
    await writeCatalogue(database.db, [], []); // the categories
  } finally {
    await database.close();
  }
});
afterAll(async () => {
  for (const shop of shops) await shop.stop();
  await target?.drop();
});

type Outcome = { status: number; id?: string } | { error: string };

/** One POST on a connection of its own; never rejects (a killed server is an outcome, not a failure). */
function post(url: string, token: string, json: unknown): Promise<Outcome> {
  const body = Buffer.from(JSON.stringify(json));
  const target = new URL(url);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": body.length,
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => {
          let id: string | undefined;
          try {
            id = JSON.parse(text).insertedId;
          } catch {}
          resolve({ status: res.statusCode ?? 0, id });
        });
        res.on("error", (e) => resolve({ error: e.message }));
      },
    );
    req.on("error", (e) => resolve({ error: e.message }));
    req.end(body);
  });
}

it(`keeps every acknowledged order of ${ORDERS} placed at once when the process is killed part-way`, async () => {
  const first = await startBuiltShop({ ...target.env, SHUTDOWN_GRACE_SECONDS: "0" });
  shops.push(first);
  const adminToken = await signIn(first, SHOP_ADMIN.email, SHOP_ADMIN.password);
  const customerToken = await signIn(first, "crash-customer@shop.test", "crash-password-1", "Crash Customer");

  // a product with enough stock for every order
  const encoded = new Response(
    productForm({ ...VALID_PRODUCT_FIELDS, title: "Crash-proof lamp" }, { data: await pngImage(), type: "image/png" }),
  );
  const added = await fetch(`${first.url}/api/products`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${adminToken}`,
      "content-type": encoded.headers.get("content-type") as string,
    },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(added.status, await added.clone().text()).toBe(201);
  const productId = ((await added.json()) as { insertedId: string }).insertedId;
  const variantId = (
    (await (await fetch(`${first.url}/api/products/${productId}`)).json()) as { variants: { id: string }[] }
  ).variants[0].id;
  const stocked = await fetch(`${first.url}/api/variants/${variantId}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ stock: STOCK }),
  });
  expect(stocked.status).toBe(200);

  // 200 orders at once (pay on delivery); SIGKILL once a few have been acknowledged
  let acknowledged = 0;
  let killedAt: number | undefined;
  const outcomes = await Promise.all(
    Array.from({ length: ORDERS }, async (_, i) => {
      const outcome = await post(`${first.url}/api/orders`, customerToken, {
        ...orderForm(productId),
        variantId,
        request_key: `crash-order-${String(i).padStart(4, "0")}`,
      });
      if ("status" in outcome && outcome.status === 201 && ++acknowledged === 20 && killedAt === undefined) {
        killedAt = acknowledged;
        first.child.kill("SIGKILL");
      }
      return outcome;
    }),
  );
  expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
  const acked = outcomes.flatMap((o) => ("status" in o && o.status === 201 && o.id ? [o.id] : []));
  const other = outcomes.filter((o) => !("status" in o) || o.status !== 201);
  // part-way: some were acknowledged, some were cut off by the kill; nothing else went wrong
  expect(acked.length).toBeGreaterThanOrEqual(20);
  expect(acked.length).toBeLessThan(ORDERS);
  expect(other.every((o) => "error" in o)).toBe(true);

  // the restarted shop has every acknowledged order, with its line and its stock taken
  const second = await startBuiltShop({ ...target.env, SHUTDOWN_GRACE_SECONDS: "0" });
  shops.push(second);
  const database = openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  try {
    const stored = await database.db
      .selectFrom("shop_order")
      .select(["id", "status", "payment_method", "request_key"])
      .execute();
    const storedIds = new Set(stored.map((o) => o.id));
    const missing = acked.filter((id) => !storedIds.has(id));
    expect(missing, `${missing.length} acknowledged orders are missing`).toEqual([]);
    expect(stored.every((o) => o.status === "Pending" && o.payment_method === "cod")).toBe(true);
    // at most one order per request key, none beyond what was sent
    expect(new Set(stored.map((o) => o.request_key)).size).toBe(stored.length);
    expect(stored.length).toBeLessThanOrEqual(ORDERS);

    const lines = await database.db.selectFrom("order_line").select(["order_id", "quantity", "variant_id"]).execute();
    const linesByOrder = new Map(lines.map((l) => [l.order_id, l]));
    for (const id of storedIds)
      expect(linesByOrder.get(id), `order ${id} has no line`).toMatchObject({ quantity: 1, variant_id: variantId });
    const variant = await database.db
      .selectFrom("product_variant")
      .select("stock")
      .where("id", "=", variantId)
      .executeTakeFirstOrThrow();
    expect(Number(variant.stock)).toBe(STOCK - stored.length);
  } finally {
    await database.close();
  }

  // and the customer sees them through the restarted shop
  const mine = await fetch(`${second.url}/api/orders/crash-customer@shop.test?limit=1`, {
    headers: { authorization: `Bearer ${customerToken}` },
  });
  expect(mine.status).toBe(200);
  expect(Number(mine.headers.get("x-total-count"))).toBeGreaterThanOrEqual(acked.length);
  console.log(`SIGKILL after ${killedAt} acknowledgements: ${acked.length} acknowledged of ${ORDERS}, all kept`);
});
