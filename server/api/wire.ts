import { DomainError } from "../../domain/shared/errors.ts";

/**
 * Runs a domain call for an API route whose wire names differ from the domain's, and names the
 * fields of a validation error the way the client sent them.
 */
export async function withWireNames<T>(names: Record<string, string>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof DomainError) || !e.fields) throw e;
    // nothing to rename: the error itself (its kind, e.g. OutOfStock with its variants, is kept)
    if (!Object.keys(e.fields).some((key) => Object.hasOwn(names, key))) throw e;
    const fields = Object.fromEntries(Object.entries(e.fields).map(([key, message]) => [names[key] ?? key, message]));
    throw new DomainError(e.code, e.message, fields);
  }
}
