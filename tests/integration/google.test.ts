/**
 * Sign in with Google through OpenID Connect, at HTTP level, against a real OpenID Connect server
 * running locally (tests/support/oidc-server.ts, the certified `oidc-provider` package) in place of
 * Google: the sign-in page's action, the redirect to the provider, its login and consent pages,
 * the callback, account creation or linking, and the session, with every redirect followed by hand
 * and cookies carried per host like a browser. Runs on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "../../app/routes/login.tsx";
import * as mail from "../../domain/mail/index.ts";
import { createApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createServices, type Services } from "../../server/services.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { type OidcServer, startOidcServer } from "../support/oidc-server.ts";
import { createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

type Shop = { services: Services; app: ReturnType<typeof createApp>; close: () => Promise<void> };

/** A whole shop like tests/support/shop.ts makes, with Google pointed at the local provider. */
async function createGoogleShop(oidc: OidcServer): Promise<Shop> {
  const database: TestDatabase = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: path.join(os.tmpdir(), "vitrine-test-data"),
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    DEMO_MODE: "false",
    SEED_ON_EMPTY: "true",
    LOG_LEVEL: "silent",
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  });
  const services = await createServices(config, { database: database.handle });
  return {
    services,
    app: createApp(services),
    close: async () => {
      await services.stop();
      await database.drop();
    },
  };
}

/**
 * A browser, as far as redirects and cookies go: requests to the shop's origin go to the in-process
 * app, everything else (the provider) over real HTTP; cookies are kept per host (path and expiry
 * are good enough as name=value per host for this flow).
 */
class Browser {
  shop: Shop;
  jars = new Map<string, Map<string, string>>();
  visited: string[] = [];

  constructor(shop: Shop) {
    this.shop = shop;
  }

  cookieHeader(url: string): string {
    const jar = this.jars.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  }

  keep(url: string, headers: Headers): void {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired =
        attrs.some((a) => /^\s*max-age=(0|-)/i.test(a)) ||
        attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]) < Date.now());
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    this.visited.push(`${init.method ?? "GET"} ${url}`);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set("cookie", cookie);
    const res = url.startsWith(`${TEST_ORIGIN}/`)
      ? await this.shop.app.request(url, { ...init, headers })
      : await fetch(url, { ...init, headers, redirect: "manual" });
    this.keep(url, res.headers);
    return res;
  }

  /** Follows redirects from `res` (answered for `url`) until a page that is not a redirect. */
  async follow(url: string, res: Response): Promise<{ url: string; res: Response }> {
    for (let hops = 0; hops < 20 && res.status >= 300 && res.status < 400; hops++) {
      const next = new URL(res.headers.get("location") ?? "", url).href;
      await res.body?.cancel();
      url = next;
      // a page of the shop other than its auth endpoints: we are back, stop here like a test would
      if (url.startsWith(`${TEST_ORIGIN}/`) && !url.startsWith(`${TEST_ORIGIN}/api/auth/`))
        return { url, res: new Response(null, { status: 200 }) };
      res = await this.request(url);
    }
    return { url, res };
  }

  /** Submits the provider's form whose action ends with `step` (login / consent / abort) on the page. */
  async submit(pageUrl: string, html: string, step: string, fields: Record<string, string> = {}) {
    const action = [...html.matchAll(/<form method="post" action="([^"]+)"/g)]
      .map((m) => m[1])
      .find((a) => a.endsWith(`/${step}`));
    if (!action) throw new Error(`no ${step} form on ${pageUrl}:\n${html}`);
    const target = new URL(action, pageUrl).href;
    const res = await this.request(target, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    return this.follow(target, res);
  }

  /** The shop's session cookie, for API calls as the signed-in user. */
  get shopCookie(): string {
    return this.cookieHeader(`${TEST_ORIGIN}/`);
  }
}

type GoogleRun = {
  email: string;
  name?: string;
  emailVerified?: boolean;
  /** what the person does at the provider */
  decision?: "allow" | "deny" | "cancel-login";
  from?: string;
};

/**
 * "Continue with Google" on /login?from=…: runs the sign-in page's action (as the browser's form
 * post would), then the whole redirect flow. Returns where the browser ends up on the shop.
 */
async function continueWithGoogle(
  browser: Browser,
  shop: Shop,
  run: GoogleRun,
): Promise<{ landed: string; pages: string[] }> {
  const from = run.from ?? "/";
  const form = new URLSearchParams({ intent: "google", from });
  const request = new Request(`${TEST_ORIGIN}/login?from=${encodeURIComponent(from)}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie: browser.shopCookie },
    body: form.toString(),
  });
  const response = (await loginAction({
    request,
    context: await pageContext(shop, request),
    params: {},
  } as never)) as Response;
  expect(response, "the sign-in action redirects to the provider").toBeInstanceOf(Response);
  expect(response.status).toBe(302);
  browser.keep(`${TEST_ORIGIN}/login`, response.headers);

  const authorize = response.headers.get("location")!;
  const params = new URL(authorize).searchParams;
  expect(params.get("redirect_uri")).toBe(`${TEST_ORIGIN}/api/auth/callback/google`);
  expect(params.get("code_challenge_method")).toBe("S256");
  expect(params.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));

  const pages: string[] = [];
  let at = await browser.follow(authorize, await browser.request(authorize));
  pages.push(new URL(at.url).pathname);
  let html = await at.res.text();
  expect(html, "the provider's login page").toContain('name="email"');
  if (run.decision === "cancel-login") {
    at = await browser.submit(at.url, html, "abort");
    return { landed: at.url, pages };
  }
  at = await browser.submit(at.url, html, "login", {
    email: run.email,
    name: run.name ?? "",
    ...(run.emailVerified === false ? {} : { email_verified: "true" }),
  });
  if (at.url.startsWith(TEST_ORIGIN)) return { landed: at.url, pages }; // consent remembered
  pages.push(new URL(at.url).pathname);
  html = await at.res.text();
  expect(html, "the provider's consent page").toContain(">Allow<");
  at = await browser.submit(at.url, html, run.decision === "deny" ? "abort" : "consent");
  return { landed: at.url, pages };
}

const apiAs = (shop: Shop, cookie: string, p: string, init: RequestInit & { json?: unknown } = {}) => {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", cookie);
  headers.set("origin", TEST_ORIGIN);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return Promise.resolve(shop.app.request(`${TEST_ORIGIN}${p}`, { ...init, headers, body }));
};

const userByEmail = (shop: Shop, email: string) =>
  shop.services.database.db.selectFrom("user").selectAll().where("email", "=", email.toLowerCase()).execute();
const accountsOf = (shop: Shop, userId: string) =>
  shop.services.database.db
    .selectFrom("account")
    .select(["providerId", "accountId"])
    .where("userId", "=", userId)
    .orderBy("providerId")
    .execute();
const firstProductId = async (shop: Shop) =>
  (
    await shop.services.database.db
      .selectFrom("product")
      .select("id")
      .orderBy("position")
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow()
  ).id;

let n = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++n}@gmail.test`;

describe("Sign in with Google (OpenID Connect against a local provider)", () => {
  let oidc: OidcServer;
  let shop: Shop;
  beforeAll(async () => {
    oidc = await startOidcServer({ shopOrigin: TEST_ORIGIN });
    shop = await createGoogleShop(oidc);
  });
  afterAll(async () => {
    await shop?.close();
    await oidc?.stop();
  });

  it("shows the Google button on /login when configured", async () => {
    const request = new Request(`${TEST_ORIGIN}/login`);
    const data = (await loginLoader({ request, context: await pageContext(shop, request), params: {} } as never)) as {
      googleSignIn: boolean;
    };
    expect(data.googleSignIn).toBe(true);
  });

  it("creates an account for a new Google user and returns them, signed in, to the page they came from", async () => {
    const productId = await firstProductId(shop);
    const email = uniqueEmail("new");
    const browser = new Browser(shop);
    const { landed, pages } = await continueWithGoogle(browser, shop, {
      email,
      name: "Grace Hopper",
      from: `/product/${productId}`,
    });
    expect(pages).toEqual([expect.stringMatching(/^\/interaction\//), expect.stringMatching(/^\/interaction\//)]);
    expect(landed).toBe(`${TEST_ORIGIN}/product/${productId}`);

    const session = await apiAs(shop, browser.shopCookie, "/api/auth/get-session");
    expect(await session.json()).toMatchObject({
      user: { email, name: "Grace Hopper", emailVerified: true, image: expect.stringContaining(oidc.issuer) },
    });
    const profile = await apiAs(shop, browser.shopCookie, `/api/users/${encodeURIComponent(email)}`);
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email, displayName: "Grace Hopper", admin: false });

    const [user, ...others] = await userByEmail(shop, email);
    expect(others).toHaveLength(0);
    expect(await accountsOf(shop, user.id)).toEqual([
      { providerId: "google", accountId: oidc.accounts.get(email)!.sub },
    ]);
  });

  it("signs a returning Google user into the same account (no second account)", async () => {
    const email = uniqueEmail("again");
    await continueWithGoogle(new Browser(shop), shop, { email, name: "Ada Lovelace" });
    const browser = new Browser(shop);
    const { landed } = await continueWithGoogle(browser, shop, { email, name: "Ada Lovelace", from: "/mywishlists" });
    expect(landed).toBe(`${TEST_ORIGIN}/mywishlists`);
    const users = await userByEmail(shop, email);
    expect(users).toHaveLength(1);
    expect(await accountsOf(shop, users[0].id)).toHaveLength(1);
    expect(await (await apiAs(shop, browser.shopCookie, "/api/auth/get-session")).json()).toMatchObject({
      user: { id: users[0].id },
    });
  });

  /** A password account made through the API, with one product in its wishlist; answers its cookie and id. */
  async function passwordAccount(email: string) {
    const signUp = await apiAs(shop, "", "/api/auth/sign-up/email", {
      method: "POST",
      json: { email, password: "sunlit-harbor-1234", name: "Linus Pauling" },
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const productId = await firstProductId(shop);
    const added = await apiAs(shop, cookie, "/api/wishlist", { method: "POST", json: { productId } });
    expect(added.status).toBe(201);
    const [user] = await userByEmail(shop, email);
    return { cookie, productId, userId: user.id };
  }

  it("does not link Google to a password account whose owner has not confirmed the address; the password keeps working", async () => {
    const email = uniqueEmail("unconfirmed");
    const { userId } = await passwordAccount(email);

    const browser = new Browser(shop);
    const { landed } = await continueWithGoogle(browser, shop, { email, name: "Someone Else", from: "/mywishlists" });
    const url = new URL(landed);
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("error")).toBe("account_not_linked");
    expect(browser.shopCookie).not.toMatch(/session_token=/);
    expect(await accountsOf(shop, userId)).toEqual([expect.objectContaining({ providerId: "credential" })]);
    expect(await userByEmail(shop, email)).toHaveLength(1);
    const password = await apiAs(shop, "", "/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password: "sunlit-harbor-1234" },
    });
    expect(password.status).toBe(200);

    const request = new Request(landed);
    const data = (await loginLoader({ request, context: await pageContext(shop, request), params: {} } as never)) as {
      googleError: string;
    };
    expect(data.googleError).toMatch(/already exists, and its address is not confirmed yet/);
  });

  it("links Google to a password account whose owner confirmed the address with the shop's link, keeping its data and password", async () => {
    const email = uniqueEmail("confirmed");
    const { productId, userId } = await passwordAccount(email);
    // the confirmation mail the sign-up queued (no mail server here: it waits in the outbox)
    const [confirmation] = await mail.mailTo({ db: shop.services.database.db }, email);
    expect(confirmation.kind).toBe("email-verification");
    const link = /href="([^"]*\/api\/auth\/verify-email[^"]*)"/.exec(confirmation.html)?.[1].replaceAll("&amp;", "&");
    expect((await shop.app.request(link!)).status).toBe(302);
    expect((await userByEmail(shop, email))[0].emailVerified).toBeTruthy();

    const browser = new Browser(shop);
    const { landed } = await continueWithGoogle(browser, shop, {
      email: email.toUpperCase(),
      name: "Someone Else",
      from: "/mywishlists",
    });
    expect(landed).toBe(`${TEST_ORIGIN}/mywishlists`);

    const users = await userByEmail(shop, email);
    expect(users).toHaveLength(1);
    expect(users[0].id).toBe(userId);
    expect(users[0].name).toBe("Linus Pauling"); // the shop's profile is kept
    expect((await accountsOf(shop, userId)).map((a) => a.providerId)).toEqual(["credential", "google"]);
    const wishlist = await apiAs(shop, browser.shopCookie, `/api/wishlist/${encodeURIComponent(email)}`);
    expect(wishlist.status).toBe(200);
    expect(await wishlist.json()).toEqual([
      expect.objectContaining({ product_deatils: expect.objectContaining({ _id: productId }) }),
    ]);
    const password = await apiAs(shop, "", "/api/auth/sign-in/email", {
      method: "POST",
      json: { email, password: "sunlit-harbor-1234" },
    });
    expect(password.status).toBe(200);
  });

  it("does not link when the provider has not verified the email, and says so on /login", async () => {
    const email = uniqueEmail("unverified");
    const signUp = await apiAs(shop, "", "/api/auth/sign-up/email", {
      method: "POST",
      json: { email, password: "sunlit-harbor-1234", name: "Owner" },
    });
    expect(signUp.status).toBe(200);
    const [owner] = await userByEmail(shop, email);

    const browser = new Browser(shop);
    const { landed } = await continueWithGoogle(browser, shop, {
      email,
      name: "Intruder",
      emailVerified: false,
      from: "/mywishlists",
    });
    const url = new URL(landed);
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("from")).toBe("/mywishlists");
    expect(url.searchParams.get("error")).toBe("account_not_linked");
    expect(await accountsOf(shop, owner.id)).toEqual([expect.objectContaining({ providerId: "credential" })]);
    expect(browser.shopCookie).not.toMatch(/session_token=/);

    const request = new Request(landed);
    const data = (await loginLoader({ request, context: await pageContext(shop, request), params: {} } as never)) as {
      googleError: string;
      from: string;
    };
    expect(data.from).toBe("/mywishlists");
    expect(data.googleError).toMatch(/already exists/);
  });

  it.each([
    ["denies at the consent screen", "deny"],
    ["cancels at the provider's login", "cancel-login"],
  ] as const)(
    "a person who %s is back on /login with a readable message, and no account is made",
    async (_label, decision) => {
      const email = uniqueEmail(decision);
      const browser = new Browser(shop);
      const { landed } = await continueWithGoogle(browser, shop, {
        email,
        name: "Nope",
        decision,
        from: "/product/abc",
      });
      const url = new URL(landed);
      expect(url.pathname).toBe("/login");
      expect(url.searchParams.get("from")).toBe("/product/abc");
      expect(url.searchParams.get("error")).toBe("access_denied");
      expect(await userByEmail(shop, email)).toHaveLength(0);

      const request = new Request(landed);
      const data = (await loginLoader({ request, context: await pageContext(shop, request), params: {} } as never)) as {
        googleError: string;
      };
      expect(data.googleError).toBe(
        "Google sign-in was cancelled. You can try again or sign in with your email and password.",
      );
    },
  );

  it("sends a callback with a forged state back to /login with a readable message", async () => {
    const res = await apiAs(shop, "", "/api/auth/callback/google?code=forged&state=forged-state");
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get("location")!, TEST_ORIGIN);
    expect(url.pathname).toBe("/login");
    const code = url.searchParams.get("error");
    expect(code).toBeTruthy();
    const request = new Request(url.href);
    const data = (await loginLoader({ request, context: await pageContext(shop, request), params: {} } as never)) as {
      googleError: string;
    };
    expect(data.googleError).not.toContain(code!);
    expect(data.googleError).toMatch(/try again/i);
  });

  it("only sends people back to pages of the shop", async () => {
    const browser = new Browser(shop);
    const { landed } = await continueWithGoogle(browser, shop, {
      email: uniqueEmail("evil"),
      from: "//evil.example/steal",
    });
    expect(landed).toBe(`${TEST_ORIGIN}/`);
  });
});

describe("without Google configured", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ seed: false });
  });
  afterAll(() => shop.close());

  it("has no Google provider: no button on /login and the sign-in endpoint refuses", async () => {
    expect(shop.services.config.google).toBeUndefined();
    const request = new Request(`${TEST_ORIGIN}/login`);
    const data = (await loginLoader({ request, context: await pageContext(shop, request), params: {} } as never)) as {
      googleSignIn: boolean;
    };
    expect(data.googleSignIn).toBe(false);

    const res = await shop.anonymous.request("/api/auth/sign-in/social", {
      method: "POST",
      json: { provider: "google", callbackURL: `${TEST_ORIGIN}/` },
    });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({ code: "PROVIDER_NOT_FOUND" });
  });

  it("answers the sign-in page's Google button with a message instead of an error page", async () => {
    const request = new Request(`${TEST_ORIGIN}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN },
      body: new URLSearchParams({ intent: "google", from: "/" }).toString(),
    });
    const result = (await loginAction({
      request,
      context: await pageContext(shop, request),
      params: {},
    } as never)) as unknown as {
      data: { message: string };
      init: { status: number };
    };
    expect(result.init.status).toBe(502);
    expect(result.data.message).toBe("Google sign-in is not available right now.");
  });
});
