import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The header Better Auth reads the client address from (rate limits, sessions). Set only by us. */
export const CLIENT_IP_HEADER = "x-vitrine-client-ip";

/**
 * The client's address. Without trusted proxies it is the socket's peer. Behind `hops` trusted
 * proxies it is the address the outermost of them saw: the `hops`-th X-Forwarded-For entry from the
 * right (each proxy appends the address it received the request from, so entries further left are
 * whatever the client chose to send). A client-sent CLIENT_IP_HEADER is never believed.
 */
export function clientIp(c: Context, hops: number): string {
  const peer = socketPeer(c);
  if (hops <= 0) return peer;
  const entries = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return peer;
  const seen = entries[Math.max(0, entries.length - hops)];
  return isIP(seen) ? seen : peer;
}

function socketPeer(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "127.0.0.1";
  } catch {
    return "127.0.0.1"; // in-process requests (tests) have no socket
  }
}

export function withClientIp(request: Request, ip: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return new Request(request, { headers });
}
