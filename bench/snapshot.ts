/**
 * A private copy of the built shop for the benchmark's server: build/ and the start script copied to
 * .tmp/bench-app, where `node scripts/start.js --no-build` runs with that folder as its working directory (the
 * server serves build/client relative to it; packages still resolve from the project's node_modules).
 *
 * Why: build/ is shared. When something else rebuilds the shop during a run (a test run, another
 * terminal), the running server keeps its old page bundle in memory but would serve the new client
 * assets from disk, and the browser's scripts 404 halfway through the Lighthouse audits.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

export function snapshotBuild(root: string): string {
  const dir = path.join(root, ".tmp", "bench-app");
  const build = path.join(root, "build");
  if (!existsSync(path.join(build, "server", "index.js"))) {
    throw new Error("build/server/index.js is missing: run without --no-build");
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "scripts"), { recursive: true });
  cpSync(build, path.join(dir, "build"), { recursive: true });
  for (const script of ["start.js", "build-stamp.js"]) {
    copyFileSync(path.join(root, "scripts", script), path.join(dir, "scripts", script));
  }

  // The page bundle names its client assets; a copy taken while a build was rewriting build/ lacks some.
  const serverBundle = readFileSync(path.join(dir, "build", "server", "index.js"), "utf8");
  const assets = new Set(serverBundle.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
  // (chunks the server loads on demand, such as the S3 store, are under build/server/assets)
  const missing = [...assets].filter(
    (asset) =>
      !existsSync(path.join(dir, "build", "client", asset)) && !existsSync(path.join(dir, "build", "server", asset)),
  );
  if (missing.length) {
    throw new Error(
      `build/ changed while it was copied (another build running?): ${missing.slice(0, 3).join(", ")} missing; run again`,
    );
  }
  return dir;
}
