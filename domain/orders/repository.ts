import type { DB } from "../../db/connection.ts";
import { toBool, toIso } from "../../db/dialect.ts";
import type { OrderStatus } from "./schemas.ts";

export type OrderLine = { productId: string | null; title: string; unitPriceCents: number; quantity: number; imageKey: string };
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
  "placed_at",
] as const;

type Filter = { email?: string; status?: OrderStatus; limit: number; offset: number };

export async function listOrders(db: DB, filter: Filter): Promise<{ rows: OrderRecord[]; total: number }> {
  let base = db.selectFrom("shop_order");
  if (filter.email) base = base.where("user_email", "=", filter.email);
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

export async function findOrderByRequestKey(db: DB, email: string, key: string): Promise<OrderRecord | undefined> {
  const row = await db
    .selectFrom("shop_order")
    .select("id")
    .where("user_email", "=", email)
    .where("request_key", "=", key)
    .executeTakeFirst();
  return row ? findOrder(db, row.id) : undefined;
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
  placed_at: string | Date;
};

async function withLines(db: DB, rows: OrderRow[]): Promise<OrderRecord[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom("order_line")
    .select(["order_id", "product_id", "title", "unit_price_cents", "quantity", "image_key"])
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
    totalCents: r.total_cents,
    placedAt: toIso(r.placed_at),
    lines: lines
      .filter((l) => l.order_id === r.id)
      .map((l) => ({ productId: l.product_id, title: l.title, unitPriceCents: l.unit_price_cents, quantity: l.quantity, imageKey: l.image_key })),
  }));
}

export async function insertOrder(db: DB, order: Omit<OrderRecord, "placedAt"> & { requestKey: string | null }): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
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
          title: l.title,
          unit_price_cents: l.unitPriceCents,
          quantity: l.quantity,
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

export async function deleteOrder(db: DB, id: string): Promise<number> {
  const result = await db.deleteFrom("shop_order").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
