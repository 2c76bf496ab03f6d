/**
 * The outbox and its worker against a real SMTP server on localhost: mail written in a transaction
 * exists only when the transaction commits; a mail server that is down or refuses delays mail but
 * never loses or duplicates it; several shop processes on one database send each mail once.
 * Runs on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as mailPageLoader } from "../../app/routes/dashboard/admin/mail.tsx";
import { inTransaction } from "../../db/connection.ts";
import * as mail from "../../domain/mail/index.ts";
import { requestContextKey } from "../../server/context.ts";
import { createServices } from "../../server/services.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";
import { type SmtpTestServer, startSmtpServer } from "../support/smtp-server.ts";

const quickRetries = {
  pollMs: 100,
  nudgeDelayMs: 10,
  policy: { ...mail.DEFAULT_DELIVERY_POLICY, retryDelayMs: () => 150, maxAttempts: 100, maxPermanentAttempts: 3 },
};

const order: mail.OrderMail = {
  orderNumber: 1_234_567_890_123,
  placedAt: new Date().toISOString(),
  customerName: "Ada Lovelace",
  lines: [{ title: "Linen Shirt", variantTitle: "Size M", quantity: 2, unitPriceCents: 2500, lineTotalCents: 5000 }],
  subtotalCents: 5000,
  totalCents: 5000,
  shippingAddress: { fullName: "Ada Lovelace", line1: "12 Analytical Street", city: "London", postalCode: "NW1" },
  paymentMethod: "Pay on delivery",
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
const address = (label: string) => `${label}-${Date.now()}-${++n}@mail.test`;

async function waitForStatus(shop: TestShop, to: string, status: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await mail.mailTo({ db: shop.db }, to);
    if (row?.status === status) return row;
    if (Date.now() > until) throw new Error(`mail to ${to} is ${row?.status ?? "missing"}, not ${status}`);
    await sleep(50);
  }
}

describe("the mail outbox, sent through a real SMTP server", () => {
  let smtp: SmtpTestServer;
  let database: TestDatabase;
  let shop: TestShop;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase();
    shop = await createTestShop({ database, seed: false, env: { SMTP_URL: smtp.url }, mailWorker: quickRetries });
  });
  afterAll(async () => {
    await shop?.close();
    await database?.drop();
    await smtp?.stop();
  });

  const ctx = () => ({ db: shop.db, shop: shop.services.shopSettings });

  it("sends a queued mail with the shop as sender and a stable Message-ID", async () => {
    const to = address("confirm");
    const queued = await mail.enqueue(ctx(), { kind: "order-confirmation", to, data: { order } });
    expect(queued.messageId).toBe(`<${queued.id}@localhost>`);
    const received = await smtp.waitFor({ to });
    expect(received.messageId).toBe(queued.messageId);
    expect(received.subject).toBe("Your Volt & Thread order 1234567890123");
    expect(received.from).toBe('"Volt & Thread" <shop@localhost>');
    expect(received.text).toContain("2 × $25.00 = $50.00");
    expect(received.html).toContain("Linen Shirt");
    const row = await waitForStatus(shop, to, "sent");
    expect(row).toMatchObject({ attempts: 1, transport: "smtp", lastError: null });
  });

  it("enqueued in a transaction that rolls back, sends nothing", async () => {
    const to = address("rolled-back");
    await expect(
      inTransaction(shop.db, async (trx) => {
        await mail.enqueue({ ...ctx(), db: trx }, { kind: "order-confirmation", to, data: { order } });
        throw new Error("the order failed after its mail was queued");
      }),
    ).rejects.toThrow(/order failed/);
    await shop.services.mail.worker.runOnce();
    await sleep(300);
    expect(smtp.messagesTo(to)).toEqual([]);
    expect(await mail.mailTo({ db: shop.db }, to)).toEqual([]);
  });

  it("with the mail server down when the mail is queued, delivers it once the server is back, exactly once", async () => {
    const to = address("outage");
    await smtp.stop();
    try {
      await mail.enqueue(ctx(), { kind: "order-shipped", to, data: { order } });
      // the worker tries, fails and schedules a retry
      const until = Date.now() + 5000;
      while ((await mail.mailTo({ db: shop.db }, to))[0]?.attempts !== 2 && Date.now() < until) await sleep(50);
      const [waiting] = await mail.mailTo({ db: shop.db }, to);
      expect(waiting.status).not.toBe("sent");
      expect(waiting.attempts).toBeGreaterThanOrEqual(2);
      expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await smtp.start();
    }
    const received = await smtp.waitFor({ to });
    expect(received.subject).toMatch(/is on its way/);
    await waitForStatus(shop, to, "sent");
    await sleep(500); // several more polls: nothing is sent again
    expect(smtp.messagesTo(to)).toHaveLength(1);
  });

  it("a server that refuses the message: retried, then failed with the server's answer, listed for admins", async () => {
    const to = address("refused");
    smtp.refuseWith({ code: 550, message: "Mailbox unavailable (test)" });
    try {
      const queued = await mail.enqueue(ctx(), { kind: "order-cancelled", to, data: { order, cancelledBy: "shop" } });
      const failed = await waitForStatus(shop, to, "failed");
      expect(failed.attempts).toBe(3);
      expect(failed.lastError).toMatch(/550.*Mailbox unavailable/);
      expect(smtp.messagesTo(to)).toEqual([]);

      const admin = await shop.admin();
      const request = new Request(`${TEST_ORIGIN}/dashboard/mail?status=failed`, { headers: { cookie: admin.cookie } });
      const page = (await mailPageLoader({
        request,
        context: await pageContext(shop, request),
        params: {},
      } as never)) as {
        mails: { id: string; status: string; lastError: string | null }[];
      };
      expect(page.mails).toContainEqual(
        expect.objectContaining({ id: queued.id, status: "failed", lastError: expect.stringMatching(/550/) }),
      );

      // an admin's "try again" once the server takes mail again
      smtp.refuseWith(null);
      await mail.retryMail((await pageContext(shop, request)).get(requestContextKey), queued.id);
      await smtp.waitFor({ to });
      await waitForStatus(shop, to, "sent");
    } finally {
      smtp.refuseWith(null);
    }
  });

  it("two shop processes on one database send each mail once", async () => {
    const second = await createServices(shop.services.config, {
      database: database.reopen(),
      log: shop.services.log,
      mailWorker: quickRetries,
    });
    try {
      const recipients = Array.from({ length: 24 }, (_, i) => address(`pair-${i}`));
      // queued from both processes, claimed by both workers
      await Promise.all(
        recipients.map((to, i) =>
          mail.enqueue(
            { db: i % 2 ? shop.db : second.database.db, shop: shop.services.shopSettings },
            { kind: "contact-acknowledgement", to, data: { receivedAt: new Date().toISOString() } },
          ),
        ),
      );
      await Promise.all(recipients.map((to) => smtp.waitFor({ to })));
      await sleep(500);
      for (const to of recipients) expect(smtp.messagesTo(to), to).toHaveLength(1);
      const ids = smtp.messages.filter((m) => recipients.includes(m.envelopeTo[0])).map((m) => m.messageId);
      expect(new Set(ids).size).toBe(recipients.length);
    } finally {
      await second.stop();
      await second.database.close();
    }
  });

  it("two workers claiming at the same moment never take the same mail", async () => {
    const own = await createTestDatabase();
    const other = own.reopen();
    try {
      const settings = shop.services.shopSettings;
      const ids = new Set<string>();
      for (let i = 0; i < 30; i++) {
        const queued = await mail.enqueue(
          { db: own.handle.db, shop: settings },
          { kind: "contact-acknowledgement", to: address("race"), data: { receivedAt: new Date().toISOString() } },
        );
        ids.add(queued.id);
      }
      const sentBy: [string[], string[]] = [[], []];
      const counting = (i: 0 | 1): mail.MailTransport => ({
        name: "preview",
        send: async (m) => {
          sentBy[i].push(m.id);
          await sleep(5);
        },
      });
      const policy = { ...mail.DEFAULT_DELIVERY_POLICY, batchSize: 4 };
      for (let round = 0; round < 10; round++) {
        await Promise.all([
          mail.deliverDue({ db: own.handle.db }, counting(0), policy),
          mail.deliverDue({ db: other.db }, counting(1), policy),
        ]);
      }
      const all = [...sentBy[0], ...sentBy[1]];
      expect(all).toHaveLength(ids.size);
      expect(new Set(all)).toEqual(ids);
      expect(sentBy[0].length).toBeGreaterThan(0);
      expect(sentBy[1].length).toBeGreaterThan(0);
    } finally {
      await other.close();
      await own.drop();
    }
  });
});
