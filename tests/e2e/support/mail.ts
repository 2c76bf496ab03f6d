/**
 * The mail the shop sent, read from the SMTP test server that playwright.config.ts starts
 * (tests/support/smtp-server.ts, over its small HTTP API).
 */
import { expect } from "@playwright/test";

export type SentMail = { subject: string; text: string; html: string; links: string[]; messageId: string };

function mailApi(): string {
  const port = process.env.E2E_MAIL_API_PORT;
  if (!port) throw new Error("E2E_MAIL_API_PORT is not set (playwright.config.ts starts the SMTP test server)");
  return `http://127.0.0.1:${port}`;
}

/** Every mail the shop has sent to `to`, oldest first. */
export async function mailTo(to: string): Promise<SentMail[]> {
  const res = await fetch(`${mailApi()}/messages?to=${encodeURIComponent(to)}`);
  expect(res.ok).toBe(true);
  return (await res.json()) as SentMail[];
}

/** Waits for the `nth` (1-based) mail to `to` whose subject matches, and answers it. */
export async function waitForMail(to: string, subject: RegExp, nth = 1): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(to)).filter((m) => subject.test(m.subject))[nth - 1];
        return Boolean(found);
      },
      { message: `mail ${nth} to ${to} with subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as SentMail;
}

/** The first link in `mail` whose address contains `part`. */
export function linkIn(mail: SentMail, part: string): string {
  const link = mail.links.find((l) => l.includes(part));
  expect(link, `a link with ${part} in "${mail.subject}"`).toBeTruthy();
  return link as string;
}
