// @ts-check
/**
 * `npm start`: the shop from its build. When build/ is the build of these sources (scripts/build-stamp.js)
 * it starts at once, writing nothing; otherwise it builds first, under a lock that other starts wait for.
 * `--no-build` never builds (what `npm run serve` does): a missing build is an error.
 *
 * Plain JavaScript, and V8's compile cache on: the first answer comes sooner.
 *
 * On Linux it first starts itself again in the same process (execve) with glibc's malloc told to
 * take blocks of 40 KiB and more straight from the system (MALLOC_MMAP_THRESHOLD_), so that they go
 * back to it when freed: compressed answers, SQLite's sort buffers and the like otherwise leave the
 * main heap fragmented, and a server at 100,000 products held ~40 MB more after a load
 * (docs/decisions/023-malloc-returns-large-blocks.md). 40 and not 32 KiB: V8's compilers take their
 * memory in 32 KiB segments, which then stay in the heap instead of being mapped and unmapped a few
 * times per request (decision 036). A value already set is kept.
 */
import { enableCompileCache } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildState, ensureBuild } from "./build-stamp.js";

if (process.platform === "linux" && process.env.MALLOC_MMAP_THRESHOLD_ === undefined) {
  const env = { ...process.env, MALLOC_MMAP_THRESHOLD_: String(40 * 1024) };
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], env);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// compiled code of the server bundle, kept beside it (a new build starts a new cache)
enableCompileCache(process.env.NODE_COMPILE_CACHE ?? path.join(root, "build", ".compile-cache"));

if (process.argv.includes("--no-build")) {
  if (buildState(root) === "missing") {
    console.error("The shop is not built: run `npm run build` (or `npm start`, which builds when needed).");
    process.exit(1);
  }
} else {
  try {
    await ensureBuild(root, { log: (line) => console.error(line) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const entry = pathToFileURL(path.join(root, "build", "server", "index.js"));
const { start } = /** @type {{ start: () => Promise<void> }} */ (await import(entry.href));
await start();
