import { createHash } from "node:crypto";
import sharp from "sharp";
import type { DB } from "../db/connection.ts";
import * as catalog from "../domain/catalog/index.ts";
import * as content from "../domain/content/index.ts";
import { imageFileKey, type MediaStore, type StoredImage, storeImage } from "../domain/media/index.ts";
import * as orders from "../domain/orders/index.ts";
import * as reviews from "../domain/reviews/index.ts";
import { newId } from "../domain/shared/ids.ts";
import * as wishlist from "../domain/wishlist/index.ts";
import { categories, demoProducts, type ProductSeed } from "./catalogue-data.ts";
import { blogArticles, storeLocations, testimonials } from "./content-data.ts";
import { blogArtSvg, productArtSvg } from "./product-art.ts";
import { variantsFor } from "./variants.ts";

type Deps = { db: DB; media: MediaStore };

/**
 * Artwork is drawn from the product's title, so its file name is stable: a re-seed (or another
 * test database) reuses the files already drawn instead of drawing them again.
 */
async function seedImage(media: MediaStore, folder: string, name: string, svg: () => Buffer): Promise<StoredImage> {
  const key = `${folder}/${name}`;
  const existing = await media.get(imageFileKey(key, 480));
  if (existing) {
    const meta = await sharp(existing).metadata();
    return { key, width: meta.width ?? 480, height: meta.height ?? 480 };
  }
  return storeImage(media, svg(), { folder, name, trusted: true });
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
    const ctx = { db: trx };
    if (options.reset) {
      await orders.clearOrders(ctx);
      await wishlist.clearWishlists(ctx);
      await reviews.clearReviews(ctx);
      await catalog.clearCatalogue(ctx);
      await content.clearContent(ctx);
    }
    await writeCatalogue(trx, demoProducts, productImages);
    await writeContent(trx, articleImages);
  });
  return { products: demoProducts.length, articles: blogArticles.length };
}

/** True when the shop has no catalogue yet (a first start). */
export async function needsSeeding(db: DB): Promise<boolean> {
  return (await catalog.countProducts({ db })) === 0 && (await content.countArticles({ db })) === 0;
}
