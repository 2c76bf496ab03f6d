// `npm run restore -- <file> [--force]`: puts a backup into the configured data folder or database
// (and media store). Refuses a target that already holds a shop unless --force. `--check` only
// verifies the archive's checksums.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, StartupError } from "../server/config.ts";
import { BackupError, restoreBackup, verifyBackup } from "../server/ops/backup.ts";

const USAGE = "usage: npm run restore -- <file.tar.gz> [--force] [--check]";

const args = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { force: { type: "boolean", default: false }, check: { type: "boolean", default: false } },
    });
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
})();
if (args.positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}
const [file] = args.positionals;
try {
  if (args.values.check) {
    const manifest = await verifyBackup(file);
    console.error(
      `${file}: every checksum matches (${manifest.engine} backup of ${manifest.createdAt}, ${Object.keys(manifest.files).length} files)`,
    );
  } else {
    await restoreBackup(loadConfig(), file, { force: args.values.force }, (line) => console.error(line));
  }
} catch (e) {
  const known = e instanceof BackupError || e instanceof ConfigError || e instanceof StartupError;
  console.error(known ? (e as Error).message : e);
  process.exitCode = 1;
}
