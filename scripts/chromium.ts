/**
 * The browser for the end-to-end tests is Debian's Chromium at /usr/bin/chromium (Playwright's own
 * browser downloads cannot be fetched here). ensureChromium() installs it with apt-get when missing.
 *
 * CLI: `npx node scripts/chromium.ts` prints the path, installing first if needed.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CHROMIUM_PATH = "/usr/bin/chromium";

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

export async function ensureChromium(): Promise<string> {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (typeof process.getuid === "function" && process.getuid() !== 0) {
    throw new Error(`${CHROMIUM_PATH} is missing and we are not root: install it with 'apt-get install -y chromium'`);
  }
  console.error(`[chromium] ${CHROMIUM_PATH} not found: installing Debian's chromium package…`);
  await run("apt-get", ["update"]);
  // fonts-liberation gives pages the usual metric-compatible sans/serif fonts.
  await run("apt-get", ["install", "-y", "chromium", "fonts-liberation"]);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is still missing`);
  return CHROMIUM_PATH;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(await ensureChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
