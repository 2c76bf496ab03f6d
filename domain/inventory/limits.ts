/** Browser-safe (pages import it directly; the module's door brings server code). */

/** At or below this many, a product page says "Only N left" and the inventory page's filter calls it low. */
export const LOW_STOCK_THRESHOLD = 5;
