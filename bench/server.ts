/**
 * The production server (`npm run serve`: scripts/start.js --no-build, the built bundle) as a child process of the
 * benchmark, on a port of its own. Its log (warnings and errors only) is kept, not printed, so
 * that it cannot interleave with the figures; run.ts shows a summary at the end.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { serveArguments } from "./node-flags.ts";

export type RunningServer = {
  origin: string;
  /** the server's process id (for its CPU time and memory) */
  pid: number;
  /** log lines the server wrote (stdout and stderr), the most recent last */
  log: () => string[];
  /** total number of log lines written */
  logCount: () => number;
  /** how the server ended if it is no longer running (while we did not stop it: it crashed or was killed) */
  ended: () => string | undefined;
  stop: () => Promise<void>;
};

const KEEP_LINES = 200;

export async function startServer(options: {
  root: string;
  env: NodeJS.ProcessEnv;
  origin: string;
  timeoutMs?: number;
}): Promise<RunningServer> {
  // --title names the process in ps: another session's `pkill -f scripts/start.js` aimed at its own
  // server should not take down the benchmark's.
  // exactly what `npm run serve` runs (package.json): figures of the shop as it runs
  const child = spawn(process.execPath, ["--title=vitrine-bench-server", ...serveArguments()], {
    cwd: options.root,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let count = 0;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      count++;
      lines.push(line);
      if (lines.length > KEEP_LINES) lines.shift();
    }
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let ended: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      ended = signal ? `killed by ${signal}` : `exited with code ${code}`;
      resolve();
    }),
  );

  const server: RunningServer = {
    origin: options.origin,
    pid: child.pid ?? 0,
    log: () => [...lines],
    logCount: () => count,
    ended: () => ended,
    stop: () => stopChild(child, exited),
  };

  try {
    await waitForHealth(options.origin, child, options.timeoutMs ?? 60_000);
  } catch (error) {
    await server.stop();
    const tail = lines.slice(-20).join("\n");
    throw new Error(`${(error as Error).message}${tail ? `\n--- server output ---\n${tail}` : ""}`);
  }
  return server;
}

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start-up (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer ${origin}/api/health within ${timeoutMs / 1000} s`);
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const killed = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 10_000))),
  ]);
  clearTimeout(timer);
  if (!killed) {
    child.kill("SIGKILL");
    await exited;
  }
}
