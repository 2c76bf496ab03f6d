/** Money is kept as integer cents; people and the API see dollars. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
export const formatPrice = (cents: number) => usd.format(cents / 100);
