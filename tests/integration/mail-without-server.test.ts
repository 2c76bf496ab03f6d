/**
 * A shop without a mail server (no SMTP_URL): nothing leaves the machine, so the outbox must not
 * call any mail "sent". Each mail is kept for the admins to read, marked "Not sent", and the mail
 * page says plainly at its top that no mail server is set up. Mail kept that way before this rule
 * (marked sent by the preview) is corrected by migration 0019. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as mailPageLoader } from "../../app/routes/dashboard/admin/mail.tsx";
import { loader as mailMessageLoader } from "../../app/routes/dashboard/admin/mail-message.tsx";
import { up as mailKept } from "../../db/migrations/0019_mail_kept_not_sent.ts";
import * as mail from "../../domain/mail/index.ts";
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

async function mailPage(query = ""): Promise<MailPage> {
  const request = new Request(`${TEST_ORIGIN}/dashboard/mail${query}`, { headers: { cookie: admin.cookie } });
  return (await mailPageLoader({ request, context: await pageContext(shop, request), params: {} } as never)) as never;
}

const acknowledgement = (to: string) =>
  mail.enqueue(
    { db: shop.db, shop: shop.services.shopSettings },
    { kind: "contact-acknowledgement", to, data: { receivedAt: new Date().toISOString() } },
  );

describe("mail without a mail server", () => {
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
