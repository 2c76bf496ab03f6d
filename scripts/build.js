// @ts-check
/**
 * `npm run build`: `react-router build`, under the build lock, then the stamp of the sources it
 * built (scripts/build-stamp.js), so that the next `npm start` knows the build is current.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runBuild, STAMP_FILE, sourceStamp, takeBuildLock, writeStamp } from "./build-stamp.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const release = await takeBuildLock(root);
try {
  const stamp = sourceStamp(root);
  rmSync(path.join(root, STAMP_FILE), { force: true });
  await runBuild(root);
  writeStamp(root, stamp);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  release();
}
