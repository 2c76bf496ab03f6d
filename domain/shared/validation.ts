import type { z } from "zod";
import { DomainError, type FieldErrors } from "./errors.ts";

/** Parses input with a schema; on failure throws one validation error (422) listing every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, extraErrors: FieldErrors = {}): z.output<S> {
  const result = schema.safeParse(input);
  const fields: FieldErrors = result.success ? {} : fieldErrorsOf(result.error);
  const all = { ...fields, ...extraErrors };
  if (result.success && Object.keys(all).length === 0) return result.data;
  throw new DomainError("validation_failed", "Some fields need attention.", all);
}

/** Parses a query string's values; a bad parameter is a malformed request (400), naming each parameter. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query ?? {});
  if (result.success) return result.data;
  throw new DomainError("bad_request", "Some query parameters are not valid.", fieldErrorsOf(result.error));
}

/** The first message for each field of a failed parse. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}
