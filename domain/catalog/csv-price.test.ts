import { describe, expect, it } from "vitest";
import { importedProductPrice, mostCommonPrice } from "./csv-price.ts";

/** A product at `priceCents` whose variants cost `prices` (null: the variant follows the product's price). */
function product(priceCents: number, prices: (number | null)[]) {
  return {
    priceCents,
    variants: prices.map((p, i) => ({
      id: `v${i}`,
      productId: "p",
      sku: `SKU-${i}`,
      title: `V${i}`,
      options: {},
      priceCents: p ?? priceCents,
      ownPrice: p !== null,
      stock: 1,
      imageKey: null,
      position: i,
    })),
  };
}
/** The file's rows for these variants (by their index), at these prices, in this order. */
const rows = (prices: [index: number, cents: number][]) =>
  prices.map(([i, priceCents], n) => ({ sku: `sku-${i}`, priceCents, row: n + 2 }));

describe("importedProductPrice", () => {
  it("takes the one new price every follower's row carries", () => {
    const p = product(8900, [null, null, null]);
    expect(
      importedProductPrice(
        p,
        rows([
          [0, 9900],
          [1, 9900],
          [2, 9900],
        ]),
      ),
    ).toBe(9900);
  });

  it("keeps the price when the file changes no follower's price (as exported, or only own prices)", () => {
    const p = product(8900, [null, null, 9500]);
    const same = rows([
      [0, 8900],
      [1, 8900],
      [2, 12000],
    ]);
    expect(importedProductPrice(p, same)).toBe(8900);
  });

  it("takes the price most of the followers' rows carry; the product's own price wins a tie", () => {
    const p = product(8900, [null, null, null, null]);
    expect(
      importedProductPrice(
        p,
        rows([
          [0, 9900],
          [1, 9900],
          [2, 9900],
          [3, 10900],
        ]),
      ),
    ).toBe(9900);
    expect(
      importedProductPrice(
        p,
        rows([
          [0, 9900],
          [1, 9900],
          [2, 8900],
          [3, 8900],
        ]),
      ),
    ).toBe(8900);
    // a tie without the product's price: the first in the file
    expect(
      importedProductPrice(
        p,
        rows([
          [3, 10900],
          [0, 9900],
          [1, 9900],
          [2, 10900],
        ]),
      ),
    ).toBe(10900);
  });

  it("keeps the price when the file lacks a row of a variant that follows it", () => {
    const p = product(8900, [null, null, null]);
    expect(
      importedProductPrice(
        p,
        rows([
          [0, 9900],
          [1, 9900],
        ]),
      ),
    ).toBe(8900);
  });

  it("decides by all the variants when none follows the product's price", () => {
    const p = product(5000, [6000, 6000]);
    expect(
      importedProductPrice(
        p,
        rows([
          [0, 6000],
          [1, 6000],
        ]),
      ),
    ).toBe(5000);
    expect(
      importedProductPrice(
        p,
        rows([
          [0, 7000],
          [1, 7000],
        ]),
      ),
    ).toBe(7000);
    expect(importedProductPrice(p, rows([[0, 7000]]))).toBe(5000);
  });
});

describe("mostCommonPrice", () => {
  const at = (...prices: number[]) => prices.map((priceCents, n) => ({ priceCents, row: n + 2 }));

  it("takes the price most rows carry, wherever the first row stands", () => {
    expect(mostCommonPrice(at(3000, 2500, 2500))).toBe(2500);
    expect(mostCommonPrice(at(2500))).toBe(2500);
  });

  it("breaks a tie by the first in the file, or by the preferred price when it is among the tied", () => {
    expect(mostCommonPrice(at(3000, 2500, 2500, 3000))).toBe(3000);
    expect(mostCommonPrice(at(3000, 2500, 2500, 3000), 2500)).toBe(2500);
    expect(mostCommonPrice(at(3000, 2500, 2500, 3000), 4000)).toBe(3000);
  });
});
