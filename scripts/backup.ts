// `npm run backup -- <file>`: a consistent backup of the shop (database and images) into one .tar.gz,
// taken while the shop keeps serving. Reads the shop's own configuration (DATA_DIR, DATABASE_URL, S3_*).
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, StartupError } from "../server/config.ts";
import { BackupError, createBackup } from "../server/ops/backup.ts";

const USAGE = "usage: npm run backup -- <file.tar.gz>";

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}
try {
  await createBackup(loadConfig(), positionals[0], (line) => console.error(line));
} catch (e) {
  const known = e instanceof BackupError || e instanceof ConfigError || e instanceof StartupError;
  console.error(known ? (e as Error).message : e);
  process.exitCode = 1;
}
