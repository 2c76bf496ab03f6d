import { z } from "zod";
import { requiredLines } from "../shared/schemas.ts";
import { DEFAULT_RATING, STAR_COUNT } from "./rating.ts";

/** The longest review text. */
export const REVIEW_MAX_LENGTH = 2000;

/** A review as written; name and email come from the signed-in account, not the form. */
export const reviewInput = z.object({
  description: requiredLines("Description", REVIEW_MAX_LENGTH),
  rating: z.preprocess(
    (v) => (v === null || v === "" ? undefined : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: `Rating must be a number from 0 to ${STAR_COUNT}.` })
      .min(0, `Rating must be from 0 to ${STAR_COUNT}.`)
      .max(STAR_COUNT, `Rating must be from 0 to ${STAR_COUNT}.`)
      .default(DEFAULT_RATING),
  ),
});
