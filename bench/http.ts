/**
 * HTTP load figures with autocannon: one request first to see what the URL answers (status, size),
 * a short warm-up, then the measured run. A URL that answers an error (a page not built yet) is
 * measured all the same and its status shown; nothing here throws for a bad status.
 */
import autocannon from "autocannon";
import { cpuMs } from "./process-stats.ts";

export type Target = { name: string; path: string; headers?: Record<string, string> };

/**
 * What every browser and CDN sends (Chrome's value without zstd, which the shop does not make): the
 * load measures answers as visitors get them. Without it a 120 KB page went out uncompressed, which
 * no visitor asks for and which costs the server the copying of 120 KB (decision 023).
 */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br";

export type LoadFigures = {
  name: string;
  path: string;
  /** what a single request answered: the status code, or the error */
  status: number | string;
  /** body size of that single response, in bytes (decoded) */
  bytes: number | undefined;
  /** bytes on the wire per answer during the measured run (headers and the compressed body) */
  sentBytes: number | undefined;
  rps: number;
  p50: number;
  p99: number;
  /** the server's CPU time per request during the measured run, in milliseconds */
  cpuPerRequest: number | undefined;
  /** non-2xx responses during the measured run */
  non2xx: number;
  /** connection errors and timeouts during the measured run */
  errors: number;
  requests: number;
};

export type LoadOptions = { duration: number; warmup: number; connections: number };

/** Signs in with email and password and answers the bearer token (set-auth-token header). */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email, password }),
  });
  const token = response.headers.get("set-auth-token");
  if (!response.ok || !token) {
    const body = await response.text().catch(() => "");
    throw new Error(
      `sign-in as ${email} answered ${response.status} ${token ? "" : "without a set-auth-token header "}${body.slice(0, 200)}`,
    );
  }
  return token;
}

async function probe(
  url: string,
  headers: Record<string, string> | undefined,
): Promise<{ status: number | string; bytes: number | undefined }> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
    const body = await response.arrayBuffer();
    return { status: response.status, bytes: body.byteLength };
  } catch (error) {
    return { status: `error: ${(error as Error).message}`, bytes: undefined };
  }
}

export async function measure(
  origin: string,
  target: Target,
  options: LoadOptions,
  serverPid?: number,
): Promise<LoadFigures> {
  const url = `${origin}${target.path}`;
  const headers = { "Accept-Encoding": BROWSER_ACCEPT_ENCODING, ...target.headers };
  const { status, bytes } = await probe(url, headers);
  const base = { url, connections: options.connections, headers, timeout: 10 };
  if (options.warmup > 0) await autocannon({ ...base, duration: options.warmup });
  const cpuBefore = serverPid ? cpuMs(serverPid) : undefined;
  const result = await autocannon({ ...base, duration: options.duration });
  const cpuAfter = serverPid ? cpuMs(serverPid) : undefined;
  const cpuPerRequest =
    cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? (cpuAfter - cpuBefore) / result.requests.total
      : undefined;
  return {
    name: target.name,
    path: target.path,
    status,
    bytes,
    sentBytes: result.requests.total > 0 ? result.throughput.total / result.requests.total : undefined,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest,
    non2xx: result.non2xx,
    errors: result.errors,
    requests: result.requests.total,
  };
}
