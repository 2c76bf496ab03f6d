// `npm run seed`: wipes the catalogue, orders, wishlists, reviews and content, then seeds the demo shop
// again (accounts stay). A shop with orders is left alone unless `--force` is given.
import { parseArgs } from "node:util";
import { seedDemoData, shopDataCounts } from "../seed/index.ts";
import { loadConfig } from "../server/config.ts";
import { createServices } from "../server/services.ts";

const { values } = parseArgs({ options: { force: { type: "boolean", default: false } } });
const config = { ...loadConfig(), seedOnEmpty: false };
const services = await createServices(config);
try {
  const counts = await shopDataCounts(services.database.db);
  if (counts.orders > 0 && !values.force) {
    console.error(
      `This shop has ${counts.orders} order(s). Re-seeding would delete them, with its ${counts.products} product(s), every wishlist and review, and the blog and store pages (accounts stay).\nRun \`npm run seed -- --force\` if that is what you want.`,
    );
    process.exitCode = 1;
  } else {
    const started = Date.now();
    const seeded = await seedDemoData({ db: services.database.db, media: services.media }, { reset: true });
    services.log.info({ ...seeded, ms: Date.now() - started }, "re-seeded the demo shop");
  }
} finally {
  await services.stop();
  await services.database.close();
}
