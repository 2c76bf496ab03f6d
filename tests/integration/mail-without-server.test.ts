/**
 * A shop without a mail server (no SMTP_URL): nothing leaves the machine, so the outbox must not
 * call any mail "sent". Each mail is kept for the admins to read, marked "Not sent", and the mail
 * page says plainly at its top that no mail server is set up. Mail kept that way before this rule
 * (marked sent by the preview) is corrected by migration 0019. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as mailPageLoader } from "../../app/routes/dashboard/admin/mail.tsx";
import { loader as mailMessageLoader } from "../../app/routes/dashboard/admin/mail-message.tsx";
import { loader as dashboardLoader } from "../../app/routes/dashboard/layout.tsx";
import { action as forgotAction } from "../../app/routes/forgot-password.tsx";
import { up as mailKept } from "../../db/migrations/0019_mail_kept_not_sent.ts";
import * as mail from "../../domain/mail/index.ts";
import { confirmEmail } from "../support/fixtures.ts";
import { type Client, createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

const quick = { pollMs: 50, nudgeDelayMs: 5 };
let shop: TestShop;
let admin: Client;
beforeAll(async () => {
  shop = await createTestShop({ seed: false, mailWorker: quick });
  admin = await shop.admin();
});
afterAll(async () => shop?.close());

let n = 0;
const address = (label: string) => `${label}-${Date.now()}-${++n}@mail.test`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function settled(to: string): Promise<mail.OutboxMail> {
  const until = Date.now() + 10_000;
  for (;;) {
    const [row] = await mail.mailTo({ db: shop.db }, to);
    if (row && row.status !== "pending" && row.status !== "sending") return row;
    if (Date.now() > until) throw new Error(`mail to ${to} is still ${row?.status ?? "missing"}`);
    await sleep(25);
  }
}

type MailPage = {
  mails: { id: string; status: string; sentAt: string | null }[];
  counts: Record<string, number>;
  notice: { tone: string; text: string };
};

async function mailPage(query = "", as: Client = admin): Promise<MailPage> {
  const request = new Request(`${TEST_ORIGIN}/dashboard/mail${query}`, { headers: { cookie: as.cookie } });
  return (await mailPageLoader({ request, context: await pageContext(shop, request), params: {} } as never)) as never;
}

const acknowledgement = (to: string) =>
  mail.enqueue(
    { db: shop.db, shop: shop.services.shopSettings },
    { kind: "contact-acknowledgement", to, data: { receivedAt: new Date().toISOString() } },
  );

async function mailMessage(
  id: string,
  as: Client = admin,
): Promise<{ mail: mail.OutboxMail; links: string[]; srcDoc: string }> {
  const request = new Request(`${TEST_ORIGIN}/dashboard/mail/${id}`, { headers: { cookie: as.cookie } });
  return (await mailMessageLoader({
    request,
    context: await pageContext(shop, request),
    params: { mailId: id },
  } as never)) as never;
}

describe("mail without a mail server", () => {
  it("keeps a password reset's link from admins other than the owner, and the page that asked for it says no mail can be sent", async () => {
    const customer = await shop.customer("Locked Out");
    const request = new Request(`${TEST_ORIGIN}/forgot-password`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: customer.email }).toString(),
    });
    const answer = (await forgotAction({
      request,
      context: await pageContext(shop, request),
      params: {},
    } as never)) as {
      ok: boolean;
      message: string;
    };
    expect(answer.message).toBe(
      `This shop cannot send mail yet, so no link could be sent to ${customer.email}. Please contact the shop to get back into your account.`,
    );
    const row = await settled(customer.email);
    expect(row).toMatchObject({ kind: "password-reset", status: "kept" });
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(row.text)?.[1];
    expect(token, "the kept mail holds the link").toBeTruthy();

    // another admin reads it neither on the mail's page nor in the list: it would sign them in as the customer
    const other = await shop.customer("Second Admin");
    await confirmEmail(shop, other.email);
    const made = await admin.request("/api/users/admin", { method: "PUT", json: { email: other.email } });
    expect(made.status).toBe(200);
    const one = await mailMessage(row.id, other);
    expect(one.mail.text + one.mail.html + one.srcDoc + one.links.join(" ")).not.toContain(token as string);
    expect(one.mail.text).toMatch(/one-time sign-in link meant for its recipient alone/);
    const list = await mailPage("", other);
    expect(list.mails.map((m) => m.id)).toContain(row.id);
    expect(JSON.stringify(list)).not.toContain(token as string);
    // the owner (SHOP_ADMIN_EMAIL) does, to help the customer back in
    expect((await mailMessage(row.id)).links.join(" ")).toContain(token as string);
  });

  it("the dashboard does not tell a new customer that a confirmation link was sent", async () => {
    const customer = await shop.customer("No Mail");
    const request = new Request(`${TEST_ORIGIN}/dashboard`, { headers: { cookie: customer.cookie } });
    const page = await dashboardLoader({ request, context: await pageContext(shop, request), params: {} } as never);
    expect(page).toMatchObject({ emailVerified: false, mailLeavesTheShop: false });
  });

  it("is kept, never marked sent, and the list says it was not sent", async () => {
    expect(shop.services.mail.transport.name).toBe("preview");
    const to = address("kept");
    const queued = await acknowledgement(to);
    const row = await settled(to);
    expect(row).toMatchObject({ status: "kept", transport: "preview", sentAt: null });

    const page = await mailPage();
    expect(page.mails).toContainEqual(expect.objectContaining({ id: queued.id, status: "kept", sentAt: null }));
    expect(page.counts.sent).toBe(0);
    expect(page.counts.kept).toBeGreaterThanOrEqual(1);
    expect(page.notice.tone).toBe("warning");
    expect(page.notice.text).toMatch(/^No mail server is set up \(SMTP_URL\): no mail has left the shop\./);

    // "Sent" lists nothing; "Not sent" lists it
    expect((await mailPage("?status=sent")).mails.map((m) => m.id)).not.toContain(queued.id);
    expect((await mailPage("?status=kept")).mails.map((m) => m.id)).toContain(queued.id);
    expect(mail.MAIL_STATUS_LABELS.kept).toBe("Not sent: no mail server (SMTP_URL)");

    // the mail's own page says when it was kept and that it was not sent
    const request = new Request(`${TEST_ORIGIN}/dashboard/mail/${queued.id}`, { headers: { cookie: admin.cookie } });
    const one = (await mailMessageLoader({
      request,
      context: await pageContext(shop, request),
      params: { mailId: queued.id },
    } as never)) as { delivery: [string, string][] };
    expect(one.delivery).toContainEqual(["Not sent", expect.stringMatching(/no mail server was set up \(SMTP_URL\)/)]);
    expect(one.delivery.map(([label]) => label)).not.toContain("Sent");
  });

  it("migration 0019 corrects mail that the preview had marked sent", async () => {
    const to = address("old-preview");
    const queued = await acknowledgement(to);
    await settled(to);
    const now = new Date().toISOString();
    await shop.db
      .updateTable("mail_outbox")
      .set({ status: "sent", sent_at: now })
      .where("id", "=", queued.id)
      .execute();
    const viaSmtp = address("old-smtp");
    const real = await acknowledgement(viaSmtp);
    await settled(viaSmtp);
    await shop.db
      .updateTable("mail_outbox")
      .set({ status: "sent", sent_at: now, transport: "smtp" })
      .where("id", "=", real.id)
      .execute();

    await mailKept(shop.db as never);

    expect(await mail.mailTo({ db: shop.db }, to)).toEqual([
      expect.objectContaining({ status: "kept", transport: "preview", sentAt: null }),
    ]);
    expect(await mail.mailTo({ db: shop.db }, viaSmtp)).toEqual([
      expect.objectContaining({ status: "sent", transport: "smtp" }),
    ]);
  });
});
