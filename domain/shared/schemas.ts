import { z } from "zod";
import { formatCount } from "./numbers.ts";

/** ASCII control characters (C0 and DEL), which no keyboard types into a text field. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** PostgreSQL cannot store the NUL character in text (SQLite cuts the text there), so input may not contain it. */
export const hasNoNul = (v: string) => !v.includes("\u0000");

/** How long a line of text may be unless its field says otherwise. */
export const DEFAULT_TEXT_MAX_LENGTH = 200;

/** A required line of text: trimmed, not empty, bounded. */
export const requiredText = (label: string, max = DEFAULT_TEXT_MAX_LENGTH) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(hasNoNul, `${label} contains a character that is not allowed.`);

/**
 * Characters a one-line field (a name, an address line) never holds: control characters (line
 * breaks, escape sequences a terminal would run when an export is printed) and the marks that turn
 * text around ("Eve\u202Egnp.exe" shows as "Eveexe.png").
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
export const NOT_IN_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * The same for text of several lines (a note, a help page): everything above but the line feed. Callers
 * turn Windows line ends into "\n" first.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
export const NOT_IN_LINES = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * Where the first character `pattern` refuses is, for a message a person can act on ("U+202E on line 3"):
 * most of them are invisible, so "a character that is not allowed" alone leaves the writer searching.
 */
export function disallowedAt(text: string, pattern: RegExp): string | null {
  const match = pattern.exec(text);
  if (!match) return null;
  const line = text.slice(0, match.index).split("\n").length;
  const code = (match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
  return `U+${code} on line ${line}`;
}

/** Refuses text of several lines holding a character of NOT_IN_LINES, saying which and where. */
export const refineLines = (label: string) => (text: string, ctx: z.RefinementCtx) => {
  const where = disallowedAt(text, NOT_IN_LINES);
  if (where) {
    ctx.addIssue({
      code: "custom",
      message: `${label} contains an invisible control or direction character (${where}) that is not allowed.`,
    });
  }
};

/**
 * Text of several lines as people paste it (a review, a message, a help page, a note): Windows line ends
 * become "\n" and a tab a space; a character of NOT_IN_LINES is refused, saying which and where; then it
 * is trimmed and bounded. It may be empty: `requiredLines` is not.
 */
export const textLines = (label: string, max: number, missing = `${label} is required.`) =>
  z
    .string({ error: missing })
    .transform((v) => v.replace(/\r\n?/g, "\n").replace(/\t/g, " "))
    // (checked before the trim, so that the line a refused character is said to be on is the one in the form)
    .pipe(
      z
        .string()
        .superRefine(refineLines(label))
        .transform((v) => v.trim())
        .pipe(z.string().max(max, `${label} must be at most ${formatCount(max)} characters.`)),
    );

/** Text of several lines that may not be empty. */
export const requiredLines = (label: string, max = DEFAULT_TEXT_MAX_LENGTH) =>
  textLines(label, max).pipe(z.string().min(1, `${label} is required.`));

/** A required line of text that is one line of plain text: names, address lines. */
export const oneLineText = (label: string, max = DEFAULT_TEXT_MAX_LENGTH) =>
  requiredText(label, max).refine(
    (v) => !NOT_IN_ONE_LINE.test(v),
    `${label} contains a character that is not allowed.`,
  );

export const optionalText = (label: string, max = DEFAULT_TEXT_MAX_LENGTH) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(hasNoNul, `${label} contains a character that is not allowed.`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const emailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address."));

export const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "Not a valid id.");

/** Whether an id from a URL can name a record at all; a malformed one is answered "not found" without a query. */
export const isWellFormedId = (id: string) => idSchema.safeParse(id).success;

/** Whether an email from a URL can name an account at all. */
export const isWellFormedEmail = (email: string) => emailSchema.safeParse(email).success;
