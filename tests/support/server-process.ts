/**
 * The BUILT shop in a child process, as production runs it: `node scripts/start.js --no-build` (what
 * `npm run serve` runs) under the project's Node 24, which loads build/server/index.js (run
 * `npx react-router build` first).
 *
 * Each call gets its own free port, its own DATA_DIR under the system temp folder and, when
 * TEST_DATABASE_URL (a PostgreSQL superuser URL) is set, its own fresh database on that server.
 * stop() ends the whole process group (SIGTERM, then SIGKILL after a grace period) and removes
 * the data folder and the database again, whatever happened before.
 *
 *   const shop = await startServerProcess();
 *   await fetch(`${shop.url}/api/health`);
 *   shop.log(); // everything the server printed
 *   await shop.stop();
 *
 * Several processes can share one database and one data folder (a multi-process test): make the
 * first one normally and pass its `databaseUrl` and `dataDir` to the others; shared resources are
 * left for their owner to remove.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SERVER_BUILD = path.join(ROOT, "build", "server", "index.js");
/** The production start without a build: what `npm run serve` runs after its Node flags. */
export const SERVE_COMMAND = [path.join(ROOT, "scripts", "start.js"), "--no-build"];
/** The project's Node 24 (the npm package `node`); the machine's own node may be older. */
export const NODE24 = path.join(ROOT, "node_modules", "node", "bin", "node");

export const TEST_AUTH_SECRET = "server-process-test-secret-not-for-production-0123456789";

/** Every variable the shop reads (server/config.ts): none leaks in from the test runner's shell. */
const SHOP_VARIABLES = [
  "NODE_ENV",
  "PORT",
  "HOST",
  "PUBLIC_URL",
  "DATA_DIR",
  "DATABASE_URL",
  "AUTH_SECRET",
  "SHOP_NAME",
  "SHOP_ADMIN_EMAIL",
  "SHOP_ADMIN_PASSWORD",
  "DEMO_MODE",
  "SEED_ON_EMPTY",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "GOOGLE_DISCOVERY_URL",
  "TRUST_PROXY",
  "RATE_LIMIT",
  "MAX_UPLOAD_BYTES",
  "LOG_LEVEL",
  "NODE_OPTIONS",
];

export type ServerProcessOptions = {
  /** A fixed port; by default a free one (and another one if it was taken in between). */
  port?: number;
  /** Extra or overriding environment for the shop (a value of undefined removes a variable). */
  env?: Record<string, string | undefined>;
  /**
   * A postgres:// URL to use as it is (not created, not dropped). By default: a fresh database on
   * TEST_DATABASE_URL's server when that is set, else SQLite in the data folder.
   */
  databaseUrl?: string;
  /** A data folder to use as it is (not removed). By default a fresh one under os.tmpdir(). */
  dataDir?: string;
  /** How long to wait for /api/health to answer 200 (default 180 s: seeding draws images, slow on a busy machine). */
  startTimeoutMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL (default 10 s). */
  stopTimeoutMs?: number;
};

export type ServerProcess = {
  /** PUBLIC_URL: http://localhost:<port> */
  url: string;
  /** the address it listens on (127.0.0.1), for clients that should not resolve `localhost` */
  host: string;
  port: number;
  pid: number;
  engine: "sqlite" | "postgres";
  dataDir: string;
  /** the DATABASE_URL it was given, if any */
  databaseUrl: string | undefined;
  /** everything the process wrote to stdout and stderr so far, in order */
  log: () => string;
  /** only what it wrote to stderr */
  stderr: () => string;
  /** true while the process has not exited */
  alive: () => boolean;
  /** settles when the process has exited */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** ends the process group and removes what was created for it; safe to call twice */
  stop: () => Promise<void>;
};

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("could not get a free port"))));
    });
  });
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the server of `adminUrl` (a superuser's URL); the shop migrates it. */
export async function createServerDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(8).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

const MAX_LOG_CHARS = 20 * 1024 * 1024;

type Attempt = {
  child: ChildProcess;
  port: number;
  output: { all: string; stderr: string };
  exited: ServerProcess["exited"];
};

function spawnShop(port: number, env: NodeJS.ProcessEnv): Attempt {
  const child = spawn(NODE24, SERVE_COMMAND, {
    cwd: ROOT, // the shop serves build/client relative to its working folder
    env,
    detached: true, // its own process group, so that stop() reaches anything it starts
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { all: "", stderr: "" };
  const keep = (text: string, stream: "stdout" | "stderr") => {
    if (output.all.length < MAX_LOG_CHARS) output.all += text;
    if (stream === "stderr" && output.stderr.length < MAX_LOG_CHARS) output.stderr += text;
  };
  child.stdout?.setEncoding("utf8").on("data", (d: string) => keep(d, "stdout"));
  child.stderr?.setEncoding("utf8").on("data", (d: string) => keep(d, "stderr"));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on("error", (error) => {
      keep(`[server-process] could not start ${NODE24}: ${error.message}\n`, "stderr");
      resolve({ code: null, signal: null });
    });
    child.on("exit", (code, signal) => resolve({ code, signal }));
  });
  return { child, port, output, exited };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

async function waitForHealth(attempt: Attempt, timeoutMs: number): Promise<"ok" | "exited" | "timeout"> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void attempt.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) return "exited";
    try {
      const res = await fetch(`http://127.0.0.1:${attempt.port}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return "ok";
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return exited ? "exited" : "timeout";
}

export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  if (!existsSync(SERVER_BUILD)) {
    throw new Error(
      `The built shop is missing (${path.relative(ROOT, SERVER_BUILD)}): run \`npx react-router build\` first.`,
    );
  }
  if (!existsSync(NODE24)) throw new Error(`Node 24 is missing at ${NODE24} (the npm package \`node\`).`);

  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length) throw new AggregateError(errors, "server-process: cleaning up failed");
  };

  // Should the test process end without stop() (a crash, process.exit), the shop goes with it.
  const spawned: Attempt[] = [];
  let freshDir: string | undefined;
  const onParentExit = () => {
    for (const attempt of spawned) signalGroup(attempt.child, "SIGKILL");
    if (freshDir) rmSync(freshDir, { recursive: true, force: true });
  };
  process.on("exit", onParentExit);
  cleanups.push(() => {
    process.off("exit", onParentExit);
  });

  try {
    let dataDir = options.dataDir;
    if (!dataDir) {
      const fresh = mkdtempSync(path.join(os.tmpdir(), "vitrine-server-"));
      // the demo artwork other test shops have drawn already (stable file names): seeding reuses it
      const drawn = path.join(os.tmpdir(), "vitrine-test-data", "media");
      if (existsSync(drawn)) cpSync(drawn, path.join(fresh, "media"), { recursive: true });
      dataDir = fresh;
      freshDir = fresh;
      cleanups.push(() => rmSync(fresh, { recursive: true, force: true }));
    }
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl && process.env.TEST_DATABASE_URL) {
      const database = await createServerDatabase(process.env.TEST_DATABASE_URL);
      databaseUrl = database.url;
      cleanups.push(database.drop);
    }

    const baseEnv: NodeJS.ProcessEnv = { ...process.env };
    for (const name of SHOP_VARIABLES) delete baseEnv[name];
    delete baseEnv.TEST_DATABASE_URL;

    const startTimeoutMs = options.startTimeoutMs ?? 180_000;
    let last: Attempt | undefined;
    for (let tries = 0; tries < (options.port ? 1 : 3); tries++) {
      const port = options.port ?? (await freePort());
      const env: NodeJS.ProcessEnv = {
        ...baseEnv,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        AUTH_SECRET: TEST_AUTH_SECRET,
        DEMO_MODE: "true",
        SEED_ON_EMPTY: "true",
        RATE_LIMIT: "false",
        LOG_LEVEL: "warn",
        // stop() sends SIGTERM: no balancer to wait for here (the grace period's own tests set theirs)
        SHUTDOWN_GRACE_SECONDS: "0",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      };
      for (const [key, value] of Object.entries(options.env ?? {})) {
        if (value === undefined) delete env[key];
        else env[key] = value;
      }
      const attempt = spawnShop(port, env);
      spawned.push(attempt);
      last = attempt;
      // registered before waiting, so that a failed start leaves nothing behind either
      cleanups.push(() => stopChild(attempt, options.stopTimeoutMs ?? 10_000));
      const outcome = await waitForHealth(attempt, startTimeoutMs);
      if (outcome === "ok") return running(attempt, databaseUrl, dataDir, cleanUp);
      if (outcome === "timeout") {
        throw new Error(
          `The shop did not answer /api/health within ${startTimeoutMs} ms. Its output:\n${attempt.output.all}`,
        );
      }
      // exited: most likely the port was taken in between; try another unless the caller chose it
      if (!/EADDRINUSE/.test(attempt.output.all)) break;
    }
    throw new Error(`The shop exited while starting. Its output:\n${last?.output.all ?? ""}`);
  } catch (error) {
    await cleanUp().catch(() => {});
    throw error;
  }
}

async function stopChild(attempt: Attempt, timeoutMs: number): Promise<void> {
  const { child } = attempt;
  const done = child.exitCode !== null || child.signalCode !== null;
  if (!done) {
    signalGroup(child, "SIGTERM");
    const timer = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), timeoutMs).unref());
    if ((await Promise.race([attempt.exited, timer])) === "timeout") signalGroup(child, "SIGKILL");
    await Promise.race([attempt.exited, new Promise((r) => setTimeout(r, 5000).unref())]);
  }
  // whatever the main process left behind in its group
  signalGroup(child, "SIGKILL");
}

function running(
  attempt: Attempt,
  databaseUrl: string | undefined,
  dataDir: string,
  cleanUp: () => Promise<void>,
): ServerProcess {
  let stopping: Promise<void> | undefined;
  return {
    url: `http://localhost:${attempt.port}`,
    host: "127.0.0.1",
    port: attempt.port,
    pid: attempt.child.pid ?? -1,
    engine: databaseUrl ? "postgres" : "sqlite",
    dataDir,
    databaseUrl,
    log: () => attempt.output.all,
    stderr: () => attempt.output.stderr,
    alive: () => attempt.child.exitCode === null && attempt.child.signalCode === null,
    exited: attempt.exited,
    stop: () => {
      stopping ??= cleanUp();
      return stopping;
    },
  };
}
