// Standalone on purpose: nothing from the React Router Vite plugin (vite.config.ts) loads for unit tests.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["domain/**/*.test.ts", "tests/**/*.test.ts"],
    // tests/cluster/ has its own config (vitest.cluster.config.ts): it needs PostgreSQL and haproxy
    exclude: ["tests/e2e/**", "tests/cluster/**", "**/node_modules/**", "build/**", ".tmp/**"],
    environment: "node",
    pool: "forks",
    // Test files share their worker's process and loaded modules (each still makes its own shop and
    // database): a fresh process per file cost 18 % of the run in imports, 50 s of 195 on SQLite.
    isolate: false,
    maxWorkers: 2, // CI machines have 2 cores
    testTimeout: 30_000,
    hookTimeout: 30_000,
    coverage: { enabled: false },
  },
});
