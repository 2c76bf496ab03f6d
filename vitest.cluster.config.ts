// The cluster tests (tests/cluster/): two built shop processes behind haproxy on one PostgreSQL.
// Run them with `npm run test:cluster` (scripts/test.ts starts the PostgreSQL server they need).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // one cluster at a time: each is four processes and a database
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    coverage: { enabled: false },
  },
});
