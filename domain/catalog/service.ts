import { inTransaction } from "../../db/connection.ts";
import { diff, recordAudit } from "../audit/index.ts";
import * as inventory from "../inventory/index.ts";
import { removeImage, storeImage } from "../media/index.ts";
import { requireAdmin } from "../shared/actor.ts";
import type { DataContext, DomainContext } from "../shared/context.ts";
import { DomainError, notFound } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { toCents } from "../shared/money.ts";
import { isWellFormedId } from "../shared/schemas.ts";
import { parseInput } from "../shared/validation.ts";
import type { ReadContext } from "./listing.ts";
import { optimizeIndex, prepareSearch as prepareSearchIndex } from "./listing-repository.ts";
import * as repo from "./repository.ts";
import { productInput, variantUpdateInput } from "./schemas.ts";

/** Every product's id (for the sitemap). */
export function listProductIds(ctx: DataContext): Promise<string[]> {
  return repo.listProductIds(ctx.db);
}

export function listCategories(ctx: DataContext): Promise<repo.CategoryRow[]> {
  return repo.listCategories(ctx.db);
}

/** Whoever reads may see drafts only when they are an admin. */
const seesDrafts = (ctx: ReadContext) => ctx.actor?.kind === "admin";

/** One product with its options and variants (a draft is "not found" for anyone but an admin). */
export async function getProduct(ctx: ReadContext, id: string): Promise<repo.ProductWithVariants> {
  const product = await findProduct(ctx, id);
  if (!product) throw notFound("Product");
  return product;
}

/** The product with this id, or undefined (also for an id that cannot name one, or a draft for a non-admin). */
export async function findProduct(ctx: ReadContext, id: string): Promise<repo.ProductWithVariants | undefined> {
  if (!isWellFormedId(id)) return undefined;
  const product = await repo.findProduct(ctx.db, id);
  return product && (product.status === "published" || seesDrafts(ctx)) ? product : undefined;
}

/**
 * Variants with their product's title and image (for carts and orders); unknown ids, and for
 * anyone but an admin the variants of drafts (not for sale), are left out.
 */
export async function findVariants(ctx: ReadContext, ids: string[]): Promise<repo.VariantForSale[]> {
  const variants = await repo.findVariants(ctx.db, ids.filter(isWellFormedId));
  return seesDrafts(ctx) ? variants : variants.filter((v) => v.productStatus === "published");
}

/** The variant a one-product order gets when the client names none: the first in stock, else the first. */
export function defaultVariant(product: repo.ProductWithVariants): repo.VariantRecord | undefined {
  return product.variants.find((v) => v.stock > 0) ?? product.variants[0];
}

/** Admins change a variant's stock on hand and/or its price (null: back to the product's price). */
export async function updateVariant(ctx: DomainContext, id: string, input: unknown): Promise<repo.VariantRecord> {
  requireAdmin(ctx.actor);
  const fields = parseInput(variantUpdateInput, input);
  const [variant] = await findVariants(ctx, [id]);
  if (!variant) throw notFound("Variant");
  const { stock: typed, stockWas: was } = fields;
  const stock = typed !== undefined && inventory.stockTyped(typed, was, variant.stock) ? typed : undefined;
  await inTransaction(ctx.db, async (trx) => {
    if (stock !== undefined && !(await inventory.setTypedStock({ db: trx }, id, stock, was))) {
      throw await stockChanged(trx, id, stock, was ?? variant.stock);
    }
    if (fields.price !== undefined) {
      await repo.setVariantPrice(trx, id, fields.price === null ? null : toCents(fields.price));
    }
    const changes = diff(
      { stock: was ?? variant.stock, priceCents: variant.ownPrice ? variant.priceCents : null },
      {
        stock,
        priceCents: fields.price === undefined ? undefined : fields.price === null ? null : toCents(fields.price),
      },
    );
    await recordAudit(trx, ctx.actor, {
      action: "inventory.adjust",
      target: { type: "variant", id },
      summary: `Changed variant ${variant.sku}`,
      changes,
    });
  });
  const [updated] = await findVariants(ctx, [id]);
  return updated;
}

/**
 * The refusal of a stock typed over one that changed meanwhile (an order, another admin): 409 with both
 * figures and the stock that keeps both changes, as the CSV import words it (decision 033).
 */
async function stockChanged(db: DataContext["db"], id: string, typed: number, was: number): Promise<DomainError> {
  const [now] = await repo.findVariants(db, [id]);
  if (!now) return notFound("Variant");
  const both = inventory.stockKeepingBoth(typed, was, now.stock);
  return new DomainError("conflict", `The stock of ${now.sku} changed while you were editing: nothing was saved.`, {
    stock: `${now.sku} had ${was} when you read it and has ${now.stock} now (an order, an edit). To keep that change and yours, save ${both}.`,
  });
}

/** A SKU nobody has yet, from a prefix (letters and digits). */
export async function newSku(ctx: DataContext, prefix = "SKU"): Promise<string> {
  for (;;) {
    const sku = `${prefix}-${newId()
      .slice(0, 8)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, "X")}`;
    if (!(await repo.skuExists(ctx.db, sku))) return sku;
  }
}

/** Admins add products: the fields are checked first, then the image is processed, then both are saved. */
export async function addProduct(
  ctx: DomainContext,
  input: unknown,
  image: Buffer | undefined,
): Promise<repo.ProductWithVariants> {
  requireAdmin(ctx.actor);
  // every missing field is reported at once, the image with the rest
  const fields = parseInput(productInput, input, image?.length ? {} : { image: "An image is required." });
  const categories = await repo.findCategories(ctx.db, fields.Categories);
  const known = new Set(categories.flatMap((c) => [c.slug, c.name.toLowerCase()]));
  const unknown = fields.Categories.filter((c) => !known.has(c.toLowerCase()));
  if (unknown.length) {
    const all = await repo.listCategories(ctx.db);
    throw new DomainError("validation_failed", "Some fields need attention.", {
      Categories: `Unknown category: ${unknown.join(", ")}. Choose from ${all.map((c) => c.name).join(", ")}.`,
    });
  }
  const stored = await storeImage(ctx.media, image as Buffer, { folder: "products" });
  const id = newId();
  // read before the transaction: on SQLite a read through ctx.db inside it would wait for it
  const position = await repo.nextPosition(ctx.db);
  const sku = await newSku(ctx);
  try {
    // the product and its audit entry are one write
    await inTransaction(ctx.db, async (trx) => {
      await repo.insertProduct(trx, {
        id,
        title: fields.title,
        priceCents: toCents(fields.price),
        desc1: fields.desc1,
        desc2: fields.desc2 ?? null,
        desc3: fields.desc3 ?? null,
        desc4: fields.desc4 ?? null,
        imageKey: stored.key,
        imageWidth: stored.width,
        imageHeight: stored.height,
        position,
        status: fields.status,
        categoryIds: categories.map((c) => c.id),
        options: [],
        variants: [
          {
            id: newId(),
            sku,
            title: "Default",
            options: {},
            priceCents: null,
            stock: fields.stock,
            imageKey: null,
            position: 0,
          },
        ],
      });
      await recordAudit(trx, ctx.actor, {
        action: "product.create",
        target: { type: "product", id },
        summary: `Added product “${fields.title}”${fields.status === "draft" ? " as a draft" : ""}`,
      });
    });
  } catch (e) {
    await removeImage(ctx.media, stored.key);
    throw e;
  }
  return getProduct(ctx, id);
}

/**
 * Admins delete products. Orders and wishlists keep their own copies of title, price and image,
 * so they stay readable; the image files are kept for them.
 */
export async function deleteProduct(ctx: DomainContext, id: string): Promise<{ deletedCount: number }> {
  requireAdmin(ctx.actor);
  if (!isWellFormedId(id)) throw notFound("Product");
  return inTransaction(ctx.db, async (trx) => {
    const product = await repo.findProduct(trx, id);
    const deletedCount = await repo.deleteProduct(trx, id);
    if (deletedCount === 0 || !product) throw notFound("Product");
    await recordAudit(trx, ctx.actor, {
      action: "product.delete",
      target: { type: "product", id },
      summary: `Deleted product “${product.title}”`,
    });
    return { deletedCount };
  });
}

// ── for the shop itself (the seed, imports): no actor, the caller is trusted ──

export type CategorySeed = { slug: string; name: string; department: string; position: number };
export type NewProduct = Omit<
  repo.ProductRecord,
  "categories" | "createdAt" | "id" | "position" | "available" | "status"
> & {
  id?: string;
  status?: repo.ProductRecord["status"];
  position: number;
  categoryIds: string[];
  variants: repo.NewVariant[];
};

/** Creates categories; answers each slug's id. */
export async function importCategories(ctx: DataContext, list: CategorySeed[]): Promise<Map<string, string>> {
  const rows = list.map((c) => ({ id: `cat-${c.slug}`, slug: c.slug, name: c.name, department: c.department }));
  await repo.insertCategories(
    ctx.db,
    rows,
    list.map((c) => c.position),
  );
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** Saves a product whose image is already stored. */
export async function importProduct(ctx: DataContext, product: NewProduct): Promise<string> {
  const id = product.id ?? newId();
  await repo.insertProduct(ctx.db, { ...product, id });
  return id;
}

/**
 * Saves many products whose images are already stored, in multi-row statements (one transaction
 * per call, or the caller's), with the search index built in bulk: for large imports and synthetic
 * catalogues. On SQLite it briefly changes the schema inside its transaction (bulkInsertProducts).
 */
export async function importProducts(ctx: DataContext, products: NewProduct[]): Promise<string[]> {
  const rows = products.map((product) => ({ ...product, id: product.id ?? newId() }));
  await repo.bulkInsertProducts(ctx.db, rows);
  return rows.map((row) => row.id);
}

/** After importProducts of thousands of products, once their transaction has ended: tidies the search index. */
export const optimizeSearchIndex = (ctx: DataContext) => optimizeIndex(ctx.db);
/** Ahead of the first search: SQLite reads what searches filter and sort by into memory. */
export const prepareSearch = (ctx: DataContext) => prepareSearchIndex(ctx.db);

export const clearCatalogue = (ctx: DataContext) => repo.deleteAll(ctx.db);
export const countProducts = (ctx: DataContext) => repo.countProducts(ctx.db);
