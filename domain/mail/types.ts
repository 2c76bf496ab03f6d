import type { ShopSettings } from "../shared/context.ts";

/** What a template needs to know about the shop: its name, and its address for absolute links. */
export type MailShop = Pick<ShopSettings, "name" | "publicUrl"> & Partial<Pick<ShopSettings, "mediaBaseUrl">>;

/** A shipping address as the order mails show it. */
export type OrderMailAddress = {
  fullName: string;
  line1: string;
  line2?: string | null;
  city: string;
  /** state, province or county */
  region?: string | null;
  postalCode: string;
  country?: string | null;
  phone?: string | null;
};

/** One line of an order: a product (and its variant) bought in some quantity. */
export type OrderMailLine = {
  title: string;
  /** e.g. "Size M / Blue" */
  variantTitle?: string | null;
  sku?: string | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** the product image's media key, shown beside the line when given */
  imageKey?: string | null;
};

/** An order as every order mail shows it. Money is in cents. */
export type OrderMail = {
  orderNumber: number | string;
  /** ISO timestamp */
  placedAt: string;
  customerName: string;
  lines: OrderMailLine[];
  subtotalCents: number;
  /** left out: no shipping row; 0: "Free" */
  shippingCents?: number | null;
  /** a discount, as a positive amount that was taken off */
  discountCents?: number | null;
  taxCents?: number | null;
  totalCents: number;
  shippingAddress: OrderMailAddress;
  /** as the customer should read it, e.g. "Card ending in 4242" or "Pay on delivery" */
  paymentMethod: string;
};

/** The shop's bank account for a transfer, and the reference the customer gives (the order number). */
export type BankTransferMail = {
  accountHolder: string;
  accountNumber: string;
  bankName?: string | null;
  note?: string | null;
  reference: string;
};

/** The data each kind of mail is rendered from. */
export type MailData = {
  /** `validForHours`: how long the link works (as the auth configuration sets it) */
  "password-reset": { name: string; url: string; validForHours: number };
  "email-verification": { name: string; url: string; validForHours: number };
  "order-confirmation": {
    order: OrderMail;
    /** for an order paid on delivery, where the customer may transfer the total to instead (when the shop takes transfers) */
    bankTransfer?: BankTransferMail | null;
  };
  "order-shipped": {
    order: OrderMail;
    tracking?: { carrier?: string | null; number?: string | null; url?: string | null } | null;
  };
  "order-cancelled": {
    order: OrderMail;
    cancelledBy: "customer" | "shop";
    reason?: string | null;
    /** what goes back to the customer's payment method; left out or 0 when nothing was paid */
    refundCents?: number | null;
    /** the shop also removed the order (an admin erased it while Pending): it is no longer among the customer's */
    removed?: boolean;
    /** an order to pay on delivery while the shop takes bank transfers: it may have been paid that way */
    mayHaveTransferred?: boolean;
    /** a pay-on-delivery order the shop had recorded as paid: this much is owed back, by the shop's own hand */
    paidBackCents?: number;
  };
  /** a contact-form message, to the shop */
  "contact-receipt": { name: string; email: string; phone: string | null; message: string; receivedAt: string };
  /** to whoever wrote through the contact form */
  "contact-acknowledgement": { receivedAt: string };
};

export type MailKind = keyof MailData;

/** A mail to queue: its kind, the recipient, and the data its template needs. */
export type MailRequest = {
  [K in MailKind]: { kind: K; to: string; data: MailData[K]; replyTo?: string };
}[MailKind];

/** A rendered mail. */
export type RenderedMail = { subject: string; html: string; text: string };

/** Kinds whose message carries a sign-in secret (a reset or verification link). */
export const SENSITIVE_KINDS: readonly MailKind[] = ["password-reset", "email-verification"];
