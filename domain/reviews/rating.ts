/** The star scale of a review (browser-safe: the star widget uses it too). */
export const STAR_COUNT = 5;
/** The star widget starts here when untouched. */
export const DEFAULT_RATING = 2;
