/** Money is kept as integer minor units (cents); people and the API see whole units. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;

let currency = "USD";
let formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });

/**
 * The shop's currency (SHOP_CURRENCY), set once by the server at start and by the page when it loads,
 * so that prices are written the same way on both sides.
 */
export function setShopCurrency(code: string): void {
  if (code === currency) return;
  currency = code;
  formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });
}

export const shopCurrency = () => currency;

/** A price as people read it: "$1,299.00" (the one place prices are formatted). */
export const formatPrice = (cents: number) => formatter.format(cents / 100);
