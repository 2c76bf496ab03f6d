import { formatLongDateTime } from "../../shared/dates.ts";
import type { MailData, MailShop, RenderedMail } from "../types.ts";
import { html, join, multiline } from "./html.ts";
import { COLORS, frame, heading, paragraph, small } from "./layout.ts";

/** A contact-form message, to the shop's address (Reply-To: the sender). */
export function contactReceipt(shop: MailShop, data: MailData["contact-receipt"]): RenderedMail {
  const received = formatLongDateTime(data.receivedAt);
  const label = `padding:4px 12px 4px 0;vertical-align:top;color:${COLORS.muted};`;
  return frame(shop, {
    subject: `Contact form: message from ${data.name}`,
    preview: data.message.slice(0, 120),
    body: join(
      heading("A new message through the contact form"),
      html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0;">
<tr><td style="${label}">From</td><td style="padding:4px 0;">${data.name}</td></tr>
<tr><td style="${label}">Email</td><td style="padding:4px 0;word-break:break-all;"><a href="mailto:${data.email}" style="color:${COLORS.link};">${data.email}</a></td></tr>
${data.phone ? html`<tr><td style="${label}">Phone</td><td style="padding:4px 0;">${data.phone}</td></tr>` : null}
<tr><td style="${label}">Received</td><td style="padding:4px 0;">${received}</td></tr>
</table>`,
      html`<div style="margin:0 0 16px 0;padding:12px 16px;border-left:4px solid ${COLORS.line};background-color:#f8fafc;">${multiline(data.message)}</div>`,
      small("Reply to this mail to answer the sender."),
    ),
    text: `A new message through the contact form.

From: ${data.name}
Email: ${data.email}
${data.phone ? `Phone: ${data.phone}\n` : ""}Received: ${received}

${data.message}

Reply to this mail to answer the sender.`,
    reason: `You received this mail because it is the address ${shop.name} sends contact-form messages to.`,
  });
}

/**
 * To whoever wrote. It repeats nothing they typed: anyone can put any address into the form, so
 * the shop must not become a way to send someone else's words to a stranger.
 */
export function contactAcknowledgement(shop: MailShop, data: MailData["contact-acknowledgement"]): RenderedMail {
  const received = formatLongDateTime(data.receivedAt);
  return frame(shop, {
    subject: `We have received your message to ${shop.name}`,
    preview: "Thank you for writing. We answer within one working day.",
    body: join(
      heading("Thank you for your message"),
      paragraph("Hello,"),
      paragraph(
        `We received your message through the ${shop.name} contact form on ${received}. Our team answers every message within one working day.`,
      ),
      small("If you did not write to us, someone may have typed your address by mistake: you can ignore this mail."),
    ),
    text: `Hello,

We received your message through the ${shop.name} contact form on ${received}. Our team answers every message within one working day.

If you did not write to us, someone may have typed your address by mistake: you can ignore this mail.`,
    reason: `You received this mail because this address was given on the ${shop.name} contact form.`,
  });
}
