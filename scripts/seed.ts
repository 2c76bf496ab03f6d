// `npm run seed`: wipes the catalogue, orders, wishlists, reviews and content, then seeds the demo shop again.
import { loadConfig } from "../server/config.ts";
import { createServices } from "../server/services.ts";
import { seedDemoData } from "../db/seed/index.ts";

const config = { ...loadConfig(), seedOnEmpty: false };
const services = await createServices(config);
const started = Date.now();
const counts = await seedDemoData({ db: services.database.db, media: services.media }, { reset: true });
services.log.info({ ...counts, ms: Date.now() - started }, "re-seeded the demo shop");
await services.database.close();
