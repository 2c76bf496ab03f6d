import { describe, expect, it } from "vitest";
import { toCents } from "../shared/money.ts";
import { errorsOf } from "../shared/testing.ts";
import { MAX_SEARCH_LENGTH, productInput, productListQuery } from "./index.ts";

const form = { title: "Rattan chair", Categories: "Chairs", price: "19.99", desc1: "Hand woven" };
const priceOf = (price: unknown) => productInput.parse({ ...form, price }).price;
const priceError = (price: unknown) => errorsOf(productInput, { ...form, price }).price;

describe("a product's price", () => {
  it.each([
    ["19.99", 19.99],
    ["$19.99", 19.99],
    ["$ 19.99", 19.99],
    [".5", 0.5],
    [" 5 ", 5],
    ["0", 0],
    ["0.5", 0.5],
    [12.3, 12.3],
    ["1000000", 1_000_000],
    ["999999.99", 999_999.99],
  ])("takes %j as %d", (price, dollars) => {
    expect(priceOf(price)).toBe(dollars);
  });

  it("keeps at most two decimals even when the number is a float sum", () => {
    expect(priceOf(0.1 + 0.2)).toBeCloseTo(0.3, 10);
    expect(toCents(priceOf(0.1 + 0.2))).toBe(30);
    expect(toCents(priceOf("1.15"))).toBe(115);
    expect(toCents(priceOf("4.35"))).toBe(435);
  });

  it.each(["1.005", "19.999", 0.001, "0.125"])("refuses %j: more than two decimals", (price) => {
    expect(priceError(price)).toBe("Price can have at most two decimals.");
  });

  it.each(["-0.01", -5])("refuses the negative %j", (price) => {
    expect(priceError(price)).toBe("Price cannot be negative.");
  });

  it.each(["1000000.01", 2_000_000])("refuses %j: too high", (price) => {
    expect(priceError(price)).toBe("Price must be below $1,000,000.");
  });

  it.each(["", "   "])("requires a price, not %j", (price) => {
    expect(priceError(price)).toBe("Price is required.");
  });

  it.each([undefined, null, true, {}])("requires a price, not %j", (price) => {
    expect(priceError(price)).toBe("Price is required.");
  });

  it.each(["abc", "1,99", "Infinity", "NaN", Number.NaN, Number.POSITIVE_INFINITY])("refuses %j", (price) => {
    expect(priceError(price)).toBeDefined();
  });

  it.each(["$", "$ ", "0x10", "0b11", "1e3", "5$"])("refuses %j: not a price as people write one", (price) => {
    expect(priceError(price)).toBe("Price must be a number.");
  });
});

describe("the add-product form", () => {
  it("splits comma-separated categories and accepts repeated fields", () => {
    expect(productInput.parse({ ...form, Categories: " Chairs , lamps,, " }).Categories).toEqual(["Chairs", "lamps"]);
    expect(productInput.parse({ ...form, Categories: ["Chairs", " Lamps "] }).Categories).toEqual(["Chairs", "Lamps"]);
  });

  it("takes one to five categories", () => {
    const some = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
    expect(errorsOf(productInput, { ...form, Categories: " , " })).toEqual({
      Categories: "Choose at least one category.",
    });
    expect(errorsOf(productInput, { ...form, Categories: undefined })).toEqual({
      Categories: "Choose at least one category.",
    });
    expect(productInput.safeParse({ ...form, Categories: some(5) }).success).toBe(true);
    expect(errorsOf(productInput, { ...form, Categories: some(6) })).toEqual({
      Categories: "Choose at most five categories.",
    });
  });

  it("requires a title and the first feature line; the others are optional", () => {
    expect(errorsOf(productInput, { Categories: "Chairs", price: 1 })).toEqual({
      title: "Title is required.",
      desc1: "The first feature line is required.",
    });
    const parsed = productInput.parse({ ...form, desc2: "  ", desc3: " Teak legs " });
    expect([parsed.desc2, parsed.desc3, parsed.desc4]).toEqual([undefined, "Teak legs", undefined]);
  });

  it("bounds the lengths", () => {
    expect(errorsOf(productInput, { ...form, title: "t".repeat(201) })).toHaveProperty("title");
    expect(errorsOf(productInput, { ...form, desc4: "d".repeat(301) })).toEqual({
      desc4: "Feature line 4 must be at most 300 characters.",
    });
  });

  it("refuses NUL in optional lines too", () => {
    expect(errorsOf(productInput, { ...form, desc2: "a\u0000b" })).toEqual({
      desc2: "Feature line 2 contains a character that is not allowed.",
    });
  });
});

describe("the catalogue query", () => {
  it("normalises the category and bounds the search text", () => {
    expect(productListQuery.parse({ category: " Chairs ", q: " oak " })).toMatchObject({
      category: "chairs",
      q: "oak",
    });
    expect(errorsOf(productListQuery, { q: "x".repeat(MAX_SEARCH_LENGTH + 1) })).toHaveProperty("q");
    expect(errorsOf(productListQuery, { q: "oak\u0000" })).toHaveProperty("q");
    expect(errorsOf(productListQuery, { category: "../admin" })).toEqual({ category: "Unknown category." });
  });

  it("takes a positive whole seed only", () => {
    expect(productListQuery.parse({ seed: "42" }).seed).toBe(42);
    for (const seed of ["0", "-3", "1.5", "2147483647", "x"]) {
      expect(errorsOf(productListQuery, { seed })).toHaveProperty("seed");
    }
  });
});

describe("a product's title", () => {
  it.each([["Ctrl\u0001x"], ["Red \u001b[31mlamp"], ["Two\nlines"], ["Tab\there"], ["Delete\u007f"]])(
    "refuses control characters: %j",
    (title) => {
      expect(errorsOf(productInput, { ...form, title }).title).toBe("Title contains a character that is not allowed.");
    },
  );

  it("takes letters, digits, punctuation and emoji", () => {
    expect(productInput.parse({ ...form, title: "Lampe à poser — 40 cm (2-pack) 💡" }).title).toBe(
      "Lampe à poser — 40 cm (2-pack) 💡",
    );
  });
});
