import { DomainError } from "../../domain/shared/errors.ts";

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
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") {
      files[key] ??= value;
      continue;
    }
    const previous = values[key];
    values[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return { values, files };
}

/** One text value of a form (the first, when it was sent more than once), or "". */
export function formText(values: FormInput["values"], key: string): string {
  const value = values[key];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}
