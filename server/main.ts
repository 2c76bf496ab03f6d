// The production entry: `react-router build` bundles server/entry.ts with the pages into build/server.
// `npm start` and `npm run serve` start the same bundle from scripts/start.js (plain JavaScript, sooner).
import { enableCompileCache } from "node:module";

// V8's compiled code of the bundle, kept beside it (a new build starts a new cache)
enableCompileCache(process.env.NODE_COMPILE_CACHE ?? new URL("../build/.compile-cache", import.meta.url).pathname);
const entry = new URL("../build/server/index.js", import.meta.url);
const { start } = (await import(entry.href)) as { start: () => Promise<void> };
await start();
