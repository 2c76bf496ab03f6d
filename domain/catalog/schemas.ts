import { z } from "zod";
import { hasNoNul, optionalText, pageSchema, requiredText } from "../shared/schemas.ts";

export const productListQuery = pageSchema.extend({
  /** title text, matched case-insensitively anywhere in the title (title only, as the shop always did) */
  q: z.string().trim().max(100, "Search text must be at most 100 characters.").refine(hasNoNul, "Search text contains a character that is not allowed.").optional(),
  /** category slug */
  category: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,40}$/, "Unknown category.")
    .optional(),
  /** a per-visit number that gives a stable shuffled order; absent = the shop's own order */
  seed: z.coerce.number().int().min(1).max(2_147_483_646).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

const price = z
  .union([z.number(), z.string().trim().min(1, "Price is required.")], { error: "Price is required." })
  .transform((v) => (typeof v === "number" ? v : Number(v.replace(/^\$/, ""))))
  .pipe(
    z
      .number({ error: "Price must be a number." })
      .refine(Number.isFinite, "Price must be a number.")
      .min(0, "Price cannot be negative.")
      .max(1_000_000, "Price must be below $1,000,000.")
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Price can have at most two decimals."),
  );

/**
 * The add-product form: `Categories` is one or more category names or slugs, given as a
 * comma-separated string or as repeated fields.
 */
export const productInput = z.object({
  title: requiredText("Title", 200),
  Categories: z
    .union([z.string(), z.array(z.string())], { error: "Choose at least one category." })
    .transform((v) =>
      (Array.isArray(v) ? v : v.split(","))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(40)).min(1, "Choose at least one category.").max(5, "Choose at most five categories.")),
  price,
  desc1: requiredText("The first feature line", 300),
  desc2: optionalText("Feature line 2", 300),
  desc3: optionalText("Feature line 3", 300),
  desc4: optionalText("Feature line 4", 300),
});
export type ProductInput = z.infer<typeof productInput>;
