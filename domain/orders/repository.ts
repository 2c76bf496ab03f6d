import { type ExpressionBuilder, sql } from "kysely";
import { type DB, inTransaction } from "../../db/connection.ts";
import { engineOf, toBool, toIso } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";
import type { PaymentMethod, PaymentStatus } from "../payments/index.ts";
import type { OrderStatus } from "./status.ts";

export type OrderLine = {
  productId: string | null;
  /** null once the variant is deleted, and for lines from before variants */
  variantId: string | null;
  title: string;
  /** "M / Navy", or null for a product without options */
  variantTitle: string | null;
  sku: string | null;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  imageKey: string;
};
export type OrderRecord = {
  id: string;
  orderNumber: number;
  userId: string | null;
  userEmail: string;
  fullName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  acknowledged: boolean;
  status: OrderStatus;
  totalCents: number;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  /**
   * Whether pay on delivery came with the shop's bank transfer details when the order was placed;
   * null for orders placed before that was recorded (they read as the shop offers today)
   */
  transferOffered: boolean | null;
  placedAt: string;
  lines: OrderLine[];
};

const orderColumns = [
  "id",
  "order_number",
  "user_id",
  "user_email",
  "full_name",
  "address",
  "city",
  "state",
  "zip",
  "phone",
  "acknowledged",
  "status",
  "total_cents",
  "payment_method",
  "payment_status",
  "transfer_offered",
  "placed_at",
] as const;

export type OrderFilter = {
  userId?: string;
  status?: OrderStatus;
  /** an order number, or part of the customer's email or name (any case) */
  q?: string;
  payment?: PaymentStatus;
  /** UTC days `YYYY-MM-DD`, both included */
  from?: string;
  to?: string;
  /** only orders placed before this instant (an export's fixed end) */
  placedBefore?: string;
};
type Filter = OrderFilter & { limit: number; offset: number };

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

function filtered(db: DB, filter: OrderFilter) {
  let base = db.selectFrom("shop_order");
  if (filter.userId) base = base.where("user_id", "=", filter.userId);
  if (filter.status) base = base.where("status", "=", filter.status);
  if (filter.payment) base = base.where("payment_status", "=", filter.payment);
  if (filter.from) base = base.where("placed_at", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) base = base.where("placed_at", "<", nextDay(filter.to));
  if (filter.placedBefore) base = base.where("placed_at", "<", filter.placedBefore);
  const q = filter.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    base = base.where((eb) =>
      eb.or([
        ...(/^\d{1,15}$/.test(q) ? [eb("order_number", "=", Number(q))] : []),
        eb(sql`lower(user_email)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(full_name)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return base;
}

export async function listOrders(db: DB, filter: Filter): Promise<{ rows: OrderRecord[]; total: number }> {
  const base = filtered(db, filter);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await base
    .select(orderColumns)
    .orderBy("placed_at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { rows: await withLines(db, rows), total: Number(n) };
}

export async function findOrder(db: DB, id: string): Promise<OrderRecord | undefined> {
  const row = await db.selectFrom("shop_order").select(orderColumns).where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const [order] = await withLines(db, [row]);
  return order;
}

export async function findOrderByRequestKey(db: DB, userId: string, key: string): Promise<OrderRecord | undefined> {
  const row = await db
    .selectFrom("shop_order")
    .select("id")
    .where("user_id", "=", userId)
    .where("request_key", "=", key)
    .executeTakeFirst();
  return row ? findOrder(db, row.id) : undefined;
}

export async function requestKeyUsedByEmail(db: DB, email: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom("shop_order")
    .select("id")
    .where("user_email", "=", email)
    .where("request_key", "=", key)
    .executeTakeFirst();
  return Boolean(row);
}

type OrderRow = {
  id: string;
  order_number: number;
  user_id: string | null;
  user_email: string;
  full_name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  acknowledged: boolean | number;
  status: OrderStatus;
  total_cents: number;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  transfer_offered?: number | null;
  placed_at: string | Date;
};

async function withLines(db: DB, rows: OrderRow[]): Promise<OrderRecord[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom("order_line")
    .select([
      "order_id",
      "product_id",
      "variant_id",
      "title",
      "variant_title",
      "sku",
      "unit_price_cents",
      "quantity",
      "line_total_cents",
      "image_key",
    ])
    .where(
      "order_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("position")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderNumber: Number(r.order_number),
    userId: r.user_id,
    userEmail: r.user_email,
    fullName: r.full_name,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    phone: r.phone,
    acknowledged: toBool(r.acknowledged),
    status: r.status,
    totalCents: Number(r.total_cents),
    paymentMethod: r.payment_method,
    paymentStatus: r.payment_status,
    transferOffered: r.transfer_offered == null ? null : toBool(r.transfer_offered),
    placedAt: toIso(r.placed_at),
    lines: lines
      .filter((l) => l.order_id === r.id)
      .map((l) => ({
        productId: l.product_id,
        variantId: l.variant_id,
        title: l.title,
        variantTitle: l.variant_title,
        sku: l.sku,
        unitPriceCents: Number(l.unit_price_cents),
        quantity: Number(l.quantity),
        lineTotalCents: Number(l.line_total_cents ?? Number(l.unit_price_cents) * Number(l.quantity)),
        imageKey: l.image_key,
      })),
  }));
}

export async function insertOrder(
  db: DB,
  order: Omit<OrderRecord, "placedAt"> & { requestKey: string | null },
): Promise<void> {
  const now = new Date().toISOString();
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("shop_order")
      .values({
        id: order.id,
        order_number: order.orderNumber,
        user_id: order.userId,
        user_email: order.userEmail,
        full_name: order.fullName,
        address: order.address,
        city: order.city,
        state: order.state,
        zip: order.zip,
        phone: order.phone,
        acknowledged: order.acknowledged,
        status: order.status,
        total_cents: order.totalCents,
        payment_method: order.paymentMethod,
        payment_status: order.paymentStatus,
        transfer_offered: order.transferOffered == null ? null : Number(order.transferOffered),
        request_key: order.requestKey,
        placed_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto("order_line")
      .values(
        order.lines.map((l, i) => ({
          id: `${order.id}-${i}`,
          order_id: order.id,
          product_id: l.productId,
          variant_id: l.variantId,
          title: l.title,
          variant_title: l.variantTitle,
          sku: l.sku,
          unit_price_cents: l.unitPriceCents,
          quantity: l.quantity,
          line_total_cents: l.lineTotalCents,
          image_key: l.imageKey,
          position: i,
        })),
      )
      .execute();
  });
}

/** How long a cancellation's claim on an order holds (its refund under way); one a crash left lapses. */
const CANCEL_CLAIM_MS = 5 * 60_000;

/** No cancellation holds the order, or the one that did has lapsed. */
const unclaimed = (eb: ExpressionBuilder<Database, "shop_order">) =>
  eb.or([
    eb("cancel_claimed_at", "is", null),
    eb("cancel_claimed_at", "<", new Date(Date.now() - CANCEL_CLAIM_MS).toISOString()),
  ]);

/**
 * Changes the status only if it is still `from`, so two racing changes cannot both win; an order a
 * cancellation has claimed is not shipped (its money is being given back).
 */
export async function updateStatus(
  db: DB,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  /** the payment status the change was decided on, when a payment recorded meanwhile must stop it */
  paymentStatus?: PaymentStatus,
): Promise<number> {
  let update = db
    .updateTable("shop_order")
    .set({ status: to, cancel_claimed_at: null, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("status", "=", from);
  if (to === "Shipped") update = update.where(unclaimed);
  if (paymentStatus) update = update.where("payment_status", "=", paymentStatus);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Claims a Pending order for a cancellation that refunds it first; false when it changed or is claimed. */
export async function claimForCancel(db: DB, id: string): Promise<boolean> {
  const result = await db
    .updateTable("shop_order")
    .set({ cancel_claimed_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("status", "=", "Pending")
    .where(unclaimed)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseCancelClaim(db: DB, id: string): Promise<void> {
  await db.updateTable("shop_order").set({ cancel_claimed_at: null }).where("id", "=", id).execute();
}

/** Erases the order only if its status is still `status`, so it cannot race a status change. */
export async function deleteOrder(db: DB, id: string, status: OrderStatus): Promise<number> {
  const result = await db.deleteFrom("shop_order").where("id", "=", id).where("status", "=", status).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteAll(db: DB): Promise<void> {
  await db.deleteFrom("order_line").execute();
  await db.deleteFrom("shop_order").execute();
}

export async function countOrders(db: DB): Promise<number> {
  const { n } = await db
    .selectFrom("shop_order")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

// ── sales figures (the admin's dashboard and customer list) ──

/**
 * The one rule for what counts as a sale (revenue, order counts, average order value, top products,
 * a customer's total spent): an order that is not cancelled and is either paid, or paid on delivery
 * (pay-on-delivery orders count from the moment they are placed; card orders once the provider says
 * paid). Refunded orders are cancelled, so they never count.
 */
export const SALES_RULE =
  "Sales are orders that are not cancelled and are paid, or are pay on delivery (counted when placed).";
const isSale = (eb: ExpressionBuilder<Database, "shop_order">) =>
  eb.and([
    eb("shop_order.status", "!=", "Cancelled"),
    eb.or([eb("shop_order.payment_status", "=", "paid"), eb("shop_order.payment_method", "=", "cod")]),
  ]);

export async function salesSince(db: DB, since: string): Promise<{ orders: number; revenueCents: number }> {
  const row = await db
    .selectFrom("shop_order")
    .where(isSale)
    .where("placed_at", ">=", since)
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("total_cents").as("revenue")])
    .executeTakeFirstOrThrow();
  return { orders: Number(row.n), revenueCents: Number(row.revenue ?? 0) };
}

/** Revenue and sales per UTC day since `since` (days without sales are left out). */
export async function salesPerDay(
  db: DB,
  since: string,
): Promise<{ day: string; orders: number; revenueCents: number }[]> {
  const day =
    engineOf(db) === "postgres"
      ? sql<string>`to_char(placed_at at time zone 'UTC', 'YYYY-MM-DD')`
      : sql<string>`substr(placed_at, 1, 10)`;
  const rows = await db
    .selectFrom("shop_order")
    .where(isSale)
    .where("placed_at", ">=", since)
    .select((eb) => [day.as("day"), eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("total_cents").as("revenue")])
    .groupBy(day)
    .orderBy(day)
    .execute();
  return rows.map((r) => ({ day: String(r.day), orders: Number(r.n), revenueCents: Number(r.revenue ?? 0) }));
}

/** The best-selling products since `since`, by units sold (then revenue). */
export async function topProducts(db: DB, since: string, limit: number) {
  const rows = await db
    .selectFrom("order_line")
    .innerJoin("shop_order", "shop_order.id", "order_line.order_id")
    .where(isSale)
    .where("shop_order.placed_at", ">=", since)
    .where("order_line.product_id", "is not", null)
    .select((eb) => [
      "order_line.product_id as productId",
      eb.fn.max("order_line.title").as("title"),
      eb.fn.sum<number>("order_line.quantity").as("units"),
      eb.fn
        .sum<number>(sql`coalesce(order_line.line_total_cents, order_line.unit_price_cents * order_line.quantity)`)
        .as("revenue"),
    ])
    .groupBy("order_line.product_id")
    .orderBy("units", "desc")
    .orderBy("revenue", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    productId: String(r.productId),
    title: String(r.title),
    units: Number(r.units),
    revenueCents: Number(r.revenue ?? 0),
  }));
}

/** Per customer (account id): how many orders they placed, and what their sales add up to. */
export async function customerTotals(
  db: DB,
  userIds: string[],
): Promise<Map<string, { orders: number; spentCents: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("shop_order")
    .where("user_id", "in", userIds)
    .select((eb) => [
      "user_id",
      eb.fn.countAll<number>().as("n"),
      eb.fn.sum<number>(eb.case().when(isSale(eb)).then(eb.ref("total_cents")).else(0).end()).as("spent"),
    ])
    .groupBy("user_id")
    .execute();
  return new Map(rows.map((r) => [String(r.user_id), { orders: Number(r.n), spentCents: Number(r.spent ?? 0) }]));
}
