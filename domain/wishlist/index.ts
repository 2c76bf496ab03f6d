import { z } from "zod";
import type { DB } from "../../db/connection.ts";
import * as catalog from "../catalog/repository.ts";
import { DomainError, notFound } from "../errors.ts";
import { type Actor, requireSelfOrAdmin, requireUser, sameEmail } from "../shared/actor.ts";
import { newId } from "../shared/ids.ts";
import { emailSchema, idSchema, isWellFormedEmail, isWellFormedId } from "../shared/schemas.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./repository.ts";

export type { WishlistItem } from "./repository.ts";

type Deps = { db: DB };

/** POST /api/wishlist: the spec's `{ user_email, product_deatils }`; only the product id is trusted. */
export const wishlistInput = z.object({
  user_email: emailSchema.optional(),
  productId: idSchema.optional(),
  product_deatils: z.object({ _id: idSchema }).loose().optional(),
});

export async function listWishlist(deps: Deps, actor: Actor, email: string): Promise<repo.WishlistItem[]> {
  requireSelfOrAdmin(actor, email);
  if (!isWellFormedEmail(email)) return [];
  return repo.listForEmail(deps.db, email.trim().toLowerCase());
}

/** Adds a product to the signed-in user's own wishlist; a product is there at most once. */
export async function addToWishlist(deps: Deps, actor: Actor, input: unknown): Promise<repo.WishlistItem> {
  const user = requireUser(actor);
  const fields = parseInput(wishlistInput, input);
  if (fields.user_email && !sameEmail(fields.user_email, user.email)) {
    throw new DomainError("forbidden", "You can only add to your own wishlist.");
  }
  const productId = fields.productId ?? fields.product_deatils?._id;
  if (!productId) throw new DomainError("validation_failed", "Some fields need attention.", { productId: "Which product? productId is required." });
  const product = await catalog.findProduct(deps.db, productId);
  if (!product) throw notFound("Product");
  if (await repo.findByProduct(deps.db, user.id, product.id)) {
    throw new DomainError("conflict", "This product is already in your wishlist.");
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
    await repo.insert(deps.db, user.id, item);
  } catch (e) {
    if (await repo.findByProduct(deps.db, user.id, product.id)) {
      throw new DomainError("conflict", "This product is already in your wishlist.");
    }
    throw e;
  }
  return item;
}

export async function removeFromWishlist(deps: Deps, actor: Actor, id: string): Promise<{ deletedCount: number }> {
  const user = requireUser(actor);
  if (!isWellFormedId(id)) throw notFound("Wishlist item");
  const item = await repo.findById(deps.db, id);
  if (!item) throw notFound("Wishlist item");
  if (actor.kind !== "admin" && item.userId !== user.id) {
    throw new DomainError("forbidden", "You can only change your own wishlist.");
  }
  return { deletedCount: await repo.remove(deps.db, id) };
}

/** The heart on a product page: whether it is in the wishlist, and the entry to remove. */
export async function wishlistEntryFor(deps: Deps, actor: Actor, productId: string): Promise<string | null> {
  if (actor.kind === "anonymous") return null;
  const row = await repo.findByProduct(deps.db, actor.user.id, productId);
  return row?.id ?? null;
}
