/**
 * Debian's haproxy in front of several shop processes, for the cluster tests (scripts/test.ts, stage
 * `cluster`): a generated configuration in its own folder under .tmp/, round robin over the
 * backends, a `GET /readyz` health check every 250 ms (a draining instance — /readyz 503 — leaves
 * rotation within about half a second, well inside SHUTDOWN_GRACE_SECONDS), `option redispatch` and
 * `retries` so that a connection refused by an instance that has just gone is tried on another.
 *
 *   import { startHaproxy } from "./haproxy.ts";
 *   const lb = await startHaproxy([{ name: "a", port: 3001 }, { name: "b", port: 3002 }]);
 *   // lb.url = http://127.0.0.1:PORT; every answer names its instance in `X-Served-By`
 *   await lb.stop();
 *
 * ensureHaproxy() installs Debian's `haproxy` package with apt-get when it is missing (root only), as
 * scripts/postgres.ts and scripts/chromium.ts do for theirs.
 *
 * CLI: `npx node scripts/haproxy.ts` prints the path of haproxy, installing first if needed;
 * `npx node scripts/haproxy.ts 3001 3002` also balances over those ports on 127.0.0.1 until Ctrl-C.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./postgres.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CANDIDATES = ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"];

/** The response header that names the backend (haproxy's server name) that answered. */
export const SERVED_BY = "x-served-by";

export type Backend = { name: string; port: number; host?: string };
export type RunningHaproxy = {
  url: string;
  port: number;
  dir: string;
  /** everything haproxy printed (its log goes to stdout) */
  output: () => string;
  /**
   * Each backend's state as haproxy sees it, from its stats socket: "UP" and "UP 1/2" are in
   * rotation, "DOWN" and "DOWN 1/2" are not.
   */
  serverStates: () => Promise<Record<string, string>>;
  stop: () => Promise<void>;
};

export type HaproxyOptions = {
  /** milliseconds between health checks of each backend (250) */
  checkIntervalMs?: number;
  /** a fixed port for the frontend; by default a free one */
  port?: number;
  /**
   * For tests: a request header naming a backend sends the request to that backend while it is in
   * rotation (`X-Use-Instance: a`); without the header, round robin as usual.
   */
  pinHeader?: string;
};

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

const findHaproxy = () => CANDIDATES.find((p) => existsSync(p));

export async function ensureHaproxy(): Promise<string> {
  const found = findHaproxy();
  if (found) return found;
  if (typeof process.getuid === "function" && process.getuid() !== 0) {
    throw new Error("haproxy is missing and we are not root: install it with 'apt-get install -y haproxy'");
  }
  console.error("[haproxy] haproxy not found: installing Debian's haproxy package…");
  await run("apt-get", ["update"]);
  await run("apt-get", ["install", "-y", "--no-install-recommends", "haproxy"]);
  const installed = findHaproxy();
  if (!installed) throw new Error(`apt-get installed haproxy but it is in none of ${CANDIDATES.join(", ")}`);
  return installed;
}

/** haproxy's stats socket, in its folder */
const STATS_SOCKET = "stats.sock";

/** Asks the stats socket in `dir` for `show stat` and returns each server's status by name. */
function readServerStates(dir: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let text = "";
    const socket = createConnection(path.join(dir, STATS_SOCKET), () => socket.end("show stat\n"));
    socket.setTimeout(2000, () => socket.destroy(new Error("haproxy's stats socket did not answer")));
    socket.on("data", (d) => (text += d));
    socket.on("error", reject);
    socket.on("close", () => {
      const [header, ...rows] = text.trim().split("\n");
      const columns = (header ?? "").replace(/^# /, "").split(",");
      const [name, server, status] = ["pxname", "svname", "status"].map((c) => columns.indexOf(c));
      const states: Record<string, string> = {};
      for (const row of rows.map((r) => r.split(","))) {
        if (row[name] === "shop" && row[server] !== "BACKEND" && row[server] !== "FRONTEND") {
          states[row[server]] = row[status];
        }
      }
      resolve(states);
    });
  });
}

/**
 * The configuration: one frontend on 127.0.0.1:port, one backend of every instance, a read-only
 * stats socket in `dir`.
 */
export function haproxyConfig(port: number, backends: Backend[], dir: string, options: HaproxyOptions = {}): string {
  const inter = options.checkIntervalMs ?? 250;
  return `global
    log stdout format raw local0 notice
    maxconn 2000
    stats socket ${path.join(dir, STATS_SOCKET)} mode 600 level user

defaults
    mode http
    log global
    option httplog
    option dontlognull
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    timeout http-request 10s
    timeout http-keep-alive 5s
    # without it a check may take no longer than its interval: a busy but healthy instance would be taken out
    timeout check 2s
    # a connection refused by an instance that has just stopped is tried again, on another instance
    retries 3
    option redispatch 1

frontend shop
    bind 127.0.0.1:${port}
    unique-id-format %[uuid()]
    http-request set-header X-Request-Id %[unique-id]
    option forwardfor
    default_backend shop

backend shop
    balance roundrobin
    option httpchk
    http-check send meth GET uri /readyz
    http-check expect status 200
    # out of rotation after 2 failed checks ${inter} ms apart, back after 2 good ones
    default-server inter ${inter}ms fastinter ${inter}ms downinter ${inter}ms fall 2 rise 2
    # which instance answered, for the tests
    http-response set-header X-Served-By %s
${
  options.pinHeader
    ? backends.map((b) => `    use-server ${b.name} if { req.hdr(${options.pinHeader}) -m str ${b.name} }\n`).join("")
    : ""
}${backends.map((b) => `    server ${b.name} ${b.host ?? "127.0.0.1"}:${b.port} check`).join("\n")}
`;
}

/** Starts haproxy in the foreground (its own process group), balancing over `backends`. */
export async function startHaproxy(backends: Backend[], options: HaproxyOptions = {}): Promise<RunningHaproxy> {
  const bin = await ensureHaproxy();
  mkdirSync(path.join(ROOT, ".tmp"), { recursive: true });
  const dir = mkdtempSync(path.join(ROOT, ".tmp", "haproxy-"));
  const configFile = path.join(dir, "haproxy.cfg");
  let lastOutput = "";
  for (let attempt = 0; attempt < (options.port ? 1 : 3); attempt++) {
    const port = options.port ?? (await freePort());
    writeFileSync(configFile, haproxyConfig(port, backends, dir, options));
    let output = "";
    // -db: stay in the foreground, no daemon; -W: master-worker (SIGUSR2 reloads, SIGTERM stops)
    const child: ChildProcess = spawn(bin, ["-db", "-W", "-f", configFile], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const onParentExit = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {}
    };
    process.on("exit", onParentExit);
    const stop = async () => {
      process.off("exit", onParentExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(onParentExit, 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    };
    if (await listening(port, child, 10_000)) {
      return {
        url: `http://127.0.0.1:${port}`,
        port,
        dir,
        output: () => output,
        serverStates: () => readServerStates(dir),
        stop,
      };
    }
    lastOutput = output;
    onParentExit();
    await exited;
    process.off("exit", onParentExit);
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`haproxy did not start:\n${lastOutput}`);
}

/** Whether haproxy answers on its port before it exits or the time is up. */
async function listening(port: number, child: ChildProcess, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      // any HTTP answer will do (503 while no backend is up yet)
      await (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) })).arrayBuffer();
      return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Waits until every backend is in rotation (a request to each answers through the balancer). */
export async function waitForBackends(lb: { url: string }, names: string[], timeoutMs = 20_000): Promise<void> {
  const seen = new Set<string>();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${lb.url}/readyz`);
      await res.arrayBuffer();
      const by = res.headers.get(SERVED_BY);
      if (res.status === 200 && by) seen.add(by);
      if (names.every((n) => seen.has(n))) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not every backend came into rotation: saw ${[...seen].join(", ") || "none"} of ${names.join(", ")}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const bin = await ensureHaproxy();
    const ports = process.argv.slice(2).map(Number);
    if (!ports.length) {
      console.log(bin);
    } else {
      const lb = await startHaproxy(ports.map((port, i) => ({ name: `shop${i + 1}`, port })));
      console.log(lb.url);
      const shutdown = () => void lb.stop().then(() => process.exit(0));
      process.on("SIGINT", shutdown);
      process.on("SIGTERM", shutdown);
      setInterval(() => {}, 1 << 30);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
