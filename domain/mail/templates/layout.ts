import type { MailShop, RenderedMail } from "../types.ts";
import { absoluteUrl, type Html, html, MIDDLE_DOT, markup } from "./html.ts";

/**
 * Colours with at least 4.5:1 contrast on their background (WCAG AA): ink on white, muted slate on
 * white, white on the button's dark blue.
 */
export const COLORS = {
  ink: "#0f172a",
  muted: "#475569",
  line: "#e2e8f0",
  page: "#f1f5f9",
  link: "#1d4ed8",
  button: "#1e3a8a",
} as const;

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export type MailParts = {
  subject: string;
  /** the first line mail apps show beside the subject */
  preview: string;
  body: Html;
  text: string;
  /** why the recipient got this mail (in the footer) */
  reason: string;
};

/** Wraps a mail's body in the shop's frame: HTML readable on a phone (one 600 px column) and plain text. */
export function frame(shop: MailShop, parts: MailParts): RenderedMail {
  const home = absoluteUrl(`${shop.publicUrl}/`);
  const page = html`<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${parts.subject}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLORS.page};color:${COLORS.ink};font-family:${FONT};font-size:16px;line-height:1.5;">
<div style="display:none;max-height:0;overflow:hidden;">${parts.preview}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLORS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border-radius:12px;">
<tr><td style="padding:24px 24px 0 24px;">
<a href="${home}" style="color:${COLORS.ink};font-size:20px;font-weight:700;text-decoration:none;">${shop.name}</a>
</td></tr>
<tr><td style="padding:16px 24px 28px 24px;color:${COLORS.ink};">
${parts.body}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
<tr><td style="padding:16px 24px;color:${COLORS.muted};font-size:13px;line-height:1.5;">
<p style="margin:0 0 4px 0;">${parts.reason}</p>
<p style="margin:0;"><a href="${home}" style="color:${COLORS.muted};">${shop.name}</a> ${MIDDLE_DOT} ${home}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = `${shop.name}\n\n${parts.text.trim()}\n\n--\n${parts.reason}\n${shop.name} · ${home}\n`;
  return { subject: parts.subject, html: markup(page), text };
}

export const heading = (text: string) =>
  html`<h1 style="margin:0 0 16px 0;font-size:22px;line-height:1.3;color:${COLORS.ink};">${text}</h1>`;

export const paragraph = (content: Html | string) => html`<p style="margin:0 0 16px 0;">${content}</p>`;

export const small = (content: Html | string) =>
  html`<p style="margin:0 0 12px 0;font-size:14px;color:${COLORS.muted};">${content}</p>`;

/** A large link that looks like a button (a real link: it works in every mail app, with or without styles). */
export function button(label: string, url: string): Html {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px 0;">
<tr><td style="border-radius:8px;background-color:${COLORS.button};">
<a href="${absoluteUrl(url)}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:700;text-decoration:none;border-radius:8px;">${label}</a>
</td></tr></table>`;
}

/** A link written out in full, for those who cannot use the button. */
export function fallbackLink(url: string): Html {
  const href = absoluteUrl(url);
  return small(
    html`If the button does not work, copy this address into your browser:<br><a href="${href}" style="color:${COLORS.link};word-break:break-all;">${href}</a>`,
  );
}
