import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/** The header Better Auth reads the client address from (rate limits, sessions). Set only by us. */
export const CLIENT_IP_HEADER = "x-vitrine-client-ip";

/**
 * The client's address: the socket's peer, or — behind a load balancer (TRUST_PROXY) — the first
 * X-Forwarded-For entry. A client-sent CLIENT_IP_HEADER is never believed.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
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
