/** Customer reviews of the shop. */
export { CHOOSE_A_RATING, DEFAULT_RATING, STAR_COUNT } from "./rating.ts";
export { REVIEW_MAX_LENGTH, reviewFormInput, reviewInput } from "./schemas.ts";
export { addReview, clearReviews, deleteReview, listReviews, type Review } from "./service.ts";
