/**
 * Anonymous catalogue answers — the API's reads and the landing, catalogue and product pages — come
 * from a shared store keyed by address and catalogue version, with ETags and a CDN-friendly
 * Cache-Control; anything personal is rendered for its person and never stored. Runs the built shop
 * (pages) and the in-process app (API), on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";
import { createTestShop, type TestShop } from "../support/shop.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the API's anonymous reads", () => {
  let database: TestDatabase;
  let shop: TestShop;
  let other: TestShop;
  beforeAll(async () => {
    database = await createTestDatabase();
    shop = await createTestShop({ database });
    // a second shop process on the same database
    other = await createTestShop({ database: { ...database, handle: database.reopen(), drop: async () => {} } });
  });
  afterAll(async () => {
    await other?.close();
    await shop?.close();
    await database?.drop();
  });

  it("are stored: the second answer is a hit with the same ETag, and If-None-Match gets a 304", async () => {
    const first = await shop.anonymous.request("/api/products?limit=5&category=shoes");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    const body = await first.json();
    const second = await shop.anonymous.request("/api/products?limit=5&category=shoes");
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(second.headers.get("etag")).toBe(etag);
    expect(second.headers.get("x-total-count")).toBe(first.headers.get("x-total-count"));
    expect(await second.json()).toEqual(body);
    const revalidated = await shop.anonymous.request("/api/products?limit=5&category=shoes", {
      headers: { "if-none-match": etag ?? "" },
    });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("are sent compressed to clients that accept it", async () => {
    const plain = await (await shop.anonymous.request("/api/search?q=leather")).text();
    const res = await shop.anonymous.request("/api/search?q=leather", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8")).toBe(plain);
  });

  it("follow a change at once in the process that made it, and within a moment in another process", async () => {
    const product = (await (await shop.anonymous.request("/api/products?limit=1")).json())[0];
    const detail = await (await shop.anonymous.request(`/api/products/${product._id}`)).json();
    const variantId = detail.variants[0].id;
    await other.anonymous.request(`/api/products/${product._id}`); // stored in the other process too
    const admin = await shop.admin();
    const changed = await admin.request(`/api/variants/${variantId}`, { method: "PATCH", json: { price: 1234.5 } });
    expect(changed.status).toBe(200);
    const here = await (await shop.anonymous.request(`/api/products/${product._id}`)).json();
    expect(here.variants[0].price).toBe(1234.5);
    let there = 0;
    for (let i = 0; i < 40 && there !== 1234.5; i++) {
      there = (await (await other.anonymous.request(`/api/products/${product._id}`)).json()).variants[0].price;
      if (there !== 1234.5) await sleep(50);
    }
    expect(there).toBe(1234.5);
  });

  it("are not stored under a query string longer than any of the shop's own (a flood of them would crowd out the rest)", async () => {
    const path = `/api/categories?junk=${"x".repeat(2_100)}`;
    for (let i = 0; i < 2; i++) {
      const res = await shop.anonymous.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-cache")).toBeNull();
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    const short = `/api/categories?junk=${"x".repeat(1_900)}`;
    await shop.anonymous.request(short);
    expect((await shop.anonymous.request(short)).headers.get("x-cache")).toBe("hit");
  });

  it("are never stored for a signed-in client, nor their errors", async () => {
    const customer = await shop.customer();
    const res = await customer.request("/api/products?limit=3");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("etag")).toBeNull();
    const bad = await shop.anonymous.request("/api/search?sort=cheapest");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("the shop's pages", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess();
  }, 240_000);
  afterAll(() => server?.stop());

  const page = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

  async function signUp(name: string) {
    const email = `${name.toLowerCase()}-${Date.now()}@shop.test`;
    const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email, password: "a-long-password-1234", name }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  it("serve a product page to anonymous visitors from the store, its scripts allowed by hash", async () => {
    const [product] = await (await fetch(`${server.url}/api/products?limit=1`)).json();
    const first = await page(`/product/${product._id}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    const second = await page(`/product/${product._id}`);
    expect(second.headers.get("x-cache")).toBe("hit");
    const html = await second.text();
    const csp = second.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("'nonce-");
    // the page script (a module written inline); not the product's JSON-LD, which is data
    const scripts = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g),
    ].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(csp).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    }
  });

  it("never show one customer's name or cart to another, or to a visitor", async () => {
    const ada = await signUp("Adalovelace");
    const bob = await signUp("Bobbyshaftoe");
    const [product] = await (await fetch(`${server.url}/api/products?limit=1`)).json();
    const variantId = (await (await fetch(`${server.url}/api/products/${product._id}`)).json()).variants[0].id;
    const added = await fetch(`${server.url}/api/cart/items`, {
      method: "POST",
      headers: { cookie: ada, "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ variantId, quantity: 3 }),
    });
    expect(added.status).toBe(201);

    for (const path of ["/", "/product", `/product/${product._id}`]) {
      const asAda = await page(path, { cookie: ada });
      expect(asAda.headers.get("cache-control"), path).toBe("private, no-store");
      const adaHtml = await asAda.text();
      expect(adaHtml).toContain("Adalovelace");
      expect(adaHtml).toMatch(/data-testid="cart-count"[^>]*>3</);
      const bobHtml = await (await page(path, { cookie: bob })).text();
      expect(bobHtml).toContain("Bobbyshaftoe");
      expect(bobHtml).not.toContain("Adalovelace");
      expect(bobHtml).toMatch(/data-testid="cart-count"[^>]*>0</);
      for (let i = 0; i < 2; i++) {
        const anonymous = await (await page(path, { cookie: "vitrine_shuffle=7" })).text();
        expect(anonymous).not.toContain("Adalovelace");
        expect(anonymous).not.toContain("Bobbyshaftoe");
        expect(anonymous).toMatch(/data-testid="cart-count"[^>]*>0</);
      }
    }
    // the header's personal parts, for a page a CDN may have shared
    const session = await (await fetch(`${server.url}/api/session`, { headers: { cookie: ada } })).json();
    expect(session).toMatchObject({ user: { name: "Adalovelace" }, cartCount: 3 });
    const nobody = await fetch(`${server.url}/api/session`);
    expect(nobody.headers.get("cache-control")).toBe("private, no-store");
    expect(await nobody.json()).toEqual({ user: null, cartCount: 0 });
  });

  it("never store a page for a session whose cookie is written loosely (a space before '=', a no-break space before the name)", async () => {
    // Better Auth trims the cookie's name before comparing it: such a request is signed in
    const session = (await signUp("Evelooselywritten")).split("; ").find((c) => c.includes("session_token="));
    const [name, value] = [session?.slice(0, session.indexOf("=")), session?.slice(session.indexOf("=") + 1)];
    const loose = [
      `${name} =${value}; x_session_token=1`,
      `${name}\t=${value}; x_session_token=1`,
      `\u00a0${name}=${value}`,
    ];
    for (const [i, cookie] of loose.entries()) {
      const path = `/?loose=${i}-${Date.now()}`; // never asked before: the store has no answer yet
      const asEve = await page(path, { cookie });
      const eveHtml = await asEve.text();
      expect(eveHtml, cookie).toContain("Evelooselywritten");
      expect(asEve.headers.get("cache-control"), cookie).toBe("private, no-store");
      const anonymous = await page(path);
      expect(await anonymous.text(), cookie).not.toContain("Evelooselywritten");
    }
  });

  it("send a signed-in customer's page compressed as the browser asks, whole, with its length", async () => {
    const ada = await signUp("Adacompressed");
    const [product] = await (await fetch(`${server.url}/api/products?limit=1`)).json();
    /** the bytes as sent (fetch would decode them), and the page decoded, its per-request nonces left out */
    const raw = (acceptEncoding: string) =>
      new Promise<{ encoding?: string; length: number; vary: string; html: string }>((resolve, reject) => {
        const headers = { cookie: ada, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) };
        http
          .get(`${server.url}/product/${product._id}`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("error", reject);
            res.on("end", () => {
              const body = Buffer.concat(chunks);
              const encoding = res.headers["content-encoding"];
              const decoded =
                encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
              expect(Number(res.headers["content-length"])).toBe(body.length);
              resolve({
                encoding,
                length: body.length,
                vary: String(res.headers.vary ?? ""),
                html: decoded.toString("utf8").replace(/nonce="[^"]*"/g, ""),
              });
            });
          })
          .on("error", reject);
      });
    const plain = await raw("");
    expect(plain.encoding).toBeUndefined();
    expect(plain.html).toContain("Adacompressed");
    const gzip = await raw("gzip, deflate, br");
    expect(gzip.encoding).toBe("gzip"); // made for one request: gzip, five times cheaper than brotli to make
    const brotli = await raw("br");
    expect(brotli.encoding).toBe("br");
    for (const answer of [brotli, gzip]) {
      expect(answer.html).toBe(plain.html);
      expect(answer.length).toBeLessThan(plain.length / 3);
      expect(answer.vary.match(/accept-encoding/gi)).toHaveLength(1);
    }
  });

  it("send other answers of page routes compressed too, as a stream (the sitemap lists every product)", async () => {
    const plain = await (await page("/sitemap.xml")).text();
    const res = await new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
      http
        .get(`${server.url}/sitemap.xml`, { headers: { "accept-encoding": "gzip, deflate, br" } }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () => resolve(Object.assign(answer, { body: Buffer.concat(chunks) })));
          answer.on("error", reject);
        })
        .on("error", reject);
    });
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString("utf8")).toBe(plain);
  });

  it("tell a CDN that a page depends on cookies (a visit's shuffled order; the account and cart in its header)", async () => {
    const [product] = await (await fetch(`${server.url}/api/products?limit=1`)).json();
    for (let i = 0; i < 2; i++) {
      const shuffled = await page("/product", { cookie: "vitrine_shuffle=11" });
      expect(shuffled.headers.get("cache-control")).toMatch(/^public/);
      expect(shuffled.headers.get("vary")).toBe("Accept-Encoding, Cookie");
      const one = await page(`/product/${product._id}`, { cookie: "vitrine_shuffle=11" });
      // a product page has no script to fix its header afterwards (decision 028)
      expect(one.headers.get("cache-control")).toMatch(/^public/);
      expect(one.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    }
  });

  it("do not share an answer that sets a cookie (a new visit's shuffled order)", async () => {
    const res = await page("/product");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("vitrine_shuffle="))).toBe(true);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});
