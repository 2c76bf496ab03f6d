/**
 * A throwaway PostgreSQL server for tests: a fresh cluster in its own folder, on a free port of
 * 127.0.0.1, tuned for speed rather than safety (fsync off), removed again by stop().
 *
 *   import { startPostgres } from "./postgres.ts";
 *   const pg = await startPostgres(); // pg.url = postgres://vitrine:…@127.0.0.1:PORT/vitrine
 *   await pg.stop();
 *
 * As a CLI (`npx node scripts/postgres.ts`) it prints the URL and runs until SIGINT/SIGTERM.
 *
 * Debian's `postgresql` package is installed with apt-get when no initdb is found (root only).
 * When we are root the server runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { POSTGRES_LIB, postgresBinDir } from "../db/postgres-tools.ts";

export type RunningPostgres = { url: string; port: number; dir: string; stop: () => Promise<void> };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USER = "vitrine";

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

type RunResult = { code: number | null; stdout: string; stderr: string };

/** Runs a command, collecting its output; rejects with that output when it fails. */
function run(
  cmd: string,
  args: string[],
  options: { cwd?: string; inherit?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: options.inherit ? ["ignore", "inherit", "inherit"] : ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (d) => (stdout += d));
    child.stderr?.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve({ code, stdout, stderr });
      else reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}\n${stdout}${stderr}`.trim()));
    });
  });
}

/** Runs a PostgreSQL binary as the postgres user when we are root, directly otherwise. */
function runAsPostgres(bin: string, args: string[], cwd: string): Promise<RunResult> {
  // LC_ALL=C keeps initdb from tripping over a locale the machine lacks.
  const env = { ...process.env, LC_ALL: "C", LANG: "C" };
  if (isRoot()) return run("runuser", ["-u", "postgres", "--", bin, ...args], { cwd, env });
  return run(bin, args, { cwd, env });
}

async function ensurePostgresInstalled(): Promise<string> {
  const found = postgresBinDir("initdb");
  if (found) return found;
  if (!isRoot()) {
    throw new Error(
      `No PostgreSQL found under ${POSTGRES_LIB}/*/bin and not root: install it with 'apt-get install -y postgresql'`,
    );
  }
  console.error("[postgres] PostgreSQL not found: installing Debian's postgresql package…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  await run("apt-get", ["update"], { inherit: true, env });
  await run("apt-get", ["install", "-y", "--no-install-recommends", "postgresql"], { inherit: true, env });
  const bin = postgresBinDir("initdb");
  if (!bin) throw new Error(`apt-get installed postgresql but no initdb is under ${POSTGRES_LIB}/*/bin`);
  return bin;
}

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

/** A new empty folder the server's user can write, under .tmp/ (or the system temp folder if it cannot reach .tmp/). */
async function makeClusterFolder(): Promise<string> {
  const candidates = [path.join(ROOT, ".tmp"), os.tmpdir()];
  for (const parent of candidates) {
    mkdirSync(parent, { recursive: true });
    const dir = mkdtempSync(path.join(parent, "pg-"));
    if (!isRoot()) return dir;
    const { uid, gid } = await postgresIds();
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
    // The postgres user must be able to reach it: a clone under /root, say, is closed to it.
    try {
      await run("runuser", ["-u", "postgres", "--", "test", "-w", dir]);
      return dir;
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  throw new Error("no folder the postgres user can write in");
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run("id", ["-u", "postgres"])).stdout.trim());
  const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error("no postgres user on this machine");
  return { uid, gid };
}

export async function startPostgres(): Promise<RunningPostgres> {
  const bin = await ensurePostgresInstalled();
  const dir = await makeClusterFolder();
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const password = randomBytes(18).toString("base64url");
  const cleanup = () => rmSync(dir, { recursive: true, force: true });

  try {
    // initdb makes `vitrine` the bootstrap superuser, with a password, and password auth everywhere.
    const pwFile = path.join(dir, "pwfile");
    writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
    if (isRoot()) {
      const { uid, gid } = await postgresIds();
      chownSync(pwFile, uid, gid);
    }
    await runAsPostgres(
      path.join(bin, "initdb"),
      [
        "-D",
        dataDir,
        "-U",
        USER,
        `--pwfile=${pwFile}`,
        "--auth=scram-sha-256",
        "-E",
        "UTF8",
        "--no-locale",
        "--no-sync",
      ],
      dir,
    );
    rmSync(pwFile, { force: true });

    // Unix sockets have a path limit of ~107 bytes; past it, listen on TCP only.
    const socketDir = dir.length + "/.s.PGSQL.65535".length < 100 ? dir : "";
    let lastError: unknown;
    for (let attempt = 0; attempt < 5; attempt++) {
      const port = await freePort();
      const settings = [
        `listen_addresses = '127.0.0.1'`,
        `port = ${port}`,
        `unix_socket_directories = '${socketDir}'`,
        "fsync = off",
        "synchronous_commit = off",
        "full_page_writes = off",
        "max_connections = 200",
        "shared_buffers = 128MB",
        "max_wal_size = 1GB",
        "checkpoint_timeout = 30min",
        "log_min_messages = warning",
        "logging_collector = off",
        "jit = off",
      ];
      // postgresql.auto.conf is read last, so it overrides whatever initdb wrote.
      writeFileSync(path.join(dataDir, "postgresql.auto.conf"), `${settings.join("\n")}\n`);
      if (isRoot()) {
        const { uid, gid } = await postgresIds();
        chownSync(path.join(dataDir, "postgresql.auto.conf"), uid, gid);
      }
      try {
        await runAsPostgres(
          path.join(bin, "pg_ctl"),
          ["start", "-D", dataDir, "-l", logFile, "-w", "-t", "60", "-s"],
          dir,
        );
      } catch (error) {
        lastError = error;
        continue; // most likely someone took the port in between: try another
      }
      const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${USER}`;
      await createDatabase(url.replace(/\/vitrine$/, "/postgres"), USER);
      let stopped = false;
      const stop = async () => {
        if (stopped) return;
        stopped = true;
        try {
          await runAsPostgres(
            path.join(bin, "pg_ctl"),
            ["stop", "-D", dataDir, "-m", "fast", "-w", "-t", "60", "-s"],
            dir,
          );
        } finally {
          cleanup();
        }
      };
      return { url, port, dir, stop };
    }
    throw lastError;
  } catch (error) {
    // Leave nothing running or lying around when start-up failed half-way.
    if (existsSync(path.join(dataDir, "postmaster.pid"))) {
      await runAsPostgres(path.join(bin, "pg_ctl"), ["stop", "-D", dataDir, "-m", "immediate", "-s"], dir).catch(
        () => {},
      );
    }
    cleanup();
    throw error;
  }
}

async function createDatabase(adminUrl: string, name: string): Promise<void> {
  // pg_ctl -w returns when the server accepts connections; retry briefly all the same.
  let lastError: unknown;
  for (let attempt = 0; attempt < 50; attempt++) {
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.query(`CREATE DATABASE "${name}" OWNER "${name}"`);
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
  throw lastError;
}

// CLI: print the URL, keep the server until told to stop.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = await startPostgres();
  console.log(server.url);
  console.error(`[postgres] running in ${server.dir}; Ctrl-C to stop and remove it`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await server.stop();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  setInterval(() => {}, 1 << 30); // keep the event loop alive
}
