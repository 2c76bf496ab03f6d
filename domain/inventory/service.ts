import { z } from "zod";
import { requireAdmin } from "../shared/actor.ts";
import type { DataContext, DomainContext } from "../shared/context.ts";
import { DomainError, type FieldErrors } from "../shared/errors.ts";
import { type Paged, pageQuery } from "../shared/pagination.ts";
import { hasNoNul } from "../shared/schemas.ts";
import { parseQuery } from "../shared/validation.ts";
import * as repo from "./repository.ts";

export type { InventoryRow, StockMove } from "./repository.ts";

import { LOW_STOCK_THRESHOLD } from "./limits.ts";

export { LOW_STOCK_THRESHOLD } from "./limits.ts";

export type Shortage = { variantId: string; available: number; wanted: number };

/** Refused because stock ran out: 409 `out_of_stock`, naming each variant that is short (and the field, if any). */
export class OutOfStock extends DomainError {
  readonly shortages: Shortage[];
  constructor(shortages: Shortage[], message: string, fields?: FieldErrors) {
    super("out_of_stock", message, fields);
    this.shortages = shortages;
  }
}

/**
 * Takes stock for every line inside the caller's transaction, or throws OutOfStock naming every
 * short line (the transaction then rolls back, so no line keeps its stock either).
 */
export async function takeStock(
  ctx: DataContext,
  moves: repo.StockMove[],
  describe: (variantId: string) => string,
): Promise<void> {
  const short = await repo.take(ctx.db, moves);
  if (short.length === 0) return;
  const left = await repo.stockOf(ctx.db, short);
  const shortages = short.map((variantId) => ({
    variantId,
    available: left.get(variantId) ?? 0,
    wanted: moves.filter((m) => m.variantId === variantId).reduce((n, m) => n + m.quantity, 0),
  }));
  const names = shortages.map(
    (s) => `${describe(s.variantId)} (${s.available === 0 ? "sold out" : `only ${s.available} left`})`,
  );
  throw new OutOfStock(shortages, `Not enough in stock: ${names.join(", ")}.`);
}

/** Puts stock back, inside the caller's transaction. */
export const returnStock = (ctx: DataContext, moves: repo.StockMove[]) => repo.giveBack(ctx.db, moves);

/**
 * Whether a page asks for a new stock: its figure differs from the stock it showed (`was`) or, when it
 * does not say what it showed, from the stock now. A page that says leaves a sale made meanwhile alone.
 */
export const stockTyped = (stock: number, was: number | undefined, now: number) => stock !== (was ?? now);

/**
 * Writes a stock an admin typed. With `was` (what their page or file showed), only if the stock is
 * still that: false when an order (or another admin) changed it meanwhile, and nothing was written.
 */
export async function setTypedStock(
  ctx: DataContext,
  variantId: string,
  stock: number,
  was: number | undefined,
): Promise<boolean> {
  if (was === undefined) {
    await repo.setStock(ctx.db, variantId, stock);
    return true;
  }
  return (await repo.setStockIfStill(ctx.db, variantId, stock, was)) > 0;
}

/**
 * The stock that keeps both an admin's change and what happened since they read the stock: `typed` over
 * `was`, and the stock is `now` (17 typed over 12, two sold meanwhile: 15). Never below 0.
 */
export const stockKeepingBoth = (typed: number, was: number, now: number) => Math.max(0, typed + now - was);

/** The inventory page's query: text (product title or SKU), only low stock, a page. */
export const inventoryQuery = pageQuery.extend({
  q: z
    .string()
    .trim()
    .max(100, "Search text must be at most 100 characters.")
    .refine(hasNoNul, "Search text contains a character that is not allowed.")
    .optional(),
  low: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z
      .enum(["true", "false", "1", "0"], { error: "low must be true or false." })
      .transform((v) => v === "true" || v === "1")
      .optional(),
  ),
});

/** Admins: every variant with its stock, the low ones (at most LOW_STOCK_THRESHOLD) when asked. */
export async function listInventory(ctx: DomainContext, query: unknown): Promise<Paged<repo.InventoryRow>> {
  requireAdmin(ctx.actor);
  const q = parseQuery(inventoryQuery, query);
  const { rows, total } = await repo.list(
    ctx.db,
    { q: q.q || undefined, maxStock: q.low ? LOW_STOCK_THRESHOLD : undefined },
    q,
  );
  return { items: rows, total };
}
export type LowStockVariant = Awaited<ReturnType<typeof repo.lowStock>>[number];

/** Variants at or below the storefront's "Only N left" threshold, fewest first (for a module that checked the actor). */
export const lowStockVariants = (ctx: DataContext, limit: number, threshold = LOW_STOCK_THRESHOLD) =>
  repo.lowStock(ctx.db, threshold, limit);
