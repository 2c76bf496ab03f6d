import { z } from "zod";
import { idSchema } from "../shared/schemas.ts";

/** How many of one variant a cart line may hold. */
export const MAX_CART_QUANTITY = 99;
/** How many different variants one cart may hold. */
export const MAX_CART_LINES = 50;
/** A visitor's cart is kept this long after its last change. */
export const ANONYMOUS_CART_DAYS = 30;

const quantity = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z
    .number({ error: "Quantity must be a whole number." })
    .int("Quantity must be a whole number.")
    .min(1, "Quantity must be at least 1.")
    .max(MAX_CART_QUANTITY, `Quantity must be at most ${MAX_CART_QUANTITY}.`),
);

export const cartItemInput = z.object({
  variantId: idSchema,
  quantity: quantity.default(1),
});

export const cartQuantityInput = z.object({ quantity });
