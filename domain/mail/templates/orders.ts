import { imageUrls } from "../../media/urls.ts";
import { formatDate } from "../../shared/dates.ts";
import { formatPrice } from "../../shared/money.ts";
import type {
  BankTransferMail,
  MailData,
  MailShop,
  OrderMail,
  OrderMailAddress,
  OrderMailLine,
  RenderedMail,
} from "../types.ts";
import { absoluteUrl, type Html, html, join, multiline, TIMES } from "./html.ts";
import { button, COLORS, frame, heading, paragraph, small } from "./layout.ts";

const ordersUrl = (shop: MailShop) => `${shop.publicUrl}/dashboard/myorders`;

const cell = `padding:10px 0;border-bottom:1px solid ${COLORS.line};vertical-align:top;`;
const amountCell = `${cell}text-align:right;white-space:nowrap;padding-left:12px;`;

/** An image's absolute address: under a CDN's base it already is one, else under the shop's. */
function imageSource(shop: MailShop, imageKey: string): string {
  const url = imageUrls(shop.mediaBaseUrl).url(imageKey, 480);
  return /^https?:\/\//.test(url) ? url : `${shop.publicUrl}${url}`;
}

function lineCell(shop: MailShop, line: OrderMailLine): Html {
  const image = line.imageKey
    ? html`<img src="${absoluteUrl(imageSource(shop, line.imageKey))}" alt="${line.title}" width="56" height="56" style="display:block;width:56px;height:56px;object-fit:cover;border-radius:6px;border:0;">`
    : null;
  const details = html`<strong>${line.title}</strong>${line.variantTitle ? html`<br><span style="color:${COLORS.muted};">${line.variantTitle}</span>` : null}${line.sku ? html`<br><span style="color:${COLORS.muted};font-size:14px;">SKU ${line.sku}</span>` : null}<br><span style="font-size:14px;">${line.quantity} ${TIMES} ${formatPrice(line.unitPriceCents)}</span>`;
  if (!image) return details;
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td style="padding-right:12px;vertical-align:top;">${image}</td><td style="vertical-align:top;">${details}</td></tr></table>`;
}

type TotalRow = { label: string; value: string; strong?: boolean };

function totalRows(order: OrderMail): TotalRow[] {
  const rows: TotalRow[] = [{ label: "Subtotal", value: formatPrice(order.subtotalCents) }];
  if (order.discountCents) rows.push({ label: "Discount", value: `−${formatPrice(order.discountCents)}` });
  if (order.shippingCents !== undefined && order.shippingCents !== null) {
    rows.push({ label: "Shipping", value: order.shippingCents === 0 ? "Free" : formatPrice(order.shippingCents) });
  }
  if (order.taxCents) rows.push({ label: "Tax", value: formatPrice(order.taxCents) });
  rows.push({ label: "Total", value: formatPrice(order.totalCents), strong: true });
  return rows;
}

function addressLines(a: OrderMailAddress): string[] {
  const place = [a.city, [a.region, a.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [a.fullName, a.line1, a.line2, place, a.country, a.phone].filter((l): l is string => Boolean(l?.trim()));
}

/** The order as a table (lines, totals), then where it goes and how it is paid. */
function orderSummary(shop: MailShop, order: OrderMail): Html {
  const lines = order.lines.map(
    (line) =>
      html`<tr><td style="${cell}">${lineCell(shop, line)}</td><td style="${amountCell}">${formatPrice(line.lineTotalCents)}</td></tr>`,
  );
  const totals = totalRows(order).map(
    (row) =>
      html`<tr><th scope="row" style="padding:6px 0 0 0;text-align:left;font-weight:${row.strong ? "700" : "400"};">${row.label}</th><td style="padding:6px 0 0 12px;text-align:right;white-space:nowrap;font-weight:${row.strong ? "700" : "400"};">${row.value}</td></tr>`,
  );
  return join(
    html`<h2 style="margin:8px 0 4px 0;font-size:18px;">Order ${order.orderNumber}</h2>`,
    small(`Placed on ${formatDate(order.placedAt)}`),
    html`<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 16px 0;">
<thead><tr><th scope="col" style="text-align:left;padding:0 0 6px 0;border-bottom:2px solid ${COLORS.ink};font-size:14px;">Item</th><th scope="col" style="text-align:right;padding:0 0 6px 12px;border-bottom:2px solid ${COLORS.ink};font-size:14px;">Total</th></tr></thead>
<tbody>${lines}</tbody>
<tfoot>${totals}</tfoot>
</table>`,
    html`<h2 style="margin:16px 0 4px 0;font-size:16px;">Shipping address</h2>`,
    html`<p style="margin:0 0 16px 0;">${addressLines(order.shippingAddress).map((l, i) => (i === 0 ? l : html`<br>${l}`))}</p>`,
    html`<h2 style="margin:16px 0 4px 0;font-size:16px;">Payment</h2>`,
    paragraph(order.paymentMethod),
  );
}

function orderSummaryText(order: OrderMail): string {
  const lines = order.lines.map((l) => {
    const name = l.variantTitle ? `${l.title} (${l.variantTitle})` : l.title;
    const sku = l.sku ? ` · SKU ${l.sku}` : "";
    return `- ${name}${sku}\n  ${l.quantity} × ${formatPrice(l.unitPriceCents)} = ${formatPrice(l.lineTotalCents)}`;
  });
  const totals = totalRows(order).map((r) => `${r.label}: ${r.value}`);
  return `Order ${order.orderNumber}, placed on ${formatDate(order.placedAt)}

${lines.join("\n")}

${totals.join("\n")}

Shipping address:
${addressLines(order.shippingAddress).join("\n")}

Payment: ${order.paymentMethod}`;
}

/** Where to transfer the total to, as label and value rows (the reference last but one, then the bank). */
function transferRows(order: OrderMail, transfer: BankTransferMail): [string, string][] {
  return [
    ["Amount", formatPrice(order.totalCents)],
    ["Account holder", transfer.accountHolder],
    ["IBAN / account number", transfer.accountNumber],
    ...(transfer.bankName ? ([["Bank", transfer.bankName]] as [string, string][]) : []),
    ["Reference", transfer.reference],
  ];
}

const TRANSFER_INTRO = "You can pay on delivery, or before it by bank transfer:";
const TRANSFER_REFERENCE = "Give the reference exactly as shown, so that we can match your payment to your order.";

function transferSection(order: OrderMail, transfer: BankTransferMail): Html {
  const rows = transferRows(order, transfer).map(
    ([label, value]) =>
      html`<tr><th scope="row" style="padding:4px 12px 4px 0;text-align:left;font-weight:400;color:${COLORS.muted};white-space:nowrap;vertical-align:top;">${label}</th><td style="padding:4px 0;font-weight:700;word-break:break-all;">${value}</td></tr>`,
  );
  return join(
    html`<h2 style="margin:16px 0 4px 0;font-size:16px;">Paying by bank transfer</h2>`,
    paragraph(TRANSFER_INTRO),
    html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 12px 0;">${rows}</table>`,
    paragraph(TRANSFER_REFERENCE),
    transfer.note ? paragraph(multiline(transfer.note)) : null,
  );
}

function transferText(order: OrderMail, transfer: BankTransferMail): string {
  const rows = transferRows(order, transfer).map(([label, value]) => `${label}: ${value}`);
  return `Paying by bank transfer
${TRANSFER_INTRO}
${rows.join("\n")}
${TRANSFER_REFERENCE}${transfer.note ? `\n${transfer.note}` : ""}`;
}

export function orderConfirmation(
  shop: MailShop,
  { order, bankTransfer }: MailData["order-confirmation"],
): RenderedMail {
  return frame(shop, {
    subject: `Your ${shop.name} order ${order.orderNumber}`,
    preview: `Thank you for your order. Total ${formatPrice(order.totalCents)}.`,
    body: join(
      heading("Thank you for your order"),
      paragraph(`Hello ${order.customerName}, we have received your order and will let you know when it ships.`),
      bankTransfer ? transferSection(order, bankTransfer) : null,
      orderSummary(shop, order),
      button("See your orders", ordersUrl(shop)),
    ),
    text: `Thank you for your order

Hello ${order.customerName}, we have received your order and will let you know when it ships.
${bankTransfer ? `\n${transferText(order, bankTransfer)}\n` : ""}
${orderSummaryText(order)}

See your orders: ${ordersUrl(shop)}`,
    reason: `You received this mail because you placed an order at ${shop.name}.`,
  });
}

export function orderShipped(shop: MailShop, { order, tracking }: MailData["order-shipped"]): RenderedMail {
  const trackingText = [tracking?.carrier, tracking?.number].filter(Boolean).join(" ");
  return frame(shop, {
    subject: `Your ${shop.name} order ${order.orderNumber} is on its way`,
    preview: "Your order has left our warehouse.",
    body: join(
      heading("Your order is on its way"),
      paragraph(`Hello ${order.customerName}, good news: your order ${order.orderNumber} has shipped.`),
      trackingText ? paragraph(`Tracking: ${trackingText}`) : null,
      tracking?.url ? button("Track your parcel", tracking.url) : null,
      orderSummary(shop, order),
      tracking?.url ? null : button("See your orders", ordersUrl(shop)),
    ),
    text: `Your order is on its way

Hello ${order.customerName}, good news: your order ${order.orderNumber} has shipped.
${trackingText ? `\nTracking: ${trackingText}` : ""}${tracking?.url ? `\nTrack your parcel: ${absoluteUrl(tracking.url)}` : ""}

${orderSummaryText(order)}

See your orders: ${ordersUrl(shop)}`,
    reason: `You received this mail because you placed an order at ${shop.name}.`,
  });
}

export function orderCancelled(shop: MailShop, data: MailData["order-cancelled"]): RenderedMail {
  const { order } = data;
  const why =
    data.cancelledBy === "customer"
      ? `As you asked, we have cancelled your order ${order.orderNumber}.`
      : `We are sorry: we had to cancel your order ${order.orderNumber}.`;
  const refund = data.refundCents
    ? `We are refunding ${formatPrice(data.refundCents)} to your payment method (${order.paymentMethod}). Depending on your bank, it can take a few working days to appear.`
    : data.paidBackCents
      ? `You paid ${formatPrice(data.paidBackCents)} for it: we will send the money back to you, and write to you if we need your bank details.`
      : "";
  // an erased order is gone from the customer's list: no link to it, and they are told why it is missing
  // the shop cannot see a bank transfer arrive: a customer who may have paid that way is told how to get it back
  const transferred = data.mayHaveTransferred
    ? "If you already paid for it by bank transfer, write to us and we will send the money back."
    : "";
  const removed = data.removed
    ? `We have also removed it from your orders, so it no longer appears there. ${transferred || "Nothing was charged for it."}`
    : transferred;
  const questions = `If you have a question, write to us: ${shop.publicUrl}/contact`;
  return frame(shop, {
    subject: `Your ${shop.name} order ${order.orderNumber} has been cancelled`,
    preview: why,
    body: join(
      heading("Your order has been cancelled"),
      paragraph(`Hello ${order.customerName},`),
      paragraph(why),
      data.reason ? paragraph(`Reason: ${data.reason}`) : null,
      refund ? paragraph(refund) : null,
      removed ? paragraph(removed) : null,
      orderSummary(shop, order),
      small(questions),
      removed ? null : button("See your orders", ordersUrl(shop)),
    ),
    text: `Your order has been cancelled

Hello ${order.customerName},

${why}${data.reason ? `\nReason: ${data.reason}` : ""}${refund ? `\n\n${refund}` : ""}${removed ? `\n\n${removed}` : ""}

${orderSummaryText(order)}

${questions}${removed ? "" : `\nSee your orders: ${ordersUrl(shop)}`}`,
    reason: `You received this mail because you placed an order at ${shop.name}.`,
  });
}
