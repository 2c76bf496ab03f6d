/**
 * End-to-end tests against the BUILT shop (run `npx react-router build` first; scripts/test.ts does
 * it, wipes .tmp/e2e-data, and installs Debian's Chromium when it is missing).
 *
 * Playwright's own browser downloads are not used: the browser is Debian's Chromium headless shell
 * (/usr/bin/chromium-headless-shell, scripts/chromium.ts). A failed test keeps its trace (DOM
 * snapshots of every step) with E2E_TRACE=1 (scripts/chromium.ts), and always a screenshot.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH, TRACE } from "./scripts/chromium.ts";

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * E2E_PORT, else 4173 when free, else any free port. The choice is written back to E2E_PORT:
 * Playwright loads this file again in every worker, and the workers inherit the runner's
 * environment, so they all agree on the same port.
 */
function choosePort(variable = "E2E_PORT", preferred = 4173, avoid?: number): number {
  if (process.env[variable]) return Number(process.env[variable]);
  const probe = `
    const net = require("node:net");
    const tryPort = (p) => new Promise((resolve) => {
      const s = net.createServer();
      s.once("error", () => resolve(null));
      s.listen(p, () => { const port = s.address().port; s.close(() => resolve(port)); });
    });
    (async () => console.log((await tryPort(${preferred})) ?? (await tryPort(0))))();`;
  let port = Number(execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }).trim());
  if (port === avoid)
    port = Number(
      execFileSync(process.execPath, ["-e", probe.replace(`tryPort(${preferred})`, "tryPort(0)")], {
        encoding: "utf8",
      }).trim(),
    );
  process.env[variable] = String(port);
  return port;
}

/** The shop needs Node 24 (native TypeScript). `npx playwright test` runs this under the project's node@24. */
function node24(): string {
  if (Number(process.versions.node.split(".")[0]) >= 24) return process.execPath;
  const local = path.join(root, "node_modules", "node", "bin", "node");
  return existsSync(local) ? local : "node";
}

const port = choosePort();
const origin = `http://localhost:${port}`;

/** A real OpenID Connect provider standing in for Google (tests/support/oidc-server.ts), same port trick. */
const oidcPort = choosePort("E2E_OIDC_PORT", 4180, port);
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
const oidcClient = { id: "vitrine-e2e", secret: "vitrine-e2e-client-secret-0123456789" };

/** A stand-in for Stripe's endpoints and its hosted payment page (tests/support/stripe-server.ts). */
const stripePort = choosePort("E2E_STRIPE_PORT", 4190, port);
const stripeBase = `http://127.0.0.1:${stripePort}`;
const stripeWebhookSecret = "whsec_e2e_stand_in_0123456789";

/** A real SMTP server the shop sends to (tests/support/smtp-server.ts); tests read its mail over HTTP. */
const smtpPort = choosePort("E2E_SMTP_PORT", 4192, port);
const mailApiPort = choosePort("E2E_MAIL_API_PORT", 4193, smtpPort);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".tmp/playwright-output",
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  globalTimeout: 20 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: ".tmp/playwright-results.json" }]],
  use: {
    baseURL: origin,
    browserName: "chromium",
    headless: true,
    trace: TRACE,
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: `"${node24()}" tests/support/stripe-server.ts --port ${stripePort} --shop ${origin} --secret ${stripeWebhookSecret}`,
      cwd: root,
      url: `${stripeBase}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      command: `"${node24()}" tests/support/smtp-server.ts --smtp-port ${smtpPort} --http-port ${mailApiPort}`,
      cwd: root,
      url: `http://127.0.0.1:${mailApiPort}/messages`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      command: `"${node24()}" tests/support/oidc-server.ts --port ${oidcPort} --shop ${origin} --client-id ${oidcClient.id} --client-secret ${oidcClient.secret}`,
      cwd: root,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      command: `"${node24()}" scripts/start.js --no-build`,
      cwd: root,
      url: `${origin}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        PORT: String(port),
        NODE_ENV: "production",
        AUTH_SECRET: "e2e-test-secret-not-for-production-0123456789abcdef",
        DEMO_MODE: "true",
        SEED_ON_EMPTY: "true",
        DATA_DIR: ".tmp/e2e-data",
        PUBLIC_URL: origin,
        LOG_LEVEL: "warn",
        // many sign-ins from one address in a few minutes; the limits have their own Vitest test
        RATE_LIMIT: "false",
        // Playwright stops it with SIGTERM at the end: no balancer to wait for
        SHUTDOWN_GRACE_SECONDS: "0",
        GOOGLE_CLIENT_ID: oidcClient.id,
        GOOGLE_CLIENT_SECRET: oidcClient.secret,
        GOOGLE_DISCOVERY_URL: `${oidcIssuer}/.well-known/openid-configuration`,
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
        STRIPE_API_BASE: stripeBase,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    },
  ],
});
