import { z } from "zod";
import { requiredText } from "../shared/schemas.ts";
import { CHOOSE_A_RATING, DEFAULT_RATING, STAR_COUNT } from "./rating.ts";

/** The longest review text. */
export const REVIEW_MAX_LENGTH = 2000;

const ratingNumber = (missing: string) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? missing : `Rating must be a number from 0 to ${STAR_COUNT}.`),
    })
    .min(0, `Rating must be from 0 to ${STAR_COUNT}.`)
    .max(STAR_COUNT, `Rating must be from 0 to ${STAR_COUNT}.`);

/** An empty field is no rating; a form's text is a number. */
const asRating = (v: unknown) => (v === null || v === "" ? undefined : typeof v === "string" ? Number(v) : v);

/**
 * A review as written; name and email come from the signed-in account, not the form. Through the
 * API a review without a rating gets DEFAULT_RATING (the spec does not require one).
 */
export const reviewInput = z.object({
  description: requiredText("Description", REVIEW_MAX_LENGTH),
  rating: z.preprocess(asRating, ratingNumber(CHOOSE_A_RATING).default(DEFAULT_RATING)),
});

/**
 * The review page's form: the same, but a star must be chosen, so that a customer who never
 * touched the stars does not post a rating they did not give.
 */
export const reviewFormInput = reviewInput.extend({
  rating: z.preprocess(asRating, ratingNumber(CHOOSE_A_RATING)),
});
