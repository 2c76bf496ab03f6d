import type { DB } from "../../db/connection.ts";

export type CartRow = { id: string; userId: string | null };
export type CartItemRow = { id: string; cartId: string; variantId: string; quantity: number };

export async function findById(db: DB, id: string): Promise<CartRow | undefined> {
  const row = await db.selectFrom("cart").select(["id", "user_id"]).where("id", "=", id).executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id } : undefined;
}

export async function findByUser(db: DB, userId: string): Promise<CartRow | undefined> {
  const row = await db.selectFrom("cart").select(["id", "user_id"]).where("user_id", "=", userId).executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id } : undefined;
}

export async function insertCart(db: DB, id: string, userId: string | null): Promise<void> {
  const now = new Date().toISOString();
  await db.insertInto("cart").values({ id, user_id: userId, created_at: now, updated_at: now }).execute();
}

export async function touch(db: DB, cartId: string): Promise<void> {
  await db.updateTable("cart").set({ updated_at: new Date().toISOString() }).where("id", "=", cartId).execute();
}

export async function items(db: DB, cartId: string): Promise<CartItemRow[]> {
  const rows = await db
    .selectFrom("cart_item")
    .select(["id", "cart_id", "variant_id", "quantity"])
    .where("cart_id", "=", cartId)
    .orderBy("added_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, cartId: r.cart_id, variantId: r.variant_id, quantity: Number(r.quantity) }));
}

export async function findItem(db: DB, itemId: string): Promise<CartItemRow | undefined> {
  const r = await db
    .selectFrom("cart_item")
    .select(["id", "cart_id", "variant_id", "quantity"])
    .where("id", "=", itemId)
    .executeTakeFirst();
  return r ? { id: r.id, cartId: r.cart_id, variantId: r.variant_id, quantity: Number(r.quantity) } : undefined;
}

export async function findItemByVariant(db: DB, cartId: string, variantId: string): Promise<CartItemRow | undefined> {
  const r = await db
    .selectFrom("cart_item")
    .select(["id", "cart_id", "variant_id", "quantity"])
    .where("cart_id", "=", cartId)
    .where("variant_id", "=", variantId)
    .executeTakeFirst();
  return r ? { id: r.id, cartId: r.cart_id, variantId: r.variant_id, quantity: Number(r.quantity) } : undefined;
}

export async function insertItem(db: DB, item: CartItemRow): Promise<void> {
  await db
    .insertInto("cart_item")
    .values({
      id: item.id,
      cart_id: item.cartId,
      variant_id: item.variantId,
      quantity: item.quantity,
      added_at: new Date().toISOString(),
    })
    .execute();
}

export async function setQuantity(db: DB, itemId: string, quantity: number): Promise<void> {
  await db.updateTable("cart_item").set({ quantity }).where("id", "=", itemId).execute();
}

export async function deleteItem(db: DB, itemId: string): Promise<number> {
  const result = await db.deleteFrom("cart_item").where("id", "=", itemId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteItems(db: DB, cartId: string): Promise<void> {
  await db.deleteFrom("cart_item").where("cart_id", "=", cartId).execute();
}

/** Deletes these lines if each is still there with this quantity; answers how many were. */
export async function deleteLinesAsRead(
  db: DB,
  cartId: string,
  lines: { id: string; quantity: number }[],
): Promise<number> {
  let deleted = 0;
  for (const line of lines) {
    const result = await db
      .deleteFrom("cart_item")
      .where("cart_id", "=", cartId)
      .where("id", "=", line.id)
      .where("quantity", "=", line.quantity)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

export async function deleteCart(db: DB, cartId: string): Promise<void> {
  await db.deleteFrom("cart").where("id", "=", cartId).execute();
}

/** Visitors' carts untouched since `before` (abandoned), for the periodic clean-up. */
export async function deleteAnonymousBefore(db: DB, before: string): Promise<number> {
  const result = await db
    .deleteFrom("cart")
    .where("user_id", "is", null)
    .where("updated_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
