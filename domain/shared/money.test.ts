import { afterEach, describe, expect, it } from "vitest";
import {
  adoptPriceFormat,
  formatPrice,
  priceFormat,
  priceFormatOf,
  setShopCurrency,
  toCents,
  toDollars,
} from "./money.ts";

describe("toCents", () => {
  it.each([
    [0, 0],
    [1, 100],
    [19.99, 1_999],
    [0.01, 1],
    [1.15, 115],
    [4.35, 435],
    [8.2, 820],
    [1_000_000, 100_000_000],
    [999_999.99, 99_999_999],
  ])("turns $%d into %d cents despite binary floats", (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
    expect(Number.isInteger(toCents(dollars))).toBe(true);
  });

  it("rounds float sums to the cent they mean", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(0.7 + 0.1)).toBe(80);
    expect(toCents(1.1 * 3)).toBe(330);
    expect(toCents(19.99 * 3)).toBe(5_997);
  });

  it("adds cents exactly where dollars drift", () => {
    const prices = [0.1, 0.2, 0.3, 19.99, 5.05];
    const dollarSum = prices.reduce((a, b) => a + b, 0);
    const centSum = prices.map(toCents).reduce((a, b) => a + b, 0);
    expect(centSum).toBe(2_564);
    expect(toCents(dollarSum)).toBe(centSum);
    expect(toDollars(centSum)).toBe(25.64);
  });
});

describe("toDollars", () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [1_999, 19.99],
    [30, 0.3],
    [100_000_000, 1_000_000],
  ])("turns %d cents into $%d", (cents, dollars) => {
    expect(toDollars(cents)).toBe(dollars);
  });

  it("round-trips every cent amount up to $10,000", () => {
    for (let cents = 0; cents <= 1_000_000; cents += 7) {
      if (toCents(toDollars(cents)) !== cents) expect.fail(`${cents} cents came back as ${toCents(toDollars(cents))}`);
    }
    expect(toCents(toDollars(1_000_000))).toBe(1_000_000);
  });

  it("round-trips two-decimal dollar amounts written as text", () => {
    for (const text of ["0.01", "0.10", "0.29", "1.01", "2.67", "19.99", "1234.56", "99999.99"]) {
      expect(toDollars(toCents(Number(text)))).toBe(Number(text));
    }
  });
});

describe("formatPrice", () => {
  it.each([
    [0, "$0.00"],
    [1, "$0.01"],
    [5, "$0.05"],
    [1_999, "$19.99"],
    [100_000, "$1,000.00"],
    [123_456_789, "$1,234,567.89"],
    [1_000_000_000, "$10,000,000.00"],
    [-250, "-$2.50"],
  ])("shows %d cents as %s", (cents, text) => {
    expect(formatPrice(cents)).toBe(text);
  });

  it("shows a float sum of cents as the amount it means", () => {
    expect(formatPrice(toCents(0.1 + 0.2))).toBe("$0.30");
  });
});

describe("formatPrice in other currencies", () => {
  afterEach(() => setShopCurrency("USD"));

  const amounts = [
    0, 1, 5, 49, 50, 51, 99, 100, 149, 150, 250, 1_999, 100_000, 123_456_789, 1_000_000_000, -1, -50, -250,
  ];

  it("writes every amount in every currency as Intl does", () => {
    const currencies = Intl.supportedValuesOf("currency");
    expect(currencies.length).toBeGreaterThan(100);
    const differences: string[] = [];
    for (const code of currencies) {
      setShopCurrency(code);
      const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
      for (const cents of amounts) {
        if (formatPrice(cents) !== intl.format(cents / 100))
          differences.push(`${code} ${cents}: ${formatPrice(cents)} ≠ ${intl.format(cents / 100)}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it("writes a price from the format the page is given, as the server wrote it", () => {
    setShopCurrency("CHF");
    const onServer = formatPrice(123_456);
    const given = JSON.parse(JSON.stringify(priceFormat()));
    setShopCurrency("USD");
    adoptPriceFormat(given);
    expect(formatPrice(123_456)).toBe(onServer);
    expect(onServer).toBe(new Intl.NumberFormat("en-US", { style: "currency", currency: "CHF" }).format(1234.56));
  });

  it("rounds to whole units in a currency without cents, as Intl does", () => {
    expect(priceFormatOf("JPY").digits).toBe(0);
    setShopCurrency("JPY");
    expect(formatPrice(150)).toBe("¥2");
    expect(formatPrice(149)).toBe("¥1");
    expect(formatPrice(123_456_789)).toBe("¥1,234,568");
  });
});
