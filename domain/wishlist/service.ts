import * as accounts from "../accounts/index.ts";
import * as catalog from "../catalog/index.ts";
import { requireSelfOrAdmin, requireUser, sameEmail } from "../shared/actor.ts";
import type { DomainContext } from "../shared/context.ts";
import { DomainError, notFound } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isWellFormedId } from "../shared/schemas.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./repository.ts";
import { MAX_WISHLIST_ITEMS, wishlistInput } from "./schemas.ts";

/** The signed-in user's own wishlist. */
export async function listMyWishlist(ctx: DomainContext): Promise<repo.WishlistItem[]> {
  const user = requireUser(ctx.actor);
  return repo.listForUser(ctx.db, user.id);
}

/** The wishlist of the account with this email: its owner's, or anyone's for an admin (found by account id). */
export async function listWishlist(ctx: DomainContext, email: string): Promise<repo.WishlistItem[]> {
  const user = requireSelfOrAdmin(ctx.actor, email);
  const userId = sameEmail(user.email, email) ? user.id : await accounts.findUserId(ctx, email);
  return userId ? repo.listForUser(ctx.db, userId) : [];
}

/** Adds a product to the signed-in user's own wishlist; a product is there at most once. */
export async function addToWishlist(ctx: DomainContext, input: unknown): Promise<repo.WishlistItem> {
  const user = requireUser(ctx.actor);
  const fields = parseInput(wishlistInput, input);
  if (fields.customerEmail && !sameEmail(fields.customerEmail, user.email)) {
    throw new DomainError("forbidden", "You can only add to your own wishlist.");
  }
  if (!fields.productId) {
    throw new DomainError("validation_failed", "Some fields need attention.", {
      productId: "Which product? productId is required.",
    });
  }
  const product = await catalog.findProduct(ctx, fields.productId);
  if (!product) throw notFound("Product");
  if (await repo.findByProduct(ctx.db, user.id, product.id)) {
    throw new DomainError("conflict", "This product is already in your wishlist.");
  }
  if ((await repo.countForUser(ctx.db, user.id)) >= MAX_WISHLIST_ITEMS) {
    throw new DomainError("conflict", `Your wishlist is full (${MAX_WISHLIST_ITEMS} products). Remove some first.`);
  }
  const item: repo.WishlistItem = {
    id: newId(),
    userEmail: user.email,
    productId: product.id,
    title: product.title,
    priceCents: product.priceCents,
    imageKey: product.imageKey,
    createdAt: new Date().toISOString(),
  };
  try {
    await repo.insert(ctx.db, user.id, item);
  } catch (e) {
    if (await repo.findByProduct(ctx.db, user.id, product.id)) {
      throw new DomainError("conflict", "This product is already in your wishlist.");
    }
    throw e;
  }
  return item;
}

export async function removeFromWishlist(ctx: DomainContext, id: string): Promise<{ deletedCount: number }> {
  const user = requireUser(ctx.actor);
  if (!isWellFormedId(id)) throw notFound("Wishlist item");
  const item = await repo.findById(ctx.db, id);
  if (!item) throw notFound("Wishlist item");
  if (ctx.actor.kind !== "admin" && item.userId !== user.id) {
    throw new DomainError("forbidden", "You can only change your own wishlist.");
  }
  return { deletedCount: await repo.remove(ctx.db, id) };
}

/** The heart on a product page: the wishlist entry for this product (to remove it), or null. */
export async function wishlistEntryFor(ctx: DomainContext, productId: string): Promise<string | null> {
  if (ctx.actor.kind === "anonymous") return null;
  const row = await repo.findByProduct(ctx.db, ctx.actor.user.id, productId);
  return row?.id ?? null;
}

/** The heart's toggle: in → out, out → in. A repeated click that finds the state already reached is not an error. */
export async function toggleWishlist(ctx: DomainContext, productId: string, entryId: string | null): Promise<void> {
  try {
    if (entryId) await removeFromWishlist(ctx, entryId);
    else await addToWishlist(ctx, { productId });
  } catch (e) {
    if (!(e instanceof DomainError && (e.code === "conflict" || e.code === "not_found"))) throw e;
  }
}

/** For the shop itself (a re-seed): empties every wishlist. */
export const clearWishlists = (ctx: Pick<DomainContext, "db">) => repo.deleteAll(ctx.db);
