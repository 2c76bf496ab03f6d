import { createHash } from "node:crypto";
import { inTransaction } from "../../db/connection.ts";
import { type AuditChanges, diff, recordAudit } from "../audit/index.ts";
import * as inventory from "../inventory/index.ts";
import { removeImage, storeImage } from "../media/index.ts";
import { requireAdmin } from "../shared/actor.ts";
import type { DomainContext } from "../shared/context.ts";
import { DomainError, type FieldErrors, notFound } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import type { Paged } from "../shared/pagination.ts";
import { isWellFormedId } from "../shared/schemas.ts";
import { refusingDuplicates } from "../shared/unique.ts";
import { parseInput, parseQuery } from "../shared/validation.ts";
import * as repo from "./repository.ts";
import {
  adminProductQuery,
  imageOrderInput,
  imageUploadInput,
  MAX_IMAGES,
  type ProductUpdateInput,
  productInput,
  productUpdateInput,
} from "./schemas.ts";

const invalid = (fields: FieldErrors) => new DomainError("validation_failed", "Some fields need attention.", fields);

async function productFor(ctx: DomainContext, id: string): Promise<repo.ProductWithVariants> {
  requireAdmin(ctx.actor);
  const product = isWellFormedId(id) ? await repo.findProduct(ctx.db, id) : undefined;
  if (!product) throw notFound("Product");
  return product;
}

/** The categories named (by name or slug), or a message naming the unknown ones. */
export async function resolveCategories(
  ctx: Pick<DomainContext, "db">,
  names: string[],
): Promise<{ ids: string[]; unknown?: string }> {
  const categories = await repo.findCategories(ctx.db, names);
  const known = new Set(categories.flatMap((c) => [c.slug, c.name.toLowerCase()]));
  const missing = names.filter((c) => !known.has(c.toLowerCase()));
  if (missing.length === 0) return { ids: categories.map((c) => c.id) };
  const all = await repo.listCategories(ctx.db);
  return {
    ids: [],
    unknown: `Unknown category: ${missing.join(", ")}. Choose from ${all.map((c) => c.name).join(", ")}.`,
  };
}

/** "M / Navy" from the chosen values in the options' order, or "Default" without options. */
export const variantTitle = (options: repo.ProductOption[], chosen: Record<string, string>) =>
  options.length ? options.map((o) => chosen[o.name]).join(" / ") : "Default";

/**
 * Admins change a product: any of its fields, its options and variants (the variants sent become
 * the product's; ones left out are removed, ones without an id added). Every rule is checked
 * before anything is written; the change and its audit entry are one transaction.
 */
export async function updateProduct(ctx: DomainContext, id: string, input: unknown): Promise<repo.ProductWithVariants> {
  const before = await productFor(ctx, id);
  // unknown categories are named with the other problems, in one answer
  const named =
    typeof input === "object" && input !== null && "Categories" in input
      ? productInput.shape.Categories.safeParse((input as { Categories: unknown }).Categories)
      : undefined;
  const found = named?.success ? await resolveCategories(ctx, named.data) : undefined;
  const fields = parseInput(productUpdateInput, input, found?.unknown ? { Categories: found.unknown } : {});
  const problems: FieldErrors = {};
  const categoryIds = fields.Categories ? found?.ids : undefined;
  const options = fields.options ?? before.options;
  if (fields.options && !fields.variants) {
    // the variants stay: they must still name one value of every option
    fields.variants = before.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      options: v.options,
      price: v.ownPrice ? v.priceCents / 100 : null,
      stock: v.stock,
    }));
  }
  if (fields.variants) Object.assign(problems, await checkVariants(ctx, before, options, fields.variants));
  if (Object.keys(problems).length) throw invalid(problems);

  const changes: repo.ProductChanges = {
    title: fields.title,
    priceCents: fields.price === undefined ? undefined : Math.round(fields.price * 100),
    desc1: fields.desc1,
    desc2: fields.desc2 === undefined ? undefined : (fields.desc2 ?? null),
    desc3: fields.desc3 === undefined ? undefined : (fields.desc3 ?? null),
    desc4: fields.desc4 === undefined ? undefined : (fields.desc4 ?? null),
    status: fields.status,
    options: fields.options,
  };
  const audit: AuditChanges = diff(
    {
      title: before.title,
      priceCents: before.priceCents,
      desc1: before.desc1,
      desc2: before.desc2,
      desc3: before.desc3,
      desc4: before.desc4,
      status: before.status,
      options: before.options,
    },
    changes,
  );
  const duplicate = "Another edit or import saved one of these SKUs meanwhile: nothing was saved. Try again.";
  await refusingDuplicates(
    () =>
      inTransaction(ctx.db, async (trx) => {
        if (fields.editedFrom !== undefined) await refuseIfChangedSince(trx, id, fields.editedFrom);
        await repo.updateProductRow(trx, id, changes);
        if (categoryIds) {
          const beforeSlugs = before.categories.map((c) => c.slug);
          await repo.setProductCategories(trx, id, categoryIds);
          const after = (await repo.findProduct(trx, id))?.categories.map((c) => c.slug) ?? [];
          if (JSON.stringify(beforeSlugs) !== JSON.stringify(after))
            audit.categories = { from: beforeSlugs, to: after };
        }
        if (fields.variants) Object.assign(audit, await saveVariants(trx, before, options, fields.variants));
        await recordAudit(trx, ctx.actor, {
          action: "product.update",
          target: { type: "product", id },
          summary: `Edited product “${fields.title ?? before.title}”`,
          changes: audit,
        });
      }),
    duplicate,
  );
  return (await repo.findProduct(ctx.db, id)) as repo.ProductWithVariants;
}

/**
 * A product as an edit form shows it, in a few characters: every field the form saves (its title,
 * price, feature lines, status, categories, options and variants) except stock, which sales move
 * and which has its own guard (`stockWas`). A save that says which of these it was made from is
 * refused when the product has changed since — in another tab, by an import, by another admin —
 * instead of putting back what that page showed and removing the variants added meanwhile.
 */
export function editFingerprint(product: repo.ProductWithVariants): string {
  const shown = [
    product.title,
    product.priceCents,
    [product.desc1, product.desc2, product.desc3, product.desc4],
    product.status,
    product.categories.map((c) => c.slug),
    product.options,
    product.variants.map((v) => [v.id, v.sku, v.options, v.ownPrice ? v.priceCents : null, v.position]),
  ];
  return createHash("sha256").update(JSON.stringify(shown)).digest("base64url").slice(0, 22);
}

/**
 * Inside the save's transaction, with the product's row locked first (so that two saves from the
 * same page cannot both pass): refused when the product is no longer what the editor saw.
 */
async function refuseIfChangedSince(trx: DomainContext["db"], id: string, editedFrom: string): Promise<void> {
  await repo.lockProductRow(trx, id);
  const now = await repo.findProduct(trx, id);
  if (!now) throw notFound("Product");
  if (editFingerprint(now) !== editedFrom) {
    throw new DomainError(
      "conflict",
      "This product was changed after this page was opened (in another tab, by an import or by another admin). Reload the page to see those changes, then make yours again.",
      { editedFrom: "The product changed since this page was opened: reload it." },
    );
  }
}

type VariantsInput = NonNullable<ProductUpdateInput["variants"]>;

async function checkVariants(
  ctx: DomainContext,
  product: repo.ProductWithVariants,
  options: repo.ProductOption[],
  variants: VariantsInput,
): Promise<FieldErrors> {
  const problems: FieldErrors = {};
  const own = new Set(product.variants.map((v) => v.id));
  const combos = new Map<string, number>();
  if (options.length === 0 && variants.length > 1) {
    problems.variants = "A product without options has one variant: add an option (Size, Colour) first.";
  }
  variants.forEach((v, i) => {
    if (v.id !== undefined && !own.has(v.id)) problems[`variants.${i}.id`] = "Not a variant of this product.";
    for (const name of Object.keys(v.options)) {
      if (!options.some((o) => o.name === name)) problems[`variants.${i}.options`] = `There is no option “${name}”.`;
    }
    for (const [o, option] of options.entries()) {
      const value = v.options[option.name];
      if (!value) problems[`variants.${i}.options.${o}`] = `Choose a ${option.name}.`;
      else if (!option.values.includes(value)) {
        problems[`variants.${i}.options.${o}`] = `${option.name} must be one of ${option.values.join(", ")}.`;
      }
    }
    const combo = JSON.stringify(options.map((o) => v.options[o.name] ?? ""));
    if (options.length && combos.has(combo)) problems[`variants.${i}.options`] = "Another variant has these options.";
    combos.set(combo, i);
  });
  const owners = await repo.variantsBySku(
    ctx.db,
    variants.map((v) => v.sku),
  );
  variants.forEach((v, i) => {
    const owner = owners.get(v.sku.toUpperCase());
    if (
      owner &&
      owner.variantId !== v.id &&
      !(owner.productId === product.id && !variants.some((w) => w.id === owner.variantId))
    ) {
      problems[`variants.${i}.sku`] = "Another variant has this SKU.";
    }
  });
  return problems;
}

/** Writes the variants (update, add, remove); answers what changed for the audit log. */
async function saveVariants(
  trx: DomainContext["db"],
  product: repo.ProductWithVariants,
  options: repo.ProductOption[],
  variants: VariantsInput,
): Promise<AuditChanges> {
  const changes: AuditChanges = {};
  const kept = new Set(variants.flatMap((v) => (v.id ? [v.id] : [])));
  const removed = product.variants.filter((v) => !kept.has(v.id));
  // removed first, so that a new variant may take a removed one's SKU
  await repo.deleteVariants(
    trx,
    removed.map((v) => v.id),
  );
  for (const v of removed) changes[`variant ${v.sku}`] = { from: "present", to: "removed" };
  const added: repo.NewVariant[] = [];
  for (const [position, v] of variants.entries()) {
    const chosen = Object.fromEntries(options.map((o) => [o.name, v.options[o.name]]));
    const row = {
      sku: v.sku,
      title: variantTitle(options, chosen),
      options: chosen,
      priceCents: v.price == null ? null : Math.round(v.price * 100),
    };
    const old = v.id ? product.variants.find((x) => x.id === v.id) : undefined;
    if (!old) {
      added.push({ id: newId(), ...row, stock: v.stock, imageKey: null, position });
      changes[`variant ${v.sku}`] = { from: null, to: { ...row, stock: v.stock } };
      continue;
    }
    const was = {
      sku: old.sku,
      title: old.title,
      options: old.options,
      priceCents: old.ownPrice ? old.priceCents : null,
    };
    const typed = inventory.stockTyped(v.stock, v.stockWas, old.stock);
    const stock = typed ? v.stock : old.stock;
    const d = diff({ ...was, stock: old.stock, position: old.position }, { ...row, stock, position });
    if (Object.keys(d).length === 0) continue;
    await repo.updateVariantRow(trx, old.id, { ...row, position });
    if (typed && !(await inventory.setTypedStock({ db: trx }, old.id, v.stock, v.stockWas))) {
      throw new DomainError("conflict", "A variant's stock changed while you were editing: nothing was saved.", {
        [`variants.${position}.stock`]:
          "The stock changed meanwhile (an order?): reload the page to see it, then save again.",
      });
    }
    for (const [field, change] of Object.entries(d)) changes[`variant ${old.sku} ${field}`] = change;
  }
  // a temporary SKU clash between two rows being swapped is avoided by writing the additions last
  await repo.insertVariants(trx, product.id, added);
  return changes;
}

// ── the gallery ──

/** Admins add an image to a product's gallery (processed like every upload), at the end. */
export async function addProductImage(
  ctx: DomainContext,
  productId: string,
  input: unknown,
  file: Buffer | undefined,
): Promise<repo.ProductImage[]> {
  const product = await productFor(ctx, productId);
  const { alt } = parseInput(imageUploadInput, input, file?.length ? {} : { image: "Choose an image to upload." });
  if (product.images.length >= MAX_IMAGES) {
    throw new DomainError("conflict", `A product has at most ${MAX_IMAGES} images: remove one first.`, {
      image: `At most ${MAX_IMAGES} images.`,
    });
  }
  const stored = await storeImage(ctx.media, file as Buffer, { folder: "products" });
  const image: repo.ProductImage = { id: newId(), ...stored, alt, position: product.images.length };
  try {
    await inTransaction(ctx.db, async (trx) => {
      await repo.insertImage(trx, productId, image);
      await repo.syncMainImage(trx, productId);
      await recordAudit(trx, ctx.actor, {
        action: "product.update",
        target: { type: "product", id: productId },
        summary: `Added an image to “${product.title}”`,
        changes: { images: { from: product.images.length, to: product.images.length + 1 } },
      });
    });
  } catch (e) {
    await removeImage(ctx.media, stored.key);
    throw e;
  }
  return repo.imagesOf(ctx.db, productId);
}

/** Admins put the gallery in a new order (the first is the main image) and set each image's alt text. */
export async function arrangeProductImages(
  ctx: DomainContext,
  productId: string,
  input: unknown,
): Promise<repo.ProductImage[]> {
  const product = await productFor(ctx, productId);
  const { images } = parseInput(imageOrderInput, input);
  const have = new Set(product.images.map((i) => i.id));
  const named = new Set(images.map((i) => i.id));
  if (images.some((i) => !have.has(i.id)) || named.size !== images.length || named.size !== have.size) {
    throw invalid({ images: "Name each of the product's images exactly once." });
  }
  const before = product.images.map((i) => ({ id: i.id, alt: i.alt }));
  const after = images.map((i) => ({ id: i.id, alt: i.alt }));
  if (JSON.stringify(before) === JSON.stringify(after)) return product.images;
  await inTransaction(ctx.db, async (trx) => {
    for (const [position, image] of images.entries()) {
      await repo.setImage(trx, productId, image.id, position, image.alt);
    }
    await repo.syncMainImage(trx, productId);
    await recordAudit(trx, ctx.actor, {
      action: "product.update",
      target: { type: "product", id: productId },
      summary: `Arranged the images of “${product.title}”`,
      changes: { images: { from: before, to: after } },
    });
  });
  return repo.imagesOf(ctx.db, productId);
}

/** Moves one image a place earlier or later (the page's buttons, which work without JavaScript). */
export async function moveProductImage(
  ctx: DomainContext,
  productId: string,
  imageId: string,
  by: -1 | 1,
): Promise<repo.ProductImage[]> {
  const product = await productFor(ctx, productId);
  const order = product.images.map((i) => ({ id: i.id, alt: i.alt }));
  const at = order.findIndex((i) => i.id === imageId);
  if (at < 0) throw notFound("Image");
  const to = at + by;
  if (to < 0 || to >= order.length) return product.images;
  [order[at], order[to]] = [order[to], order[at]];
  return arrangeProductImages(ctx, productId, { images: order });
}

/** Admins remove an image; the last one stays (every product shows one). Its files go unless something still shows them. */
export async function removeProductImage(
  ctx: DomainContext,
  productId: string,
  imageId: string,
): Promise<repo.ProductImage[]> {
  const product = await productFor(ctx, productId);
  const image = product.images.find((i) => i.id === imageId);
  if (!image) throw notFound("Image");
  if (product.images.length === 1) {
    throw new DomainError("conflict", "A product needs at least one image: add another before removing this one.");
  }
  await inTransaction(ctx.db, async (trx) => {
    await repo.deleteImage(trx, productId, imageId);
    const rest = product.images.filter((i) => i.id !== imageId);
    for (const [position, i] of rest.entries()) await repo.setImage(trx, productId, i.id, position, i.alt);
    await repo.syncMainImage(trx, productId);
    await recordAudit(trx, ctx.actor, {
      action: "product.update",
      target: { type: "product", id: productId },
      summary: `Removed an image from “${product.title}”`,
      changes: { images: { from: image.key, to: null } },
    });
  });
  if (!(await repo.imageKeyInUse(ctx.db, image.key))) await removeImage(ctx.media, image.key);
  return repo.imagesOf(ctx.db, productId);
}

// ── the admin's list ──

export type AdminProductList = Paged<repo.ProductRecord & { skus: string[] }>;

/** Admins' product list: drafts too, searchable by title or SKU, by category and status. */
export async function listProductsForAdmin(ctx: DomainContext, query: unknown): Promise<AdminProductList> {
  requireAdmin(ctx.actor);
  const q = parseQuery(adminProductQuery, query);
  const { ids, total } = await repo.adminListIds(
    ctx.db,
    { q: q.q || undefined, category: q.category, status: q.status === "all" ? undefined : q.status },
    q,
  );
  const products = await repo.findProductsByIds(ctx.db, ids);
  const skus = await Promise.all(products.map((p) => repo.variantsOf(ctx.db, p.id, p.priceCents)));
  return { items: products.map((p, i) => ({ ...p, skus: skus[i].map((v) => v.sku) })), total };
}

/** One product for its edit page (drafts included). */
/** A product for its edit form, with the fingerprint its save names (`editedFrom`). */
export async function productForEditing(
  ctx: DomainContext,
  id: string,
): Promise<repo.ProductWithVariants & { editedFrom: string }> {
  const product = await productFor(ctx, id);
  return { ...product, editedFrom: editFingerprint(product) };
}
