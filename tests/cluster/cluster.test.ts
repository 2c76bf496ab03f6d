/**
 * Two built shop processes on one PostgreSQL and one S3 bucket behind haproxy (tests/support/cluster.ts):
 * everything that matters is shared through the database and the bucket, so the pair behaves as one
 * shop; and a rolling restart under steady load loses no request.
 *
 * Requests go through the balancer. Unpinned ones alternate (round robin); `on: "a"` pins one to an
 * instance through the test balancer's X-Use-Instance hook, so that "on the other instance" is certain.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHECK_EVERY_MS as CATALOGUE_VERSION_CHECK_MS } from "../../domain/catalog/version.ts";
import { SHOP_ADMIN } from "../support/built-shop.ts";
import { type Answer, type Cluster, INSTANCES, type InstanceName, request, startCluster } from "../support/cluster.ts";
import { orderForm, pngImage, productForm, VALID_PRODUCT_FIELDS } from "../support/fixtures.ts";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const other = (name: InstanceName): InstanceName => (name === "a" ? "b" : "a");

/** name=value pairs of every Set-Cookie of an answer, for a Cookie header */
function cookiesOf(answer: Answer): string {
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function signUp(label: string) {
  const email = `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@cluster.test`;
  const res = await request(cluster, "/api/auth/sign-up/email", {
    method: "POST",
    json: { email, password: "cluster-password-1", name: `Cluster ${label}` },
  });
  expect(res.status, res.text).toBe(200);
  return { email, password: "cluster-password-1" };
}

async function signIn(email: string, password: string, on?: InstanceName) {
  const res = await request(cluster, "/api/auth/sign-in/email", { method: "POST", json: { email, password }, on });
  expect(res.status, res.text).toBe(200);
  return { cookie: cookiesOf(res), token: res.headers.get("set-auth-token") as string, servedBy: res.servedBy };
}

let adminToken: string;
const asAdmin = () => ({ authorization: `Bearer ${adminToken}` });

/** an admin adds a product with a PNG (multipart) on one instance; answers the API's product */
async function addProduct(on: InstanceName, stock = 50) {
  const form = productForm(
    { ...VALID_PRODUCT_FIELDS, title: `Cluster lamp ${Math.random().toString(36).slice(2, 8)}` },
    { data: await pngImage(), type: "image/png" },
  );
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const res = await request(cluster, "/api/products", {
    method: "POST",
    on,
    body,
    headers: { ...asAdmin(), "content-type": encoded.headers.get("content-type") as string },
  });
  expect(res.status, res.text).toBe(201);
  expect(res.servedBy).toBe(on);
  const product = (res.json() as { product: { _id: string; images: Record<string, string> } }).product;
  const detail = (await request(cluster, `/api/products/${product._id}`)).json() as {
    variants: { id: string; price: number; stock: number }[];
  };
  const variant = detail.variants[0];
  const stocked = await request(cluster, `/api/variants/${variant.id}`, {
    method: "PATCH",
    json: { stock },
    headers: asAdmin(),
  });
  expect(stocked.status, stocked.text).toBe(200);
  return { id: product._id, images: product.images, variantId: variant.id, price: variant.price };
}

describe("two instances behind haproxy share everything that matters", () => {
  beforeAll(async () => {
    adminToken = (await signIn(SHOP_ADMIN.email, SHOP_ADMIN.password)).token;
  });

  it("the balancer alternates between both instances, each of which is ready", async () => {
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await request(cluster, "/readyz");
      expect(res.status).toBe(200);
      seen.push(res.servedBy);
    }
    expect(new Set(seen)).toEqual(new Set(INSTANCES));
    // round robin: never the same instance twice in a row
    for (let i = 1; i < seen.length; i++) expect(seen[i]).not.toBe(seen[i - 1]);
  });

  it("a session made on one instance is known to the other, by cookie and by bearer token", async () => {
    const account = await signUp("session");
    const session = await signIn(account.email, account.password, "a");
    expect(session.servedBy).toBe("a");
    const servedBy = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const ways: Record<string, string>[] = [{ cookie: session.cookie }, { authorization: `Bearer ${session.token}` }];
      for (const headers of ways) {
        const res = await request(cluster, "/api/auth/get-session", { headers });
        expect(res.status).toBe(200);
        expect((res.json() as { user?: { email: string } } | null)?.user?.email).toBe(account.email);
        servedBy.add(res.servedBy);
      }
    }
    expect(servedBy).toEqual(new Set(INSTANCES));
    // signing out on b ends the session on a too
    const out = await request(cluster, "/api/auth/sign-out", {
      method: "POST",
      on: "b",
      json: {},
      headers: { cookie: session.cookie },
    });
    expect(out.status).toBe(200);
    const after = await request(cluster, "/api/auth/get-session", { on: "a", headers: { cookie: session.cookie } });
    expect(after.json()).toBeNull();
  });

  it("a cart filled on one instance is the cart on the other; checkout on one makes one order; its key replayed on the other does not act twice", async () => {
    const product = await addProduct("a", 10);
    const account = await signUp("cart");
    const { token } = await signIn(account.email, account.password);
    const auth = { authorization: `Bearer ${token}` };

    const added = await request(cluster, "/api/cart/items", {
      method: "POST",
      on: "a",
      json: { variantId: product.variantId, quantity: 2 },
      headers: auth,
    });
    expect(added.status, added.text).toBe(201);
    const onB = await request(cluster, "/api/cart", { on: "b", headers: auth });
    expect(onB.servedBy).toBe("b");
    expect((onB.json() as { items: { quantity: number }[] }).items.map((i) => i.quantity)).toEqual([2]);
    // a change on b is seen on a
    const itemId = (onB.json() as { items: { id: string }[] }).items[0].id;
    const changed = await request(cluster, `/api/cart/items/${itemId}`, {
      method: "PATCH",
      on: "b",
      json: { quantity: 3 },
      headers: auth,
    });
    expect(changed.status, changed.text).toBe(200);
    const onA = await request(cluster, "/api/cart", { on: "a", headers: auth });
    expect((onA.json() as { items: { quantity: number }[] }).items.map((i) => i.quantity)).toEqual([3]);

    const key = `cluster-checkout-${Date.now()}`;
    const checkout = (on: InstanceName) =>
      request(cluster, "/api/checkout", {
        method: "POST",
        on,
        json: { ...orderForm("ignored"), payment_method: "cod" },
        headers: { ...auth, "idempotency-key": key },
      });
    const first = await checkout("b");
    expect(first.status, first.text).toBe(201);
    const replay = await checkout("a");
    expect(replay.status, replay.text).toBe(201);
    expect([first.servedBy, replay.servedBy]).toEqual(["b", "a"]);
    const orderId = (first.json() as { insertedId: string }).insertedId;
    expect((replay.json() as { insertedId: string }).insertedId).toBe(orderId);

    for (const on of INSTANCES) {
      const orders = await request(cluster, `/api/orders/${encodeURIComponent(account.email)}`, { on, headers: auth });
      expect(orders.status).toBe(200);
      const list = orders.json() as { _id: string; lines: { quantity: number }[] }[];
      expect(list.map((o) => o._id)).toEqual([orderId]);
      expect(list[0].lines.map((l) => l.quantity)).toEqual([3]);
      const cart = await request(cluster, "/api/cart", { on, headers: auth });
      expect((cart.json() as { items: unknown[] }).items).toEqual([]);
    }
    // stock was taken once: 10 - 3
    const detail = (await request(cluster, `/api/products/${product.id}`, { on: "b" })).json() as {
      variants: { stock: number }[];
    };
    expect(detail.variants[0].stock).toBe(7);
  });

  it("a price change on one instance shows in the other instance's stored anonymous answers within a second", async () => {
    const product = await addProduct("a");
    const path = `/api/products/${product.id}`;
    // b stores the anonymous answer. b reads the catalogue version at most every CATALOGUE_VERSION_CHECK_MS,
    // so its first answer may be stored under the version from before addProduct's last change and the
    // next read of the version then asks for a fresh one: ask until b answers from its store.
    let stored = await request(cluster, path, { on: "b" });
    for (let i = 0; i < 10 && stored.headers.get("x-cache") !== "hit"; i++) {
      await delay(CATALOGUE_VERSION_CHECK_MS / 5);
      stored = await request(cluster, path, { on: "b" });
    }
    expect(stored.headers.get("x-cache")).toBe("hit");

    const price = 321.5;
    const changed = await request(cluster, `/api/variants/${product.variantId}`, {
      method: "PATCH",
      on: "a",
      json: { price },
      headers: asAdmin(),
    });
    expect(changed.status, changed.text).toBe(200);
    const changedAt = Date.now();
    let seenAfter: number | undefined;
    while (Date.now() - changedAt < 3000) {
      const res = await request(cluster, path, { on: "b" });
      expect(res.servedBy).toBe("b");
      if ((res.json() as { variants: { price: number }[] }).variants[0].price === price) {
        seenAfter = Date.now() - changedAt;
        break;
      }
      await delay(20);
    }
    expect(seenAfter, "b never showed the new price").toBeDefined();
    expect(seenAfter).toBeLessThan(1000);
  });

  it("an image uploaded through one instance is served by both, from the bucket", async () => {
    const product = await addProduct("b");
    const url = product.images["480"];
    expect(url).toMatch(/^\/media\/products\/.+-480\.webp$/);
    const bodies: string[] = [];
    for (const on of INSTANCES) {
      const res = await request(cluster, url, { on });
      expect(res.status).toBe(200);
      expect(res.servedBy).toBe(on);
      expect(res.headers.get("content-type")).toBe("image/webp");
      bodies.push(res.text);
    }
    expect(bodies[0].length).toBeGreaterThan(0);
    expect(bodies[1]).toBe(bodies[0]);
  });

  it("the sign-in rate limit counts attempts on both instances together", async () => {
    // a client address of its own (127.0.0.N reaches the balancer as well), so that no other test's sign-ins count
    const from = `127.0.0.${10 + Math.floor(Math.random() * 200)}`;
    const attempts: Answer[] = [];
    for (let i = 0; i < 12; i++) {
      attempts.push(
        await request(cluster, "/api/auth/sign-in/email", {
          method: "POST",
          from,
          // a new address each time: only the per-client-address limit applies, not the per-account one
          json: { email: `nobody-${i}-${from}@cluster.test`, password: "wrong-password" },
        }),
      );
    }
    expect(attempts.map((a) => a.status)).toEqual([...Array(10).fill(401), 429, 429]);
    // the ten allowed attempts were spread over both instances: neither had its own count
    expect(new Set(attempts.slice(0, 10).map((a) => a.servedBy))).toEqual(new Set(INSTANCES));
    expect(
      attempts
        .slice(10)
        .map((a) => a.servedBy)
        .sort(),
    ).toEqual(["a", "b"]);
    // another address is not affected
    const fine = await request(cluster, "/api/auth/sign-in/email", {
      method: "POST",
      json: { email: "somebody-else@cluster.test", password: "wrong-password" },
    });
    expect(fine.status).toBe(401);
  });
});

describe("a rolling restart under steady load", () => {
  it("SIGTERM, exit 0, start again, ready — a then b — while every request through the balancer succeeds", async () => {
    const product = await addProduct("a", 10_000);
    const account = await signUp("load");
    const { token } = await signIn(account.email, account.password);
    const auth = { authorization: `Bearer ${token}` };
    const line = await request(cluster, "/api/cart/items", {
      method: "POST",
      json: { variantId: product.variantId, quantity: 1 },
      headers: auth,
    });
    expect(line.status, line.text).toBe(201);
    const lineId = (line.json() as { item: { id: string } }).item.id;

    type Outcome = {
      sent: number;
      at: number;
      status: number | "error";
      servedBy: string;
      what: string;
      detail?: string;
    };
    const outcomes: Outcome[] = [];
    let running = true;
    const started = Date.now();
    const reads = ["/api/products", `/api/products/${product.id}`, "/api/categories", "/", `/product/${product.id}`];
    /** a client that sends one request after another until told to stop (bounded: at most 3 minutes) */
    const client = async (n: number) => {
      for (let i = 0; running && Date.now() - started < 180_000; i++) {
        const write = i % 10 === n % 10;
        const what = write ? "PATCH /api/cart/items/:id" : `GET ${reads[(i + n) % reads.length]}`;
        const sent = Date.now();
        try {
          const res = write
            ? await request(cluster, `/api/cart/items/${lineId}`, {
                method: "PATCH",
                json: { quantity: 1 + (i % 3) },
                headers: auth,
              })
            : await request(cluster, reads[(i + n) % reads.length]);
          outcomes.push({
            sent,
            at: Date.now(),
            status: res.status,
            servedBy: res.servedBy,
            what,
            detail: res.status >= 400 ? res.text.slice(0, 200) : undefined,
          });
        } catch (error) {
          outcomes.push({ sent, at: Date.now(), status: "error", servedBy: "", what, detail: String(error) });
        }
      }
    };
    const clients = Array.from({ length: 6 }, (_, n) => client(n));
    /** what haproxy's stats socket said about each instance, every 50 ms: the state held at some moment between
     * `asked` and `at` (the socket's answer takes a few milliseconds) */
    const observed: { asked: number; at: number; states: Record<string, string> }[] = [];
    const watcher = (async () => {
      while (running) {
        const asked = Date.now();
        const states = await cluster.lb.serverStates();
        observed.push({ asked, at: Date.now(), states });
        await delay(50);
      }
    })();

    const phases: { name: InstanceName; signalled: number; exited: number; ready: number }[] = [];
    try {
      await delay(1000);
      for (const name of INSTANCES) {
        const instance = cluster.instances[name];
        const signalled = Date.now();
        instance.shop.child.kill("SIGTERM");
        expect(await instance.shop.exited).toEqual({ code: 0, signal: null });
        const exited = Date.now();
        await instance.start();
        // back in rotation: the balancer has seen it ready
        const deadline = Date.now() + 20_000;
        while (Date.now() < deadline && !outcomes.some((o) => o.at > exited && o.servedBy === name)) await delay(50);
        phases.push({ name, signalled, exited, ready: Date.now() });
        await delay(1000);
      }
    } finally {
      running = false;
      await Promise.all([...clients, watcher]);
    }

    const failed = outcomes.filter((o) => o.status === "error" || (typeof o.status === "number" && o.status >= 400));
    expect(failed, JSON.stringify(failed.slice(0, 5), null, 2)).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(200);
    for (const phase of phases) {
      // haproxy took the draining instance out of rotation (its /readyz answered 503) before it exited…
      const outOfRotation = observed.find(
        (o) => o.at > phase.signalled && o.states[phase.name]?.startsWith("DOWN"),
      )?.at;
      expect(outOfRotation, `haproxy saw ${phase.name} down`).toBeDefined();
      expect(outOfRotation).toBeLessThan(phase.exited);
      // …and until it was seen back in rotation, every request sent went to the other instance
      const backAt = observed.find((o) => o.at > phase.exited && o.states[phase.name]?.startsWith("UP"))?.at;
      expect(backAt, `haproxy saw ${phase.name} back`).toBeDefined();
      // surely out of rotation: from the end of the first reading that said DOWN to the start of the last one
      // (a reading's state is from somewhere inside it), for requests answered within that span
      const lastSeenDown =
        observed.findLast(
          (o) => o.at < (backAt ?? Number.POSITIVE_INFINITY) && o.states[phase.name]?.startsWith("DOWN"),
        )?.asked ?? 0;
      const whileDown = outcomes.filter((o) => o.sent > (outOfRotation ?? 0) && o.at < lastSeenDown);
      expect(whileDown.length, `requests while ${phase.name} was out of rotation`).toBeGreaterThan(0);
      expect(whileDown.filter((o) => o.servedBy !== other(phase.name))).toEqual([]);
      // and it served again after its restart
      expect(outcomes.some((o) => o.at > phase.exited && o.servedBy === phase.name)).toBe(true);
    }
    // served throughout: no second without an answer
    const seconds = new Set(outcomes.map((o) => Math.floor((o.at - started) / 1000)));
    const last = Math.max(...seconds);
    for (let s = 0; s < last; s++) expect(seconds.has(s), `no answer in second ${s}`).toBe(true);
    console.log(
      `rolling restart: ${outcomes.length} requests, 0 failed, in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        phases.map((p) => `${p.name}: stop ${p.exited - p.signalled} ms, back ${p.ready - p.exited} ms`).join("; ") +
        `; ${observed.length} haproxy state readings`,
    );
  });
});
