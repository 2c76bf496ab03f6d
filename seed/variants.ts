/**
 * Sizes, colours and storage for the demo catalogue, with varied stock: mostly plenty, some low
 * ("Only 3 left"), a few sold out, and one product sold out altogether. Derived from the product's
 * title, so every seed gives the same catalogue.
 */
import { createHash } from "node:crypto";
import type { NewVariant, ProductOption } from "../domain/catalog/index.ts";
import type { ProductSeed } from "./catalogue-data.ts";

const CLOTHING_SIZES = ["S", "M", "L", "XL"];
const SHOE_SIZES = ["40", "41", "42", "43", "44"];
const CLOTHING_COLOURS = ["Black", "Navy", "Sand"];
const WATCH_COLOURS = ["Graphite", "Silver", "Rose Gold"];
/** Storage tiers of a phone and what each adds to its price, in cents. */
const PHONE_STORAGE: [string, number][] = [
  ["128 GB", 0],
  ["256 GB", 10_000],
  ["512 GB", 25_000],
];

/** The catalogue position of the demo product that is sold out altogether. */
export const SOLD_OUT_POSITION = 40;

/** A number from 0 to 999 that depends only on the text. */
const hashOf = (text: string) => createHash("sha1").update(text).digest().readUInt16BE(0) % 1000;

function stockFor(key: string, position: number, soldOutEverywhere: boolean): number {
  if (soldOutEverywhere) return 0;
  const h = hashOf(key);
  // about one in eleven sold out, never a product's first variant (so that Buy Now has something to sell)
  if (h < 90 && position > 0) return 0;
  if (h < 250) return 1 + (h % 4); // low: 1–4 left
  return 8 + (h % 40);
}

/** The product's options for the demo: by what it is (clothing, shoes, phones, watches) and its place in the list. */
export function optionsFor(product: ProductSeed, index: number): ProductOption[] {
  const is = (slug: string) => product.categories.includes(slug);
  if (is("shoes")) return [{ name: "Size", values: SHOE_SIZES }];
  if (is("men") || is("women") || is("denim")) {
    return index % 2 === 0
      ? [
          { name: "Size", values: CLOTHING_SIZES },
          { name: "Colour", values: CLOTHING_COLOURS },
        ]
      : [{ name: "Size", values: CLOTHING_SIZES }];
  }
  if (is("phones") && !/\d+ ?GB/.test(product.title))
    return [{ name: "Storage", values: PHONE_STORAGE.map(([s]) => s) }];
  if (is("watches")) return [{ name: "Colour", values: WATCH_COLOURS }];
  return [];
}

/** Every combination of the options' values, in display order. */
function combinations(options: ProductOption[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (all, option) => all.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.name]: value }))),
    [{}],
  );
}

const code = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "")
    .slice(0, 4);

/** The demo variants of a product (one "Default" variant when it has no options). */
export function variantsFor(
  product: ProductSeed,
  index: number,
  newId: () => string,
): { options: ProductOption[]; variants: NewVariant[] } {
  const options = optionsFor(product, index);
  const skuBase = `VT-${createHash("sha1").update(product.title).digest("hex").slice(0, 6).toUpperCase()}`;
  // one product, past the landing page's picks, is sold out in every size and colour
  const soldOut = index === SOLD_OUT_POSITION;
  const variants = combinations(options).map((combo, position) => {
    const values = Object.values(combo);
    const storageExtra = PHONE_STORAGE.find(([s]) => s === combo.Storage)?.[1] ?? 0;
    return {
      id: newId(),
      sku: values.length ? `${skuBase}-${values.map(code).join("-")}` : skuBase,
      title: values.length ? values.join(" / ") : "Default",
      options: combo,
      priceCents: storageExtra ? product.priceCents + storageExtra : null,
      stock: stockFor(`${product.title}|${values.join("|")}`, position, soldOut),
      imageKey: null,
      position,
    };
  });
  return { options, variants };
}
