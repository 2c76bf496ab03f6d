import { z } from "zod";
import { emailSchema, idSchema } from "../shared/schemas.ts";

/** How many products one wishlist keeps. */
export const MAX_WISHLIST_ITEMS = 500;

/** Adding to a wishlist: which product, and optionally whose list (it must be the signed-in user's own). */
export const wishlistInput = z.object({
  productId: idSchema.optional(),
  customerEmail: emailSchema.optional(),
});
