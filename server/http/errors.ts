import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { OutOfStock } from "../../domain/inventory/index.ts";
import { RateLimited } from "../../domain/limits/index.ts";
import { DomainError, type ErrorCode, type FieldErrors } from "../../domain/shared/errors.ts";
import { isTransientConflict } from "../../domain/shared/transient.ts";
import type { ErrorWire } from "../api/wire-schemas.ts";
import type { AppEnv } from "../context.ts";

export function errorBody(code: ErrorWire["error"]["code"], message: string, fields?: FieldErrors): ErrorWire {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

const HTTP_EXCEPTION_CODES: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  413: "payload_too_large",
  415: "unsupported_media_type",
};

/** Every failure leaves as JSON with its status; unexpected ones are logged with the request id and never shown. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof DomainError) {
    if (err instanceof RateLimited) c.header("Retry-After", String(err.retryAfterSeconds));
    const body = errorBody(err.code, err.message, err.fields);
    if (err instanceof OutOfStock) body.error.variants = err.shortages;
    return c.json(body, err.status as ContentfulStatusCode);
  }
  // the database rolled the request's transaction back whole after a deadlock with another writer
  if (isTransientConflict(err)) {
    return c.json(errorBody("conflict", "The shop was busy with the same items. Please try again."), 409);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const status = err.status;
    const code = HTTP_EXCEPTION_CODES[status] ?? "bad_request";
    const message = status === 413 ? "The request is too large." : "The request could not be read.";
    return c.json(errorBody(code, message), status as ContentfulStatusCode);
  }
  const log = c.get("log") ?? c.get("services")?.log;
  // the client went away while sending its body: nothing failed on our side
  if (c.req.raw.signal.aborted || err.message === "aborted") {
    log?.debug({ path: c.req.path, method: c.req.method }, "request aborted by the client");
    return c.json(errorBody("bad_request", "The request was not received in full."), 400);
  }
  log?.error({ err, path: c.req.path, method: c.req.method }, "unhandled error");
  return c.json(errorBody("internal", "Something went wrong on our side. Please try again."), 500);
}

export function notFoundJson(c: Context<AppEnv>): Response {
  return c.json(errorBody("not_found", "There is no such API route."), 404);
}
