// Standalone on purpose: nothing from the React Router Vite plugin (vite.config.ts) loads for unit tests.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["domain/**/*.test.ts", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "**/node_modules/**", "build/**", ".tmp/**"],
    environment: "node",
    pool: "forks",
    maxWorkers: 2, // CI machines have 2 cores
    testTimeout: 30_000,
    hookTimeout: 30_000,
    coverage: { enabled: false },
  },
});
