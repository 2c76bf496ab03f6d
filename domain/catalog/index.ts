import type { DB } from "../../db/connection.ts";
import { DomainError, notFound } from "../errors.ts";
import { removeImage, storeImage } from "../media/images.ts";
import type { MediaStore } from "../media/store.ts";
import { type Actor, requireAdmin } from "../shared/actor.ts";
import { newId } from "../shared/ids.ts";
import { toCents } from "../shared/money.ts";
import { isWellFormedId, type Paged } from "../shared/schemas.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./repository.ts";
import { productInput, productListQuery } from "./schemas.ts";

export type { ProductRecord as Product } from "./repository.ts";
export { productInput, productListQuery } from "./schemas.ts";
export { listCategories } from "./repository.ts";

type Deps = { db: DB; media: MediaStore };

/** The public catalogue: anyone may browse and search it. */
export async function listProducts(deps: { db: DB }, query: unknown): Promise<Paged<repo.ProductRecord>> {
  const q = parseInput(productListQuery, query);
  const { rows, total } = await repo.listProducts(deps.db, q);
  return { items: rows, total };
}

export async function getProduct(deps: { db: DB }, id: string): Promise<repo.ProductRecord> {
  if (!isWellFormedId(id)) throw notFound("Product");
  const product = await repo.findProduct(deps.db, id);
  if (!product) throw notFound("Product");
  return product;
}

/** Admins add products: the fields are checked first, then the image is processed, then both are saved. */
export async function addProduct(deps: Deps, actor: Actor, input: unknown, image: Buffer | undefined): Promise<repo.ProductRecord> {
  requireAdmin(actor);
  // every missing field is reported at once, the image with the rest
  const fields = parseInput(productInput, input, image?.length ? {} : { image: "An image is required." });
  const categories = await repo.findCategories(deps.db, fields.Categories);
  const known = new Set(categories.flatMap((c) => [c.slug, c.name.toLowerCase()]));
  const unknown = fields.Categories.filter((c) => !known.has(c.toLowerCase()));
  if (unknown.length) {
    const all = await repo.listCategories(deps.db);
    throw new DomainError("validation_failed", "Some fields need attention.", {
      Categories: `Unknown category: ${unknown.join(", ")}. Choose from ${all.map((c) => c.name).join(", ")}.`,
    });
  }
  const stored = await storeImage(deps.media, image as Buffer, { folder: "products" });
  const id = newId();
  try {
    await repo.insertProduct(deps.db, {
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
      position: await repo.nextPosition(deps.db),
      categoryIds: categories.map((c) => c.id),
    });
  } catch (e) {
    await removeImage(deps.media, stored.key);
    throw e;
  }
  return getProduct(deps, id);
}

/**
 * Admins delete products. Orders and wishlists keep their own copies of title, price and image,
 * so they stay readable; the image files are kept for them.
 */
export async function deleteProduct(deps: { db: DB }, actor: Actor, id: string): Promise<{ deletedCount: number }> {
  requireAdmin(actor);
  if (!isWellFormedId(id)) throw notFound("Product");
  const deletedCount = await repo.deleteProduct(deps.db, id);
  if (deletedCount === 0) throw notFound("Product");
  return { deletedCount };
}
