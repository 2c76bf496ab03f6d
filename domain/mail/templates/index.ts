import type { MailRequest, MailShop, RenderedMail } from "../types.ts";
import { emailVerification, passwordReset } from "./account.ts";
import { contactAcknowledgement, contactReceipt } from "./contact.ts";
import { orderCancelled, orderConfirmation, orderShipped } from "./orders.ts";

/** Renders a mail of any kind: subject, HTML and plain text. */
export function renderMail(shop: MailShop, request: MailRequest): RenderedMail {
  switch (request.kind) {
    case "password-reset":
      return passwordReset(shop, request.data);
    case "email-verification":
      return emailVerification(shop, request.data);
    case "order-confirmation":
      return orderConfirmation(shop, request.data);
    case "order-shipped":
      return orderShipped(shop, request.data);
    case "order-cancelled":
      return orderCancelled(shop, request.data);
    case "contact-receipt":
      return contactReceipt(shop, request.data);
    case "contact-acknowledgement":
      return contactAcknowledgement(shop, request.data);
  }
}
