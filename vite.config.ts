import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientAssets } from "./scripts/client-assets.ts";
import { inlineScript } from "./scripts/inline-script.ts";
import { asciiServerBundle } from "./scripts/server-bundle.ts";

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), inlineScript(), reactRouter(), clientAssets(), asciiServerBundle()],
  // The server build starts at server/entry.ts, which imports the pages' build: one bundle, one process.
  environments: {
    ssr: {
      build: {
        rolldownOptions: {
          input: "./server/entry.ts",
          // The server holds its bundle's source text as long as it runs: ASCII keeps it at one byte a
          // character (scripts/server-bundle.ts), and without whitespace and comments it is shorter.
          // Names stay as written, for readable stack traces.
          output: { charset: "ascii", minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } } },
        },
      },
    },
  },
  // The built server carries its dependencies (one file loads faster than ~1,400); native and
  // worker-spawning packages stay outside. `npm run dev` loads them from node_modules as they are.
  ...(command === "build" ? { ssr: { noExternal: true, external: ["sharp", "pg", "pino", "pino-pretty"] } } : {}),
}));
