/** The orders' limits, in a file of their own so that pages can use them in the browser (no zod, no service). */

/** How many of one product a line may hold. */
export const MAX_LINE_QUANTITY = 99;
/** The most one order may total, in cents ($10,000,000.00): far above any real order, far inside the columns. */
export const MAX_ORDER_TOTAL_CENTS = 1_000_000_000;
