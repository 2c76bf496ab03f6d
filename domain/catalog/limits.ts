/** Browser-safe limits of the catalogue (the pages' forms use them; schemas.ts enforces them). */

/** The longest search text the catalogue takes. */
export const MAX_SEARCH_LENGTH = 100;
/** The highest price a product or variant may have, in dollars. */
export const MAX_PRICE_DOLLARS = 1_000_000;

export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 30;
export const MAX_VARIANTS = 100;
export const MAX_IMAGES = 12;
export const MAX_ALT_LENGTH = 200;
/** Stock a new product starts with when the admin does not say. */
export const DEFAULT_NEW_STOCK = 100;
/** The most one variant may have in stock. */
export const MAX_STOCK = 1_000_000;
