import type { Context } from "hono";
import { DomainError } from "../../domain/shared/errors.ts";

/** Reads a JSON request body, answering 415 for another content type and 400 for broken JSON or UTF-8. */
export async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    throw new DomainError("unsupported_media_type", "Send the request body as application/json.");
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await c.req.arrayBuffer());
  } catch {
    throw new DomainError("bad_request", "The request body is not valid UTF-8.");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError("bad_request", "The request body is not valid JSON.");
  }
}

/** A JSON body that must be an object (the API's calls all take one). */
export async function jsonObject(c: Context): Promise<Record<string, unknown>> {
  const body = await jsonBody(c);
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new DomainError("validation_failed", "The request body must be a JSON object.", {
      _: "Send a JSON object.",
    });
  }
  return body as Record<string, unknown>;
}

/** Query parameters as a plain object (the first value wins for repeated keys, as in the pages' URLSearchParams.get). */
export const queryOf = (c: Context) => c.req.query();

export function withTotal(c: Context, total: number): void {
  c.header("X-Total-Count", String(total));
}
