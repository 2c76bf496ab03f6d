import type { DB } from "../../db/connection.ts";
import { toIso } from "../../db/dialect.ts";
import { MAX_WISHLIST_ITEMS } from "./schemas.ts";

export type WishlistItem = {
  id: string;
  userEmail: string;
  productId: string | null;
  title: string;
  priceCents: number;
  imageKey: string;
  createdAt: string;
};

const columns = [
  "wishlist_item.id",
  "wishlist_item.product_id",
  "wishlist_item.title",
  "wishlist_item.price_cents",
  "wishlist_item.image_key",
  "wishlist_item.created_at",
  "user.email",
] as const;

type Row = {
  id: string;
  product_id: string | null;
  title: string;
  price_cents: number;
  image_key: string;
  created_at: string | Date;
  email: string;
};

const toItem = (r: Row): WishlistItem => ({
  id: r.id,
  userEmail: r.email,
  productId: r.product_id,
  title: r.title,
  priceCents: r.price_cents,
  imageKey: r.image_key,
  createdAt: toIso(r.created_at),
});

export async function listForUser(db: DB, userId: string): Promise<WishlistItem[]> {
  const rows = await db
    .selectFrom("wishlist_item")
    .innerJoin("user", "user.id", "wishlist_item.user_id")
    .select(columns)
    .where("wishlist_item.user_id", "=", userId)
    .orderBy("wishlist_item.created_at", "desc")
    .orderBy("wishlist_item.id")
    .limit(MAX_WISHLIST_ITEMS)
    .execute();
  return rows.map(toItem);
}

export async function findById(db: DB, id: string): Promise<(WishlistItem & { userId: string }) | undefined> {
  const row = await db
    .selectFrom("wishlist_item")
    .innerJoin("user", "user.id", "wishlist_item.user_id")
    .select([...columns, "wishlist_item.user_id"])
    .where("wishlist_item.id", "=", id)
    .executeTakeFirst();
  return row ? { ...toItem(row), userId: row.user_id } : undefined;
}

export async function findByProduct(db: DB, userId: string, productId: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom("wishlist_item")
    .select("id")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
}

export async function insert(db: DB, userId: string, item: WishlistItem): Promise<void> {
  await db
    .insertInto("wishlist_item")
    .values({
      id: item.id,
      user_id: userId,
      product_id: item.productId,
      title: item.title,
      price_cents: item.priceCents,
      image_key: item.imageKey,
      created_at: item.createdAt,
    })
    .execute();
}

export async function remove(db: DB, id: string): Promise<number> {
  const result = await db.deleteFrom("wishlist_item").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countForUser(db: DB, userId: string): Promise<number> {
  const { n } = await db
    .selectFrom("wishlist_item")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function deleteAll(db: DB): Promise<void> {
  await db.deleteFrom("wishlist_item").execute();
}
