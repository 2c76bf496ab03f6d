import { z } from "zod";
import { formatCount } from "../shared/numbers.ts";
import { pageQuery } from "../shared/pagination.ts";
import { hasNoNul, oneLineText, optionalText, requiredText } from "../shared/schemas.ts";
import {
  DEFAULT_NEW_STOCK,
  MAX_ALT_LENGTH,
  MAX_IMAGES,
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_PRICE_DOLLARS,
  MAX_SEARCH_LENGTH,
  MAX_STOCK,
  MAX_VARIANTS,
} from "./limits.ts";

export { MAX_PRICE_DOLLARS, MAX_SEARCH_LENGTH };
/** Seeds of the shuffled order are 1 … SHUFFLE_MODULUS − 1 (2^31 − 1); each picks one of the shuffled orders. */
export const SHUFFLE_MODULUS = 2_147_483_647;
/** The longest of the four feature lines under a product's title. */
const FEATURE_LINE_MAX_LENGTH = 300;

/** How a list can be sorted; without `sort`: by relevance when searching, else the shop's (or the visit's shuffled) order. */
export const LIST_SORTS = ["relevance", "price_asc", "price_desc", "newest"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

const emptyIsAbsent = (v: unknown) => (v === "" || v === null ? undefined : v);
const priceBound = (label: string) =>
  z.preprocess(
    emptyIsAbsent,
    z.coerce
      .number({ error: `${label} must be a number.` })
      .refine(Number.isFinite, `${label} must be a number.`)
      .min(0, `${label} cannot be negative.`)
      .max(MAX_PRICE_DOLLARS, `${label} must be at most ${formatCount(MAX_PRICE_DOLLARS)}.`)
      .optional(),
  );

/**
 * A catalogue list or search: text (title, categories and feature lines; the last word may be
 * unfinished; a word of five letters or more may have one typo), filters, a sort, and a page.
 */
export const productListQuery = pageQuery
  .extend({
    q: z
      .string()
      .trim()
      .max(MAX_SEARCH_LENGTH, `Search text must be at most ${MAX_SEARCH_LENGTH} characters.`)
      .refine(hasNoNul, "Search text contains a character that is not allowed.")
      .optional(),
    /** category slug */
    category: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,40}$/, "Unknown category.")
      .optional(),
    /** lowest and highest price, in the shop's currency */
    min_price: priceBound("The lowest price"),
    max_price: priceBound("The highest price"),
    /** only products with stock (`true`), or only sold-out ones (`false`) */
    in_stock: z.preprocess(
      emptyIsAbsent,
      z
        .enum(["true", "false", "1", "0"], { error: "in_stock must be true or false." })
        .transform((v) => v === "true" || v === "1")
        .optional(),
    ),
    sort: z.preprocess(
      emptyIsAbsent,
      z.enum(LIST_SORTS, { error: `sort must be one of ${LIST_SORTS.join(", ")}.` }).optional(),
    ),
    /** admins only: drafts, published products (the default) or all */
    status: z.preprocess(
      emptyIsAbsent,
      z.enum(["published", "draft", "all"], { error: "status must be published, draft or all." }).optional(),
    ),
    /** a per-visit number that gives a stable shuffled order; absent = the shop's own order */
    seed: z.coerce
      .number()
      .int()
      .min(1)
      .max(SHUFFLE_MODULUS - 1)
      .optional(),
  })
  .refine((v) => v.min_price === undefined || v.max_price === undefined || v.min_price <= v.max_price, {
    message: "The highest price must not be below the lowest.",
    path: ["max_price"],
  });
export type ProductListQuery = z.infer<typeof productListQuery>;

export const PRODUCT_STATUSES = ["draft", "published"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const stockSchema = z
  .number({ error: "Stock must be a whole number." })
  .int("Stock must be a whole number.")
  .min(0, "Stock cannot be negative.")
  .max(MAX_STOCK, `Stock must be at most ${formatCount(MAX_STOCK)}.`);
/** A price as people type it: digits with at most one decimal point, after an optional `$`. */
const PRICE_TEXT = /^-?(\d+\.?\d*|\.\d+)$/;
// Number() alone would read a lone "$" (then "") as 0, and take hex or exponent notation.
const priceFromText = (text: string) => (PRICE_TEXT.test(text) ? Number(text) : Number.NaN);

const price = z
  .union([z.number(), z.string().trim().min(1, "Price is required.")], { error: "Price is required." })
  .transform((v) => (typeof v === "number" ? v : priceFromText(v.replace(/^\$\s*/, ""))))
  .pipe(
    z
      .number({ error: "Price must be a number." })
      .refine(Number.isFinite, "Price must be a number.")
      .min(0, "Price cannot be negative.")
      .max(MAX_PRICE_DOLLARS, `Price must be below $${formatCount(MAX_PRICE_DOLLARS)}.`)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Price can have at most two decimals."),
  );

/**
 * The add-product form: `Categories` is one or more category names or slugs, given as a
 * comma-separated string or as repeated fields.
 */
export const productInput = z.object({
  title: oneLineText("Title", 200),
  Categories: z
    .union([z.string(), z.array(z.string())], { error: "Choose at least one category." })
    .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
    .pipe(
      z.array(z.string().max(40)).min(1, "Choose at least one category.").max(5, "Choose at most five categories."),
    ),
  price,
  desc1: requiredText("The first feature line", FEATURE_LINE_MAX_LENGTH),
  desc2: optionalText("Feature line 2", FEATURE_LINE_MAX_LENGTH),
  desc3: optionalText("Feature line 3", FEATURE_LINE_MAX_LENGTH),
  desc4: optionalText("Feature line 4", FEATURE_LINE_MAX_LENGTH),
  stock: z
    .preprocess(
      (v) => (v === "" || v === undefined || v === null ? undefined : typeof v === "string" ? Number(v) : v),
      stockSchema.optional(),
    )
    .transform((v) => v ?? DEFAULT_NEW_STOCK),
  // a draft is seen only by admins until it is published (on its edit page)
  status: z.preprocess(
    emptyIsAbsent,
    z.enum(PRODUCT_STATUSES, { error: "Status must be draft or published." }).default("published"),
  ),
});
export type ProductInput = z.infer<typeof productInput>;

/**
 * An admin's change to one variant: stock on hand and/or its price (null: the product's price). With
 * `stockWas`, the stock the admin's page showed, the stock is written only if they changed it, and only
 * if no order changed it meanwhile (the edit page's rule, `variantInput`); absent: `stock` is written.
 */
export const variantUpdateInput = z
  .object({
    stock: stockSchema.optional(),
    stockWas: stockSchema.optional(),
    price: z.union([price, z.null()]).optional(),
  })
  .refine((v) => v.stock !== undefined || v.price !== undefined, {
    message: "Send stock, price or both.",
    path: ["stock"],
  });

// ── editing a product (the edit page and `PUT /api/products/{id}`) ──

/** A product is a draft (hidden from the storefront and the public API) or published. */

/** Which products an admin's list shows; everyone else sees published ones only. */
export const STATUS_FILTERS = ["published", "draft", "all"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export {
  DEFAULT_NEW_STOCK,
  MAX_ALT_LENGTH,
  MAX_IMAGES,
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_STOCK,
  MAX_VARIANTS,
} from "./limits.ts";

/** SKUs: letters, digits and - _ . / (what spreadsheets and barcode labels keep intact). */
export const skuSchema = z
  .string({ error: "SKU is required." })
  .trim()
  .min(1, "SKU is required.")
  .max(64, "SKU must be at most 64 characters.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "SKU may have letters, digits and - _ . / only.");

const optionName = requiredText("Option name", 40).refine((v) => !v.includes("|"), "Option name cannot contain |.");
const optionValue = requiredText("Option value", 60).refine((v) => !v.includes("|"), "Option value cannot contain |.");

export const productOptionInput = z.object({
  name: optionName,
  values: z
    .array(optionValue, { error: "Give the option's values." })
    .min(1, "Give at least one value.")
    .max(MAX_OPTION_VALUES, `At most ${MAX_OPTION_VALUES} values.`)
    .refine((v) => new Set(v.map((s) => s.toLowerCase())).size === v.length, "Each value only once."),
});

const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), z.union([z.null(), schema]));

const variantPrice = z.preprocess((v) => (v === "" ? null : v), z.union([price, z.null()]));

export const variantInput = z.object({
  /** an existing variant's id; absent: a new variant */
  id: z.string().trim().max(64).optional(),
  sku: skuSchema,
  /** the value chosen for each of the product's options */
  options: z.record(z.string(), z.string().trim().max(60)).default({}),
  /** null or absent: the product's price */
  price: variantPrice.optional(),
  stock: z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), stockSchema),
  /**
   * The stock the admin's page showed: the stock is then written only if they changed it, and only
   * if no order changed it meanwhile (absent: `stock` is written as it is).
   */
  stockWas: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    stockSchema.optional(),
  ),
});
export type VariantInput = z.infer<typeof variantInput>;

/**
 * An admin's change to a product: any of its fields (absent = unchanged). `options` and `variants`
 * go together: the variants sent are the product's variants afterwards (ones left out are removed;
 * ones without `id` are added), and each names one value of every option.
 */
export const productUpdateInput = z
  .object({
    title: oneLineText("Title", 200),
    Categories: productInput.shape.Categories,
    price,
    desc1: requiredText("The first feature line", FEATURE_LINE_MAX_LENGTH),
    // "" or null clears an optional line
    desc2: clearable(optionalText("Feature line 2", FEATURE_LINE_MAX_LENGTH)),
    desc3: clearable(optionalText("Feature line 3", FEATURE_LINE_MAX_LENGTH)),
    desc4: clearable(optionalText("Feature line 4", FEATURE_LINE_MAX_LENGTH)),
    status: z.enum(PRODUCT_STATUSES, { error: "Status must be draft or published." }),
    options: z
      .array(productOptionInput)
      .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options.`)
      .refine((v) => new Set(v.map((o) => o.name.toLowerCase())).size === v.length, "Each option name only once."),
    variants: z
      .array(variantInput)
      .min(1, "A product needs at least one variant.")
      .max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants.`),
    // the product as the editor saw it (`editedFrom` of the product for editing): refused when it changed since
    editedFrom: z.string({ error: "editedFrom must be text." }).max(64, "editedFrom is at most 64 characters."),
  })
  .partial()
  .superRefine((v, ctx) => {
    if (!v.variants) return;
    const skus = new Map<string, number>();
    v.variants.forEach((variant, i) => {
      const key = variant.sku.toUpperCase();
      if (skus.has(key)) ctx.addIssue({ code: "custom", path: ["variants", i, "sku"], message: "This SKU is twice." });
      skus.set(key, i);
    });
  });
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;

/** An admin's change to the gallery: the images in their new order, each with its alt text. */
export const imageOrderInput = z.object({
  images: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(64),
        alt: optionalText("Alt text", MAX_ALT_LENGTH).transform((v) => v ?? ""),
      }),
    )
    .min(1, "Name every image.")
    .max(MAX_IMAGES),
});

export const imageUploadInput = z.object({
  alt: optionalText("Alt text", MAX_ALT_LENGTH).transform((v) => v ?? ""),
});

/** The admin's product list: search by title or SKU, a category, a status, a page. */
export const adminProductQuery = pageQuery.extend({
  q: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH)
    .refine(hasNoNul, "Search text contains a character that is not allowed.")
    .optional(),
  category: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{0,40}$/, "Unknown category.")
    .optional()
    .transform((v) => v || undefined),
  status: z.preprocess(emptyIsAbsent, z.enum(STATUS_FILTERS).default("all")),
});
export type AdminProductQuery = z.infer<typeof adminProductQuery>;
