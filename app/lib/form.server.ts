import { data } from "react-router";
import type { z } from "zod";
import { HELP_PAGE_MAX_LENGTH } from "../../domain/content/help-rules.ts";
import { DomainError, type FieldErrors } from "../../domain/shared/errors.ts";
import { parseInput } from "../../domain/shared/validation.ts";
import { type FormInput, readForm } from "../../server/http/forms.ts";

/** What a page action answers: the outcome to show (a toast, a confirmation), or what went wrong and where. */
export type FormSuccess<T> = { ok: true; message: string; result: T };
export type FormFailure = { ok: false; message: string; fields: FieldErrors; values: Record<string, string> };

type Options<S extends z.ZodType | undefined, T> = {
  /** the zod schema the API uses for the same input: checked first, every field at once */
  schema?: S;
  /** the domain call */
  run: (input: S extends z.ZodType ? z.output<S> : FormInput["values"], form: FormInput) => Promise<T>;
  /** the message to announce on success */
  success?: string | ((result: T) => string);
};

/**
 * The one way a page handles a form: read it (once, URL-encoded or multipart), validate it with the
 * API's schema, call the domain, and turn a DomainError into messages beside the fields (or one for
 * the page) with the values typed so far, and the error's status. Other errors are real failures.
 */
export async function handleForm<T, S extends z.ZodType | undefined = undefined>(
  request: Request,
  options: Options<S, T>,
) {
  let form: FormInput = { values: {}, files: {} };
  try {
    form = await readForm(request);
    const input = options.schema ? parseInput(options.schema, form.values) : form.values;
    const result = await options.run(input as Parameters<Options<S, T>["run"]>[0], form);
    const message = typeof options.success === "function" ? options.success(result) : (options.success ?? "");
    return { ok: true as const, message, result } satisfies FormSuccess<T>;
  } catch (e) {
    // a redirect the domain call decided on (after signing in, say) is the answer
    if (e instanceof Response) return e;
    if (!(e instanceof DomainError)) throw e;
    return formFailure(e, form.values);
  }
}

/** A failure as the page shows it (also for callers that check something themselves). */
export function formFailure(e: DomainError, values: FormInput["values"] = {}) {
  const fields = e.fields ?? {};
  const body: FormFailure = {
    ok: false,
    message: e.message,
    fields,
    values: echo(values),
  };
  return data(body, { status: e.status });
}

/** The text the visitor typed, to put back in the form (never passwords). */
/** The longest value given back to a refused form: its longest field (a help page's text), so that nothing typed is cut. */
const ECHO_MAX_LENGTH = HELP_PAGE_MAX_LENGTH;

function echo(values: FormInput["values"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (/password/i.test(key)) continue;
    out[key] = (Array.isArray(value) ? value.join(",") : value).slice(0, ECHO_MAX_LENGTH);
  }
  return out;
}
