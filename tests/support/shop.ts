/**
 * A whole shop for integration tests: a fresh database (SQLite, or PostgreSQL under
 * TEST_DATABASE_URL) with the demo catalogue, the real services and the real HTTP app, and
 * clients that sign in and keep their session cookie like a browser does.
 */

import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { createApp } from "../../server/app.ts";
import { actorFromHeaders } from "../../server/auth/index.ts";
import type { ScryptCost } from "../../server/auth/password.ts";
import { loadConfig } from "../../server/config.ts";
import type { RequestContext } from "../../server/context.ts";
import { requestContextKey } from "../../server/context.ts";
import { isPersonal } from "../../server/http/personal.ts";
import type { ReadBudgets } from "../../server/http/read-budget.ts";
import type { Logger } from "../../server/logger.ts";
import type { MailWorkerOptions } from "../../server/mail/worker.ts";
import { createServices, type Services } from "../../server/services.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export const TEST_ORIGIN = "http://localhost:3999";
/** The upload limit of the test shop: small, so that tests can go over it cheaply. */
export const TEST_MAX_UPLOAD_BYTES = 512 * 1024;
export const ADMIN = { email: "owner@shop.test", password: "owner-password-1" };
/**
 * The cost of these shops' password hashes: 32 times less work than the standard one (N·r; about 2 ms against 170, server/auth/password.ts).
 * The integration tests hash about 450 passwords a run, which took a third of their CPU at the
 * standard cost; the built shop and the browser tests hash at the standard cost.
 */
export const TEST_COST: ScryptCost = { N: 1_024, r: 8, p: 1 };
/** the password of every customer made by `shop.customer()` */
export const CUSTOMER_PASSWORD = "customer-password-1";

export type TestShop = {
  services: Services;
  db: Services["database"]["db"];
  app: ReturnType<typeof createApp>;
  anonymous: Client;
  /** registers a new customer and returns a client signed in as them */
  customer: (name?: string) => Promise<Client>;
  /**
   * A customer account with a session made by Better Auth's own session store, used through a
   * bearer token: for tests that need many customers at once (signing up hashes a password with
   * scrypt, a deliberately slow step that would take most of such a test). No password exists.
   */
  quickCustomer: (name?: string) => Promise<Client>;
  admin: () => Promise<Client>;
  close: () => Promise<void>;
};

export type Client = {
  email: string;
  /** the session cookie (`name=value`), empty for the anonymous client */
  cookie: string;
  request: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;
};

let counter = 0;

export type TestShopOptions = {
  seed?: boolean;
  /** environment variables on top of the test defaults; `undefined` removes a default */
  env?: Record<string, string | undefined>;
  /** an existing database (say, to start the shop again on it); the caller drops it */
  database?: TestDatabase;
  /** where log lines go (silent by default) */
  log?: Logger;
  /**
   * Stock of every seeded variant, so that tests that order do not run a product dry (the demo
   * catalogue's own, realistic stock has sold-out variants); tests of stock set what they need.
   */
  stock?: number;
  /** the mail worker's timing (tests make retries quick) */
  mailWorker?: Partial<MailWorkerOptions>;
  /** each client's budget of computed reads (by default the shop's own, where RATE_LIMIT is on) */
  readBudgets?: ReadBudgets;
};

export async function createTestShop(options: TestShopOptions = {}): Promise<TestShop> {
  const database: TestDatabase = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    // shared between test files so that the demo artwork is drawn once (file names are stable)
    DATA_DIR: path.join(os.tmpdir(), "vitrine-test-data"),
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    SHOP_ADMIN_EMAIL: ADMIN.email,
    SHOP_ADMIN_PASSWORD: ADMIN.password,
    DEMO_MODE: "false",
    SEED_ON_EMPTY: options.seed === false ? "false" : "true",
    LOG_LEVEL: "silent",
    MAX_UPLOAD_BYTES: String(TEST_MAX_UPLOAD_BYTES),
    ...options.env,
  });
  const services = await createServices(config, {
    database: database.handle,
    log: options.log,
    mailWorker: options.mailWorker,
    passwordCost: TEST_COST,
  });
  await services.database.db
    .updateTable("product_variant")
    .set({ stock: options.stock ?? 1000 })
    .execute();
  const app = createApp(services, undefined, { readBudgets: options.readBudgets });

  const clientWith = (email: string, cookie: string): Client => ({
    email,
    cookie,
    request: (p, init = {}) => {
      const headers = new Headers(init.headers);
      if (cookie) headers.set("cookie", cookie);
      if (!headers.has("origin")) headers.set("origin", TEST_ORIGIN);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(init.json);
      }
      return Promise.resolve(app.request(`${TEST_ORIGIN}${p}`, { ...init, headers, body }));
    },
  });

  const signIn = async (email: string, password: string, name?: string): Promise<Client> => {
    const endpoint = name ? "/api/auth/sign-up/email" : "/api/auth/sign-in/email";
    const res = await app.request(`${TEST_ORIGIN}${endpoint}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify(name ? { email, password, name } : { email, password }),
    });
    if (!res.ok) throw new Error(`${endpoint} failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return clientWith(email, cookie);
  };

  return {
    services,
    db: services.database.db,
    app,
    anonymous: clientWith("", ""),
    customer: (name = "Test Customer") => {
      counter += 1;
      return signIn(`customer${counter}-${Date.now()}@shop.test`, CUSTOMER_PASSWORD, name);
    },
    admin: () => signIn(ADMIN.email, ADMIN.password),
    quickCustomer: async (name = "Quick Customer") => {
      counter += 1;
      const email = `quick${counter}-${Date.now()}@shop.test`;
      const auth = await services.auth.$context;
      const user = await auth.internalAdapter.createUser(
        { email, name, emailVerified: false },
        { method: "email-password" },
      );
      const session = await auth.internalAdapter.createSession(user.id);
      const bearer = clientWith(email, "");
      return {
        ...bearer,
        request: (p, init = {}) =>
          bearer.request(p, {
            ...init,
            headers: { ...Object.fromEntries(new Headers(init.headers)), authorization: `Bearer ${session.token}` },
          }),
      };
    },
    close: async () => {
      await services.stop();
      if (!options.database) await database.drop();
    },
  };
}

/** The context a page's loader or action gets from server/app.ts, for calling one directly. */
export async function pageContext(shop: { services: Services }, request: Request): Promise<RouterContextProvider> {
  const { services } = shop;
  const ctx: RequestContext = {
    config: services.config,
    services,
    db: services.database.db,
    media: services.media,
    shop: services.shopSettings,
    payments: services.payments,
    actor: await actorFromHeaders(services.auth, request.headers),
    clientIp: "127.0.0.1",
    requestId: "test",
    log: services.log,
    nonce: "",
    cartId: services.cartCookie.read(request.headers.get("cookie")),
    personal: isPersonal(request.headers),
  };
  const context = new RouterContextProvider();
  context.set(requestContextKey, ctx);
  return context;
}
