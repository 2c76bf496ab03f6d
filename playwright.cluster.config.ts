/**
 * The browser journey through haproxy in front of two built shops (tests/cluster/*.spec.ts). The
 * cluster is started by tests/cluster/global-setup.ts and needs TEST_DATABASE_URL (a PostgreSQL
 * server): run it with `npm run test:cluster`, which starts one.
 */
import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH, TRACE } from "./scripts/chromium.ts";

/** A free port for the balancer, chosen once and written back (the workers load this file again). */
function balancerPort(): number {
  if (!process.env.CLUSTER_PORT) {
    const probe = `const s = require("node:net").createServer();
      s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });`;
    process.env.CLUSTER_PORT = execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }).trim();
  }
  return Number(process.env.CLUSTER_PORT);
}

export default defineConfig({
  testDir: "tests/cluster",
  testMatch: "*.spec.ts",
  outputDir: ".tmp/playwright-cluster-output",
  globalSetup: "./tests/cluster/global-setup.ts",
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  globalTimeout: 10 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: ".tmp/playwright-cluster.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${balancerPort()}`,
    browserName: "chromium",
    headless: true,
    trace: TRACE,
    screenshot: "only-on-failure",
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
  },
});
