import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { CustomerRow } from "../../domain/customers/index.ts";
import type { ImageUrls } from "../../domain/media/index.ts";
import type { Order, OrderDetail } from "../../domain/orders/index.ts";
import { toDollars } from "../../domain/shared/money.ts";
import type { DashboardStats } from "../../domain/stats/index.ts";
import { orderJson } from "./serialize.ts";
import type { CustomerWire, OrderDetailWire, StatsWire } from "./wire-schemas.ts";

/** The JSON of the admin's order, customer and stats calls (money in dollars, as everywhere in the API). */

export function orderDetailJson(d: OrderDetail, urls: ImageUrls): OrderDetailWire {
  return {
    order: orderJson(d.order, urls),
    history: d.history.map((e) => ({ field: e.field, from: e.from, to: e.to, actor: e.actor, note: e.note, at: e.at })),
    payment: d.payment
      ? {
          method: d.payment.method,
          status: d.payment.status,
          amount: toDollars(d.payment.amountCents),
          currency: d.payment.currency,
          problem: d.payment.problem,
          created_at: d.payment.createdAt,
        }
      : null,
    customer: d.customer
      ? { _id: d.customer.id, email: d.customer.email, name: d.customer.name, disabled: d.customer.disabled }
      : null,
  };
}

export function customerJson(c: CustomerRow): CustomerWire {
  return {
    _id: c.id,
    email: c.email,
    name: c.name,
    admin: c.role === "admin",
    disabled: c.disabled,
    created_at: c.createdAt,
    order_count: c.orderCount,
    total_spent: toDollars(c.totalSpentCents),
  };
}

export function statsJson(s: DashboardStats): StatsWire {
  return {
    rule: s.rule,
    periods: s.periods.map((p) => ({
      key: p.key,
      label: p.label,
      since: p.since,
      orders: p.orders,
      revenue: toDollars(p.revenueCents),
      average_order_value: toDollars(p.averageOrderCents),
    })),
    revenue_per_day: s.perDay.map((d) => ({ day: d.day, orders: d.orders, revenue: toDollars(d.revenueCents) })),
    top_products: s.topProducts.map((p) => ({
      product_id: p.productId,
      title: p.title,
      units: p.units,
      revenue: toDollars(p.revenueCents),
    })),
    low_stock: s.lowStock.map((v) => ({
      variant_id: v.variantId,
      product_id: v.productId,
      title: v.productTitle,
      variant_title: v.variantTitle,
      sku: v.sku,
      stock: v.stock,
    })),
    low_stock_threshold: s.lowStockThreshold,
  };
}

// ── CSV ──

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) gets a
 * leading apostrophe, so that opening an export never runs what a customer typed into a form.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const ORDER_CSV_COLUMNS = [
  "order_number",
  "placed_at",
  "status",
  "payment_method",
  "payment_status",
  "customer",
  "email",
  "address",
  "city",
  "state",
  "zip",
  "phone",
  "sku",
  "title",
  "variant",
  "quantity",
  "unit_price",
  "line_total",
  "order_total",
  "transfer_offered",
] as const;

const money = (cents: number) => (cents / 100).toFixed(2);

/** One CSV record per order line (an order without lines still gets one row). */
function* orderRecords(o: Order): Generator<Record<(typeof ORDER_CSV_COLUMNS)[number], string | number>> {
  const base = {
    order_number: o.orderNumber,
    placed_at: o.placedAt,
    status: o.status,
    payment_method: o.paymentMethod,
    payment_status: o.paymentStatus,
    customer: o.fullName,
    email: o.userEmail,
    address: o.address,
    city: o.city,
    state: o.state,
    zip: o.zip,
    phone: o.phone,
    order_total: money(o.totalCents),
    // pay on delivery with the shop's transfer details: true or false; empty for orders from before that was recorded
    transfer_offered: o.transferOffered === null ? "" : String(o.transferOffered),
  };
  if (o.lines.length === 0) {
    yield { ...base, sku: "", title: "", variant: "", quantity: 0, unit_price: "", line_total: "" };
    return;
  }
  for (const l of o.lines) {
    yield {
      ...base,
      sku: l.sku ?? "",
      title: l.title,
      variant: l.variantTitle ?? "",
      quantity: l.quantity,
      unit_price: money(l.unitPriceCents),
      line_total: money(l.lineTotalCents),
    };
  }
}

/**
 * Orders as RFC 4180 CSV (UTF-8, CRLF, a header row), streamed with csv-stringify as the orders are
 * read a batch at a time: the export never holds the whole list in memory.
 */
export function ordersCsv(orders: AsyncIterable<Order>): ReadableStream<Uint8Array> {
  const stringifier = stringify({
    header: true,
    columns: [...ORDER_CSV_COLUMNS],
    record_delimiter: "windows",
    cast: { string: safeCell },
  });
  (async () => {
    try {
      for await (const order of orders) {
        for (const record of orderRecords(order)) {
          if (!stringifier.write(record)) await new Promise((resolve) => stringifier.once("drain", resolve));
        }
      }
      stringifier.end();
    } catch (err) {
      stringifier.destroy(err as Error);
    }
  })();
  return Readable.toWeb(stringifier) as ReadableStream<Uint8Array>;
}
