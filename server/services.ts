import path from "node:path";
import pino from "pino";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/connection.ts";
import { DEMO_ACCOUNTS } from "../db/seed/demo-accounts.ts";
import { needsSeeding, seedDemoData } from "../db/seed/index.ts";
import { DiskMediaStore, type MediaStore } from "../domain/media/store.ts";
import { type Auth, createAuth, ensureAccount } from "./auth.ts";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

/** Everything a request needs, made once per process. Nothing here holds per-user state. */
export type Services = {
  config: Config;
  database: DatabaseHandle;
  media: MediaStore;
  auth: Auth;
  log: Logger;
};

export function createLogger(config: Config): Logger {
  const pretty = config.env === "development" && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}

/** Opens the database, brings its schema up to date, and prepares accounts and demo data. */
export async function createServices(config: Config, options: { database?: DatabaseHandle; log?: Logger } = {}): Promise<Services> {
  const log = options.log ?? createLogger(config);
  const database = options.database ?? openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(database.db);
  const media = new DiskMediaStore(path.join(config.dataDir, "media"));
  const auth = createAuth(config, database);
  const services: Services = { config, database, media, auth, log };

  if (config.admin) {
    await ensureAccount(auth, database, { ...config.admin, name: "Shop admin", role: "admin" });
    log.info({ email: config.admin.email }, "shop admin account ready");
  }
  if (config.seedOnEmpty && (await needsSeeding(database.db))) {
    const started = Date.now();
    const counts = await seedDemoData({ db: database.db, media });
    log.info({ ...counts, ms: Date.now() - started }, "seeded the demo catalogue");
  }
  if (config.demoMode) {
    for (const account of DEMO_ACCOUNTS) await ensureAccount(auth, database, account);
    if (config.env === "production") {
      log.warn("DEMO_MODE is on in production: demo accounts with published passwords exist. Set DEMO_MODE=false for a real shop.");
    }
  }
  return services;
}
