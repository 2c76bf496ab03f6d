/**
 * Fills a fresh database with a large shop for the benchmark: the demo categories and content, a
 * generated catalogue of N products (bulk-inserted, sharing ~24 drawn artworks) and one customer
 * account with a history of orders.
 *
 * The database and media folder come from the same environment the server will get (DATA_DIR,
 * DATABASE_URL), through the shop's own config and services, so the schema is migrated exactly as
 * at start-up.
 */
import { sql } from "kysely";
import type { DB } from "../db/connection.ts";
import * as catalog from "../domain/catalog/index.ts";
import { type StoredImage, storeImage } from "../domain/media/index.ts";
import { importOrder, type OrderStatus } from "../domain/orders/index.ts";
import { newId, newOrderNumber } from "../domain/shared/ids.ts";
import { categories } from "../seed/catalogue-data.ts";
import { drawDemoArtwork, writeContent } from "../seed/index.ts";
import { productArtSvg } from "../seed/product-art.ts";
import { loadConfig } from "../server/config.ts";
import { createServices } from "../server/services.ts";
import { ART, type ArtKey, generateProduct, random } from "./catalogue.ts";

export const BENCH_CUSTOMER = {
  email: "bench-customer@vitrine.test",
  password: "bench-customer-1234",
  name: "Bench Customer",
};

export type SeededShop = {
  engine: "sqlite" | "postgres";
  products: number;
  orders: number;
  /** a product from the middle of the catalogue, for the product-page figures */
  sampleProductId: string;
  customer: { email: string; password: string };
  /** how long each step took, in milliseconds */
  steps: { step: string; ms: number }[];
};

/** Rows per INSERT statement (14 columns: 7,000 parameters, well below both engines' limits). */
const ROWS_PER_INSERT = 500;
/** Products per transaction. */
const ROWS_PER_TRANSACTION = 5_000;

export async function seedLargeShop(options: {
  env: Record<string, string | undefined>;
  products: number;
  orders: number;
  seed?: number;
}): Promise<SeededShop> {
  const steps: SeededShop["steps"] = [];
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    steps.push({ step, ms: performance.now() - started });
    return result;
  };

  const config = { ...loadConfig(options.env), seedOnEmpty: false, demoMode: false };
  const services = await timed("migrate", () => createServices(config));
  const { db } = services.database;
  try {
    const categoryIds = await timed("categories and content (blog, stores, testimonials)", async () => {
      const [, articleImages] = await drawDemoArtwork(services.media, []);
      const ids = await catalog.importCategories({ db }, categories);
      await writeContent(db, articleImages);
      return ids;
    });

    const art = await timed(`draw ${Object.keys(ART).length} product artworks`, () => drawArtworks(services.media));

    const r = random(options.seed ?? 20_240_601);
    const catalogue = await timed(`insert ${options.products.toLocaleString("en")} products`, () =>
      insertCatalogue(db, r, options.products, categoryIds, art),
    );

    await timed(`customer account and ${options.orders} orders`, async () => {
      await services.auth.api.signUpEmail({ body: BENCH_CUSTOMER });
      const user = await db
        .selectFrom("user")
        .select("id")
        .where("email", "=", BENCH_CUSTOMER.email)
        .executeTakeFirstOrThrow();
      await insertOrders(db, r, user.id, options.orders, catalogue);
    });

    if (services.database.engine === "postgres") {
      // A live PostgreSQL has long since auto-analysed its tables; do it now for stable plans.
      await timed("analyze (PostgreSQL)", async () => void (await sql`analyze`.execute(db)));
    }

    const middle = catalogue[Math.floor(catalogue.length / 2)];
    if (!middle) throw new Error("the generated catalogue is empty");
    return {
      engine: services.database.engine,
      products: catalogue.length,
      orders: options.orders,
      sampleProductId: middle.id,
      customer: { email: BENCH_CUSTOMER.email, password: BENCH_CUSTOMER.password },
      steps,
    };
  } finally {
    await services.stop();
    await services.database.close();
  }
}

/** Draws every artwork once (two at a time: sharp is CPU-bound and the machine may have two cores). */
async function drawArtworks(media: Parameters<typeof storeImage>[0]): Promise<Map<ArtKey, StoredImage>> {
  const entries = Object.entries(ART) as [ArtKey, (typeof ART)[ArtKey]][];
  const drawn = new Map<ArtKey, StoredImage>();
  for (let i = 0; i < entries.length; i += 2) {
    await Promise.all(
      entries.slice(i, i + 2).map(async ([key, art], j) => {
        const svg = productArtSvg({ title: art.title, categories: [...art.categories], index: i + j });
        drawn.set(key, await storeImage(media, svg, { folder: "products", name: `bench-${key}`, trusted: true }));
      }),
    );
  }
  return drawn;
}

type InsertedProduct = { id: string; title: string; priceCents: number; imageKey: string };

/**
 * The same rows insertProduct (domain/catalog/repository.ts) writes, but many per statement and
 * thousands per transaction: one transaction per product would take minutes for a large catalogue.
 */
async function insertCatalogue(
  db: DB,
  r: ReturnType<typeof random>,
  count: number,
  categoryIds: Map<string, string>,
  art: Map<ArtKey, StoredImage>,
): Promise<InsertedProduct[]> {
  const inserted: InsertedProduct[] = [];
  const now = new Date().toISOString();
  for (let start = 0; start < count; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(count, start + ROWS_PER_TRANSACTION);
    await db.transaction().execute(async (trx) => {
      for (let from = start; from < end; from += ROWS_PER_INSERT) {
        const products = [];
        const links = [];
        const variants = [];
        for (let position = from; position < Math.min(end, from + ROWS_PER_INSERT); position++) {
          const p = generateProduct(r, position);
          const image = art.get(p.art);
          if (!image) throw new Error(`no artwork ${p.art}`);
          const id = newId();
          products.push({
            id,
            title: p.title,
            title_search: p.title.toLowerCase(),
            price_cents: p.priceCents,
            desc1: p.desc1,
            desc2: p.desc2,
            desc3: p.desc3,
            desc4: p.desc4,
            image_key: image.key,
            image_width: image.width,
            image_height: image.height,
            position,
            options_json: "[]",
            created_at: now,
            updated_at: now,
          });
          variants.push({
            id: newId(),
            product_id: id,
            sku: `BENCH-${position}`,
            title: "Default",
            options_json: "{}",
            price_cents: null,
            stock: 50,
            image_key: null,
            position: 0,
            created_at: now,
            updated_at: now,
          });
          for (const slug of p.categories) {
            const categoryId = categoryIds.get(slug);
            if (!categoryId) throw new Error(`unknown category ${slug}`);
            links.push({ product_id: id, category_id: categoryId });
          }
          inserted.push({ id, title: p.title, priceCents: p.priceCents, imageKey: image.key });
        }
        await trx.insertInto("product").values(products).execute();
        await trx.insertInto("product_category").values(links).execute();
        await trx.insertInto("product_variant").values(variants).execute();
      }
    });
  }
  return inserted;
}

const STREETS = ["Elm Street", "Harbour Road", "Station Lane", "Mill Way", "Orchard Close", "Kingsway", "Park Avenue"];
const CITIES: [string, string, string][] = [
  ["Portland", "OR", "97201"],
  ["Austin", "TX", "73301"],
  ["Denver", "CO", "80202"],
  ["Madison", "WI", "53703"],
  ["Raleigh", "NC", "27601"],
];

/** A customer's order history through the shop's own insertOrder: mostly shipped, some pending, a few cancelled. */
async function insertOrders(
  db: DB,
  r: ReturnType<typeof random>,
  userId: string,
  count: number,
  catalogue: InsertedProduct[],
): Promise<void> {
  for (let i = 0; i < count; i++) {
    const lines = Array.from({ length: r.int(1, 3) }, () => {
      const p = r.pick(catalogue);
      const quantity = r.int(1, 3);
      return {
        productId: p.id,
        variantId: null,
        title: p.title,
        variantTitle: null,
        sku: null,
        unitPriceCents: p.priceCents,
        quantity,
        lineTotalCents: p.priceCents * quantity,
        imageKey: p.imageKey,
      };
    });
    const [city, state, zip] = r.pick(CITIES);
    const status: OrderStatus = i < 5 ? "Pending" : r.chance(0.1) ? "Cancelled" : "Shipped";
    await importOrder(
      { db },
      {
        id: newId(),
        orderNumber: newOrderNumber(),
        userId,
        userEmail: BENCH_CUSTOMER.email,
        fullName: BENCH_CUSTOMER.name,
        address: `${r.int(1, 400)} ${r.pick(STREETS)}`,
        city,
        state,
        zip,
        phone: `+1 555 ${r.int(100, 999)} ${r.int(1000, 9999)}`,
        acknowledged: true,
        status,
        totalCents: lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0),
        paymentMethod: "cod",
        paymentStatus: status === "Shipped" ? "paid" : "unpaid",
        requestKey: null,
        lines,
      },
    );
  }
}
