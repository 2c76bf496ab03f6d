// The production entry: `react-router build` bundles server/entry.ts with the pages into build/server.
const entry = new URL("../build/server/index.js", import.meta.url);
const { start } = (await import(entry.href)) as { start: () => Promise<void> };
await start();
