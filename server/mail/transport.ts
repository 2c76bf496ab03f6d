import type { MailTransport, OutgoingMail } from "../../domain/mail/index.ts";
import type { MailConfig } from "../config.ts";

export type SmtpTransport = MailTransport & {
  /** connects and greets the server (and logs in, when the URL has credentials) */
  verify: () => Promise<void>;
  close: () => void;
};

/**
 * Sends through the SMTP server of SMTP_URL. The timeouts keep one attempt well inside the
 * worker's lease, so that a slow server cannot make two workers send the same mail. nodemailer is
 * loaded only by shops that send mail.
 */
export async function smtpTransport(mail: MailConfig & { smtpUrl: string }): Promise<SmtpTransport> {
  const { default: nodemailer } = await import("nodemailer");
  const transporter = nodemailer.createTransport({
    url: mail.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: "smtp",
    send: async (message: OutgoingMail) => {
      await transporter.sendMail({
        from: mail.from,
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: message.messageId,
      });
    },
    verify: async () => {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}

/** No mail server: the outbox keeps every mail, and admins read them on /dashboard/mail. */
export const previewTransport: MailTransport = { name: "preview", send: async () => {} };

/** SMTP_URL without its password, for log lines. */
export function describeSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unreadable SMTP_URL)";
  }
}
