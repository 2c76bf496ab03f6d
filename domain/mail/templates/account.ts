import type { MailData, MailShop, RenderedMail } from "../types.ts";
import { join } from "./html.ts";
import { button, fallbackLink, frame, heading, paragraph, small } from "./layout.ts";

const hours = (n: number) => (n === 1 ? "one hour" : `${n} hours`);

export function passwordReset(shop: MailShop, data: MailData["password-reset"]): RenderedMail {
  return frame(shop, {
    subject: `Reset your ${shop.name} password`,
    preview: `Choose a new password with the link inside. It works once, for ${hours(data.validForHours)}.`,
    body: join(
      heading("Choose a new password"),
      paragraph(`Hello ${data.name},`),
      paragraph(
        `Someone (we hope you) asked to reset the password of your ${shop.name} account. Choose a new one with the button below.`,
      ),
      button("Choose a new password", data.url),
      fallbackLink(data.url),
      small(
        `The link works once, for ${hours(data.validForHours)}. Setting a new password signs your account out on every other device.`,
      ),
      small("If you did not ask for this, you can ignore this mail: your password stays as it is."),
    ),
    text: `Hello ${data.name},

Someone (we hope you) asked to reset the password of your ${shop.name} account. Choose a new one here:

${data.url}

The link works once, for ${hours(data.validForHours)}. Setting a new password signs your account out on every other device.

If you did not ask for this, you can ignore this mail: your password stays as it is.`,
    reason: `You received this mail because a password reset was requested for your ${shop.name} account.`,
  });
}

export function emailVerification(shop: MailShop, data: MailData["email-verification"]): RenderedMail {
  return frame(shop, {
    subject: `Confirm your email address for ${shop.name}`,
    preview: "One click confirms that this address is yours.",
    body: join(
      heading("Confirm your email address"),
      paragraph(`Hello ${data.name},`),
      paragraph(
        `Thank you for creating an account at ${shop.name}. Please confirm that this email address is yours, so that we can help you if you ever forget your password.`,
      ),
      button("Confirm my email address", data.url),
      fallbackLink(data.url),
      small(
        `The link works for ${hours(data.validForHours)}. Your account works already; you can ask for a new link in your dashboard.`,
      ),
      small("If you did not create an account, you can ignore this mail."),
    ),
    text: `Hello ${data.name},

Thank you for creating an account at ${shop.name}. Please confirm that this email address is yours, so that we can help you if you ever forget your password:

${data.url}

The link works for ${hours(data.validForHours)}. Your account works already; you can ask for a new link in your dashboard.

If you did not create an account, you can ignore this mail.`,
    reason: `You received this mail because an account at ${shop.name} was created with this address.`,
  });
}
