import { createHash } from "node:crypto";
import sharp from "sharp";
import type { DB } from "../connection.ts";
import { insertProduct } from "../../domain/catalog/repository.ts";
import { storeImage } from "../../domain/media/images.ts";
import type { MediaStore } from "../../domain/media/store.ts";
import { imageUrl } from "../../domain/media/urls.ts";
import { newId } from "../../domain/shared/ids.ts";
import { categories, demoProducts, type ProductSeed } from "./catalogue-data.ts";
import { blogArticles, storeLocations, testimonials } from "./content-data.ts";
import { blogArtSvg, productArtSvg } from "./product-art.ts";

type Deps = { db: DB; media: MediaStore };

/**
 * Artwork is drawn from the product's title, so its file name is stable: a re-seed (or another
 * test database) reuses the files already drawn instead of drawing them again.
 */
async function seedImage(media: MediaStore, folder: string, name: string, svg: () => Buffer): Promise<{ key: string; width: number; height: number }> {
  const key = `${folder}/${name}`;
  const existing = await media.get(imageUrl(key).slice("/media/".length));
  if (existing) {
    const meta = await sharp(existing).metadata();
    return { key, width: meta.width ?? 480, height: meta.height ?? 480 };
  }
  return storeImage(media, svg(), { folder, name, trusted: true });
}

const slugOf = (title: string) =>
  `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60)}-${createHash("sha1").update(title).digest("hex").slice(0, 6)}`;

/** Runs `work` over `items`, `limit` at a time (image processing is CPU-bound; the machine has two cores). */
async function inBatches<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += limit) {
    await Promise.all(items.slice(i, i + limit).map((item, j) => work(item, i + j)));
  }
}

/** Removes the catalogue, orders, wishlists, reviews and content (accounts stay). */
export async function clearShopData(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of ["order_line", "shop_order", "wishlist_item", "review", "product_category", "product", "category", "blog_article", "store_location", "testimonial"] as const) {
      await trx.deleteFrom(table).execute();
    }
  });
}

export async function seedCategories(db: DB): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const c of categories) {
    const id = `cat-${c.slug}`;
    ids.set(c.slug, id);
    await db.insertInto("category").values({ id, slug: c.slug, name: c.name, department: c.department, position: c.position }).execute();
  }
  return ids;
}

export async function seedProducts(deps: Deps, products: ProductSeed[], categoryIds: Map<string, string>, startPosition = 0): Promise<void> {
  await inBatches(products, 2, async (p, index) => {
    const image = await seedImage(deps.media, "products", `demo-${slugOf(p.title)}`, () => productArtSvg({ title: p.title, categories: p.categories, index }));
    await insertProduct(deps.db, {
      id: newId(),
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
      categoryIds: p.categories.map((slug) => {
        const id = categoryIds.get(slug);
        if (!id) throw new Error(`demo product ${p.title} names unknown category ${slug}`);
        return id;
      }),
    });
  });
}

export async function seedContent(deps: Deps): Promise<void> {
  for (const [i, a] of blogArticles.entries()) {
    const image = await seedImage(deps.media, "blog", `demo-${a.slug.toLowerCase()}`, () => blogArtSvg(i));
    await deps.db
      .insertInto("blog_article")
      .values({ id: newId(), slug: a.slug, title: a.title, published_on: a.publishedOn, image_key: image.key, excerpt: a.excerpt, body: a.body.join("\n\n"), tags: JSON.stringify(a.tags), position: i })
      .execute();
  }
  for (const [i, s] of storeLocations.entries()) {
    await deps.db.insertInto("store_location").values({ id: newId(), ...s, position: i }).execute();
  }
  for (const [i, t] of testimonials.entries()) {
    await deps.db.insertInto("testimonial").values({ id: newId(), ...t, position: i }).execute();
  }
}

const isEmpty = async (db: DB, table: "category" | "product" | "blog_article") => !(await db.selectFrom(table).select("id").limit(1).executeTakeFirst());

/**
 * The demo shop: categories, products with artwork, blog articles, store locations and testimonials.
 * Each part is seeded when its tables are empty, so a start-up interrupted while seeding finishes
 * the job next time.
 */
export async function seedDemoData(deps: Deps, options: { reset?: boolean } = {}): Promise<{ products: number; articles: number }> {
  if (options.reset) await clearShopData(deps.db);
  let products = 0;
  let articles = 0;
  if (await isEmpty(deps.db, "product")) {
    const categoryIds = (await isEmpty(deps.db, "category"))
      ? await seedCategories(deps.db)
      : new Map((await deps.db.selectFrom("category").select(["id", "slug"]).execute()).map((c) => [c.slug, c.id]));
    await seedProducts(deps, demoProducts, categoryIds);
    products = demoProducts.length;
  }
  if (await isEmpty(deps.db, "blog_article")) {
    await deps.db.transaction().execute(async (trx) => {
      await seedContent({ db: trx, media: deps.media });
    });
    articles = blogArticles.length;
  }
  return { products, articles };
}

/** True when some part of the demo data is missing (see seedDemoData). */
export async function needsSeeding(db: DB): Promise<boolean> {
  return (await isEmpty(db, "product")) || (await isEmpty(db, "blog_article"));
}
