import type { Context } from "hono";
import { DomainError } from "../../domain/errors.ts";

/** Reads a JSON request body, answering 415 for another content type and 400 for broken JSON. */
export async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    throw new DomainError("unsupported_media_type", "Send the request body as application/json.");
  }
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("bad_request", "The request body is not valid JSON.");
  }
}

/** Query parameters as a plain object (the last value wins for repeated keys). */
export const queryOf = (c: Context) => c.req.query();

export function withTotal(c: Context, total: number): void {
  c.header("X-Total-Count", String(total));
}
