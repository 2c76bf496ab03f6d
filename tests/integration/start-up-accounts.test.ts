/**
 * The accounts the shop sets up when it starts: the first admin named by SHOP_ADMIN_EMAIL (which an
 * early registration of that address must not capture) and the demo accounts (locked outside demo
 * mode). Each test starts the shop more than once on one database, as an operator would.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../seed/demo-accounts.ts";
import { StartupError } from "../../server/config.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { cookieHeader, signInResponse, userRow } from "../support/fixtures.ts";
import { createTestShop, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

let database: TestDatabase;
const open: TestShop[] = [];
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const shop of open.splice(0)) await shop.close();
  await database.drop();
});

async function start(env: Record<string, string | undefined>): Promise<TestShop> {
  const shop = await createTestShop({ database, seed: false, env });
  open.push(shop);
  return shop;
}

const OWNER = "owner-to-be@shop.test";
const OPERATOR_PASSWORD = "operator-chosen-9";
const ATTACKER_PASSWORD = "attacker-chosen-9";

/** Registers an account through the public API, answering its cookie and bearer token. */
async function register(shop: TestShop, email: string, password: string) {
  const res = await shop.anonymous.request("/api/auth/sign-up/email", {
    method: "POST",
    json: { email, password, name: "Early Bird" },
  });
  expect(res.status).toBe(200);
  return { cookie: cookieHeader(res), token: res.headers.get("set-auth-token") ?? "" };
}

const whoAmI = (shop: TestShop, headers: Record<string, string>) =>
  shop.app.request(`${TEST_ORIGIN}/api/users/${encodeURIComponent(OWNER)}`, { headers });

/** A start without the password: the owner signs in with their own password and is the admin. */
async function expectAdminAfterRestart() {
  const again = await start({ SHOP_ADMIN_EMAIL: OWNER, SHOP_ADMIN_PASSWORD: undefined });
  const signIn = await signInResponse(again, OWNER, OPERATOR_PASSWORD);
  expect(signIn.status).toBe(200);
  expect(await (await whoAmI(again, { cookie: cookieHeader(signIn) })).json()).toMatchObject({ admin: true });
}

describe("SHOP_ADMIN_EMAIL", () => {
  it("takes over an account someone registered first: their password, cookie and token get nothing", async () => {
    const before = await start({ SHOP_ADMIN_EMAIL: undefined, SHOP_ADMIN_PASSWORD: undefined });
    const attacker = await register(before, OWNER, ATTACKER_PASSWORD);
    expect((await whoAmI(before, { cookie: attacker.cookie })).status).toBe(200);
    await before.close();

    const shop = await start({ SHOP_ADMIN_EMAIL: OWNER, SHOP_ADMIN_PASSWORD: OPERATOR_PASSWORD });
    expect((await signInResponse(shop, OWNER, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await whoAmI(shop, { cookie: attacker.cookie })).status).toBe(401);
    expect((await whoAmI(shop, { authorization: `Bearer ${attacker.token}` })).status).toBe(401);

    const operator = await signInResponse(shop, OWNER, OPERATOR_PASSWORD);
    expect(operator.status).toBe(200);
    const me = await whoAmI(shop, { cookie: cookieHeader(operator) });
    expect(await me.json()).toMatchObject({ email: OWNER, admin: true });
  });

  it("refuses to start when the account exists, was not made by the shop, and no password is given", async () => {
    const before = await start({ SHOP_ADMIN_EMAIL: undefined, SHOP_ADMIN_PASSWORD: undefined });
    await register(before, OWNER, ATTACKER_PASSWORD);
    await before.close();

    const failure = await start({ SHOP_ADMIN_EMAIL: OWNER, SHOP_ADMIN_PASSWORD: undefined }).catch((e) => e);
    expect(failure).toBeInstanceOf(StartupError);
    expect((failure as Error).message).toMatch(/SHOP_ADMIN_PASSWORD/);
    expect((failure as Error).message).toContain(OWNER);
    expect((await userRow({ db: database.handle.db } as TestShop, OWNER))?.role).toBe("user");
  });

  it("refuses to start when the account does not exist yet and no password is given", async () => {
    const failure = await start({ SHOP_ADMIN_EMAIL: OWNER, SHOP_ADMIN_PASSWORD: undefined }).catch((e) => e);
    expect(failure).toBeInstanceOf(StartupError);
    expect((failure as Error).message).toMatch(/no account yet.*SHOP_ADMIN_PASSWORD/);
  });

  it("creates the admin once; later starts need no password and keep the admin's own password", async () => {
    const first = await start({ SHOP_ADMIN_EMAIL: OWNER, SHOP_ADMIN_PASSWORD: OPERATOR_PASSWORD });
    expect((await signInResponse(first, OWNER, OPERATOR_PASSWORD)).status).toBe(200);
    await first.close();

    await expectAdminAfterRestart();
  });

  it("another admin cannot disable the first admin; a start enables that account again if it was disabled (the operator's way back in)", async () => {
    const first = await start({ SHOP_ADMIN_EMAIL: OWNER, SHOP_ADMIN_PASSWORD: OPERATOR_PASSWORD });
    const owner = await userRow(first, OWNER);
    // a second admin, made by the owner, turns on them: refused
    const rogue = await first.customer();
    await first.db.updateTable("user").set({ role: "admin" }).where("email", "=", rogue.email).execute();
    const refused = await rogue.request(`/api/admin/customers/${owner!.id}/disable`, { method: "POST" });
    expect(refused.status).toBe(403);
    expect((await signInResponse(first, OWNER, OPERATOR_PASSWORD)).status).toBe(200);
    // disabled all the same (by a version of the shop before that rule, or in the database by hand)
    await first.db
      .updateTable("user")
      .set({ banned: true, banReason: "Disabled by an admin" })
      .where("email", "=", OWNER)
      .execute();
    expect((await signInResponse(first, OWNER, OPERATOR_PASSWORD)).status).toBe(403);
    await first.close();

    await expectAdminAfterRestart();
  });
});

describe("demo accounts", () => {
  const [demoAdmin] = DEMO_ACCOUNTS;

  it("are locked when demo mode is off: no sign-in, no session, no hint; and open again in demo mode", async () => {
    const demo = await start({ DEMO_MODE: "true" });
    const session = await signInResponse(demo, demoAdmin.email, demoAdmin.password);
    expect(session.status).toBe(200);
    const cookie = cookieHeader(session);
    await demo.close();

    const real = await start({ DEMO_MODE: "false" });
    expect((await signInResponse(real, demoAdmin.email, demoAdmin.password)).status).toBe(403);
    const old = await real.app.request(`${TEST_ORIGIN}/api/orders`, { headers: { cookie } });
    expect(old.status).toBe(401);
    expect(real.services.config.demoMode).toBe(false);
    await real.close();

    const demoAgain = await start({ DEMO_MODE: "true" });
    expect((await signInResponse(demoAgain, demoAdmin.email, demoAdmin.password)).status).toBe(200);
  });

  it("are not created at all outside demo mode", async () => {
    await start({ DEMO_MODE: "false" });
    for (const account of DEMO_ACCOUNTS) {
      expect(await userRow({ db: database.handle.db } as TestShop, account.email)).toBeUndefined();
    }
  });
});
