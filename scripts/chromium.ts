/**
 * The browsers are Debian's (Playwright's own browser downloads cannot be fetched here):
 *   - Chromium's headless shell (/usr/bin/chromium-headless-shell) for the end-to-end tests: the same
 *     Blink as the full browser without its windowing and screen compositor, and what Playwright itself
 *     runs for headless tests; measured here it runs our specs in 30 % less time than headless Chromium
 *     (decision 020);
 *   - Chromium (/usr/bin/chromium) for Lighthouse (bench/lighthouse.ts), which measures the browser people use.
 * ensureChromium() installs whichever is missing with apt-get.
 *
 * CLI: `npx node scripts/chromium.ts` prints both paths, installing first if needed.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/** Flags for headless Chromium here (as root, on a machine whose network reaches only package registries). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

/**
 * Playwright traces: off unless E2E_TRACE=1, which records DOM snapshots of every step (no screencast,
 * 13 % of a run) and keeps them for failed tests. Recording costs about a tenth of the browser run
 * (128 s against 116 s for 40 tests) and a CI machine's files are not kept: a failure there prints
 * its error and call log, and is replayed here with E2E_TRACE=1.
 */
export const TRACE =
  process.env.E2E_TRACE === "1" ? ({ mode: "retain-on-failure", screenshots: false } as const) : ("off" as const);

const PACKAGES = [
  { name: "chromium", path: CHROMIUM_PATH },
  { name: "chromium-headless-shell", path: HEADLESS_SHELL_PATH },
];

/** Installs Chromium and its headless shell when missing; returns the headless shell's path. */
export async function ensureChromium(): Promise<string> {
  const missing = PACKAGES.filter((p) => !existsSync(p.path));
  if (missing.length === 0) return HEADLESS_SHELL_PATH;
  const names = missing.map((p) => p.name).join(" ");
  if (typeof process.getuid === "function" && process.getuid() !== 0) {
    throw new Error(
      `${missing.map((p) => p.path).join(" and ")} missing and we are not root: install with 'apt-get install -y ${names}'`,
    );
  }
  console.error(`[chromium] installing Debian's ${names}…`);
  await run("apt-get", ["update"]);
  // fonts-liberation gives pages the usual metric-compatible sans/serif fonts.
  await run("apt-get", ["install", "-y", ...missing.map((p) => p.name), "fonts-liberation"]);
  const still = missing.filter((p) => !existsSync(p.path));
  if (still.length) throw new Error(`apt-get ran but ${still.map((p) => p.path).join(" and ")} still missing`);
  return HEADLESS_SHELL_PATH;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await ensureChromium();
    console.log(`${HEADLESS_SHELL_PATH}\n${CHROMIUM_PATH}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
