import { randomUUID } from "node:crypto";
import type { Context } from "hono";

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id that ties a request's log lines together and comes back as X-Request-Id: the one a trusted
 * proxy sent (so that its logs and ours share it), or a new one.
 */
export function requestIdOf(c: Context, trustProxy: boolean): string {
  return requestIdFrom(c.req.header("x-request-id"), trustProxy);
}

/** requestIdOf, from the X-Request-Id header's value. */
export function requestIdFrom(header: string | undefined, trustProxy: boolean): string {
  const given = trustProxy ? header : undefined;
  return given && WELL_FORMED.test(given) ? given : randomUUID();
}
