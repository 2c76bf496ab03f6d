/** The star scale of a review (browser-safe: the star widget uses it too). */
export const STAR_COUNT = 5;
/**
 * The rating of a review posted through the API without one (the spec: "rating is not enforced as
 * required"). The page's star widget starts with no star chosen and asks for one instead.
 */
export const DEFAULT_RATING = 2;
/** What the review page says when it is posted with no star chosen. */
export const CHOOSE_A_RATING = "Choose a rating.";
