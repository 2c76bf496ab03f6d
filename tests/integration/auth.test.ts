import { getMigrations } from "better-auth/db/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authDb,
  cookieHeader,
  countRows,
  expectError,
  rawRequest,
  signInResponse,
  unchanged,
  userRow,
} from "../support/fixtures.ts";
import { ADMIN, CUSTOMER_PASSWORD, createTestShop, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

let counter = 0;
const newEmail = () => `auth${++counter}-${Date.now()}@shop.test`;
const json = { "content-type": "application/json", origin: TEST_ORIGIN };
const signUp = (body: Record<string, unknown>) =>
  rawRequest(shop, "/api/auth/sign-up/email", { method: "POST", headers: json, body: JSON.stringify(body) });
const sessionsOf = async (email: string) => {
  const user = await userRow(shop, email);
  return authDb(shop)
    .selectFrom("session")
    .selectAll()
    .where("userId", "=", user?.id ?? "")
    .execute();
};

describe("sign-up: POST /api/auth/sign-up/email", () => {
  it("creates a customer with a hashed password and signs them in with an HttpOnly cookie", async () => {
    const email = newEmail();
    const res = await signUp({ email, password: "a-good-password", name: "New Person" });
    expect(res.status).toBe(200);
    const user = await userRow(shop, email);
    expect(user).toMatchObject({ email, name: "New Person", role: "user" });
    const account = await authDb(shop)
      .selectFrom("account")
      .selectAll()
      .where("userId", "=", user!.id)
      .executeTakeFirstOrThrow();
    expect(account.providerId).toBe("credential");
    expect(account.password).not.toContain("a-good-password");
    expect(await sessionsOf(email)).toHaveLength(1);

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    const me = await rawRequest(shop, `/api/users/${email}`, { headers: { cookie: cookieHeader(res) } });
    expect(await me.json()).toEqual({ email, displayName: "New Person", admin: false });
  });

  it("refuses a second account for the same email, a short password and a self-chosen role", async () => {
    const email = newEmail();
    expect((await signUp({ email, password: "a-good-password", name: "First" })).status).toBe(200);
    const again = await unchanged(shop, () =>
      signUp({ email: email.toUpperCase(), password: "another-password", name: "Second" }),
    );
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect((await userRow(shop, email))?.name).toBe("First");

    const short = newEmail();
    expect((await unchanged(shop, () => signUp({ email: short, password: "short", name: "Shorty" }))).status).toBe(422);
    expect(await userRow(shop, short)).toBeUndefined();

    const climber = newEmail();
    expect(
      (
        await unchanged(shop, () =>
          signUp({ email: climber, password: "a-good-password", name: "Climber", role: "admin" }),
        )
      ).status,
    ).toBe(400);
    expect(await userRow(shop, climber)).toBeUndefined();
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with email and password, creating a session behind an HttpOnly cookie", async () => {
    const customer = await shop.customer();
    const before = (await sessionsOf(customer.email)).length;
    const res = await signInResponse(shop, customer.email, CUSTOMER_PASSWORD);
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email: customer.email });
    expect(await sessionsOf(customer.email)).toHaveLength(before + 1);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    const session = await rawRequest(shop, "/api/auth/get-session", { headers: { cookie: cookieHeader(res) } });
    expect((await session.json()).user).toMatchObject({ email: customer.email, role: "user" });
  });

  it("describes the caller's sessions without their tokens, which a page's script could carry away", async () => {
    const customer = await shop.customer();
    const res = await signInResponse(shop, customer.email, CUSTOMER_PASSWORD);
    const token = res.headers.get("set-auth-token")?.split(".")[0] ?? "";
    expect(token.length).toBeGreaterThan(10);
    const cookie = cookieHeader(res);
    for (const path of ["/api/auth/get-session", "/api/auth/list-sessions"]) {
      const answer = await rawRequest(shop, path, { headers: { cookie } });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("set-auth-token"), path).toBeNull();
      expect(await answer.clone().text(), path).not.toContain(token);
      const body = await answer.json();
      const sessions = Array.isArray(body) ? body : [body.session];
      expect(sessions.length, path).toBeGreaterThan(0);
      for (const session of sessions) {
        expect(session, path).toMatchObject({ userId: expect.any(String) });
        expect(session, path).not.toHaveProperty("token");
      }
    }
    // the token itself still works where it was handed out: as a bearer credential
    const me = await rawRequest(shop, `/api/users/${customer.email}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
  });

  it("refuses a wrong password or an unknown email with 401, creating no session", async () => {
    const customer = await shop.customer();
    const sessions = await countRows(shop, "session");
    const wrong = await signInResponse(shop, customer.email, "not-the-password");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-auth-token")).toBeNull();
    expect(wrong.headers.getSetCookie().filter((c) => /session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c))).toEqual(
      [],
    );
    expect((await signInResponse(shop, "nobody@shop.test", CUSTOMER_PASSWORD)).status).toBe(401);
    expect(await countRows(shop, "session")).toBe(sessions);
  });

  it("signs out: the session is removed and the old cookie no longer works", async () => {
    const customer = await shop.customer();
    const res = await signInResponse(shop, customer.email, CUSTOMER_PASSWORD);
    const cookie = cookieHeader(res);
    const token = res.headers.get("set-auth-token")!.split(".")[0];
    expect((await rawRequest(shop, `/api/wishlist/${customer.email}`, { headers: { cookie } })).status).toBe(200);
    const out = await rawRequest(shop, "/api/auth/sign-out", {
      method: "POST",
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(out.status).toBe(200);
    const sessions = await sessionsOf(customer.email);
    expect(sessions.map((s) => s.token)).not.toContain(token);
    await expectError(
      await rawRequest(shop, `/api/wishlist/${customer.email}`, { headers: { cookie } }),
      401,
      "unauthenticated",
    );
  });
});

describe("bearer tokens", () => {
  it("hands out set-auth-token on sign-in; Authorization: Bearer works without cookie or Origin", async () => {
    const customer = await shop.customer("Bearer Client");
    const res = await signInResponse(shop, customer.email, CUSTOMER_PASSWORD, { origin: false });
    const token = res.headers.get("set-auth-token");
    expect(token).toEqual(expect.any(String));
    const auth = { authorization: `Bearer ${token}` };

    const me = await rawRequest(shop, `/api/users/${customer.email}`, { headers: auth });
    expect(me.status).toBe(200);
    expect((await me.json()).displayName).toBe("Bearer Client");

    const post = await rawRequest(shop, "/api/reviews", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ description: "Sent with a token", rating: 5 }),
    });
    expect(post.status).toBe(201);
    const { insertedId } = await post.json();
    expect(
      await shop.db.selectFrom("review").select(["email", "name"]).where("id", "=", insertedId).executeTakeFirst(),
    ).toEqual({ email: customer.email, name: "Bearer Client" });

    // signing out with the token ends it
    expect((await rawRequest(shop, "/api/auth/sign-out", { method: "POST", headers: auth })).status).toBe(200);
    await expectError(await rawRequest(shop, `/api/users/${customer.email}`, { headers: auth }), 401);
  });

  it("refuses a forged or unknown token with 401, changing nothing", async () => {
    const customer = await shop.customer();
    for (const token of ["not-a-token", "abc.def", `${"x".repeat(32)}.${"y".repeat(43)}=`]) {
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      await expectError(await rawRequest(shop, `/api/users/${customer.email}`, { headers }), 401, "unauthenticated");
      const res = await unchanged(shop, () =>
        rawRequest(shop, "/api/reviews", {
          method: "POST",
          headers,
          body: JSON.stringify({ description: "x", rating: 1 }),
        }),
      );
      await expectError(res, 401, "unauthenticated");
    }
  });
});

describe("the shop admin account", () => {
  it("SHOP_ADMIN_EMAIL is an admin from start-up and can sign in with SHOP_ADMIN_PASSWORD", async () => {
    expect(await userRow(shop, ADMIN.email)).toMatchObject({ role: "admin" });
    const res = await signInResponse(shop, ADMIN.email, ADMIN.password);
    expect(res.status).toBe(200);
    const me = await rawRequest(shop, `/api/users/${ADMIN.email}`, { headers: { cookie: cookieHeader(res) } });
    expect((await me.json()).admin).toBe(true);
  });
});

describe("Better Auth's own endpoints follow the shop's rules for names and pictures", () => {
  it("refuses a sign-up with a picture of its own choosing", async () => {
    const email = newEmail();
    const res = await unchanged(shop, () =>
      signUp({ email, password: "a-good-password", name: "Pictured", image: "https://attacker.example/t.png" }),
    );
    expect((await expectError(res, 422)).fields).toHaveProperty("image");
    expect(await userRow(shop, email)).toBeUndefined();
  });

  it("update-user refuses a name the shop's forms refuse and any picture; a good name is saved", async () => {
    const customer = await shop.customer();
    const update = (body: Record<string, unknown>) =>
      customer.request("/api/auth/update-user", { method: "POST", json: body });
    const before = (await userRow(shop, customer.email))?.name;
    for (const [body, field] of [
      [{ name: "x".repeat(1040) }, "name"],
      [{ name: "  " }, "name"],
      [{ name: "Ada\u0000" }, "name"],
      [{ image: "https://attacker.example/track.png" }, "image"],
      [{ name: "Fine Name", image: "https://attacker.example/track.png" }, "image"],
    ] as const) {
      const error = await expectError(await unchanged(shop, () => update(body)), 422);
      expect(error.fields, JSON.stringify(body).slice(0, 60)).toHaveProperty(field);
    }
    expect((await userRow(shop, customer.email))?.name).toBe(before);
    expect((await userRow(shop, customer.email))?.image ?? null).toBeNull();
    expect((await update({ name: "Renamed Customer" })).status).toBe(200);
    expect((await userRow(shop, customer.email))?.name).toBe("Renamed Customer");
  });
});

describe("Better Auth's own endpoints cannot grant admin", () => {
  it("refuses a customer setting their role through update-user or the admin plugin", async () => {
    const customer = await shop.customer();
    const user = await userRow(shop, customer.email);
    const update = await unchanged(shop, () =>
      customer.request("/api/auth/update-user", { method: "POST", json: { role: "admin" } }),
    );
    expect(update.status).toBe(400);
    const setRole = await unchanged(shop, () =>
      customer.request("/api/auth/admin/set-role", { method: "POST", json: { userId: user!.id, role: "admin" } }),
    );
    expect(setRole.status).toBe(404);
    expect((await customer.request("/api/auth/admin/list-users")).status).toBe(404);
    expect((await userRow(shop, customer.email))?.role).toBe("user");
  });

  it("serves an admin none of the admin plugin's endpoints: sessions' tokens, passwords, roles, impersonation", async () => {
    const admin = await shop.admin();
    const customer = await shop.customer();
    const user = await userRow(shop, customer.email);
    const calls: [string, Record<string, unknown> | undefined][] = [
      ["/api/auth/admin/list-users", undefined],
      ["/api/auth/admin/list-user-sessions", { userId: user!.id }],
      ["/api/auth/admin/set-user-password", { userId: user!.id, newPassword: "taken-over-1234" }],
      ["/api/auth/admin/impersonate-user", { userId: user!.id }],
      ["/api/auth/admin/set-role", { userId: user!.id, role: "admin" }],
      ["/api/auth/admin/create-user", { email: newEmail(), password: "x", name: "Made", role: "admin" }],
    ];
    for (const [path, json] of calls) {
      const res = await unchanged(shop, () => admin.request(path, json ? { method: "POST", json } : {}));
      await expectError(res, 404);
    }
  });
});

describe("migrations", () => {
  it("leave Better Auth nothing to create or add", async () => {
    const plan = await getMigrations(shop.services.auth.options);
    expect(plan.toBeCreated.map((t) => t.table)).toEqual([]);
    expect(plan.toBeAdded.map((t) => ({ table: t.table, fields: Object.keys(t.fields) }))).toEqual([]);
  });
});
