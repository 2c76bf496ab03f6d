import { createHash } from "node:crypto";
import type { DB } from "../db/connection.ts";
import * as catalog from "../domain/catalog/index.ts";
import * as content from "../domain/content/index.ts";
import {
  IMAGE_WIDTHS,
  type ImageWidth,
  imageFileKey,
  imageTool,
  type MediaStore,
  type StoredImage,
  storeImage,
} from "../domain/media/index.ts";
import * as orders from "../domain/orders/index.ts";
import * as reviews from "../domain/reviews/index.ts";
import { newId } from "../domain/shared/ids.ts";
import * as wishlist from "../domain/wishlist/index.ts";
import { artCacheDir, artKey, readCachedArt, writeCachedArt } from "./art-cache.ts";
import { categories, demoProducts, type ProductSeed } from "./catalogue-data.ts";
import { blogArticles, helpPages, storeLocations, testimonials } from "./content-data.ts";
import { blogArtSvg, productArtSvg } from "./product-art.ts";
import { variantsFor } from "./variants.ts";

type Deps = { db: DB; media: MediaStore };

/**
 * Artwork is drawn from the product's title, so its file name is stable: a re-seed (or another
 * test database on the same media store) reuses the files already stored. Drawn artwork is also
 * kept in the art cache (art-cache.ts), so that a fresh data folder copies it instead of drawing.
 */
export async function seedImage(
  media: MediaStore,
  folder: string,
  name: string,
  svg: () => Buffer,
): Promise<StoredImage> {
  const key = `${folder}/${name}`;
  const cacheDir = artCacheDir();
  const cacheKey = artKey(svg());
  const cached = await readCachedArt(cacheDir, cacheKey);
  if (cached) {
    if (!(await media.get(imageFileKey(key, IMAGE_WIDTHS[0])))) {
      for (const [width, data] of cached.files) await media.put(imageFileKey(key, width), data);
    }
    return { key, width: cached.width, height: cached.height };
  }
  const existing = await media.get(imageFileKey(key, IMAGE_WIDTHS[0]));
  let stored: StoredImage;
  if (existing) {
    const meta = await (await imageTool())(existing).metadata();
    stored = { key, width: meta.width ?? IMAGE_WIDTHS[0], height: meta.height ?? IMAGE_WIDTHS[0] };
  } else {
    stored = await storeImage(media, svg(), { folder, name, trusted: true });
  }
  const files = new Map<ImageWidth, Buffer>();
  for (const width of IMAGE_WIDTHS) {
    const data = await media.get(imageFileKey(key, width));
    if (!data) return stored;
    files.set(width, data);
  }
  await writeCachedArt(cacheDir, cacheKey, { width: stored.width, height: stored.height, files });
  return stored;
}

const slugOf = (title: string) =>
  `${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60)}-${createHash("sha1").update(title).digest("hex").slice(0, 6)}`;

/** Runs `work` over `items`, `limit` at a time (image processing is CPU-bound; the machine has two cores). */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += limit) {
    out.push(...(await Promise.all(items.slice(i, i + limit).map((item, j) => work(item, i + j)))));
  }
  return out;
}

/** What a re-seed would delete: everything but the accounts. */
export async function shopDataCounts(db: DB): Promise<{ products: number; orders: number; articles: number }> {
  const ctx = { db };
  return {
    products: await catalog.countProducts(ctx),
    orders: await orders.countOrders(ctx),
    articles: await content.countArticles(ctx),
  };
}

/** Draws (or finds) the artwork of the demo products and articles, before anything is written. */
export function drawDemoArtwork(media: MediaStore, products: ProductSeed[] = demoProducts) {
  return Promise.all([
    inBatches(products, 2, (p, index) =>
      seedImage(media, "products", `demo-${slugOf(p.title)}`, () =>
        productArtSvg({ title: p.title, categories: p.categories, index }),
      ),
    ),
    inBatches(blogArticles, 2, (a, i) => seedImage(media, "blog", `demo-${a.slug.toLowerCase()}`, () => blogArtSvg(i))),
  ]);
}

/** Writes categories and products (their images already stored) in the caller's transaction. */
export async function writeCatalogue(
  db: DB,
  products: ProductSeed[],
  images: StoredImage[],
  startPosition = 0,
): Promise<void> {
  const ctx = { db };
  const categoryIds = await catalog.importCategories(ctx, categories);
  for (const [index, p] of products.entries()) {
    const image = images[index];
    const { options, variants } = variantsFor(p, startPosition + index, newId);
    await catalog.importProduct(ctx, {
      title: p.title,
      priceCents: p.priceCents,
      desc1: p.desc1,
      desc2: p.desc2 ?? null,
      desc3: p.desc3 ?? null,
      desc4: p.desc4 ?? null,
      imageKey: image.key,
      imageWidth: image.width,
      imageHeight: image.height,
      position: startPosition + index,
      options,
      variants,
      categoryIds: p.categories.map((slug) => {
        const id = categoryIds.get(slug);
        if (!id) throw new Error(`demo product ${p.title} names unknown category ${slug}`);
        return id;
      }),
    });
  }
}

/** Writes the blog articles, store locations and testimonials in the caller's transaction. */
export async function writeContent(db: DB, articleImages: StoredImage[]): Promise<void> {
  await content.importContent(
    { db },
    {
      articles: blogArticles.map((a, i) => ({ ...a, imageKey: articleImages[i].key, position: i })),
      stores: storeLocations.map((s, i) => ({ ...s, position: i })),
      testimonials: testimonials.map((t, i) => ({ ...t, position: i })),
      helpPages,
    },
  );
}

/**
 * The demo shop: categories, products with artwork, blog articles, store locations and testimonials.
 * The artwork is drawn first; then everything is written in one transaction, so an interrupted seed
 * leaves either the whole demo shop or nothing (and the next start seeds again). With `reset`, the
 * catalogue, orders, wishlists, reviews and content are deleted in that same transaction.
 */
export async function seedDemoData(
  deps: Deps,
  options: { reset?: boolean } = {},
): Promise<{ products: number; articles: number }> {
  const [productImages, articleImages] = await drawDemoArtwork(deps.media);
  await deps.db.transaction().execute(async (trx) => {
    if (options.reset) await clearShopData(trx);
    await writeCatalogue(trx, demoProducts, productImages);
    await writeContent(trx, articleImages);
  });
  return { products: demoProducts.length, articles: blogArticles.length };
}

/** Deletes the catalogue, orders, wishlists, reviews and content (accounts stay), in the caller's transaction. */
export async function clearShopData(db: DB): Promise<void> {
  const ctx = { db };
  await orders.clearOrders(ctx);
  await wishlist.clearWishlists(ctx);
  await reviews.clearReviews(ctx);
  await catalog.clearCatalogue(ctx);
  await content.clearContent(ctx);
}

/** True when the shop has no catalogue yet (a first start). */
export async function needsSeeding(db: DB): Promise<boolean> {
  return (await catalog.countProducts({ db })) === 0 && (await content.countArticles({ db })) === 0;
}
