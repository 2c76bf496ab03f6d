import { z } from "zod";

/** Items per page of a list answer when the client does not say. */
export const DEFAULT_PAGE_SIZE = 24;
/** The most items one list answer carries. */
export const MAX_PAGE_SIZE = 100;
/** The deepest offset a list accepts; beyond it a narrower search is the way (and the database stays fast). */
export const MAX_OFFSET = 1_000_000;

export type Page = { limit: number; offset: number };
export type Paged<T> = { items: T[]; total: number };

const count = (label: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.number({ error: `${label} must be a whole number.` }).int(`${label} must be a whole number.`),
  );

/**
 * `limit` and `offset` of a list query. A limit above the maximum is lowered to it; a limit below 1,
 * a negative or too deep offset, or anything that is not a whole number is refused.
 */
export const pageQuery = z.object({
  limit: count("limit")
    .pipe(z.number().min(1, "limit must be at least 1."))
    .transform((v) => Math.min(v, MAX_PAGE_SIZE))
    .default(DEFAULT_PAGE_SIZE),
  offset: count("offset")
    .pipe(z.number().min(0, "offset cannot be negative.").max(MAX_OFFSET, `offset must be at most ${MAX_OFFSET}.`))
    .default(0),
});

/** A page number from a page's URL (`?page=`): 1 unless a whole number ≥ 1, at most the deepest reachable page. */
export function pageFromNumber(raw: unknown, size: number): Page & { page: number } {
  const n = typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : typeof raw === "number" ? raw : 1;
  const deepest = Math.floor(MAX_OFFSET / size) + 1;
  const page = Number.isInteger(n) && n >= 1 ? Math.min(n, deepest) : 1;
  return { page, limit: size, offset: (page - 1) * size };
}

/** How many pages `total` items fill (at least one, so that an empty list still has a page 1). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
