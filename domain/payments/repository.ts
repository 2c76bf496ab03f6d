import type { DB } from "../../db/connection.ts";
import { toIso } from "../../db/dialect.ts";
import type { PaymentMethod, PaymentStatus } from "./schemas.ts";

export type PaymentRecord = {
  id: string;
  orderId: string;
  method: PaymentMethod;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  sessionId: string | null;
  paymentIntentId: string | null;
  refundId: string | null;
  problem: string | null;
  /** the hosted payment page and when it closes (ISO) */
  checkoutUrl: string | null;
  expiresAt: string | null;
  createdAt: string;
};

const columns = [
  "id",
  "order_id",
  "method",
  "status",
  "amount_cents",
  "currency",
  "session_id",
  "payment_intent_id",
  "refund_id",
  "problem",
  "checkout_url",
  "expires_at",
  "created_at",
] as const;

type Row = {
  id: string;
  order_id: string;
  method: PaymentMethod;
  status: PaymentStatus;
  amount_cents: number;
  currency: string;
  session_id: string | null;
  payment_intent_id: string | null;
  refund_id: string | null;
  problem: string | null;
  checkout_url: string | null;
  expires_at: string | null;
  created_at: string | Date;
};

const toRecord = (r: Row): PaymentRecord => ({
  id: r.id,
  orderId: r.order_id,
  method: r.method,
  status: r.status,
  amountCents: Number(r.amount_cents),
  currency: r.currency,
  sessionId: r.session_id,
  paymentIntentId: r.payment_intent_id,
  refundId: r.refund_id,
  problem: r.problem,
  checkoutUrl: r.checkout_url,
  expiresAt: r.expires_at,
  createdAt: toIso(r.created_at),
});

/** Records an attempt; false when one with the same session is recorded already (two requests at once). */
export async function insert(db: DB, p: Omit<PaymentRecord, "createdAt">): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .insertInto("payment")
    .values({
      id: p.id,
      order_id: p.orderId,
      method: p.method,
      status: p.status,
      amount_cents: p.amountCents,
      currency: p.currency,
      session_id: p.sessionId,
      payment_intent_id: p.paymentIntentId,
      refund_id: p.refundId,
      problem: p.problem,
      checkout_url: p.checkoutUrl,
      expires_at: p.expiresAt,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("session_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Every attempt to pay an order, oldest first. */
export async function attemptsOf(db: DB, orderId: string): Promise<PaymentRecord[]> {
  const rows = await db
    .selectFrom("payment")
    .select(columns)
    .where("order_id", "=", orderId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toRecord);
}

export async function findBySession(db: DB, sessionId: string): Promise<PaymentRecord | undefined> {
  const row = await db.selectFrom("payment").select(columns).where("session_id", "=", sessionId).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function latestForOrders(db: DB, orderIds: string[]): Promise<Map<string, PaymentRecord>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("payment")
    .select(columns)
    .where("order_id", "in", orderIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return new Map(rows.map((r) => [r.order_id, toRecord(r)]));
}

export async function update(
  db: DB,
  id: string,
  change: Partial<Pick<PaymentRecord, "status" | "paymentIntentId" | "refundId" | "problem" | "checkoutUrl">>,
): Promise<void> {
  await db
    .updateTable("payment")
    .set({
      ...(change.status ? { status: change.status } : {}),
      ...(change.checkoutUrl !== undefined ? { checkout_url: change.checkoutUrl } : {}),
      ...(change.paymentIntentId !== undefined ? { payment_intent_id: change.paymentIntentId } : {}),
      ...(change.refundId !== undefined ? { refund_id: change.refundId } : {}),
      ...(change.problem !== undefined ? { problem: change.problem } : {}),
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", id)
    .execute();
}

/**
 * A pay-on-delivery order becomes paid if it still waits for its payment and is not cancelled (one
 * statement: a second click, or a cancel meanwhile, changes nothing). Whether it changed.
 */
export async function markPaidOnDelivery(db: DB, orderId: string): Promise<boolean> {
  const result = await db
    .updateTable("shop_order")
    .set({ payment_status: "paid", updated_at: new Date().toISOString() })
    .where("id", "=", orderId)
    .where("payment_method", "=", "cod")
    .where("payment_status", "=", "unpaid")
    .where("status", "!=", "Cancelled")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The order's payment status (kept on the order so that order lists can filter by it). */
export async function setOrderPaymentStatus(db: DB, orderId: string, status: PaymentStatus): Promise<void> {
  await db
    .updateTable("shop_order")
    .set({ payment_status: status, updated_at: new Date().toISOString() })
    .where("id", "=", orderId)
    .execute();
}

/**
 * Holds the order for a new payment page if it still waits for one (Pending): false when it was
 * cancelled or shipped meanwhile. An update, so that on PostgreSQL it waits for a cancel in progress
 * and then reads its outcome; SQLite runs one write at a time anyway.
 */
export async function holdPayableOrder(db: DB, orderId: string): Promise<boolean> {
  const result = await db
    .updateTable("shop_order")
    .set({ updated_at: new Date().toISOString() })
    .where("id", "=", orderId)
    .where("status", "=", "Pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function orderPaymentStatus(db: DB, orderId: string): Promise<PaymentStatus | undefined> {
  const row = await db.selectFrom("shop_order").select("payment_status").where("id", "=", orderId).executeTakeFirst();
  return row?.payment_status;
}

/** Records an event by its id; false when it was recorded before (a replay). */
export async function recordEvent(
  db: DB,
  event: { id: string; provider: string; type: string; orderId: string | null; outcome: string },
): Promise<boolean> {
  const result = await db
    .insertInto("payment_event")
    .values({
      id: event.id,
      provider: event.provider,
      type: event.type,
      order_id: event.orderId,
      outcome: event.outcome,
      received_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setEventOutcome(db: DB, id: string, outcome: string): Promise<void> {
  await db.updateTable("payment_event").set({ outcome }).where("id", "=", id).execute();
}
