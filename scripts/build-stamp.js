// @ts-check
/**
 * Is build/ the build of the sources we have? `npm start` asks before every start, so it must be
 * quick and plain JavaScript (no TypeScript to strip before the first answer).
 *
 * The stamp is a SHA-256 of every file the build reads from this repository (its path and
 * content; test files excepted), written to build/.source-stamp after a build succeeds. The build
 * is current when that file holds the stamp of the sources as they are now: an edit, a new or
 * removed file, a dependency upgrade (package-lock.json) or a change of the build's configuration
 * makes it stale; touching a file without changing it does not.
 *
 * A build that is needed runs under a lock (a folder made atomically, .tmp/build.lock, naming the
 * process that holds it), so that two shops or test workers starting together build once: the
 * second waits, then finds the build current. A lock left by a process that died is taken over.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** What the build reads: the pages and server code it bundles, the static files it copies, its configuration. */
export const BUILD_INPUTS = [
  "app",
  "server",
  "domain",
  "db",
  "seed",
  "public",
  "react-router.config.ts",
  "vite.config.ts",
  // the Vite plugins vite.config.ts loads
  "scripts/client-assets.ts",
  "scripts/inline-script.ts",
  "scripts/server-bundle.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

/** Files that never reach the build: tests beside the code. */
const NOT_BUILT = /\.test\.tsx?$/;

export const STAMP_FILE = path.join("build", ".source-stamp");
const BUILD_OUTPUT = path.join("build", "server", "index.js");
const LOCK = path.join(".tmp", "build.lock");
/** A lock older than this is taken over even when its owner seems alive (a reused process id). */
const LOCK_STALE_MS = 10 * 60_000;
const WAIT_STEP_MS = 200;

/**
 * @param {string} root
 * @param {string} entry
 * @param {string[]} out
 */
function collect(root, entry, out) {
  const full = path.join(root, entry);
  const info = statSync(full, { throwIfNoEntry: false });
  if (!info) return;
  if (!info.isDirectory()) {
    if (!NOT_BUILT.test(entry)) out.push(entry);
    return;
  }
  for (const child of readdirSync(full)) collect(root, path.join(entry, child), out);
}

/**
 * The stamp of the sources under `root` as they are now.
 * @param {string} root
 * @returns {string}
 */
export function sourceStamp(root) {
  /** @type {string[]} */
  const files = [];
  for (const entry of BUILD_INPUTS) collect(root, entry, files);
  files.sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(`${file.split(path.sep).join("/")}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/**
 * "current", "stale" (built from other sources, or before stamps existed) or "missing" (never built).
 * @param {string} root
 * @returns {"current" | "stale" | "missing"}
 */
export function buildState(root) {
  if (!statSync(path.join(root, BUILD_OUTPUT), { throwIfNoEntry: false })) return "missing";
  let written;
  try {
    written = readFileSync(path.join(root, STAMP_FILE), "utf8").trim();
  } catch {
    return "stale";
  }
  return written === sourceStamp(root) ? "current" : "stale";
}

/**
 * Records that build/ was built from the sources whose stamp is given.
 * @param {string} root
 * @param {string} stamp
 */
export function writeStamp(root, stamp) {
  writeFileSync(path.join(root, STAMP_FILE), `${stamp}\n`);
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * Takes the build lock, waiting while another living process holds it.
 * @param {string} root
 * @param {number} timeoutMs
 * @returns {Promise<() => void>} lets the lock go
 */
export async function takeBuildLock(root, timeoutMs = 5 * 60_000) {
  const lock = path.join(root, LOCK);
  const owner = path.join(lock, "pid");
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(owner, String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
    }
    const info = statSync(lock, { throwIfNoEntry: false });
    let pid = Number.NaN;
    try {
      pid = Number(readFileSync(owner, "utf8"));
    } catch {
      // the owner is between making the folder and writing its id
    }
    const age = info ? Date.now() - info.mtimeMs : 0;
    if ((Number.isInteger(pid) && pid > 0 && !isAlive(pid)) || age > LOCK_STALE_MS) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${lock} is still held by process ${pid} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/**
 * `react-router build` with this Node; its output goes to `output` (the terminal by default).
 * @param {string} root
 * @param {"inherit" | "pipe"} output
 * @returns {Promise<void>}
 */
export function runBuild(root, output = "inherit") {
  return new Promise((resolve, reject) => {
    const cli = path.join(root, "node_modules", "@react-router", "dev", "bin.cjs");
    const child = spawn(process.execPath, [cli, "build"], { cwd: root, stdio: ["ignore", output, output] });
    let text = "";
    child.stdout?.on("data", (d) => (text += d));
    child.stderr?.on("data", (d) => (text += d));
    child.on("error", reject);
    child.on("close", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`react-router build failed (${code ?? signal})${text ? `:\n${text.slice(-4000)}` : ""}`)),
    );
  });
}

/**
 * Builds when build/ is missing or stale, under the lock; does nothing (and writes nothing) when it
 * is current. Answers what it found.
 * @param {string} root
 * @param {{ output?: "inherit" | "pipe", log?: (line: string) => void }} [options]
 * @returns {Promise<"current" | "built">}
 */
export async function ensureBuild(root, options = {}) {
  if (buildState(root) === "current") return "current";
  const release = await takeBuildLock(root);
  try {
    // another process may have built while this one waited
    const state = buildState(root);
    if (state === "current") return "current";
    options.log?.(state === "missing" ? "no build yet: building the shop" : "the sources changed: building the shop");
    const stamp = sourceStamp(root);
    // an interrupted build must not leave the previous stamp beside half a build
    rmSync(path.join(root, STAMP_FILE), { force: true });
    await runBuild(root, options.output);
    writeStamp(root, stamp);
    return "built";
  } finally {
    release();
  }
}
