import { describe, expect, it } from "vitest";
import { type MailRequest, type OrderMail, renderMail } from "./index.ts";

const shop = { name: "Volt & Thread", publicUrl: "https://shop.example.com" };

const order: OrderMail = {
  orderNumber: 4_815_162_342_001,
  placedAt: "2026-11-23T10:15:00.000Z",
  customerName: "Ada Lovelace",
  lines: [
    {
      title: "Linen Shirt",
      variantTitle: "Size M / Blue",
      sku: "LS-M-BLU",
      quantity: 2,
      unitPriceCents: 3999,
      lineTotalCents: 7998,
      imageKey: "products/linen-shirt",
    },
    { title: "Smart Watch S2", sku: "SW-S2", quantity: 1, unitPriceCents: 19_900, lineTotalCents: 19_900 },
  ],
  subtotalCents: 27_898,
  shippingCents: 0,
  taxCents: 1_250,
  totalCents: 29_148,
  shippingAddress: {
    fullName: "Ada Lovelace",
    line1: "12 Analytical Street",
    city: "London",
    region: "Greater London",
    postalCode: "NW1 6XE",
    country: "United Kingdom",
    phone: "+44 20 7946 0958",
  },
  paymentMethod: "Card ending in 4242",
};

const ORDER_ESSENTIALS = [
  "4815162342001",
  "Linen Shirt",
  "Size M / Blue",
  "LS-M-BLU",
  "2 × $39.99",
  "$79.98",
  "Smart Watch S2",
  "$199.00",
  "$278.98",
  "$12.50",
  "$291.48",
  "12 Analytical Street",
  "NW1 6XE",
  "Card ending in 4242",
];

type Case = { request: MailRequest; subject: RegExp; essentials: string[]; links: string[] };

const cases: Case[] = [
  {
    request: {
      kind: "password-reset",
      to: "ada@example.com",
      data: { name: "Ada", url: "https://shop.example.com/reset-password/tok123", validForHours: 1 },
    },
    subject: /Reset your Volt & Thread password/,
    essentials: ["Hello Ada", "one hour", "https://shop.example.com/reset-password/tok123"],
    links: ["https://shop.example.com/reset-password/tok123"],
  },
  {
    request: {
      kind: "email-verification",
      to: "ada@example.com",
      data: {
        name: "Ada",
        url: "https://shop.example.com/api/auth/verify-email?token=jwt&callbackURL=%2Femail-verified",
        validForHours: 24,
      },
    },
    subject: /Confirm your email address/,
    essentials: ["Hello Ada", "24 hours"],
    links: ["https://shop.example.com/api/auth/verify-email?token=jwt&callbackURL=%2Femail-verified"],
  },
  {
    request: { kind: "order-confirmation", to: "ada@example.com", data: { order } },
    subject: /order 4815162342001/,
    essentials: ["Thank you for your order", "Free", ...ORDER_ESSENTIALS],
    links: ["https://shop.example.com/dashboard/myorders"],
  },
  {
    request: {
      kind: "order-shipped",
      to: "ada@example.com",
      data: { order, tracking: { carrier: "Parcel Co", number: "PC123", url: "https://track.example.com/PC123" } },
    },
    subject: /4815162342001 is on its way/,
    essentials: ["has shipped", "Parcel Co PC123", ...ORDER_ESSENTIALS],
    links: ["https://track.example.com/PC123"],
  },
  {
    request: { kind: "order-cancelled", to: "ada@example.com", data: { order, cancelledBy: "customer" } },
    subject: /4815162342001 has been cancelled/,
    essentials: ["As you asked", ...ORDER_ESSENTIALS],
    links: ["https://shop.example.com/dashboard/myorders"],
  },
  {
    request: {
      kind: "order-cancelled",
      to: "ada@example.com",
      data: { order, cancelledBy: "shop", reason: "The watch is out of stock.", refundCents: 29_148 },
    },
    subject: /has been cancelled/,
    essentials: ["we had to cancel", "The watch is out of stock.", "refunding $291.48", ...ORDER_ESSENTIALS],
    links: ["https://shop.example.com/dashboard/myorders"],
  },
  {
    request: {
      kind: "contact-receipt",
      to: "shop@example.com",
      replyTo: "rosa@example.com",
      data: {
        name: "Rosa Visitor",
        email: "rosa@example.com",
        phone: "+1 555 0100",
        message: "Do you ship to Canada?\nAnd to Mexico?",
        receivedAt: "2026-11-23T10:15:00.000Z",
      },
    },
    subject: /Contact form: message from Rosa Visitor/,
    essentials: ["Rosa Visitor", "rosa@example.com", "+1 555 0100", "Do you ship to Canada?", "And to Mexico?"],
    links: [],
  },
  {
    request: {
      kind: "contact-acknowledgement",
      to: "rosa@example.com",
      data: { receivedAt: "2026-11-23T10:15:00.000Z" },
    },
    subject: /We have received your message/,
    essentials: ["within one working day", "November 23, 2026"],
    links: [],
  },
];

const escaped = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

describe("mail templates", () => {
  it.each(
    cases.map((c) => [
      `${c.request.kind}${"cancelledBy" in c.request.data ? ` (${c.request.data.cancelledBy})` : ""}`,
      c,
    ]),
  )(
    "%s: subject, text and HTML carry the essentials; links are absolute; no scripts; images have alt text",
    (_name, c) => {
      const mail = renderMail(shop, c.request);
      expect(mail.subject).toMatch(c.subject);
      for (const e of c.essentials) {
        expect(mail.text, `text has ${e}`).toContain(e);
        expect(mail.html, `HTML has ${e}`).toContain(escaped(e));
      }
      // the shop's name, a link home, phone-ready markup, real text
      expect(mail.text).toContain("Volt & Thread");
      expect(mail.html).toContain('<html lang="en"');
      expect(mail.html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
      expect(mail.html).toContain(`<title>${escaped(mail.subject)}</title>`);
      expect(mail.html).not.toMatch(/<script|javascript:|\son\w+=/i);
      const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
      expect(hrefs).toContain("https://shop.example.com/");
      for (const href of hrefs) expect(href).toMatch(/^(https:\/\/|mailto:)/);
      for (const link of c.links) {
        expect(hrefs).toContain(link);
        expect(mail.text).toContain(link);
      }
      for (const img of mail.html.match(/<img\b[^>]*>/g) ?? []) {
        expect(img).toMatch(/\balt="[^"]+"/);
        expect(img).toMatch(/src="https:\/\/shop\.example\.com\//);
      }
    },
  );

  it("shows product images with their title as alt text when the line has one", () => {
    const { html } = renderMail(shop, { kind: "order-confirmation", to: "a@example.com", data: { order } });
    expect(html).toContain('src="https://shop.example.com/media/products/linen-shirt-480.webp" alt="Linen Shirt"');
    expect(html.match(/<img\b/g)).toHaveLength(1);
  });

  it("a Pending order the shop erased: cancelled by the shop, gone from the customer's orders, and no link to them", () => {
    const { html, text } = renderMail(shop, {
      kind: "order-cancelled",
      to: "a@example.com",
      data: { order, cancelledBy: "shop", removed: true },
    });
    for (const body of [html, text]) {
      expect(body).toContain("we had to cancel your order 4815162342001");
      expect(body).toContain("We have also removed it from your orders, so it no longer appears there.");
      expect(body).not.toContain("/dashboard/myorders");
    }
    expect(text).not.toContain("See your orders");
  });

  it("a cancelled order that may have been paid by bank transfer says how to get the money back, never that nothing was charged", () => {
    for (const removed of [true, false]) {
      const { html, text } = renderMail(shop, {
        kind: "order-cancelled",
        to: "a@example.com",
        data: { order, cancelledBy: "shop", removed, mayHaveTransferred: true },
      });
      for (const body of [html, text]) {
        expect(body).toContain(
          "If you already paid for it by bank transfer, write to us and we will send the money back.",
        );
        expect(body).not.toContain("Nothing was charged");
      }
    }
    const plain = renderMail(shop, {
      kind: "order-cancelled",
      to: "a@example.com",
      data: { order, cancelledBy: "shop", removed: true },
    });
    expect(plain.text).toContain("Nothing was charged for it.");
    expect(plain.text).not.toContain("bank transfer");
  });

  it("escapes whatever a customer typed", () => {
    const evil = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const { html, text } = renderMail(shop, {
      kind: "contact-receipt",
      to: "shop@example.com",
      data: { name: evil, email: "e@example.com", phone: null, message: evil, receivedAt: "2026-11-23T10:15:00.000Z" },
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toMatch(/<img src=x/);
    expect(html).toContain("&lt;script&gt;");
    expect(text).toContain(evil);
  });

  it("the acknowledgement to a contact-form sender repeats nothing the sender typed", () => {
    const { html, text } = renderMail(shop, {
      kind: "contact-acknowledgement",
      to: "stranger@example.com",
      data: { receivedAt: "2026-11-23T10:15:00.000Z" },
    });
    expect(`${html}${text}`).not.toMatch(/Rosa|Canada/);
  });

  it("refuses a link that is not absolute", () => {
    expect(() =>
      renderMail(shop, {
        kind: "password-reset",
        to: "a@example.com",
        data: { name: "A", url: "javascript:alert(1)", validForHours: 1 },
      }),
    ).toThrow(/absolute/);
  });
});
