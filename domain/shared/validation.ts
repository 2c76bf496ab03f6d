import type { z } from "zod";
import { DomainError, type FieldErrors } from "../errors.ts";

/** Parses input with a schema; on failure throws one validation error listing every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  throw new DomainError("validation_failed", "Some fields need attention.", fields);
}
