import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DomainError, type ErrorCode, type FieldErrors } from "../../domain/errors.ts";
import type { AppEnv } from "./context.ts";

export type ErrorBody = { error: { code: string; message: string; fields?: FieldErrors } };

export function errorBody(code: ErrorCode | "internal", message: string, fields?: FieldErrors): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/** Every failure leaves as JSON with its status; unexpected ones are logged and never shown. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof DomainError) {
    return c.json(errorBody(err.code, err.message, err.fields), err.status as ContentfulStatusCode);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code: ErrorCode = status === 413 ? "payload_too_large" : status === 415 ? "unsupported_media_type" : status === 401 ? "unauthenticated" : status === 403 ? "forbidden" : "bad_request";
    const message = status === 413 ? "The upload is too large." : err.message || "The request could not be read.";
    return c.json(errorBody(code, message), status as ContentfulStatusCode);
  }
  c.get("services")?.log.error({ err, path: c.req.path, method: c.req.method }, "unhandled error");
  return c.json(errorBody("internal", "Something went wrong on our side. Please try again."), 500);
}

export function notFoundJson(c: Context<AppEnv>): Response {
  return c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}.`), 404);
}
