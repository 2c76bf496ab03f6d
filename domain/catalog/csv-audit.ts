import type { AuditChanges } from "../audit/index.ts";
import { toDollars } from "../shared/money.ts";
import { formatCount } from "../shared/numbers.ts";
import type { ProductOption } from "./repository.ts";

/**
 * What a products CSV import changed, for its audit entry: per product, in the file's order, each field
 * from → to. An entry holds the first AUDIT_PRODUCTS products, in at most AUDIT_CHARS characters of
 * changes; the rest are counted in one last line ("and more"), so a file of thousands of rows does not
 * write an entry of megabytes. No database here: csv.ts collects the changes while it plans the import.
 */

/** The most products one import's audit entry names. */
export const AUDIT_PRODUCTS = 50;
/** About the most characters of changes one import's audit entry holds (its JSON). */
export const AUDIT_CHARS = 32_000;
/** The most SKUs named for one added product. */
const SKUS_NAMED = 20;
/** A title is cut to this many characters in the entry's keys. */
const TITLE_CHARS = 80;

/** One change: to the product (`field`), to one of its variants (`sku`, and `field` unless the variant was added). */
export type ImportChange = { sku?: string; field?: string; from: unknown; to: unknown };
/** A product the import added or changed, with its changes (a product added is one change, from null). */
export type ImportedProduct = { id: string; title: string; changes: ImportChange[] };

/** A price as the CSV writes it ("89.00"). */
export const csvPrice = (cents: number) => toDollars(cents).toFixed(2);
/** A variant's price, saying when it is the product's (the variant follows the product's price). */
export const variantPrice = (cents: number, ownPrice: boolean) =>
  ownPrice ? csvPrice(cents) : `${csvPrice(cents)} (the product's)`;
/** A variant's options as "Size: M, Colour: Navy". */
export const optionsText = (options: Record<string, string>) =>
  Object.entries(options)
    .map(([name, value]) => `${name}: ${value}`)
    .join(", ");
/** A product's options as "Size: S, M, L; Colour: Navy". */
export const productOptionsText = (options: ProductOption[]) =>
  options.map((o) => `${o.name}: ${o.values.join(", ")}`).join("; ");

/** "added as a draft at 19.90: A-1, A-2" (the first SKUS_NAMED SKUs, then how many more). */
export function productAdded(status: string, priceCents: number, skus: string[]): string {
  const named = skus.slice(0, SKUS_NAMED).join(", ");
  const more = skus.length > SKUS_NAMED ? ` and ${formatCount(skus.length - SKUS_NAMED)} more` : "";
  return `added ${status === "draft" ? "as a draft" : "and published"} at ${csvPrice(priceCents)}: ${named}${more}`;
}

/** The import's `changes`: keys name the product (by its title) or the variant (by its SKU), then the field. */
export function importAuditChanges(
  products: ImportedProduct[],
  limits: { products: number; chars: number } = { products: AUDIT_PRODUCTS, chars: AUDIT_CHARS },
): AuditChanges {
  const changes: AuditChanges = {};
  const labels = new Set<string>();
  let chars = 2;
  let listed = 0;
  let full = false;
  let moreChanges = 0;
  let moreProducts = 0;
  for (const p of products) {
    if (p.changes.length === 0) continue;
    if (!full && listed >= limits.products) full = true;
    if (full) {
      moreChanges += p.changes.length;
      moreProducts += 1;
      continue;
    }
    listed += 1;
    const title = p.title.length > TITLE_CHARS ? `${p.title.slice(0, TITLE_CHARS - 1)}…` : p.title;
    // two products of one title (or one cut alike) are told apart by their ids
    let label = `product “${title}”`;
    if (labels.has(label)) label = `${label} (${p.id})`;
    labels.add(label);
    for (const [i, c] of p.changes.entries()) {
      const key = `${c.sku === undefined ? label : `variant ${c.sku}`}${c.field ? ` ${c.field}` : ""}`;
      const value = { from: c.from ?? null, to: c.to ?? null };
      const size = JSON.stringify(key).length + JSON.stringify(value).length + 2;
      if (chars + size > limits.chars) {
        full = true;
        moreChanges += p.changes.length - i;
        moreProducts += 1;
        break;
      }
      chars += size;
      changes[key] = value;
    }
  }
  if (moreChanges > 0) {
    const count = (n: number, one: string) => `${formatCount(n)} ${one}${n === 1 ? "" : "s"}`;
    changes["and more"] = {
      from: null,
      to: `${count(moreChanges, "more change")} to ${count(moreProducts, "product")}, not listed`,
    };
  }
  return changes;
}
