/**
 * The whole test suite, as `npm test` (and so CI) runs it:
 *
 *   lint       Biome (lint and format check, zero warnings)
 *   typecheck  TypeScript
 *   build      react-router build (the built server is what the HTTP and browser tests start)
 *   unit       Vitest on SQLite: unit tests beside the domain code, integration tests → .tmp/vitest-sqlite.json
 *   pg         Vitest on a throwaway PostgreSQL                                     → .tmp/vitest-postgres.json
 *   e2e        Playwright on Chromium against the built shop                       → .tmp/playwright-results.json
 *   cluster    two built shops on one throwaway PostgreSQL and an S3 bucket behind haproxy
 *              (tests/cluster/, vitest.cluster.config.ts)                         → .tmp/vitest-cluster.json
 *              and a browser journey through it (playwright.cluster.config.ts)    → .tmp/playwright-cluster.json
 *
 * Every stage runs even when an earlier one failed. At the end it prints a summary per stage and,
 * as the very last line, `N passed, N failed`; it exits 1 when anything failed.
 *
 *   npm test                       all stages
 *   npm test -- --only=unit        a subset: lint, typecheck, build, unit, pg, e2e, cluster (comma-separated)
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureChromium } from "./chromium.ts";
import { ensureHaproxy } from "./haproxy.ts";
import { startPostgres } from "./postgres.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TMP = path.join(ROOT, ".tmp");
const STAGES = ["lint", "typecheck", "build", "unit", "pg", "e2e", "cluster"] as const;
type StageName = (typeof STAGES)[number];

/** Upper bounds so that a hung stage cannot eat CI's 90 minutes. */
const VITEST_TIMEOUT_MS = 20 * 60_000;
const BUILD_TIMEOUT_MS = 10 * 60_000;
const PLAYWRIGHT_TIMEOUT_MS = 30 * 60_000;

type StageResult = { title: string; passed: number; failed: number; skipped: number; notes: string[]; ms: number };

// ── arguments ──

function parseOnly(argv: string[]): Set<StageName> {
  const values: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith("--only=")) values.push(arg.slice("--only=".length));
    else if (arg === "--only" && argv[i + 1]) values.push(argv[++i]);
    else if (arg === "--help" || arg === "-h") {
      console.log(`usage: node scripts/test.ts [--only=${STAGES.join(",")}]`);
      process.exit(0);
    } else {
      console.error(`unknown argument: ${arg}\nusage: node scripts/test.ts [--only=${STAGES.join(",")}]`);
      process.exit(2);
    }
  }
  if (values.length === 0) return new Set(STAGES);
  const chosen = values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  const unknown = chosen.filter((v) => !(STAGES as readonly string[]).includes(v));
  if (unknown.length) {
    console.error(`unknown stage: ${unknown.join(", ")} (choose from ${STAGES.join(", ")})`);
    process.exit(2);
  }
  return new Set(chosen as StageName[]);
}

// ── child processes and signals ──

const children = new Set<ChildProcess>();
const cleanups = new Set<() => Promise<void>>();
let interrupted: NodeJS.Signals | undefined;

/** Sends a signal to a child's whole process group (npx → sh → node …). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {}
  }
}

function onSignal(signal: NodeJS.Signals): void {
  if (interrupted) {
    // A second signal: stop waiting, clean up what we started, and leave.
    console.error(`\n[test] ${signal} again: stopping now`);
    for (const child of children) signalGroup(child, "SIGKILL");
    void Promise.allSettled([...cleanups].map((c) => c())).then(() => process.exit(130));
    return;
  }
  interrupted = signal;
  console.error(`\n[test] ${signal}: stopping the running stage, skipping the rest`);
  for (const child of children) signalGroup(child, signal);
}
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);
process.on("SIGHUP", onSignal);

type RunOutcome = { code: number | null; signal: NodeJS.Signals | null; timedOut: boolean; error?: Error };

/** Where a stage that runs beside another writes its commands' output (printed once it is done). */
const stageLog = new AsyncLocalStorage<string>();

/** Runs a command in its own process group, its output inherited or in the stage's log; never rejects. */
function runCommand(cmd: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const log = stageLog.getStore();
    const out = log ? openSync(log, "a") : "inherit";
    if (!log) console.log(`$ ${cmd} ${args.join(" ")}`);
    let child: ChildProcess;
    try {
      child = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", out, out], detached: true });
    } catch (error) {
      if (typeof out === "number") closeSync(out);
      resolve({ code: null, signal: null, timedOut: false, error: error as Error });
      return;
    }
    children.add(child);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`[test] ${cmd} ${args[0] ?? ""} took longer than ${timeoutMs / 60_000} min: stopping it`);
      signalGroup(child, "SIGTERM");
      setTimeout(() => signalGroup(child, "SIGKILL"), 15_000).unref();
    }, timeoutMs);
    let spawnError: Error | undefined;
    child.on("error", (error) => (spawnError = error));
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (typeof out === "number") closeSync(out);
      children.delete(child);
      // Leave no stray grandchildren (a web server, a browser) behind.
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {}
      resolve({ code, signal, timedOut, error: spawnError });
    });
  });
}

function describeOutcome(what: string, outcome: RunOutcome): string {
  if (outcome.error) return `${what} could not run: ${outcome.error.message}`;
  if (outcome.timedOut) return `${what} timed out`;
  if (outcome.signal) return `${what} was stopped by ${outcome.signal}`;
  return `${what} exited with code ${outcome.code}`;
}

// ── reports ──

function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

type VitestReport = {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  numTotalTests?: number;
  testResults?: { name?: string; status?: string; message?: string; assertionResults?: { status?: string }[] }[];
};

function countVitest(result: StageResult, file: string, outcome: RunOutcome): void {
  const report = readJson(file) as VitestReport | undefined;
  if (!report || typeof report.numPassedTests !== "number") {
    result.failed += 1;
    result.notes.push(`no report at ${path.relative(ROOT, file)}: ${describeOutcome("vitest", outcome)}`);
    return;
  }
  result.passed += report.numPassedTests;
  result.failed += report.numFailedTests ?? 0;
  result.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A test file that fails to load (syntax error, bad import, failing beforeAll) has no failed test in it.
  for (const suite of report.testResults ?? []) {
    const failedInside = (suite.assertionResults ?? []).some((a) => a.status === "failed");
    if (suite.status === "failed" && !failedInside) {
      result.failed += 1;
      const where = suite.name ? path.relative(ROOT, suite.name) : "a test file";
      result.notes.push(`${where} failed outside its tests: ${(suite.message ?? "").split("\n")[0].slice(0, 200)}`);
    }
  }
  if ((report.numTotalTests ?? 0) === 0) result.notes.push("vitest ran no test");
  if (outcome.code !== 0 && result.failed === 0) {
    result.failed += 1;
    result.notes.push(`${describeOutcome("vitest", outcome)} although no test failed (unhandled error?)`);
  }
}

type PlaywrightReport = {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  errors?: { message?: string }[];
};

/** Removes terminal colour codes (ESC [ … m) from a message. */
function stripAnsi(text: string): string {
  return text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");
}

function countPlaywright(result: StageResult, file: string, outcome: RunOutcome): void {
  const report = readJson(file) as PlaywrightReport | undefined;
  if (!report?.stats) {
    result.failed += 1;
    result.notes.push(`no report at ${path.relative(ROOT, file)}: ${describeOutcome("playwright", outcome)}`);
    return;
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  result.passed += expected + flaky;
  result.failed += unexpected;
  result.skipped += skipped;
  if (flaky) result.notes.push(`${flaky} flaky (passed on retry, counted as passed)`);
  const errors = report.errors ?? [];
  for (const error of errors.slice(0, 3)) {
    result.notes.push(
      `error: ${stripAnsi(error.message ?? "")
        .split("\n")[0]
        .slice(0, 200)}`,
    );
  }
  if (expected + unexpected + flaky + skipped === 0) result.notes.push("playwright ran no test");
  if (result.failed === 0 && (outcome.code !== 0 || errors.length > 0)) {
    result.failed += 1;
    result.notes.push(`${describeOutcome("playwright", outcome)} although no test failed`);
  }
}

// ── stages ──

function header(index: number, total: number, title: string): void {
  const line = `━━━ [${index}/${total}] ${title} `;
  console.log(`\n${line}${"━".repeat(Math.max(3, 78 - line.length))}`);
}

function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  return env;
}

function vitestArgs(report: string): string[] {
  return ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${path.relative(ROOT, report)}`];
}

/** A check that passes or fails as a whole (lint, typecheck, build): one count either way. */
async function commandStage(result: StageResult, what: string, cmd: string, args: string[]): Promise<boolean> {
  const outcome = await runCommand(cmd, args, baseEnv(), BUILD_TIMEOUT_MS);
  if (outcome.code === 0) {
    result.passed += 1;
    return true;
  }
  result.failed += 1;
  result.notes.push(describeOutcome(what, outcome));
  return false;
}

let built: Promise<RunOutcome> | undefined;

/** The stages that start the built shop share one build: the build stage's, or the first that needs it. */
function ensureBuilt(): Promise<RunOutcome> {
  // npm run build: react-router build under the build lock, then the stamp `npm start` checks
  built ??= runCommand("npm", ["run", "build"], baseEnv(), BUILD_TIMEOUT_MS);
  return built;
}

async function buildStage(result: StageResult): Promise<void> {
  const outcome = await ensureBuilt();
  if (outcome.code === 0) result.passed += 1;
  else {
    result.failed += 1;
    result.notes.push(describeOutcome("react-router build", outcome));
  }
}

async function unitStage(result: StageResult): Promise<void> {
  const report = path.join(TMP, "vitest-sqlite.json");
  rmSync(report, { force: true });
  const outcome = await runCommand("npx", vitestArgs(report), baseEnv(), VITEST_TIMEOUT_MS);
  countVitest(result, report, outcome);
}

/** Runs `work` with a throwaway PostgreSQL, stopped afterwards (also on an interrupt); a failed start is counted. */
async function withPostgres(result: StageResult, work: (url: string) => Promise<void>): Promise<void> {
  let server: Awaited<ReturnType<typeof startPostgres>>;
  try {
    console.log("Starting a throwaway PostgreSQL…");
    server = await startPostgres();
  } catch (error) {
    result.failed += 1;
    result.notes.push(`PostgreSQL did not start: ${String((error as Error).message ?? error).split("\n")[0]}`);
    console.error(error);
    return;
  }
  const stop = async () => {
    cleanups.delete(stop);
    await server.stop().catch((error) => console.error("[test] stopping PostgreSQL failed:", error));
  };
  cleanups.add(stop);
  try {
    console.log(`PostgreSQL ${server.url.replace(/:[^:@/]+@/, ":***@")} (${path.relative(ROOT, server.dir)})`);
    if (!interrupted) await work(server.url);
  } finally {
    await stop();
  }
}

/** A prerequisite that must hold before a stage runs (a browser, haproxy, the build); false (and counted) if not. */
async function ready(result: StageResult, what: string, check: () => Promise<string | RunOutcome>): Promise<boolean> {
  try {
    const answer = await check();
    if (typeof answer === "string") console.log(`${what}: ${answer}`);
    else if (answer.code !== 0) {
      result.failed += 1;
      result.notes.push(describeOutcome(what, answer));
      return false;
    }
  } catch (error) {
    result.failed += 1;
    result.notes.push(`${what} is not available: ${(error as Error).message}`);
    return false;
  }
  return !interrupted;
}

async function pgStage(result: StageResult): Promise<void> {
  const report = path.join(TMP, "vitest-postgres.json");
  rmSync(report, { force: true });
  await withPostgres(result, async (url) => {
    const env = { ...baseEnv(), TEST_DATABASE_URL: url };
    // the unit tests and the dev-server test use no database: the SQLite run has covered them
    // nor does process.test.ts (how the process starts, logs and stops); seed-command.test.ts covers the seed on both
    const sqliteOnly = [
      "domain/**",
      "tests/unit/**",
      "tests/integration/dev-server.test.ts",
      "tests/integration/process.test.ts",
    ].flatMap((glob) => ["--exclude", glob]);
    const outcome = await runCommand("npx", [...vitestArgs(report), ...sqliteOnly], env, VITEST_TIMEOUT_MS);
    countVitest(result, report, outcome);
  });
}

async function e2eStage(result: StageResult): Promise<void> {
  const report = path.join(TMP, "playwright-results.json");
  rmSync(report, { force: true });
  if (!(await ready(result, "Chromium", ensureChromium))) return;
  if (!(await ready(result, "react-router build", ensureBuilt))) return;
  rmSync(path.join(TMP, "e2e-data"), { recursive: true, force: true });
  // The e2e server always gets a fresh SQLite data folder, whatever DATABASE_URL the shell has.
  const env = baseEnv();
  delete env.DATABASE_URL;
  const outcome = await runCommand("npx", ["playwright", "test"], env, PLAYWRIGHT_TIMEOUT_MS);
  countPlaywright(result, report, outcome);
}

async function clusterStage(result: StageResult): Promise<void> {
  const report = path.join(TMP, "vitest-cluster.json");
  rmSync(report, { force: true });
  if (!(await ready(result, "haproxy", ensureHaproxy))) return;
  if (!(await ready(result, "react-router build", ensureBuilt))) return;
  await withPostgres(result, async (url) => {
    const env = { ...baseEnv(), TEST_DATABASE_URL: url };
    const args = [...vitestArgs(report), "--config", "vitest.cluster.config.ts"];
    countVitest(result, report, await runCommand("npx", args, env, VITEST_TIMEOUT_MS));
    // the browser journey through the balancer (its own cluster, started by its global setup)
    const browserReport = path.join(TMP, "playwright-cluster.json");
    rmSync(browserReport, { force: true });
    if (!(await ready(result, "Chromium", ensureChromium))) return;
    const browser = await runCommand(
      "npx",
      ["playwright", "test", "--config", "playwright.cluster.config.ts"],
      env,
      PLAYWRIGHT_TIMEOUT_MS,
    );
    countPlaywright(result, browserReport, browser);
  });
}

const STAGE_INFO: Record<StageName, { title: string; run: (r: StageResult) => Promise<void> }> = {
  lint: {
    title: "Lint and format (Biome)",
    run: async (r) =>
      void (await commandStage(r, "biome", "npx", ["biome", "ci", "--colors=off", "--error-on-warnings", "."])),
  },
  typecheck: {
    title: "Typecheck (TypeScript)",
    run: async (r) => void (await commandStage(r, "typecheck", "npm", ["run", "typecheck"])),
  },
  build: { title: "Build", run: buildStage },
  unit: { title: "Vitest · SQLite", run: unitStage },
  pg: { title: "Vitest · PostgreSQL", run: pgStage },
  e2e: { title: "Playwright · Chromium (built shop)", run: e2eStage },
  cluster: { title: "Cluster · 2 shops behind haproxy (PostgreSQL)", run: clusterStage },
};

// ── main ──

/**
 * Stages in a group run side by side, each writing its output to a log printed when the group is done.
 * Measured on the 2-core machine: Playwright takes as long with the cluster stage beside it as alone
 * (its own servers and browser wait on each other more than on the CPU), so those two always share; the
 * two Vitest stages do not gain on two cores (384 s side by side against about 305 s in turn), so they
 * share only with TEST_PARALLEL=1 (more cores). TEST_SERIAL=1 runs everything in turn, output live.
 */
const GROUPS: StageName[][] =
  process.env.TEST_PARALLEL === "1"
    ? [["lint"], ["typecheck"], ["build"], ["unit", "pg"], ["e2e", "cluster"]]
    : [["lint"], ["typecheck"], ["build"], ["unit"], ["pg"], ["e2e", "cluster"]];

/** Packages come from apt-get, which runs one at a time: install what a group needs before it starts. */
async function preparePackages(group: StageName[]): Promise<void> {
  if (group.includes("e2e") || group.includes("cluster")) await ensureChromium().catch(() => {});
  if (group.includes("cluster")) await ensureHaproxy().catch(() => {});
}

async function runStage(name: StageName, result: StageResult): Promise<void> {
  const started = Date.now();
  try {
    await STAGE_INFO[name].run(result);
  } catch (error) {
    result.failed += 1;
    result.notes.push(`stage crashed: ${(error as Error).message?.split("\n")[0] ?? String(error)}`);
    console.error(error);
  }
  result.ms = Date.now() - started;
  if (interrupted && result.passed + result.failed === 0) {
    result.failed += 1;
    result.notes.push(`interrupted by ${interrupted}`);
  }
}

async function main(): Promise<number> {
  const only = parseOnly(process.argv.slice(2));
  mkdirSync(TMP, { recursive: true });
  const serial = process.env.TEST_SERIAL === "1";
  const groups = (serial ? STAGES.map((s) => [s]) : GROUPS)
    .map((g) => g.filter((s) => only.has(s)))
    .filter((g) => g.length > 0);
  const total = groups.flat().length;
  const results: StageResult[] = [];
  let index = 0;

  for (const group of groups) {
    const entries = group.map((name) => {
      const result: StageResult = { title: STAGE_INFO[name].title, passed: 0, failed: 0, skipped: 0, notes: [], ms: 0 };
      results.push(result);
      return { name, result, log: path.join(TMP, `stage-${name}.log`) };
    });
    if (interrupted) {
      for (const { result } of entries) {
        result.failed += 1;
        result.notes.push(`not run: interrupted by ${interrupted}`);
      }
      continue;
    }
    if (entries.length === 1) {
      header(++index, total, entries[0].result.title);
      await runStage(entries[0].name, entries[0].result);
      continue;
    }
    await preparePackages(group);
    console.log(`\n[test] side by side: ${entries.map((e) => e.result.title).join(" ∥ ")}`);
    for (const e of entries) rmSync(e.log, { force: true });
    await Promise.all(entries.map((e) => stageLog.run(e.log, () => runStage(e.name, e.result))));
    for (const e of entries) {
      header(++index, total, e.result.title);
      if (existsSync(e.log)) process.stdout.write(readFileSync(e.log, "utf8"));
    }
  }
  await Promise.allSettled([...cleanups].map((c) => c()));

  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const width = Math.max(...results.map((r) => r.title.length));
  console.log(`\n━━━ Summary ${"━".repeat(66)}`);
  for (const r of results) {
    const mark = r.failed ? "✗" : "✓";
    const skipped = r.skipped ? `, ${r.skipped} skipped` : "";
    console.log(
      `${mark} ${r.title.padEnd(width)}  ${r.passed} passed, ${r.failed} failed${skipped}  (${(r.ms / 1000).toFixed(1)} s)`,
    );
    for (const note of r.notes) console.log(`    ${note}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main();
