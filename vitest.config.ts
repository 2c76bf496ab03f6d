// Standalone on purpose: nothing from the React Router Vite plugin (vite.config.ts) loads for unit tests.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["domain/**/*.test.ts", "tests/**/*.test.ts"],
    // tests/cluster/ has its own config (vitest.cluster.config.ts): it needs PostgreSQL and haproxy
    exclude: ["tests/e2e/**", "tests/cluster/**", "**/node_modules/**", "build/**", ".tmp/**"],
    environment: "node",
    pool: "forks",
    maxWorkers: 2, // CI machines have 2 cores
    testTimeout: 30_000,
    hookTimeout: 30_000,
    coverage: { enabled: false },
  },
});
