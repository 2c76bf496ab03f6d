import { type DB, inTransaction } from "../../db/connection.ts";
import { toBool, toIso } from "../../db/dialect.ts";
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
  "placed_at",
] as const;

type Filter = { userId?: string; status?: OrderStatus; limit: number; offset: number };

export async function listOrders(db: DB, filter: Filter): Promise<{ rows: OrderRecord[]; total: number }> {
  let base = db.selectFrom("shop_order");
  if (filter.userId) base = base.where("user_id", "=", filter.userId);
  if (filter.status) base = base.where("status", "=", filter.status);
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

/** Changes the status only if it is still `from`, so two racing changes cannot both win. */
export async function updateStatus(db: DB, id: string, from: OrderStatus, to: OrderStatus): Promise<number> {
  const result = await db
    .updateTable("shop_order")
    .set({ status: to, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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
