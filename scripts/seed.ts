// `npm run seed`: wipes the catalogue, orders, wishlists, reviews and content, then seeds the demo shop
// again (accounts stay). A shop with orders is left alone unless `--force` is given.
// `npm run seed -- --products=N`: the same, with a synthetic catalogue of N products (seed/synthetic.ts)
// in place of the demo's 60, for benchmarks; `--seed=S` picks another generated catalogue.
import { parseArgs } from "node:util";
import { seedDemoData, shopDataCounts } from "../seed/index.ts";
import { DEFAULT_SYNTHETIC_SEED, seedSyntheticShop } from "../seed/synthetic.ts";
import { loadConfig } from "../server/config.ts";
import { createServices } from "../server/services.ts";

const USAGE = "usage: npm run seed -- [--force] [--products=N [--seed=S]]";
const MAX_PRODUCTS = 10_000_000;

function wholeNumber(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    console.error(
      `--${name} must be a whole number from ${min} to ${max.toLocaleString("en")} (got ${value})\n${USAGE}`,
    );
    process.exit(2);
  }
  return n;
}

let values: { force: boolean; products?: string; seed?: string };
try {
  ({ values } = parseArgs({
    options: {
      force: { type: "boolean", default: false },
      products: { type: "string" },
      seed: { type: "string" },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const products = wholeNumber("products", values.products, 1, MAX_PRODUCTS);
const seed = wholeNumber("seed", values.seed, 0, 2 ** 32 - 1);
if (seed !== undefined && products === undefined) {
  console.error(`--seed goes with --products\n${USAGE}`);
  process.exit(2);
}

const config = { ...loadConfig(), seedOnEmpty: false };
const services = await createServices(config);
try {
  const counts = await shopDataCounts(services.database.db);
  if (counts.orders > 0 && !values.force) {
    console.error(
      `This shop has ${counts.orders} order(s). Re-seeding would delete them, with its ${counts.products} product(s), every wishlist and review, and the blog and store pages (accounts stay).\nRun \`npm run seed -- --force\` if that is what you want.`,
    );
    process.exitCode = 1;
  } else if (products !== undefined) {
    const started = Date.now();
    const deps = { db: services.database.db, media: services.media };
    const seeded = await seedSyntheticShop(deps, { products, seed: seed ?? DEFAULT_SYNTHETIC_SEED });
    services.log.info(
      { products: seeded.products.length, variants: seeded.variants, ms: Date.now() - started },
      "seeded a synthetic catalogue",
    );
  } else {
    const started = Date.now();
    const seeded = await seedDemoData({ db: services.database.db, media: services.media }, { reset: true });
    services.log.info({ ...seeded, ms: Date.now() - started }, "re-seeded the demo shop");
  }
} finally {
  await services.stop();
  await services.database.close();
}
