import type { DB } from "../../db/connection.ts";
import { toIso } from "../../db/dialect.ts";
import type { OrderEventTable } from "../../db/schema.ts";

export async function insert(db: DB, row: OrderEventTable): Promise<void> {
  await db.insertInto("order_event").values(row).execute();
}

export async function listFor(db: DB, orderId: string) {
  const rows = await db
    .selectFrom("order_event")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, created_at: toIso(r.created_at) }));
}

export async function deleteFor(db: DB, orderIds: string[] | "all"): Promise<void> {
  if (orderIds === "all") {
    await db.deleteFrom("order_event").execute();
    return;
  }
  if (orderIds.length === 0) return;
  await db.deleteFrom("order_event").where("order_id", "in", orderIds).execute();
}
