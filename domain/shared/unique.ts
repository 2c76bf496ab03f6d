import { DomainError, type FieldErrors } from "./errors.ts";

/** Whether a database error is a unique constraint refusing a second row (SQLite's or PostgreSQL's wording). */
export function isUniqueViolation(e: unknown): boolean {
  const text = String((e as { message?: string })?.message ?? e);
  return /unique|duplicate key/i.test(text);
}

/**
 * Runs a write whose uniqueness was checked before it began: when someone else's write took the same
 * value in between (two imports of one new SKU at once), the database refuses it and the caller gets
 * a 409 that says so, instead of a server error. The write's transaction has rolled back.
 */
export async function refusingDuplicates<T>(
  write: () => Promise<T>,
  message: string,
  fields?: FieldErrors,
): Promise<T> {
  try {
    return await write();
  } catch (e) {
    // (a refusal of the write's own, whose message may name a SKU with "unique" in it, goes out as it is)
    if (!(e instanceof DomainError) && isUniqueViolation(e)) throw new DomainError("conflict", message, fields);
    throw e;
  }
}
