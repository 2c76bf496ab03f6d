/**
 * `node bench/cold-start.ts [--data=DIR] [--fresh] [-- COMMAND …]`: how long the shop takes from
 * being started to its first HTTP answer. Starts COMMAND (default `node scripts/start.js`, what
 * `npm start` runs) on a free port, asks GET /api/health every 10 ms until it answers, prints the
 * milliseconds, stops the server and exits. (The default runs what `npm start` runs, without npm itself.)
 *
 *   --data=DIR   the data folder (default .tmp/cold-start-data): keep it between runs to time a
 *                start on a seeded database
 *   --fresh      empty the data folder first: the first start, which migrates and seeds the demo shop
 *
 * Prints, asserts nothing; exits 1 when the server did not answer within 60 s.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { freePort } from "../scripts/postgres.ts";
import { shopNodeFlags } from "./node-flags.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    data: { type: "string", default: path.join(ROOT, ".tmp", "cold-start-data") },
    fresh: { type: "boolean", default: false },
  },
});
const dataDir = path.resolve(values.data);
if (values.fresh) rmSync(dataDir, { recursive: true, force: true });
const [command, ...args] = positionals.length
  ? positionals
  : [process.execPath, ...shopNodeFlags(), "scripts/start.js"];
if (!command) throw new Error("no command");

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const started = performance.now();
const child = spawn(command, args, {
  cwd: ROOT,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: origin,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});
const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

let answeredMs: number | undefined;
while (performance.now() - started < 60_000 && child.exitCode === null) {
  try {
    const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    answeredMs = performance.now() - started;
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 10));
  }
}
// the command may be npm with node under it: stop the whole group
if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGINT");
await exited;
if (answeredMs === undefined) {
  console.error("the server did not answer within 60 s");
  process.exitCode = 1;
} else {
  console.log(`first answer after ${Math.round(answeredMs)} ms`);
}
