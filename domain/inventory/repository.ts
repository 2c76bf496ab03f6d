import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";

export type StockMove = { variantId: string; quantity: number };

/**
 * Moves in one order, by variant: on PostgreSQL each update locks its row until the transaction
 * ends, and two orders locking the same variants in opposite orders would deadlock.
 */
const inLockOrder = (moves: StockMove[]) =>
  [...moves].sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));

/**
 * Takes each line's quantity from stock with a conditional update (`stock >= quantity`), never
 * read-then-write: two orders racing for the last unit cannot both get it. Answers the variants
 * that had too little; the caller's transaction must then roll back.
 */
export async function take(db: DB, moves: StockMove[]): Promise<string[]> {
  const short: string[] = [];
  const now = new Date().toISOString();
  for (const move of inLockOrder(moves)) {
    const result = await db
      .updateTable("product_variant")
      .set((eb) => ({ stock: eb("stock", "-", move.quantity), updated_at: now }))
      .where("id", "=", move.variantId)
      .where("stock", ">=", move.quantity)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) short.push(move.variantId);
  }
  return short;
}

/** Puts quantities back (a cancelled or erased order). Variants deleted since are skipped. */
export async function giveBack(db: DB, moves: StockMove[]): Promise<void> {
  const now = new Date().toISOString();
  for (const move of inLockOrder(moves)) {
    await db
      .updateTable("product_variant")
      .set((eb) => ({ stock: eb("stock", "+", move.quantity), updated_at: now }))
      .where("id", "=", move.variantId)
      .execute();
  }
}

export async function setStock(db: DB, variantId: string, stock: number): Promise<number> {
  const result = await db
    .updateTable("product_variant")
    .set({ stock, updated_at: new Date().toISOString() })
    .where("id", "=", variantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sets a variant's stock only if it is still `was`; answers the rows changed (0: it changed meanwhile). */
export async function setStockIfStill(db: DB, variantId: string, stock: number, was: number): Promise<number> {
  const result = await db
    .updateTable("product_variant")
    .set({ stock, updated_at: new Date().toISOString() })
    .where("id", "=", variantId)
    .where("stock", "=", was)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function stockOf(db: DB, variantIds: string[]): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db.selectFrom("product_variant").select(["id", "stock"]).where("id", "in", variantIds).execute();
  return new Map(rows.map((r) => [r.id, Number(r.stock)]));
}

export type InventoryRow = {
  variantId: string;
  productId: string;
  productTitle: string;
  productStatus: "draft" | "published";
  sku: string;
  title: string;
  options: Record<string, string>;
  stock: number;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every variant with its product, narrowed by text (title or SKU) and stock at most `maxStock`; by product, then variant. */
export async function list(
  db: DB,
  filter: { q?: string; maxStock?: number },
  page: { limit: number; offset: number },
): Promise<{ rows: InventoryRow[]; total: number }> {
  let query = db.selectFrom("product_variant as v").innerJoin("product as p", "p.id", "v.product_id");
  if (filter.maxStock !== undefined) query = query.where("v.stock", "<=", filter.maxStock);
  if (filter.q) {
    const like = `%${escapeLike(filter.q.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb("p.title_search", "like", sql<string>`${like} escape '\\'`),
        eb(sql<string>`lower(v.sku)`, "like", sql<string>`${like} escape '\\'`),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select([
        "v.id",
        "v.product_id",
        "p.title as product_title",
        "p.status",
        "v.sku",
        "v.title",
        "v.options_json",
        "v.stock",
      ])
      .orderBy("p.position")
      .orderBy("p.id")
      .orderBy("v.position")
      .orderBy("v.id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      variantId: r.id,
      productId: r.product_id,
      productTitle: r.product_title,
      productStatus: r.status,
      sku: r.sku,
      title: r.title,
      options: JSON.parse(r.options_json) as Record<string, string>,
      stock: Number(r.stock),
    })),
    total: Number(count.n),
  };
}

/** Variants with at most `threshold` in stock, fewest first (the admin's dashboard). */
export async function lowStock(db: DB, threshold: number, limit: number) {
  const rows = await db
    .selectFrom("product_variant")
    .innerJoin("product", "product.id", "product_variant.product_id")
    .where("product_variant.stock", "<=", threshold)
    .select([
      "product_variant.id as variantId",
      "product_variant.product_id as productId",
      "product.title as productTitle",
      "product_variant.title as variantTitle",
      "product_variant.sku as sku",
      "product_variant.stock as stock",
    ])
    .orderBy("product_variant.stock")
    .orderBy("product.title")
    .orderBy("product_variant.position")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, stock: Number(r.stock) }));
}
