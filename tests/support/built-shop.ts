/**
 * The built shop as a real process (`node scripts/start.js --no-build`, what `npm run serve`
 * runs), for tests of what only a process shows: signals, start-up races, backups of a shop that is
 * serving. ensureBuilt() runs `react-router build` once when the build is missing or stale
 * (scripts/build-stamp.js, as `npm start` decides; one test worker builds, the others wait).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "../../scripts/build-stamp.js";
import { freePort } from "../../scripts/postgres.ts";
import { SERVE_COMMAND } from "./server-process.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** the project's Node 24: the system node may be older */
export const NODE = path.join(ROOT, "node_modules/node/bin/node");
export const SHOP_SECRET = "built-shop-test-secret-0123456789-abcdefghij";
export const SHOP_ADMIN = { email: "owner@built.test", password: "owner-password-1" };

/** Builds the shop when build/ is missing or not the build of these sources, as `npm start` does (one worker builds, the others wait). */
export async function ensureBuilt(): Promise<void> {
  await ensureBuild(ROOT, { output: "pipe" });
}

/**
 * The environment of a shop process or script: a production configuration (no demo data, the
 * admin SHOP_ADMIN, rate limits off) plus `env` (`undefined` removes a setting). Nothing else of
 * the test run's environment leaks in (TEST_DATABASE_URL, a developer's DATABASE_URL).
 */
export function shopEnvironment(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ["PATH", "HOME", "LANG", "TMPDIR"]) if (process.env[key]) out[key] = process.env[key];
  const settings: Record<string, string | undefined> = {
    NODE_ENV: "production",
    PUBLIC_URL: "http://127.0.0.1:3000",
    AUTH_SECRET: SHOP_SECRET,
    SHOP_ADMIN_EMAIL: SHOP_ADMIN.email,
    SHOP_ADMIN_PASSWORD: SHOP_ADMIN.password,
    SEED_ON_EMPTY: "false",
    RATE_LIMIT: "false",
    LOG_LEVEL: "info",
    // stop() sends SIGTERM: no balancer to wait for here (the grace period's own tests set theirs)
    SHUTDOWN_GRACE_SECONDS: "0",
    ...env,
  };
  for (const [key, value] of Object.entries(settings)) if (value !== undefined) out[key] = value;
  return out;
}

/** Runs one of scripts/*.ts (backup, restore, migrate) with the project's Node; answers its exit code and output. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [path.join("scripts", script), ...args], {
      cwd: ROOT,
      env: shopEnvironment(env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type BuiltShop = {
  url: string;
  port: number;
  child: ChildProcess;
  /** everything the process wrote so far (JSON log lines) */
  output: () => string;
  exited: Promise<Exit>;
  /** SIGTERM, then SIGKILL if it has not gone after a while; resolves once it has */
  stop: () => Promise<Exit>;
};

/**
 * Starts the built shop on a free port with a production configuration (no demo data, the admin
 * SHOP_ADMIN, rate limits off) plus `env`, and waits until /readyz answers 200 unless told not to.
 */
export async function startBuiltShop(
  env: Record<string, string | undefined>,
  options: { waitUntilReady?: boolean } = {},
): Promise<BuiltShop> {
  const port = Number(env.PORT ?? (await freePort()));
  const url = `http://127.0.0.1:${port}`;
  const childEnv = shopEnvironment({ PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url, ...env });
  const child = spawn(NODE, SERVE_COMMAND, { cwd: ROOT, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    }
    return exited;
  };
  const shop: BuiltShop = { url, port, child, output: () => output, exited, stop };
  if (options.waitUntilReady === false) return shop;
  try {
    await waitUntilReady(shop, 60_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return shop;
}

export async function waitUntilReady(shop: BuiltShop, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (shop.child.exitCode !== null || shop.child.signalCode !== null) {
      throw new Error(`the shop exited (${shop.child.exitCode ?? shop.child.signalCode}):\n${shop.output()}`);
    }
    try {
      if ((await fetch(`${shop.url}/readyz`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the shop was not ready in time:\n${shop.output()}`);
}

/** Signs in over HTTP and answers a bearer token (what an API client does). */
export async function signIn(shop: { url: string }, email: string, password: string, name?: string) {
  const endpoint = name ? "/api/auth/sign-up/email" : "/api/auth/sign-in/email";
  const res = await fetch(`${shop.url}${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.url },
    body: JSON.stringify(name ? { email, password, name } : { email, password }),
  });
  if (!res.ok) throw new Error(`${endpoint}: ${res.status} ${await res.text()}`);
  const token = res.headers.get("set-auth-token");
  if (!token) throw new Error(`${endpoint} gave no bearer token`);
  return token;
}
