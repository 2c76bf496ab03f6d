import { groupDigits } from "./numbers.ts";

/** Money is kept as integer minor units (cents); people and the API see whole units. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;

/**
 * How the shop's currency is written ("$1,299.00", "CHF 1,299.00", "¥1,299"): read once from Intl on
 * the server and sent to the page, so that the browser writes prices exactly as the server did without
 * Intl. Building a currency formatter is the dearest thing a page's scripts did: 37–93 ms of a fresh
 * Chromium's main thread on this machine (ICU's data loaded on first use), four times that on
 * Lighthouse's phone.
 */
export type PriceFormat = { prefix: string; suffix: string; group: string; decimal: string; digits: number };

const USD: PriceFormat = { prefix: "$", suffix: "", group: ",", decimal: ".", digits: 2 };

let currency = "USD";
let format: PriceFormat = USD;

/** The way `Intl` writes amounts of `code` in English (server side: the page is given the result). */
export function priceFormatOf(code: string): PriceFormat {
  const formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
  const parts = formatter.formatToParts(1_234_567.5);
  const firstNumber = parts.findIndex((p) => p.type === "integer");
  const lastNumber = parts.findLastIndex((p) => ["integer", "group", "decimal", "fraction"].includes(p.type));
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((p) => p.value)
      .join("");
  return {
    prefix: text(0, firstNumber),
    suffix: text(lastNumber + 1, parts.length),
    group: parts.find((p) => p.type === "group")?.value ?? "",
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
    digits: formatter.resolvedOptions().maximumFractionDigits ?? 2,
  };
}

/** The shop's currency (SHOP_CURRENCY), set once by the server at start. */
export function setShopCurrency(code: string): void {
  if (code === currency) return;
  currency = code;
  format = priceFormatOf(code);
}

export const shopCurrency = () => currency;
export const priceFormat = () => format;

/** The page is told how the server writes prices (the root loader's `priceFormat`). */
export function adoptPriceFormat(given: PriceFormat): void {
  format = given;
}

/**
 * A price as people read it: "$1,299.00" (the one place prices are formatted). The same text as
 * `Intl.NumberFormat("en-US", { style: "currency" })` for every currency (a test compares them).
 */
export function formatPrice(cents: number): string {
  const { prefix, suffix, group, decimal, digits } = format;
  // minor units rounded to what the currency writes: to the cent, or to whole units for yen
  const step = digits >= 2 ? 1 : 10 ** (2 - digits);
  const rounded = Math.round(Math.abs(cents) / step) * step;
  const whole = Math.floor(rounded / 100);
  const fraction = digits > 0 ? `${String(rounded % 100).padStart(2, "0")}${"0".repeat(Math.max(0, digits - 2))}` : "";
  const sign = cents < 0 ? "-" : "";
  return `${sign}${prefix}${groupDigits(whole, group)}${digits > 0 ? `${decimal}${fraction.slice(0, digits)}` : ""}${suffix}`;
}
