import { describe, expect, it } from "vitest";
import { byCodePoint, formatCount, groupDigits } from "./numbers.ts";

describe("formatCount", () => {
  it("writes whole numbers as toLocaleString('en-US') does", () => {
    for (const n of [0, 7, 999, 1_000, 12_345, 100_000, 1_234_567, 2 ** 40, -4_321]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
    }
  });

  it("takes another separator", () => {
    expect(groupDigits(1_234_567, "'")).toBe("1'234'567");
  });
});

describe("byCodePoint", () => {
  it("orders words as their letters do, equal ones as equal", () => {
    expect(["boots", "boat", "bolts", "a1", "a"].sort(byCodePoint)).toEqual(["a", "a1", "boat", "bolts", "boots"]);
    expect(byCodePoint("same", "same")).toBe(0);
  });
});
