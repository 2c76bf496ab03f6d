import { DomainError } from "../../domain/shared/errors.ts";
import { formatCount } from "../../domain/shared/numbers.ts";

/** The most fields a form may have: the largest of the shop's (a product with 100 variants) has ~900. */
export const MAX_FORM_FIELDS = 5_000;

/** A form's text fields (a field sent more than once becomes a list) and its files. */
export type FormInput = { values: Record<string, string | string[]>; files: Record<string, File> };

/**
 * Reads a URL-encoded or multipart form body, once, for a page action or an API call. A body that
 * is not a readable form is the client's mistake (400), never a server error.
 */
export async function readForm(request: Request): Promise<FormInput> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new DomainError("bad_request", "The form data could not be read.");
  }
  const values: Record<string, string | string[]> = {};
  const files: Record<string, File> = {};
  let fields = 0;
  for (const [key, value] of form.entries()) {
    if (++fields > MAX_FORM_FIELDS) {
      throw new DomainError("payload_too_large", `A form has at most ${formatCount(MAX_FORM_FIELDS)} fields.`);
    }
    if (typeof value !== "string") {
      files[key] ??= value;
      continue;
    }
    // a repeated field grows its list in place: copying it each time made a form of one name
    // repeated a few thousand times cost seconds
    const previous = values[key];
    if (previous === undefined) values[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else values[key] = [previous, value];
  }
  return { values, files };
}

/** One text value of a form (the first, when it was sent more than once), or "". */
export function formText(values: FormInput["values"], key: string): string {
  const value = values[key];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}
