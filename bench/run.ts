/**
 * `npm run bench`: figures for the built shop on a large catalogue. Prints, asserts nothing.
 *
 *   1. builds the shop (react-router build)                       --no-build skips it
 *   2. seeds a fresh .tmp/bench-data: 10,000 generated products,  --products=N
 *      the demo categories and content, a customer with 50 orders
 *      on SQLite, or on a throwaway PostgreSQL                     --postgres
 *   3. starts the production server (what `npm run serve` runs) on a free port, from a copy of build/
 *      in .tmp/bench-app (see snapshot.ts)
 *   4. autocannon on API calls and pages                           --duration=S --connections=N --warmup=S
 *   5. Lighthouse (mobile) on the landing, catalogue, a product page and the blog, three runs
 *      (--lighthouse-runs=N), after what each page downloads     --no-lighthouse skips it
 *   6. stops the server
 *
 *   --only=lighthouse: only page weight and Lighthouse, on the seeded demo shop (what a visitor sees)
 *
 * Exits 0 unless the set-up failed (build, seed, server start, sign-in).
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { freePort, type RunningPostgres, startPostgres } from "../scripts/postgres.ts";
import { type LoadFigures, measure, signIn, type Target } from "./http.ts";
import { rssMb } from "./process-stats.ts";
import { measureSearch, QUERIES_PER_KIND, searchQueries, warmUp, warmUpQueries } from "./search.ts";
import { seedLargeShop } from "./seed-large.ts";
import { type RunningServer, startServer } from "./server.ts";
import { snapshotBuild } from "./snapshot.ts";
import { heading, num, seconds, table } from "./table.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATA_DIR = path.join(ROOT, ".tmp", "bench-data");
/** Fixed, so that runs are alike; only ever used for this throwaway database. */
const AUTH_SECRET = "bench-only-6f1c2a9e4b7d0358ac1e9f27b4d6083e5a7c1f9b";
const ORDERS = 50;
/** The default run; figures are comparable between runs with these. */
const DEFAULTS = { products: 10_000, duration: 10, connections: 10, warmup: 2, lighthouseRuns: 3 };

const USAGE = `usage: npm run bench -- [--no-build] [--products=N] [--duration=S] [--connections=N] [--warmup=S] [--no-lighthouse] [--lighthouse-runs=N] [--only=lighthouse] [--postgres]

  --no-build        use the existing build/ instead of running react-router build
  --products=N      catalogue size (default ${DEFAULTS.products})
  --duration=S      seconds of load per URL (default ${DEFAULTS.duration})
  --connections=N   concurrent connections (default ${DEFAULTS.connections})
  --warmup=S        seconds of unmeasured load before each URL (default ${DEFAULTS.warmup}; 0 for none)
  --no-lighthouse   skip the Lighthouse scores
  --lighthouse-runs=N  Lighthouse runs per page (default ${DEFAULTS.lighthouseRuns})
  --only=lighthouse only page weight and Lighthouse, on a fresh shop with the demo catalogue
  --postgres        run on a throwaway PostgreSQL (scripts/postgres.ts) instead of SQLite`;

type Options = {
  build: boolean;
  products: number;
  duration: number;
  connections: number;
  warmup: number;
  lighthouse: boolean;
  lighthouseRuns: number;
  only: "lighthouse" | undefined;
  postgres: boolean;
};

function parseOptions(argv: string[]): Options {
  const parse = () =>
    parseArgs({
      args: argv,
      allowNegative: true,
      options: {
        build: { type: "boolean", default: true },
        lighthouse: { type: "boolean", default: true },
        postgres: { type: "boolean", default: false },
        products: { type: "string", default: String(DEFAULTS.products) },
        duration: { type: "string", default: String(DEFAULTS.duration) },
        connections: { type: "string", default: String(DEFAULTS.connections) },
        warmup: { type: "string", default: String(DEFAULTS.warmup) },
        "lighthouse-runs": { type: "string", default: String(DEFAULTS.lighthouseRuns) },
        only: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  let values: ReturnType<typeof parse>["values"];
  try {
    ({ values } = parse());
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const count = (name: string, value: string, min: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) {
      console.error(`--${name} must be a whole number of at least ${min} (got ${value})\n\n${USAGE}`);
      process.exit(2);
    }
    return n;
  };
  if (values.only !== undefined && values.only !== "lighthouse") {
    console.error(`--only takes "lighthouse" (got ${values.only})\n\n${USAGE}`);
    process.exit(2);
  }
  return {
    build: values.build,
    lighthouse: values.lighthouse,
    lighthouseRuns: count("lighthouse-runs", values["lighthouse-runs"], 1),
    only: values.only === "lighthouse" ? "lighthouse" : undefined,
    postgres: values.postgres,
    products: count("products", values.products, 1),
    duration: count("duration", values.duration, 1),
    connections: count("connections", values.connections, 1),
    warmup: count("warmup", values.warmup, 0),
  };
}

// ── clean-up, also on Ctrl-C ──

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  while (cleanups.length) {
    const cleanup = cleanups.pop();
    await cleanup?.().catch((error) => console.error("[bench] clean-up failed:", error));
  }
}
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n[bench] ${signal}: stopping`);
    void cleanUp().then(() => process.exit(130));
  });
}

class SetupError extends Error {}

// ── steps ──

/** `react-router build`, with this Node; its output is shown only when it fails. */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const cli = path.join(ROOT, "node_modules", "@react-router", "dev", "bin.cjs");
    const child = spawn(process.execPath, [cli, "build"], {
      cwd: ROOT,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", (error) => reject(new SetupError(`react-router build could not run: ${error.message}`)));
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new SetupError(`react-router build failed (${code ?? signal}):\n${output.split("\n").slice(-40).join("\n")}`),
        );
    });
  });
}

/** The environment of the seed and the server: only what the brief of the benchmark sets. */
function shopEnv(origin: string, port: number, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    "DATABASE_URL",
    "SHOP_ADMIN_EMAIL",
    "SHOP_ADMIN_PASSWORD",
    "GOOGLE_CLIENT_ID",
    "GOOGLE_CLIENT_SECRET",
    "GOOGLE_DISCOVERY_URL",
    "TRUST_PROXY",
    "MAX_UPLOAD_BYTES",
  ]) {
    delete env[key];
  }
  return {
    ...env,
    NODE_ENV: "production",
    AUTH_SECRET,
    DATA_DIR,
    SEED_ON_EMPTY: "false",
    DEMO_MODE: "false",
    RATE_LIMIT: "false",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: origin,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

async function totalCount(url: string, headers?: Record<string, string>): Promise<number | undefined> {
  try {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    const total = Number(response.headers.get("x-total-count"));
    return response.ok && Number.isFinite(total) ? total : undefined;
  } catch {
    return undefined;
  }
}

function printLoad(results: LoadFigures[]): void {
  console.log(
    table(
      ["", "status", "body KB", "sent KB", "req/s", "p50 ms", "p99 ms", "CPU ms/req", "non-2xx", "errors"],
      results.map((r) => [
        r.name,
        String(r.status),
        r.bytes === undefined ? "—" : num(r.bytes / 1024, 1),
        r.sentBytes === undefined ? "—" : num(r.sentBytes / 1024, 1),
        num(r.rps, 0),
        num(r.p50),
        num(r.p99),
        num(r.cpuPerRequest, 3),
        num(r.non2xx),
        num(r.errors),
      ]),
    ),
  );
  for (const r of results) {
    if (r.status !== 200)
      console.log(
        `  note: ${r.path} answered ${r.status}${r.status === 404 ? " (not built yet?): its figures are those of the not-found answer" : ""}`,
      );
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

// ── --only=lighthouse ──

/** Page weight and Lighthouse on a fresh shop with the demo catalogue, as a visitor first meets it. */
async function lighthouseOnly(options: Options): Promise<number> {
  heading("Vitrine page weight and Lighthouse");
  console.log(`Node ${process.version} · load average ${loadAverage()} · ${new Date().toISOString()}`);
  let server: RunningServer;
  try {
    if (options.build) await build();
    const appDir = snapshotBuild(ROOT);
    const dataDir = path.join(ROOT, ".tmp", "bench-lighthouse-data");
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // the demo catalogue is seeded at the first start (artwork drawn then: allow for it)
    const env = { ...shopEnv(origin, port, undefined), DATA_DIR: dataDir, SEED_ON_EMPTY: "true" };
    server = await startServer({ root: appDir, env, origin, timeoutMs: 180_000 });
  } catch (error) {
    console.error(`\n[bench] set-up failed: ${error instanceof Error ? error.message : String(error)}`);
    await cleanUp();
    return 1;
  }
  const running = server;
  cleanups.push(() => running.stop());
  try {
    const answer = (await (await fetch(`${server.origin}/api/products?limit=1`)).json()) as
      | { _id: string }[]
      | { items: { _id: string }[] };
    const id = (Array.isArray(answer) ? answer : answer.items)[0]?._id;
    if (!id) throw new Error("the demo shop has no products");
    const { auditedPages, lighthouseSection } = await import("./lighthouse.ts");
    heading(`Lighthouse 13 (mobile, default config), ${options.lighthouseRuns} run(s)`);
    await lighthouseSection(auditedPages(server.origin, id), options.lighthouseRuns);
    const ended = server.ended();
    if (ended) throw new Error(`the server ${ended} during Lighthouse: the scores are void`);
    return 0;
  } catch (error) {
    const cause = (error as Error).cause;
    console.error(`[bench] ${(error as Error).message}${cause ? ` (${String(cause)})` : ""}`);
    for (const line of server.log().slice(-5)) console.error(`  server: ${line.slice(0, 300)}`);
    return 1;
  } finally {
    await cleanUp();
  }
}

// ── main ──

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.only === "lighthouse") return lighthouseOnly(options);
  const phases: { phase: string; ms: number }[] = [];
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await work();
    } finally {
      phases.push({ phase: name, ms: performance.now() - t });
    }
  };

  heading("Vitrine benchmark");
  const cpus = os.cpus();
  console.log(
    `Node ${process.version} · ${cpus.length} × ${cpus[0]?.model.trim() ?? "CPU"} · ${Math.round(os.totalmem() / 2 ** 30)} GB RAM · ${new Date().toISOString()}`,
  );
  console.log(
    `load average ${loadAverage()} (the server, autocannon and Chromium share these cores: other work on the machine skews the figures)`,
  );
  console.log(
    `${options.products.toLocaleString("en")} products · ${options.postgres ? "PostgreSQL" : "SQLite"} · ${options.connections} connections · ${options.duration} s per URL (+${options.warmup} s warm-up) · Lighthouse ${options.lighthouse ? "on" : "off"}`,
  );
  if (options.products < DEFAULTS.products)
    console.log(
      `note: fewer than ${DEFAULTS.products.toLocaleString("en")} products; figures are not comparable with the default run`,
    );

  let server: RunningServer;
  let seeded: Awaited<ReturnType<typeof seedLargeShop>>;
  try {
    if (options.build) {
      heading("Build");
      await phase("build", build);
      console.log(`react-router build: ${seconds(phases.at(-1)?.ms ?? 0)}`);
    } else {
      console.log("\n(--no-build: using the existing build/)");
    }
    const appDir = await phase("copy build/", async () => {
      try {
        return snapshotBuild(ROOT);
      } catch (error) {
        throw new SetupError((error as Error).message);
      }
    });

    heading("Data");
    rmSync(DATA_DIR, { recursive: true, force: true });
    mkdirSync(DATA_DIR, { recursive: true });
    let postgres: RunningPostgres | undefined;
    if (options.postgres) {
      postgres = await phase("start PostgreSQL", startPostgres);
      const pg = postgres;
      cleanups.push(() => pg.stop());
      console.log(
        `PostgreSQL on 127.0.0.1:${pg.port} (${path.relative(ROOT, pg.dir)}), media in ${path.relative(ROOT, DATA_DIR)}`,
      );
    }
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = shopEnv(origin, port, postgres?.url);

    seeded = await phase("seed", () => seedLargeShop({ env, products: options.products, orders: ORDERS }));
    console.log(
      table(
        ["seed step", "time"],
        seeded.steps.map((s) => [s.step, seconds(s.ms)]),
      ),
    );
    console.log(
      `database: ${seeded.engine === "sqlite" ? path.relative(ROOT, path.join(DATA_DIR, "shop.sqlite")) : "PostgreSQL"}`,
    );

    heading("Server");
    server = await phase("server start", () => startServer({ root: appDir, env, origin }));
    const running = server;
    cleanups.push(() => running.stop());
    console.log(
      `npm run serve (in ${path.relative(ROOT, appDir)}, a copy of build/) answers ${origin}/api/health after ${seconds(phases.at(-1)?.ms ?? 0)}`,
    );
  } catch (error) {
    console.error(`\n[bench] set-up failed: ${error instanceof Error ? error.message : String(error)}`);
    if (!(error instanceof SetupError) && error instanceof Error && error.stack) console.error(error.stack);
    await cleanUp();
    return 1;
  }

  let exitCode = 0;
  const origin = server.origin;
  const id = seeded.sampleProductId;
  const email = seeded.customer.email;

  // ── load ──
  const rssAtStart = rssMb(server.pid);
  heading("Search, one client (GET /api/search)");
  try {
    const kinds = await phase("search queries", () => searchQueries(origin, seeded.products, QUERIES_PER_KIND));
    const warmUpWith = await phase("warm-up queries", () =>
      warmUpQueries(origin, seeded.products, QUERIES_PER_KIND, kinds),
    );
    const cold = await phase("search warm-up", () => warmUp(origin, warmUpWith));
    const figures = await phase("search latency", () => measureSearch(origin, kinds));
    console.log(
      table(
        ["queries", "n", "matches", "first p50 ms", "first p95 ms", "again p50 ms", "again p95 ms"],
        figures.map((f) => [
          f.kind,
          num(f.queries),
          num(f.matches, 0),
          num(f.first.p50, 2),
          num(f.first.p95, 2),
          num(f.again.p50, 2),
          num(f.again.p95, 2),
        ]),
      ),
    );
    console.log(
      '"first": computed (the query was never asked before: the store misses); "again": the same query, from the store.',
    );
    console.log(
      `before them, the server's first ${cold.queries} searches after its start (other words, never asked): ${num(cold.p50, 2)} ms p50, ${num(cold.max, 2)} ms at most`,
    );
  } catch (error) {
    console.error(`[bench] search latency could not be measured: ${(error as Error).message}`);
    exitCode = 1;
  }

  heading(`HTTP load (autocannon, ${options.connections} connections, ${options.duration} s each)`);
  const html = { Accept: "text/html,application/xhtml+xml" };
  // a returning visitor: the shuffle cookie their first visit set (a first visit's answer sets it, and is not shared)
  const visitor = { ...html, Cookie: "vitrine_shuffle=5" };
  const targets: Target[] = [
    { name: "static file (/favicon.svg)", path: "/favicon.svg" },
    { name: "GET /api/products (first page)", path: "/api/products" },
    { name: "GET /api/products/{id}", path: `/api/products/${id}` },
    { name: "GET /api/search?q=jacket", path: "/api/search?q=jacket" },
    { name: "GET /api/products?q=jacket", path: "/api/products?q=jacket" },
  ];
  let token: string | undefined;
  try {
    token = await signIn(origin, email, seeded.customer.password);
    targets.push({
      name: "GET /api/orders/{email} (signed in)",
      path: `/api/orders/${encodeURIComponent(email)}`,
      headers: { Authorization: `Bearer ${token}` },
    });
  } catch (error) {
    console.error(`[bench] set-up failed: ${(error as Error).message}; skipping /api/orders/{email}`);
    exitCode = 1;
  }
  targets.push(
    { name: "page / (anonymous)", path: "/", headers: html },
    { name: "page /product (anonymous)", path: "/product", headers: visitor },
    { name: "page /product/{id} (anonymous)", path: `/product/${id}`, headers: html },
    {
      name: "page /product/{id} (signed in)",
      path: `/product/${id}`,
      headers: { ...html, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    },
  );

  const [all, jackets, orders] = await Promise.all([
    totalCount(`${origin}/api/products?limit=1`),
    totalCount(`${origin}/api/products?q=jacket&limit=1`),
    token
      ? totalCount(`${origin}/api/orders/${encodeURIComponent(email)}?limit=1`, { Authorization: `Bearer ${token}` })
      : undefined,
  ]);
  console.log(
    `catalogue: ${num(all)} products, "jacket" matches ${num(jackets)}; ${email} has ${num(orders)} orders (the API answers the first page, 24 by default)`,
  );
  console.log(`product {id} = ${id}\n`);

  const results: LoadFigures[] = [];
  /** set when the server stopped without being asked to: the figures after that point are void */
  let lost: string | undefined;
  await phase("load", async () => {
    for (const target of targets) {
      if (interrupted) break;
      process.stderr.write(`  ${target.name} …\n`);
      results.push(await measure(origin, target, options, server.pid));
      const ended = server.ended();
      if (ended) {
        lost = `the server ${ended} during ${target.name} (not stopped by the benchmark); the remaining URLs were not measured`;
        break;
      }
    }
  });
  console.log("");
  printLoad(results);
  const rssAfterLoad = rssMb(server.pid);
  console.log(`\nserver memory (RSS): ${num(rssAtStart, 0)} MB after start, ${num(rssAfterLoad, 0)} MB after the load`);
  if (lost) {
    console.error(`\n[bench] ${lost}`);
    exitCode = 1;
  }

  // ── Lighthouse ──
  if (options.lighthouse && !interrupted && !lost) {
    heading("Lighthouse 13 (mobile, default config)");
    try {
      // imported only when used: Lighthouse takes half a second to load
      const { auditedPages, lighthouseSection } = await import("./lighthouse.ts");
      await phase("lighthouse", () => lighthouseSection(auditedPages(origin, id), options.lighthouseRuns));
      const ended = server.ended();
      if (ended) {
        console.error(
          `\n[bench] the server ${ended} during Lighthouse (not stopped by the benchmark): the scores are void`,
        );
        exitCode = 1;
      }
    } catch (error) {
      // Lighthouse is a figure, not set-up: report and go on.
      console.error(`[bench] Lighthouse could not run: ${(error as Error).message}`);
    }
  }

  // ── end ──
  const logged = server.logCount();
  await phase("stop", cleanUp);
  heading("Summary");
  console.log(`load average at the end ${loadAverage()}`);
  if (logged > 0) {
    console.log(`the server logged ${logged} line(s) at warn or above; the last ones:`);
    for (const line of server.log().slice(-5)) console.log(`  ${line.slice(0, 300)}`);
  } else {
    console.log("the server logged nothing at warn or above");
  }
  console.log(
    table(
      ["phase", "time"],
      [...phases.map((p) => [p.phase, seconds(p.ms)]), ["whole run", seconds(performance.now())]],
    ),
  );
  return exitCode;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error("[bench] failed:", error);
  await cleanUp();
  process.exitCode = 1;
}
