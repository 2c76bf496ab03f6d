import { randomUUID } from "node:crypto";
import type { Context } from "hono";

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id that ties a request's log lines together and comes back as X-Request-Id: the one a trusted
 * proxy sent (so that its logs and ours share it), or a new one.
 */
export function requestIdOf(c: Context, trustProxy: boolean): string {
  const given = trustProxy ? c.req.header("x-request-id") : undefined;
  return given && WELL_FORMED.test(given) ? given : randomUUID();
}
