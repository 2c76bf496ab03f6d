import { createHash } from "node:crypto";
import { inTransaction } from "../../db/connection.ts";
import * as catalog from "../catalog/index.ts";
import type { DataContext, DomainContext } from "../shared/context.ts";
import { DomainError, notFound } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isWellFormedId } from "../shared/schemas.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./repository.ts";
import { ANONYMOUS_CART_DAYS, cartItemInput, cartQuantityInput, MAX_CART_LINES, MAX_CART_QUANTITY } from "./schemas.ts";

export type CartLine = {
  id: string;
  variantId: string;
  productId: string;
  title: string;
  variantTitle: string;
  /** whether the variant is the product's only one (its title says nothing) */
  hasOptions: boolean;
  sku: string;
  imageKey: string;
  quantity: number;
  /** today's price, from the catalogue */
  unitPriceCents: number;
  lineTotalCents: number;
  stock: number;
};

export type Cart = { id: string | null; lines: CartLine[]; subtotalCents: number; itemCount: number };

/**
 * A cart as the customer agrees to pay for it, in a few characters: each line's variant, quantity
 * and price. A checkout page names the one it showed, and the order is refused when the cart or a
 * price changed since (another tab added something, an admin changed a price): the customer pays
 * for what the page said, or sees the new total first.
 */
export function cartFingerprint(lines: { variantId: string; quantity: number; unitPriceCents: number }[]): string {
  const agreed = lines
    .map((l) => `${l.variantId}:${l.quantity}:${l.unitPriceCents}`)
    .sort()
    .join(",");
  return createHash("sha256").update(agreed).digest("base64url").slice(0, 22);
}

/** Who the cart belongs to: the signed-in customer, or the visitor whose signed cookie names it. */
type CartContext = Pick<DomainContext, "db" | "actor"> & { cartId?: string | null };

const empty: Cart = { id: null, lines: [], subtotalCents: 0, itemCount: 0 };

async function currentCart(ctx: CartContext): Promise<repo.CartRow | undefined> {
  if (ctx.actor.kind !== "anonymous") return repo.findByUser(ctx.db, ctx.actor.user.id);
  if (!ctx.cartId || !isWellFormedId(ctx.cartId)) return undefined;
  const cart = await repo.findById(ctx.db, ctx.cartId);
  return cart && cart.userId === null ? cart : undefined;
}

/** The cart's lines with today's prices and stock (lines whose variant is gone have already been removed). */
async function linesOf(ctx: DataContext, cartId: string): Promise<CartLine[]> {
  const items = await repo.items(ctx.db, cartId);
  const variants = new Map(
    (
      await catalog.findVariants(
        ctx,
        items.map((i) => i.variantId),
      )
    ).map((v) => [v.id, v]),
  );
  return items.flatMap((item) => {
    const v = variants.get(item.variantId);
    if (!v) return [];
    return [
      {
        id: item.id,
        variantId: v.id,
        productId: v.productId,
        title: v.productTitle,
        variantTitle: v.title,
        hasOptions: Object.keys(v.options).length > 0,
        sku: v.sku,
        imageKey: v.imageKey ?? v.productImageKey,
        quantity: item.quantity,
        unitPriceCents: v.priceCents,
        lineTotalCents: v.priceCents * item.quantity,
        stock: v.stock,
      },
    ];
  });
}

function summary(id: string, lines: CartLine[]): Cart {
  return {
    id,
    lines,
    subtotalCents: lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
  };
}

/** The asking visitor's or customer's cart (empty when they have none yet). */
export async function getCart(ctx: CartContext): Promise<Cart> {
  const cart = await currentCart(ctx);
  return cart ? summary(cart.id, await linesOf(ctx, cart.id)) : empty;
}

/**
 * How many items the cart holds (the header's count): those of the lines the cart shows, so that a
 * product taken off sale (a draft, deleted) leaves the count as it leaves the cart.
 */
export async function cartCount(ctx: CartContext): Promise<number> {
  return (await getCart(ctx)).itemCount;
}

function stockMessage(variant: catalog.VariantForSale, wanted: number): string {
  const name = Object.keys(variant.options).length
    ? `${variant.productTitle} (${variant.title})`
    : variant.productTitle;
  if (variant.stock === 0) return `${name} is sold out.`;
  return `Only ${variant.stock} of ${name} left${wanted > variant.stock ? `: you asked for ${wanted}` : ""}.`;
}

/**
 * Puts a variant in the cart (or adds to its line). A visitor without a cart gets one, whose id the
 * caller keeps in a signed cookie (`createdCartId`). More than is in stock is refused.
 */
export async function addToCart(
  ctx: CartContext,
  input: unknown,
): Promise<{ cart: Cart; line: CartLine; createdCartId: string | null }> {
  const fields = parseInput(cartItemInput, input);
  const [variant] = await catalog.findVariants(ctx, [fields.variantId]);
  if (!variant) throw new DomainError("not_found", "That product option is not available.");
  let cart = await currentCart(ctx);
  let createdCartId: string | null = null;
  const existing = cart ? await repo.findItemByVariant(ctx.db, cart.id, variant.id) : undefined;
  const wanted = (existing?.quantity ?? 0) + fields.quantity;
  if (wanted > MAX_CART_QUANTITY) {
    throw new DomainError("validation_failed", "Some fields need attention.", {
      quantity: `A cart holds at most ${MAX_CART_QUANTITY} of one item.`,
    });
  }
  if (wanted > variant.stock) throw new DomainError("out_of_stock", stockMessage(variant, wanted));
  await inTransaction(ctx.db, async (trx) => {
    if (!cart) {
      const id = newId();
      await repo.insertCart(trx, id, ctx.actor.kind === "anonymous" ? null : ctx.actor.user.id);
      cart = { id, userId: ctx.actor.kind === "anonymous" ? null : ctx.actor.user.id };
      if (ctx.actor.kind === "anonymous") createdCartId = id;
    }
    if (existing) {
      await repo.setQuantity(trx, existing.id, wanted);
    } else {
      if ((await repo.items(trx, cart.id)).length >= MAX_CART_LINES) {
        throw new DomainError("conflict", `A cart holds at most ${MAX_CART_LINES} different items.`);
      }
      await repo.insertItem(trx, { id: newId(), cartId: cart.id, variantId: variant.id, quantity: wanted });
    }
    await repo.touch(trx, cart.id);
  });
  if (!cart) throw new Error("cart vanished");
  const result = summary(cart.id, await linesOf(ctx, cart.id));
  const line = result.lines.find((l) => l.variantId === variant.id);
  if (!line) throw new Error("cart line vanished");
  return { cart: result, line, createdCartId };
}

/** A line of the asker's own cart; anyone else's is "not found" (its existence is not theirs to learn). */
async function ownLine(ctx: CartContext, itemId: string): Promise<{ cart: repo.CartRow; item: repo.CartItemRow }> {
  const cart = await currentCart(ctx);
  const item = cart && isWellFormedId(itemId) ? await repo.findItem(ctx.db, itemId) : undefined;
  if (!cart || !item || item.cartId !== cart.id) throw notFound("Cart item");
  return { cart, item };
}

/** Sets a line's quantity (the cart page's stepper). */
export async function updateCartItem(ctx: CartContext, itemId: string, input: unknown): Promise<Cart> {
  const { quantity } = parseInput(cartQuantityInput, input);
  const { cart, item } = await ownLine(ctx, itemId);
  const [variant] = await catalog.findVariants(ctx, [item.variantId]);
  if (!variant) throw notFound("Cart item");
  if (quantity > variant.stock) throw new DomainError("out_of_stock", stockMessage(variant, quantity));
  await repo.setQuantity(ctx.db, item.id, quantity);
  await repo.touch(ctx.db, cart.id);
  return summary(cart.id, await linesOf(ctx, cart.id));
}

export async function removeCartItem(ctx: CartContext, itemId: string): Promise<Cart> {
  const { cart, item } = await ownLine(ctx, itemId);
  await repo.deleteItem(ctx.db, item.id);
  await repo.touch(ctx.db, cart.id);
  return summary(cart.id, await linesOf(ctx, cart.id));
}

/**
 * A visitor who signs in keeps what they put in the cart: the visitor's lines join the customer's
 * cart (quantities add up, to at most the per-line maximum; new lines only while the cart holds
 * fewer than MAX_CART_LINES), and the visitor's cart is gone.
 */
export async function mergeVisitorCart(ctx: DataContext, visitorCartId: string, userId: string): Promise<void> {
  if (!isWellFormedId(visitorCartId)) return;
  await inTransaction(ctx.db, async (trx) => {
    const visitor = await repo.findById(trx, visitorCartId);
    if (!visitor || visitor.userId !== null) return;
    const lines = await repo.items(trx, visitor.id);
    let target = await repo.findByUser(trx, userId);
    if (!target) {
      if (lines.length === 0) return repo.deleteCart(trx, visitor.id);
      target = { id: newId(), userId };
      await repo.insertCart(trx, target.id, userId);
    }
    let count = (await repo.items(trx, target.id)).length;
    for (const line of lines) {
      const existing = await repo.findItemByVariant(trx, target.id, line.variantId);
      if (existing)
        await repo.setQuantity(trx, existing.id, Math.min(MAX_CART_QUANTITY, existing.quantity + line.quantity));
      else if (count < MAX_CART_LINES) {
        await repo.insertItem(trx, { ...line, id: newId(), cartId: target.id });
        count += 1;
      }
    }
    await repo.deleteCart(trx, visitor.id);
    await repo.touch(trx, target.id);
  });
}

/**
 * Takes the lines a checkout ordered out of the cart, inside the order's transaction: each must still
 * be there as the checkout read it, or nothing is ordered (a second checkout of the same cart at
 * once, or a quantity changed in another tab meanwhile, would otherwise order the cart twice).
 */
export async function takeOrderedLines(
  ctx: DataContext,
  cartId: string,
  lines: { id: string; quantity: number }[],
): Promise<void> {
  if ((await repo.deleteLinesAsRead(ctx.db, cartId, lines)) !== lines.length) {
    throw new DomainError("conflict", "Your cart changed while you were checking out: look it over and try again.");
  }
}

/** Deletes visitors' carts untouched for ANONYMOUS_CART_DAYS. */
export const expireVisitorCarts = (ctx: DataContext) =>
  repo.deleteAnonymousBefore(ctx.db, new Date(Date.now() - ANONYMOUS_CART_DAYS * 24 * 60 * 60_000).toISOString());
