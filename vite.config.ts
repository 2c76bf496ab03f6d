import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientAssets } from "./scripts/client-assets.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), clientAssets()],
  // The server build starts at server/entry.ts, which imports the pages' build: one bundle, one process.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/entry.ts" } } } },
  ssr: { noExternal: true, external: ["sharp", "pg", "pino", "pino-pretty"] },
});
