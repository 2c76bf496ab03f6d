import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

export const pageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type Page = z.infer<typeof pageSchema>;
export type Paged<T> = { items: T[]; total: number };

/** PostgreSQL cannot store the NUL character in text (SQLite cuts the text there), so input may not contain it. */
export const hasNoNul = (v: string) => !v.includes("\u0000");

/** A required line of text: trimmed, not empty, bounded. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(hasNoNul, `${label} contains a character that is not allowed.`);

export const optionalText = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(hasNoNul, `${label} contains a character that is not allowed.`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const emailSchema = z.string({ error: "Email is required." }).trim().toLowerCase().pipe(z.email("Enter a valid email address."));

export const idSchema = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "Not a valid id.");

/** Whether an id from a URL can name a record at all; a malformed one is answered "not found" without a query. */
export const isWellFormedId = (id: string) => idSchema.safeParse(id).success;

/** Whether an email from a URL can name an account at all. */
export const isWellFormedEmail = (email: string) => emailSchema.safeParse(email).success;
