/**
 * `npm run seed -- --products=N`: a synthetic catalogue of N products for benchmarks, in place of
 * the demo's: the demo categories, blog, stores and testimonials, and N generated products
 * (synthetic-data.ts: varied titles and feature lines, prices spread over each product type's
 * range) with the demo's options, variants and stock (variants.ts). Deterministic for a given seed.
 *
 * Fast at scale: products are written through catalog.importProducts, many rows per statement,
 * all in one transaction (an interrupted seed leaves the shop as it was); the search index, stock
 * flags and catalogue version follow through the database's triggers as for any write. Images are
 * not drawn per product: products share the ~24 artworks of ART, from the art cache.
 */
import { type DB, withBulkWriteCache } from "../db/connection.ts";
import * as catalog from "../domain/catalog/index.ts";
import type { MediaStore, StoredImage } from "../domain/media/index.ts";
import { newId } from "../domain/shared/ids.ts";
import { categories, type ProductSeed } from "./catalogue-data.ts";
import { clearShopData, drawDemoArtwork, seedImage, writeContent } from "./index.ts";
import { productArtSvg } from "./product-art.ts";
import { ART, type ArtKey, generateProduct, random } from "./synthetic-data.ts";
import { variantsFor } from "./variants.ts";

export type SyntheticProduct = { id: string; title: string; priceCents: number; imageKey: string };

/** Products generated and written per round (one round's rows are held in memory at a time). */
const PRODUCTS_PER_ROUND = 2_000;
export const DEFAULT_SYNTHETIC_SEED = 20_240_601;

/** Draws (or takes from the art cache) the artworks the generated products share. */
export async function drawSyntheticArtwork(media: MediaStore): Promise<Map<ArtKey, StoredImage>> {
  const entries = Object.entries(ART) as [ArtKey, (typeof ART)[ArtKey]][];
  const drawn = new Map<ArtKey, StoredImage>();
  // two at a time: sharp is CPU-bound and the machine may have two cores
  for (let i = 0; i < entries.length; i += 2) {
    await Promise.all(
      entries.slice(i, i + 2).map(async ([key, art], j) => {
        const svg = () => productArtSvg({ title: art.title, categories: [...art.categories], index: i + j });
        drawn.set(key, await seedImage(media, "products", `synthetic-${key}`, svg));
      }),
    );
  }
  return drawn;
}

/** Product `position` of the synthetic catalogue of the generator `r`, ready for catalog.importProducts. */
export function syntheticProduct(
  r: ReturnType<typeof random>,
  position: number,
  categoryIds: Map<string, string>,
  art: Map<ArtKey, StoredImage>,
): catalog.NewProduct & { id: string } {
  const generated = generateProduct(r, position);
  const image = art.get(generated.art);
  if (!image) throw new Error(`no artwork ${generated.art}`);
  const seed: ProductSeed = {
    title: generated.title,
    priceCents: generated.priceCents,
    categories: generated.categories,
    desc1: generated.desc1,
  };
  const { options, variants } = variantsFor(seed, position, newId);
  // titles repeat in a large catalogue; SKUs must not
  const prefix = `S${position.toString(36).toUpperCase()}`;
  return {
    id: newId(),
    title: generated.title,
    priceCents: generated.priceCents,
    desc1: generated.desc1,
    desc2: generated.desc2,
    desc3: generated.desc3,
    desc4: generated.desc4,
    imageKey: image.key,
    imageWidth: image.width,
    imageHeight: image.height,
    position,
    options,
    variants: variants.map((v) => ({ ...v, sku: `${prefix}-${v.sku}` })),
    categoryIds: generated.categories.map((slug) => {
      const categoryId = categoryIds.get(slug);
      if (!categoryId) throw new Error(`unknown category ${slug}`);
      return categoryId;
    }),
  };
}

/**
 * Replaces the shop's catalogue, orders, wishlists, reviews and content with a synthetic shop of
 * `products` products (accounts stay). Answers the products written, in catalogue order.
 */
export async function seedSyntheticShop(
  deps: { db: DB; media: MediaStore },
  options: { products: number; seed?: number },
): Promise<{ products: SyntheticProduct[]; variants: number }> {
  const [[, articleImages], art] = await Promise.all([
    drawDemoArtwork(deps.media, []),
    drawSyntheticArtwork(deps.media),
  ]);
  const r = random(options.seed ?? DEFAULT_SYNTHETIC_SEED);
  const written: SyntheticProduct[] = [];
  let variantCount = 0;
  await withBulkWriteCache(deps.db, () =>
    deps.db.transaction().execute(async (trx) => {
      await clearShopData(trx);
      const categoryIds = await catalog.importCategories({ db: trx }, categories);
      await writeContent(trx, articleImages);
      for (let from = 0; from < options.products; from += PRODUCTS_PER_ROUND) {
        const round: (catalog.NewProduct & { id: string })[] = [];
        for (let position = from; position < Math.min(options.products, from + PRODUCTS_PER_ROUND); position++) {
          const product = syntheticProduct(r, position, categoryIds, art);
          round.push(product);
          variantCount += product.variants.length;
          written.push({
            id: product.id,
            title: product.title,
            priceCents: product.priceCents,
            imageKey: product.imageKey,
          });
        }
        await catalog.importProducts({ db: trx }, round);
      }
    }),
  );
  await catalog.optimizeSearchIndex({ db: deps.db });
  return { products: written, variants: variantCount };
}
