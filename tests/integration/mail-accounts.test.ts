/**
 * Password reset, address confirmation and contact-form mail, through Better Auth's endpoints and
 * the pages, with mail read from a real SMTP server on localhost. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as dashboardAction, loader as dashboardLoader } from "../../app/routes/dashboard/layout.tsx";
import { action as forgotAction } from "../../app/routes/forgot-password.tsx";
import { action as resetAction, loader as resetLoader } from "../../app/routes/reset-password.tsx";
import * as mail from "../../domain/mail/index.ts";
import { userRow } from "../support/fixtures.ts";
import { ADMIN, CUSTOMER_PASSWORD, createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server.ts";

const quick = { pollMs: 100, nudgeDelayMs: 10 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

type PageResult = {
  data: { ok: boolean; message: string; fields?: Record<string, string> };
  init?: { status: number };
};

async function runPage<T>(
  shop: TestShop,
  fn: (args: never) => Promise<T> | T,
  url: string,
  init: { form?: Record<string, string>; cookie?: string; params?: Record<string, string> } = {},
): Promise<T> {
  const headers = new Headers({ origin: TEST_ORIGIN });
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.form) headers.set("content-type", "application/x-www-form-urlencoded");
  const request = new Request(`${TEST_ORIGIN}${url}`, {
    method: init.form ? "POST" : "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
  return fn({ request, context: await pageContext(shop, request), params: init.params ?? {} } as never);
}

describe("mail for accounts", () => {
  let smtp: SmtpTestServer;
  let shop: TestShop;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await createTestShop({ seed: false, env: { SMTP_URL: smtp.url }, mailWorker: quick });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.stop();
  });

  const signIn = (email: string, password: string) =>
    shop.anonymous.request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });

  it("a password reset: same answer for unknown addresses; the link works once and the old password stops working", async () => {
    const customer = await shop.customer("Reset Me");
    const otherSession = (await signIn(customer.email, CUSTOMER_PASSWORD)).headers;
    const otherCookie = otherSession
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const unknown = await shop.anonymous.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: "nobody-here@shop.test", redirectTo: "/reset-password" },
    });
    const known = await shop.anonymous.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: customer.email, redirectTo: "/reset-password" },
    });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());

    const message = await smtp.waitFor({ to: customer.email, subject: /Reset your/ });
    const link = message.links.find((l) => l.includes("/reset-password/"));
    expect(link).toMatch(new RegExp(`^${TEST_ORIGIN}/reset-password/[A-Za-z0-9_-]+$`));
    expect(message.text).toContain(link);
    const token = link!.split("/").pop()!;
    await sleep(300);
    expect(smtp.messagesTo("nobody-here@shop.test")).toEqual([]);
    expect(await mail.mailTo({ db: shop.db }, "nobody-here@shop.test")).toEqual([]);

    // the page sees a good link
    expect(await runPage(shop, resetLoader, `/reset-password/${token}`, { params: { token } })).toEqual({
      token,
      valid: true,
    });
    // the shop's password rule applies to the API too
    const weak = await shop.anonymous.request("/api/auth/reset-password", {
      method: "POST",
      json: { newPassword: "abcdefgh", token },
    });
    expect(weak.status).toBe(422);
    expect((await weak.json()).error.fields).toEqual({ newPassword: "Mix letters with numbers or symbols." });

    const reset = await shop.anonymous.request("/api/auth/reset-password", {
      method: "POST",
      json: { newPassword: "brand-new-secret-42", token },
    });
    expect(reset.status).toBe(200);
    expect((await signIn(customer.email, CUSTOMER_PASSWORD)).status).toBe(401);
    expect((await signIn(customer.email, "brand-new-secret-42")).status).toBe(200);
    // the link came by mail, so the address is now confirmed too
    expect((await userRow(shop, customer.email))?.emailVerified).toBeTruthy();
    // every session from before the reset has ended
    for (const cookie of [customer.cookie, otherCookie]) {
      const session = await shop.app.request(`${TEST_ORIGIN}/api/auth/get-session`, { headers: { cookie } });
      expect(await session.json()).toBeNull();
    }
    // the link works once
    const again = await shop.anonymous.request("/api/auth/reset-password", {
      method: "POST",
      json: { newPassword: "another-secret-43", token },
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe("INVALID_TOKEN");
    expect(await runPage(shop, resetLoader, `/reset-password?token=${token}`)).toEqual({ token: "", valid: false });
    // once sent, the mail's secret is not kept in the outbox
    const [row] = await mail
      .mailTo({ db: shop.db }, customer.email)
      .then((rows) => rows.filter((r) => r.kind === "password-reset"));
    expect(row.status).toBe("sent");
    expect(row.html + row.text).not.toContain(token);
  });

  it("the reset pages: the same sentence for any address, a weak password refused beside the field, an expired link said plainly", async () => {
    const customer = await shop.customer("Page Reset");
    const asked = (await runPage(shop, forgotAction, "/forgot-password", {
      form: { email: customer.email },
    })) as { ok: boolean; message: string };
    const unknown = (await runPage(shop, forgotAction, "/forgot-password", {
      form: { email: "ghost@shop.test" },
    })) as { ok: boolean; message: string };
    expect(asked).toMatchObject({ ok: true });
    expect(unknown.message).toBe(asked.message.replace(customer.email, "ghost@shop.test"));
    const message = await smtp.waitFor({ to: customer.email, subject: /Reset your/ });
    const token = message.links
      .find((l) => l.includes("/reset-password/"))!
      .split("/")
      .pop()!;

    const weak = (await runPage(shop, resetAction, `/reset-password/${token}`, {
      form: { token, password: "password1", confirmPassword: "password1" },
    })) as unknown as PageResult;
    expect(weak.data.fields).toEqual({ password: "This password is too easy to guess." });

    const done = (await runPage(shop, resetAction, `/reset-password/${token}`, {
      form: { token, password: "page-secret-77", confirmPassword: "page-secret-77" },
    })) as unknown as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login");
    expect((await signIn(customer.email, "page-secret-77")).status).toBe(200);

    const used = (await runPage(shop, resetAction, `/reset-password/${token}`, {
      form: { token, password: "page-secret-78", confirmPassword: "page-secret-78" },
    })) as unknown as PageResult;
    expect(used.data.fields).toEqual({ token: expect.stringMatching(/expired or has already been used/) });
  });

  it("sign-up sends a confirmation link that confirms the address and signs the customer in; the dashboard offers a new one", async () => {
    const customer = await shop.customer("Verify Me");
    const page = (await runPage(shop, dashboardLoader, "/dashboard", { cookie: customer.cookie })) as {
      emailVerified: boolean;
      mailLeavesTheShop: boolean;
    };
    expect(page).toMatchObject({ emailVerified: false, mailLeavesTheShop: true });

    const first = await smtp.waitFor({ to: customer.email, subject: /Confirm your email address/ });
    // the dashboard's banner asks for another link
    const resent = (await runPage(shop, dashboardAction, "/dashboard", {
      cookie: customer.cookie,
      form: {},
    })) as { ok: boolean; message: string };
    expect(resent).toMatchObject({ ok: true, message: expect.stringContaining(customer.email) });
    await expect.poll(() => smtp.messagesTo(customer.email).length).toBe(2);

    const link = first.links.find((l) => l.includes("/api/auth/verify-email"))!;
    expect(link.startsWith(`${TEST_ORIGIN}/api/auth/verify-email?token=`)).toBe(true);
    const visit = await shop.app.request(link);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe(`${TEST_ORIGIN}/email-verified`);
    expect((await userRow(shop, customer.email))?.emailVerified).toBeTruthy();
    const session = await shop.app.request(`${TEST_ORIGIN}/api/auth/get-session`, {
      headers: { cookie: cookieOf(visit) },
    });
    expect((await session.json()).user).toMatchObject({ email: customer.email, emailVerified: true });

    const after = (await runPage(shop, dashboardLoader, "/dashboard", { cookie: customer.cookie })) as {
      emailVerified: boolean;
    };
    expect(after.emailVerified).toBe(true);
  });

  it("a broken or expired confirmation link lands on a page that says so", async () => {
    const res = await shop.app.request(
      `${TEST_ORIGIN}/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(`${TEST_ORIGIN}/email-verified`)}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/\/email-verified\?error=INVALID_TOKEN$/);
  });

  it("accounts the shop makes itself get no confirmation mail", async () => {
    await sleep(200);
    expect(smtp.messagesTo(ADMIN.email)).toEqual([]);
    expect((await userRow(shop, ADMIN.email))?.emailVerified).toBeTruthy();
  });

  it("a contact-form message goes to the shop's address (Reply-To: the sender), and the sender gets an acknowledgement", async () => {
    const sender = `writer-${Date.now()}@example.com`;
    const res = await shop.anonymous.request("/api/contact", {
      method: "POST",
      json: { name: "Rosa Visitor", email: sender, message: "Do you ship to Canada?" },
    });
    expect(res.status).toBe(201);
    const receipt = await smtp.waitFor({ to: shop.services.config.mail.shopEmail, subject: /Rosa Visitor/ });
    expect(shop.services.config.mail.shopEmail).toBe(ADMIN.email);
    expect(receipt.replyTo).toBe(sender);
    expect(receipt.text).toContain("Do you ship to Canada?");
    const ack = await smtp.waitFor({ to: sender });
    expect(ack.subject).toBe("We have received your message to Volt & Thread");
    expect(ack.text).not.toContain("Canada");
  });
});

describe("limits on mail anyone can ask for", () => {
  let smtp: SmtpTestServer;
  let shop: TestShop;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    shop = await createTestShop({
      seed: false,
      env: { SMTP_URL: smtp.url, RATE_LIMIT: "true", TRUST_PROXY: "true" },
      mailWorker: quick,
    });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.stop();
  });

  it("one address gets at most 5 reset mails an hour, whether or not it has an account, and the page says to wait", async () => {
    const customer = await shop.customer("Often Forgets");
    for (const email of [customer.email, "no-account@shop.test"]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await shop.app.request(`${TEST_ORIGIN}/api/auth/request-password-reset`, {
          method: "POST",
          // a different client each time: the per-client limit is not what stops this
          headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": `10.0.0.${i}` },
          body: JSON.stringify({ email, redirectTo: "/reset-password" }),
        });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
          expect((await res.json()).error.code).toBe("TOO_MANY_MAIL_REQUESTS");
        }
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    await expect
      .poll(() => smtp.messagesTo(customer.email).filter((m) => /Reset/.test(m.subject)).length, { timeout: 10_000 })
      .toBe(5);

    const page = (await runPage(shop, forgotAction, "/forgot-password", {
      form: { email: customer.email },
    })) as unknown as PageResult;
    expect(page.init?.status).toBe(429);
    expect(page.data.message).toMatch(/^Several emails were already sent to this address/);
  });
});
