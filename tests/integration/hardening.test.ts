/**
 * Findings of an attacker's review, each reproduced: data owned by account id (not email), the
 * API's sign-up rules, money sums past 32 bits, request ids in answers and logs, and where the
 * sign-in page may send someone afterwards.
 */
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/lib/auth.server.ts";
import { action as loginAction, loader as loginLoader } from "../../app/routes/login.tsx";
import { NAME_MAX_LENGTH } from "../../domain/accounts/index.ts";
import { MAX_LINE_QUANTITY, MAX_ORDER_TOTAL_CENTS } from "../../domain/orders/index.ts";
import { formatPrice } from "../../domain/shared/money.ts";
import { CONTROL_CHARACTERS } from "../../domain/shared/schemas.ts";
import { createProduct, expectError, firstProduct, orderForm, placeOrder, unchanged } from "../support/fixtures.ts";
import { ADMIN, createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    done();
  },
});

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ log: pino({ level: "info" }, capture), env: { TRUST_PROXY: "1" } });
});
afterAll(() => shop.close());

describe("orders and wishlists belong to an account, not to an email address", () => {
  it("an address that changes hands does not carry the old owner's orders or wishlist", async () => {
    const first = await shop.customer("First Owner");
    const product = await firstProduct(shop);
    const order = await placeOrder(first, product.id);
    await first.request("/api/wishlist", { method: "POST", json: { productId: product.id } });
    // the first owner moves to a new address; someone else registers the old one
    const oldEmail = first.email;
    await shop.db
      .updateTable("user")
      .set({ email: `moved-${oldEmail}` })
      .where("email", "=", oldEmail)
      .execute();
    const second = await shop.anonymous.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: oldEmail, password: "second-owner-pass-1", name: "Second Owner" },
    });
    expect(second.status).toBe(200);
    const cookie = second.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const as = (path: string, init: RequestInit = {}) =>
      shop.app.request(`${TEST_ORIGIN}${path}`, { ...init, headers: { cookie, origin: TEST_ORIGIN, ...init.headers } });

    expect(await (await as(`/api/orders/${encodeURIComponent(oldEmail)}`)).json()).toEqual([]);
    expect(await (await as(`/api/wishlist/${encodeURIComponent(oldEmail)}`)).json()).toEqual([]);
    const cancel = await as(`/api/orders/${order.insertedId}`, { method: "DELETE" });
    expect(cancel.status).toBe(403);
    // the first owner still has them under the new address
    const admin = await shop.admin();
    const theirs = await (await admin.request(`/api/orders/${encodeURIComponent(`moved-${oldEmail}`)}`)).json();
    expect(theirs.map((o: { _id: string }) => o._id)).toEqual([order.insertedId]);
  });
});

describe("POST /api/auth/sign-up/email", () => {
  it("applies the Sign Up page's name and password rules, creating nothing", async () => {
    const attempts = [
      { password: "abcdefghij", name: "Letters Only" },
      { password: "1234567890", name: "Digits Only" },
      { password: "password-123", name: "Guessable" },
      { password: "long-enough-1", name: "   " },
      { password: "long-enough-1", name: "N".repeat(NAME_MAX_LENGTH + 1) },
    ];
    for (const [i, attempt] of attempts.entries()) {
      const email = `rules${i}-${Date.now()}@shop.test`;
      const res = await unchanged(shop, () =>
        shop.anonymous.request("/api/auth/sign-up/email", { method: "POST", json: { email, ...attempt } }),
      );
      expect(res.status, JSON.stringify(attempt)).toBe(422);
      expect((await res.json()).error).toMatchObject({ code: "INVALID_SIGN_UP", message: expect.any(String) });
    }
  });
});

describe("money", () => {
  it("an order total beyond what the shop accepts is a 422, never an overflow", async () => {
    const admin = await shop.admin();
    const dear = await createProduct(admin, { price: "999999.99", title: "Gold-plated Yacht Horn" });
    const customer = await shop.customer();
    const res = await unchanged(shop, () =>
      customer.request("/api/orders", { method: "POST", json: orderForm(dear.id, { quantity: MAX_LINE_QUANTITY }) }),
    );
    expect((await expectError(res, 422)).fields?.quantity).toMatch(`at most ${formatPrice(MAX_ORDER_TOTAL_CENTS)}`);
    // 10 of them (just under $10 million) is fine, and the total is exact
    const ok = await customer.request("/api/orders", { method: "POST", json: orderForm(dear.id, { quantity: 10 }) });
    expect(ok.status).toBe(201);
    expect((await ok.json()).order.total).toBe(9_999_999.9);
  });
});

describe("request ids", () => {
  it("every answer carries X-Request-Id, and the request's log lines carry the same id", async () => {
    const res = await shop.anonymous.request("/api/products?limit=1");
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.reqId === id);
    expect(line).toMatchObject({ msg: "request", method: "GET", path: "/api/products", status: 200 });
  });

  it("takes the trusted proxy's X-Request-Id, and refuses a malformed one", async () => {
    const given = await shop.anonymous.request("/api/health", { headers: { "x-request-id": "lb-7f3a.91" } });
    expect(given.headers.get("x-request-id")).toBe("lb-7f3a.91");
    const bad = await shop.anonymous.request("/api/health", { headers: { "x-request-id": "a b<script>" } });
    expect(bad.headers.get("x-request-id")).not.toContain("script");
  });
});

describe("where the sign-in page sends people", () => {
  const attacks = [
    "/%09/evil.example",
    "/\t/evil.example",
    "/%0A/evil.example",
    "/\n/evil.example",
    "/%0D%0ASet-Cookie:x=y",
    "/\\evil.example",
    "//evil.example",
    "https://evil.example/",
    " /\t/evil.example",
    "/%5C%5Cevil.example",
  ];

  it("safeRedirect keeps same-site paths and turns everything else into /", () => {
    for (const to of attacks) {
      const decoded = (() => {
        try {
          return decodeURIComponent(to);
        } catch {
          return to;
        }
      })();
      for (const value of [to, decoded]) {
        const out = safeRedirect(value);
        expect(new URL(out, "https://shop.example").origin, JSON.stringify(value)).toBe("https://shop.example");
        expect(out, JSON.stringify(value)).not.toMatch(new RegExp(`${CONTROL_CHARACTERS.source}|\\\\`));
      }
    }
    expect(safeRedirect("/product?q=a%20b#top")).toBe("/product?q=a%20b#top");
    expect(safeRedirect("/dashboard/myorders")).toBe("/dashboard/myorders");
  });

  it("the page and its sign-in form never send anyone off-site, and never fail", async () => {
    for (const from of attacks) {
      const get = new Request(`${TEST_ORIGIN}/login?from=${encodeURIComponent(from)}`);
      const data = (await loginLoader({
        request: get,
        context: await pageContext(shop, get),
        params: {},
      } as never)) as {
        from: string;
      };
      expect(new URL(data.from, TEST_ORIGIN).origin, from).toBe(TEST_ORIGIN);

      const post = new Request(`${TEST_ORIGIN}/login`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, from }),
      });
      const answer = (await loginAction({
        request: post,
        context: await pageContext(shop, post),
        params: {},
      } as never)) as Response;
      expect(answer.status, from).toBe(302);
      expect(new URL(answer.headers.get("location") ?? "", TEST_ORIGIN).origin, from).toBe(TEST_ORIGIN);
    }
  });
});
