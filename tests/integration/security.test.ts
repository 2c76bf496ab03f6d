import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addReview,
  addToWishlist,
  confirmEmail,
  cookieHeader,
  createProduct,
  firstProduct,
  orderForm,
  placeOrder,
  pngImage,
  productForm,
  rawRequest,
  signInResponse,
  unchanged,
  VALID_PRODUCT_FIELDS,
} from "../support/fixtures.ts";
import { type Client, CUSTOMER_PASSWORD, createTestShop, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

type Write = {
  name: string;
  who: "customer" | "admin";
  send: (client: Client, headers: Record<string, string>) => Promise<Response>;
};

/**
 * Every cookie-authenticated write of the API, each sent by someone who is allowed to make it, so
 * that a refusal can only come from the cross-site check. Each builds what it needs first.
 */
async function writes(customer: Client, admin: Client): Promise<Write[]> {
  const product = await firstProduct(shop);
  const order = await placeOrder(customer, product.id);
  const adminOrder = await placeOrder(customer, product.id);
  const wish = await addToWishlist(customer, product.id);
  const review = await addReview(customer);
  const own = await createProduct(admin);
  const other = await firstProduct(shop, 1);
  const bystander = await shop.customer();
  await confirmEmail(shop, bystander.email); // an address its owner confirmed can be made admin
  const json = (client: Client, path: string, method: string, body: unknown, headers: Record<string, string>) =>
    client.request(path, { method, json: body, headers });
  return [
    {
      name: "POST /api/orders",
      who: "customer",
      send: (c, h) => json(c, "/api/orders", "POST", orderForm(product.id), h),
    },
    {
      name: "PUT /api/orders/{id} (cancel)",
      who: "customer",
      send: (c, h) => json(c, `/api/orders/${order.insertedId}`, "PUT", { status: "Cancelled" }, h),
    },
    {
      name: "PUT /api/orders/{id} (ship)",
      who: "admin",
      send: (c, h) => json(c, `/api/orders/${adminOrder.insertedId}`, "PUT", { status: "Shipped" }, h),
    },
    {
      name: "DELETE /api/orders/{id} (customer)",
      who: "customer",
      send: (c, h) => c.request(`/api/orders/${order.insertedId}`, { method: "DELETE", headers: h }),
    },
    {
      name: "DELETE /api/orders/{id} (admin)",
      who: "admin",
      send: (c, h) => c.request(`/api/orders/${adminOrder.insertedId}`, { method: "DELETE", headers: h }),
    },
    {
      name: "POST /api/wishlist",
      who: "customer",
      send: (c, h) => json(c, "/api/wishlist", "POST", { productId: other.id }, h),
    },
    {
      name: "DELETE /api/wishlist/{id}",
      who: "customer",
      send: (c, h) => c.request(`/api/wishlist/${wish.insertedId}`, { method: "DELETE", headers: h }),
    },
    {
      name: "POST /api/reviews",
      who: "customer",
      send: (c, h) => json(c, "/api/reviews", "POST", { description: "Cross-site", rating: 1 }, h),
    },
    {
      name: "DELETE /api/reviews/{id}",
      who: "admin",
      send: (c, h) => c.request(`/api/reviews/${review.insertedId}`, { method: "DELETE", headers: h }),
    },
    {
      name: "PUT /api/users/admin",
      who: "admin",
      send: (c, h) => json(c, "/api/users/admin", "PUT", { email: bystander.email }, h),
    },
    {
      name: "PUT /api/users",
      who: "customer",
      send: (c, h) => json(c, "/api/users", "PUT", { email: customer.email, displayName: "Pwned" }, h),
    },
    {
      name: "POST /api/users",
      who: "customer",
      send: (c, h) => json(c, "/api/users", "POST", { email: customer.email, displayName: "Pwned" }, h),
    },
    {
      name: "POST /api/contact",
      who: "customer",
      send: (c, h) =>
        json(
          c,
          "/api/contact",
          "POST",
          { name: "Spam", email: "spam@example.com", message: "Buy cheap watches now" },
          h,
        ),
    },
    {
      name: "POST /api/products",
      who: "admin",
      send: async (c, h) =>
        c.request("/api/products", {
          method: "POST",
          headers: h,
          body: productForm(VALID_PRODUCT_FIELDS, { data: await pngImage(), type: "image/png" }),
        }),
    },
    {
      name: "DELETE /api/products/{id}",
      who: "admin",
      send: (c, h) => c.request(`/api/products/${own.id}`, { method: "DELETE", headers: h }),
    },
    {
      name: "POST /api/auth/update-user",
      who: "customer",
      send: (c, h) => json(c, "/api/auth/update-user", "POST", { name: "Pwned" }, h),
    },
    {
      name: "POST /api/auth/sign-out",
      who: "customer",
      send: (c, h) => c.request("/api/auth/sign-out", { method: "POST", headers: h }),
    },
  ];
}

describe("cross-site writes with the session cookie", () => {
  it("are refused with 403 for a foreign Origin, changing nothing", async () => {
    const [customer, admin] = [await shop.customer(), await shop.admin()];
    for (const write of await writes(customer, admin)) {
      const res = await unchanged(shop, () =>
        write.send(write.who === "admin" ? admin : customer, { origin: "https://evil.example" }),
      );
      expect(res.status, write.name).toBe(403);
    }
    // the sessions survived the cross-site sign-out
    expect((await customer.request(`/api/wishlist/${customer.email}`)).status).toBe(200);
  });

  it("are refused for Origin: null and for Sec-Fetch-Site: cross-site without an Origin, changing nothing", async () => {
    const [customer, admin] = [await shop.customer(), await shop.admin()];
    const list = await writes(customer, admin);
    for (const write of list) {
      const client = write.who === "admin" ? admin : customer;
      expect((await unchanged(shop, () => write.send(client, { origin: "null" }))).status, write.name).toBe(403);
    }
    // without Origin: the test client would add one, so send the cookie by hand
    for (const [name, path, method, body] of [
      ["POST /api/reviews", "/api/reviews", "POST", { description: "Cross-site", rating: 1 }],
      ["PUT /api/users", "/api/users", "PUT", { email: customer.email, displayName: "Pwned" }],
    ] as const) {
      const res = await unchanged(shop, () =>
        rawRequest(shop, path, {
          method,
          headers: { cookie: customer.cookie, "sec-fetch-site": "cross-site", "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
      expect(res.status, name).toBe(403);
    }
  });

  it("are accepted from the shop's own origin (the same requests succeed)", async () => {
    const [customer, admin] = [await shop.customer(), await shop.admin()];
    for (const write of await writes(customer, admin)) {
      const res = await write.send(write.who === "admin" ? admin : customer, {
        origin: TEST_ORIGIN,
        "sec-fetch-site": "same-origin",
      });
      expect(res.status, write.name).toBeLessThan(300);
    }
  });
});

describe("bearer tokens", () => {
  it("are not tied to an Origin (they carry no ambient credentials)", async () => {
    const customer = await shop.customer();
    const token = (await signInResponse(shop, customer.email, CUSTOMER_PASSWORD, { origin: false })).headers.get(
      "set-auth-token",
    );
    const res = await rawRequest(shop, "/api/reviews", {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        origin: "https://elsewhere.example",
      },
      body: JSON.stringify({ description: "Native app", rating: 4 }),
    });
    expect(res.status).toBe(201);
    expect(
      await shop.db
        .selectFrom("review")
        .select("email")
        .where("id", "=", (await res.json()).insertedId)
        .executeTakeFirst(),
    ).toEqual({ email: customer.email });
  });

  it("do not switch the check off for the cookie: a made-up token beside it from a foreign Origin is refused", async () => {
    const customer = await shop.customer();
    const { insertedId } = await placeOrder(customer, (await firstProduct(shop)).id);
    for (const token of ["abc.def", `${"x".repeat(32)}.${"y".repeat(43)}=`, "junk"]) {
      const headers = { origin: "https://evil.example", authorization: `Bearer ${token}` };
      const review = await unchanged(shop, () =>
        customer.request("/api/reviews", { method: "POST", json: { description: "csrf", rating: 1 }, headers }),
      );
      expect(review.status, token).toBe(403);
      const cancel = await unchanged(shop, () =>
        customer.request(`/api/orders/${insertedId}`, { method: "DELETE", headers }),
      );
      expect(cancel.status, token).toBe(403);
    }
  });
});

describe("error responses", () => {
  const STACK = /\n\s+at |\bat [\w.<>]+ \(|\.(ts|js|mjs):\d+|node_modules|\/work\/|file:\/\//;

  it("never contain a stack trace or a file path, whatever went wrong", async () => {
    const customer = await shop.customer();
    const admin = await shop.admin();
    const { insertedId: shipped } = await placeOrder(customer, (await firstProduct(shop)).id);
    await admin.request(`/api/orders/${shipped}`, { method: "PUT", json: { status: "Shipped" } });
    const big = productForm(VALID_PRODUCT_FIELDS, { data: Buffer.alloc(2 * 1024 * 1024, 7), type: "image/png" });
    const requests: [string, () => Promise<Response>][] = [
      [
        "400 broken JSON",
        () =>
          customer.request("/api/reviews", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: "{",
          }),
      ],
      [
        "4xx broken multipart",
        () =>
          admin.request("/api/products", {
            method: "POST",
            headers: { "content-type": "multipart/form-data; boundary=x" },
            body: "--x\r\nbroken",
          }),
      ],
      ["401", () => shop.anonymous.request("/api/orders")],
      ["403", () => customer.request("/api/orders")],
      [
        "403 cross-site",
        () =>
          customer.request("/api/reviews", { method: "POST", json: {}, headers: { origin: "https://evil.example" } }),
      ],
      ["404 route", () => shop.anonymous.request("/api/no-such-route")],
      ["404 method", () => shop.anonymous.request("/api/products", { method: "PATCH" })],
      ["404 id", () => shop.anonymous.request("/api/products/no-such-product")],
      ["404 NUL in id", () => admin.request("/api/orders/%00", { method: "DELETE" })],
      ["409", () => customer.request(`/api/orders/${shipped}`, { method: "DELETE" })],
      ["413", () => admin.request("/api/products", { method: "POST", body: big })],
      [
        "415",
        () =>
          customer.request("/api/reviews", { method: "POST", headers: { "content-type": "text/xml" }, body: "<a/>" }),
      ],
      [
        "415 image",
        () =>
          admin.request("/api/products", {
            method: "POST",
            body: productForm(VALID_PRODUCT_FIELDS, { data: "GIF89a broken", type: "image/gif" }),
          }),
      ],
      [
        "422",
        () =>
          customer.request("/api/orders", {
            method: "POST",
            json: { full_name: 42, checkbox: "maybe", quantity: "lots" },
          }),
      ],
      [
        "422 NUL in text",
        () => customer.request("/api/reviews", { method: "POST", json: { description: "nul \u0000 here" } }),
      ],
      [
        "auth 400",
        () =>
          shop.anonymous.request("/api/auth/sign-in/email", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: "{",
          }),
      ],
      ["auth 401", () => signInResponse(shop, customer.email, "wrong-password")],
    ];
    for (const [name, send] of requests) {
      const res = await send();
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      const text = await res.text();
      expect(text, name).not.toMatch(STACK);
      if (!name.startsWith("auth"))
        expect(JSON.parse(text).error, name).toEqual(
          expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
        );
    }
  });

  it("answer 404 or 422 — never 500 — for NUL characters in ids, emails and text, on either engine", async () => {
    const customer = await shop.customer();
    const admin = await shop.admin();
    const nul = "a%00b";
    const notFound: [Client, string, string][] = [
      [shop.anonymous, "GET", `/api/products/${nul}`],
      [admin, "DELETE", `/api/products/${nul}`],
      [admin, "PUT", `/api/orders/${nul}`],
      [admin, "DELETE", `/api/orders/${nul}`],
      [customer, "DELETE", `/api/orders/${nul}`],
      [customer, "DELETE", `/api/wishlist/${nul}`],
      [admin, "DELETE", `/api/reviews/${nul}`],
      [admin, "GET", `/api/users/${nul}@example.com`],
    ];
    for (const [client, method, path] of notFound) {
      const res = await unchanged(shop, () =>
        client.request(path, method === "PUT" ? { method, json: { status: "Shipped" } } : { method }),
      );
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    for (const path of [`/api/orders/${nul}@example.com`, `/api/wishlist/${nul}@example.com`]) {
      const res = await admin.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toEqual([]);
    }
    expect((await shop.anonymous.request("/api/products?q=%00")).status).toBe(400);
    const product = await firstProduct(shop);
    const writes: [string, unknown][] = [
      ["/api/orders", orderForm(product.id, { full_name: "Ada\u0000" })],
      ["/api/reviews", { description: "x\u0000y" }],
      ["/api/contact", { name: "N\u0000", email: "n@example.com", message: "A long enough message" }],
      ["/api/users", { email: customer.email, displayName: "\u0000" }],
    ];
    for (const [path, body] of writes) {
      const res = await unchanged(shop, () =>
        customer.request(path, { method: path === "/api/users" ? "PUT" : "POST", json: body }),
      );
      expect(res.status, path).toBe(422);
    }
    const title = await unchanged(shop, async () =>
      admin.request("/api/products", {
        method: "POST",
        body: productForm(
          { ...VALID_PRODUCT_FIELDS, title: "Lamp\u0000" },
          { data: await pngImage(), type: "image/png" },
        ),
      }),
    );
    expect(title.status).toBe(422);
  });
});

describe("responses", () => {
  it("are not cached and carry the security headers", async () => {
    const customer = await shop.customer();
    const res = await customer.request(`/api/orders/${customer.email}`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("keep pages isolated from the window that opened them, but for public pages read without a session (decision 029)", async () => {
    const opener = (res: Response) => res.headers.get("cross-origin-opener-policy");
    const customer = await shop.customer();
    const [{ _id: product }] = await (await shop.anonymous.request("/api/products?limit=1")).json();
    for (const path of [
      "/",
      "/home",
      "/product",
      "/product?q=smart&in_stock=true",
      `/product/${product}`,
      "/blogs",
      "/blogs/blogDetails1",
      "/about",
    ]) {
      expect(opener(await shop.anonymous.request(path)), path).toBeNull();
      expect(opener(await customer.request(path)), `${path} signed in`).toBe("same-origin");
      expect(opener(await shop.anonymous.request(path, { method: "POST" })), `POST ${path}`).toBe("same-origin");
    }
    for (const path of [
      "/login",
      "/register",
      "/cart",
      "/dashboard",
      "/contact",
      "/product/../login",
      "/api/products",
    ]) {
      expect(opener(await shop.anonymous.request(path)), path).toBe("same-origin");
    }
  });

  it("sign-in cookies are HttpOnly, so page scripts cannot read the session", async () => {
    const customer = await shop.customer();
    const res = await signInResponse(shop, customer.email, CUSTOMER_PASSWORD);
    const cookies = res.headers.getSetCookie().filter((c) => c.includes("session_token"));
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c).toMatch(/;\s*HttpOnly/i);
    expect(cookieHeader(res)).toContain("better-auth.session_token=");
  });
});
