/**
 * Fills a fresh database with a large shop for the benchmark: the synthetic shop of
 * `npm run seed -- --products=N` (seed/synthetic.ts: the demo categories and content, N generated
 * products with variants, sharing ~24 drawn artworks) and one customer account with a history of orders.
 *
 * The database and media folder come from the same environment the server will get (DATA_DIR,
 * DATABASE_URL), through the shop's own config and services, so the schema is migrated exactly as
 * at start-up.
 */
import { sql } from "kysely";
import type { DB } from "../db/connection.ts";
import { importOrder, type OrderStatus } from "../domain/orders/index.ts";
import { newId, newOrderNumber } from "../domain/shared/ids.ts";
import { DEFAULT_SYNTHETIC_SEED, type SyntheticProduct, seedSyntheticShop } from "../seed/synthetic.ts";
import { random } from "../seed/synthetic-data.ts";
import { loadConfig } from "../server/config.ts";
import { createServices } from "../server/services.ts";

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
    const seeded = await timed(
      `synthetic catalogue: ${options.products.toLocaleString("en")} products (npm run seed -- --products=N)`,
      () => seedSyntheticShop({ db, media: services.media }, { products: options.products, seed: options.seed }),
    );
    const catalogue = seeded.products;
    const r = random((options.seed ?? DEFAULT_SYNTHETIC_SEED) + 1);

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

type InsertedProduct = SyntheticProduct;

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
        transferOffered: false,
        requestKey: null,
        lines,
      },
    );
  }
}
