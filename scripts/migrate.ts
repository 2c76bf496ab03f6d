// `npm run migrate`: brings the database schema up to date and exits, for deploy pipelines that
// migrate before they roll out. Safe beside shops that are starting: it takes the same start-up lock.
import { migrateToLatest, openDatabase, pendingMigrations } from "../db/connection.ts";
import { withStartUpLock } from "../db/start-up-lock.ts";
import { ConfigError, loadConfig } from "../server/config.ts";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
}
const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  const pending = await pendingMigrations(database.db);
  await withStartUpLock(database, () => migrateToLatest(database.db));
  console.error(`the schema is current${pending.length ? ` (it lacked ${pending.join(", ")})` : ""}`);
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await database.close();
}
