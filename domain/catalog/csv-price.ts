import type { CsvRow } from "./csv-rows.ts";
import type { ProductWithVariants } from "./repository.ts";

/**
 * A product's price after an import (decision 034). It is the price its variants that follow it (all its
 * variants, when none does) share in the file: the one most of their rows carry (a tie keeps the product's
 * price if it is among the tied, else takes the first in the file). It changes only when the file has a row
 * for every one of those variants and changes the price of at least one: a file as exported changes nothing,
 * and a file with some of a product's rows never moves the price that the variants it leaves out follow.
 */
export function importedProductPrice(
  product: Pick<ProductWithVariants, "priceCents" | "variants">,
  group: Pick<CsvRow, "sku" | "priceCents" | "row">[],
): number {
  const rowOf = new Map(group.map((r) => [r.sku.toUpperCase(), r]));
  const followers = product.variants.filter((v) => !v.ownPrice);
  const deciding = followers.length ? followers : product.variants;
  const rows = deciding.flatMap((v) => rowOf.get(v.sku.toUpperCase()) ?? []);
  if (rows.length < deciding.length) return product.priceCents;
  if (deciding.every((v, i) => rows[i].priceCents === v.priceCents)) return product.priceCents;
  return mostCommonPrice(rows, product.priceCents);
}

/**
 * The price most of `rows` carry: a tie keeps `preferred` if it is among the tied, else takes the first in the
 * file. A new product's price (all its rows decide), and a product's after an import (its deciding rows).
 */
export function mostCommonPrice(rows: Pick<CsvRow, "priceCents" | "row">[], preferred?: number): number {
  const counts = new Map<number, number>();
  for (const r of rows.toSorted((a, b) => a.row - b.row)) {
    counts.set(r.priceCents, (counts.get(r.priceCents) ?? 0) + 1);
  }
  const most = Math.max(...counts.values());
  if (preferred !== undefined && counts.get(preferred) === most) return preferred;
  return [...counts].find(([, n]) => n === most)?.[0] ?? rows[0].priceCents;
}
