/** Customer reviews of the shop. */
export { DEFAULT_RATING, STAR_COUNT } from "./rating.ts";
export { REVIEW_MAX_LENGTH, reviewInput } from "./schemas.ts";
export { addReview, clearReviews, deleteReview, listReviews, type Review } from "./service.ts";
