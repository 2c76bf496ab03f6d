import { inTransaction } from "../../db/connection.ts";
import { recordAudit } from "../audit/index.ts";
import * as inventory from "../inventory/index.ts";
import { storeImage } from "../media/index.ts";
import { requireAdmin } from "../shared/actor.ts";
import type { DomainContext } from "../shared/context.ts";
import { DomainError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { toDollars } from "../shared/money.ts";
import { refusingDuplicates } from "../shared/unique.ts";
import {
  csvPrice,
  type ImportChange,
  type ImportedProduct,
  importAuditChanges,
  optionsText,
  productAdded,
  productOptionsText,
  variantPrice,
} from "./csv-audit.ts";
import { importedProductPrice, mostCommonPrice } from "./csv-price.ts";
import {
  type CsvRow,
  csvLines,
  LEADING_COLUMNS,
  OPTION_PREFIX,
  parseProductsCsv,
  type RowError,
  TRAILING_COLUMNS,
} from "./csv-rows.ts";
import { variantTitle } from "./editing.ts";
import * as repo from "./repository.ts";

export type ImportOutcome = {
  created: number;
  updated: number;
  errors: RowError[];
  dryRun: boolean;
  /** columns of the file that were not read (a misspelled `stock_at_export` would otherwise pass unseen) */
  ignoredColumns: string[];
};

/** Products per batch of the export (the answer is streamed batch by batch). */
const EXPORT_BATCH = 200;

/**
 * Admins export the catalogue: one row per variant (sku, title, categories joined with |, price,
 * stock, the same stock again as stock_at_export, status, one column per option name, the four
 * feature lines, product_id). The permission is checked before the first byte; the rows follow in
 * batches.
 */
export async function exportProductsCsv(ctx: DomainContext): Promise<AsyncIterable<string>> {
  requireAdmin(ctx.actor);
  const optionNames = await allOptionNames(ctx);
  const header = [...LEADING_COLUMNS, ...optionNames.map((n) => `${OPTION_PREFIX}${n}`), ...TRAILING_COLUMNS];
  return (async function* () {
    yield csvLines([header]);
    let after: { position: number; id: string } | null = null;
    for (;;) {
      const batch = await repo.productBatch(ctx.db, after, EXPORT_BATCH);
      if (batch.length === 0) return;
      const lines: (string | number)[][] = [];
      for (const p of batch) {
        for (const v of p.variants) {
          lines.push([
            v.sku,
            p.title,
            p.categories.map((c) => c.name).join("|"),
            toDollars(v.priceCents).toFixed(2),
            v.stock,
            v.stock,
            p.status,
            ...optionNames.map((n) => v.options[n] ?? ""),
            p.desc1,
            p.desc2 ?? "",
            p.desc3 ?? "",
            p.desc4 ?? "",
            p.id,
          ]);
        }
      }
      yield csvLines(lines);
      const last = batch[batch.length - 1];
      after = { position: last.position, id: last.id };
    }
  })();
}

async function allOptionNames(ctx: DomainContext): Promise<string[]> {
  const names: string[] = [];
  let after: { position: number; id: string } | null = null;
  for (;;) {
    const batch = await repo.productBatch(ctx.db, after, 1_000);
    if (batch.length === 0) return names;
    for (const p of batch) for (const o of p.options) if (!names.includes(o.name)) names.push(o.name);
    const last = batch[batch.length - 1];
    after = { position: last.position, id: last.id };
  }
}

type Plan = {
  created: number;
  updated: number;
  errors: RowError[];
  work: ((trx: DomainContext["db"], placeholder: () => Promise<repo.ProductImage>) => Promise<void>)[];
  creates: boolean;
  /** what each product added or changed gets, for the audit entry */
  audit: ImportedProduct[];
};

/**
 * Admins import a products CSV: rows are matched by SKU (an unknown SKU is a new variant: of the
 * product its `product_id` names, or of a new product made from the rows with the same title).
 * Every row is checked first; if any is wrong nothing is written and every problem is reported
 * (422). Otherwise all changes are one transaction (nothing with `dryRun`), with an audit entry that
 * says what changed, product by product (csv-audit.ts). A row that changes nothing is neither created
 * nor updated, so importing an unchanged export answers 0 and 0.
 */
export async function importProductsCsv(
  ctx: DomainContext,
  file: Buffer | undefined,
  options: { dryRun: boolean },
): Promise<ImportOutcome> {
  requireAdmin(ctx.actor);
  if (!file?.length) {
    throw new DomainError("validation_failed", "Choose a CSV file to import.", { file: "Choose a CSV file." });
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file);
  } catch {
    throw new DomainError("validation_failed", "The file is not UTF-8 text.", {
      file: "Save the spreadsheet as CSV UTF-8.",
    });
  }
  const parsed = parseProductsCsv(text);
  const plan = await planImport(ctx, parsed.rows);
  const errors = [...parsed.errors, ...plan.errors].sort((a, b) => a.row - b.row);
  if (errors.length) {
    const error = new ImportRefused(errors, parsed.ignoredColumns);
    throw error;
  }
  if (!options.dryRun && (plan.created || plan.updated)) {
    let placeholder: repo.ProductImage | undefined;
    const stored = plan.creates ? await storeImage(ctx.media, PLACEHOLDER_SVG, placeholderOptions) : undefined;
    const duplicate = "Another import or edit saved one of these SKUs meanwhile: nothing was imported. Try again.";
    await refusingDuplicates(
      () =>
        inTransaction(ctx.db, async (trx) => {
          for (const step of plan.work) {
            await step(trx, async () => {
              placeholder ??= {
                id: "",
                key: stored?.key ?? "",
                width: stored?.width ?? 1,
                height: stored?.height ?? 1,
                alt: "",
                position: 0,
              };
              return placeholder;
            });
          }
          await recordAudit(trx, ctx.actor, {
            action: "product.import",
            target: { type: "product", id: null },
            summary: `Imported products: ${plan.created} created, ${plan.updated} updated`,
            changes: importAuditChanges(plan.audit),
          });
        }),
      duplicate,
    );
  }
  return {
    created: plan.created,
    updated: plan.updated,
    errors: [],
    dryRun: options.dryRun,
    ignoredColumns: parsed.ignoredColumns,
  };
}

/** 422 with every bad row. */
export class ImportRefused extends DomainError {
  readonly errors: RowError[];
  readonly ignoredColumns: string[];
  constructor(errors: RowError[], ignoredColumns: string[]) {
    super(
      "validation_failed",
      `${errors.length === 1 ? "1 row needs" : `${errors.length} rows need`} attention; nothing was imported.`,
    );
    this.errors = errors;
    this.ignoredColumns = ignoredColumns;
  }
}

const placeholderOptions = { folder: "products", trusted: true, name: "imported-placeholder" };
const PLACEHOLDER_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200"><rect width="1200" height="1200" fill="#eef0f3"/><path d="M420 760l120-160 90 110 70-80 120 130z" fill="#b8bec8"/><circle cx="700" cy="500" r="50" fill="#b8bec8"/></svg>`,
);

async function planImport(ctx: DomainContext, rows: CsvRow[]): Promise<Plan> {
  const plan: Plan = { created: 0, updated: 0, errors: [], work: [], creates: false, audit: [] };
  const fail = (row: number, message: string) => plan.errors.push({ row, message });
  const owners = await repo.variantsBySku(
    ctx.db,
    rows.map((r) => r.sku),
  );
  const categories = await repo.listCategories(ctx.db);
  const categoryId = (name: string) =>
    categories.find((c) => c.slug === name.toLowerCase() || c.name.toLowerCase() === name.toLowerCase())?.id;
  const categoryNames = (ids: string[]) => ids.map((id) => categories.find((c) => c.id === id)?.name ?? id).join(", ");

  // group the rows by product
  const groups = new Map<string, CsvRow[]>();
  const firstSku = new Map<string, number>();
  for (const r of rows) {
    const key = r.sku.toUpperCase();
    const dup = firstSku.get(key);
    if (dup !== undefined) {
      fail(r.row, `SKU ${r.sku} is also on row ${dup}.`);
      continue;
    }
    firstSku.set(key, r.row);
    const unknown = r.categories.filter((c) => !categoryId(c));
    if (unknown.length) {
      fail(r.row, `category: unknown ${unknown.join(", ")} (choose from ${categories.map((c) => c.name).join(", ")}).`);
      continue;
    }
    const owner = owners.get(key);
    if (owner && r.productId && owner.productId !== r.productId) {
      fail(r.row, `SKU ${r.sku} belongs to another product (product_id ${owner.productId}).`);
      continue;
    }
    const group = r.productId
      ? `id:${r.productId}`
      : owner
        ? `id:${owner.productId}`
        : `title:${r.title.toLowerCase()}`;
    groups.set(group, [...(groups.get(group) ?? []), r]);
  }

  let position = await repo.nextPosition(ctx.db);
  for (const [key, group] of groups) {
    const first = group[0];
    // the product's own fields must agree across its rows
    for (const r of group.slice(1)) {
      const differs = [
        r.title !== first.title && "title",
        JSON.stringify(r.categories.map(categoryId)) !== JSON.stringify(first.categories.map(categoryId)) && "category",
        r.status !== first.status && "status",
        ...(["desc1", "desc2", "desc3", "desc4"] as const).map((d) => r.desc[d] !== first.desc[d] && d),
      ].filter(Boolean);
      if (differs.length) fail(r.row, `${differs.join(", ")} differ from row ${first.row} (the same product).`);
    }
    const categoryIds = [...new Set(first.categories.map((c) => categoryId(c) as string))];
    if (key.startsWith("id:")) {
      const product = await repo.findProduct(ctx.db, key.slice(3));
      if (!product) {
        fail(first.row, `No product has product_id ${key.slice(3)}; leave product_id empty to add a product.`);
        continue;
      }
      planUpdate(plan, product, group, categoryIds, categoryId, categoryNames, fail);
    } else {
      planCreate(plan, group, categoryIds, position++, fail);
    }
  }
  return plan;
}

/** Options of a new product: the option columns its rows fill, values in the order they appear. */
function optionsOf(group: CsvRow[]): repo.ProductOption[] {
  const options: repo.ProductOption[] = [];
  for (const r of group) {
    for (const [name, value] of Object.entries(r.options)) {
      let option = options.find((o) => o.name === name);
      if (!option) {
        option = { name, values: [] };
        options.push(option);
      }
      if (!option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
}

function checkOptions(group: CsvRow[], options: repo.ProductOption[], fail: (row: number, m: string) => void) {
  if (options.length === 0 && group.length > 1) {
    for (const r of group.slice(1)) {
      fail(r.row, `The product of row ${group[0].row} has no options: give its variants option columns (option:Size).`);
    }
    return;
  }
  const seen = new Map<string, number>();
  for (const r of group) {
    const missing = options.filter((o) => !r.options[o.name]).map((o) => o.name);
    if (missing.length) fail(r.row, `Give ${missing.join(", ")} (the product's other variants have it).`);
    const combo = JSON.stringify(options.map((o) => r.options[o.name] ?? ""));
    const other = seen.get(combo);
    if (other !== undefined && options.length) fail(r.row, `Row ${other} has the same options for this product.`);
    seen.set(combo, r.row);
  }
}

function planCreate(
  plan: Plan,
  group: CsvRow[],
  categoryIds: string[],
  position: number,
  fail: (row: number, m: string) => void,
) {
  const first = group[0];
  const before = plan.errors.length;
  if (!first.desc.desc1) fail(first.row, "desc1: a new product needs its first feature line.");
  const options = optionsOf(group);
  checkOptions(group, options, fail);
  if (plan.errors.length > before) return;
  plan.created += group.length;
  plan.creates = true;
  // the price most of its rows carry (decision 034): the others get their own
  const priceCents = mostCommonPrice(group);
  const id = newId();
  // without a real image yet, a new product waits as a draft unless the file says otherwise
  const status = first.status ?? "draft";
  const skus = group.map((r) => r.sku);
  plan.audit.push({ id, title: first.title, changes: [{ from: null, to: productAdded(status, priceCents, skus) }] });
  plan.work.push(async (trx, placeholder) => {
    const image = await placeholder();
    await repo.insertProduct(trx, {
      id,
      title: first.title,
      priceCents,
      desc1: first.desc.desc1 as string,
      desc2: first.desc.desc2 ?? null,
      desc3: first.desc.desc3 ?? null,
      desc4: first.desc.desc4 ?? null,
      imageKey: image.key,
      imageWidth: image.width,
      imageHeight: image.height,
      position,
      status,
      options,
      categoryIds,
      variants: group.map((r, i) => {
        const chosen = Object.fromEntries(options.map((o) => [o.name, r.options[o.name]]));
        return {
          id: newId(),
          sku: r.sku,
          title: variantTitle(options, chosen),
          options: chosen,
          priceCents: r.priceCents === priceCents ? null : r.priceCents,
          stock: r.stock,
          imageKey: null,
          position: i,
        };
      }),
    });
  });
}

function planUpdate(
  plan: Plan,
  product: repo.ProductWithVariants,
  group: CsvRow[],
  categoryIds: string[],
  categoryIdOf: (slug: string) => string | undefined,
  categoryNames: (ids: string[]) => string,
  fail: (row: number, m: string) => void,
) {
  const first = group[0];
  const before = plan.errors.length;
  // options: the product's names stay (they change on its page); new values may be added
  const options = product.options.map((o) => ({ name: o.name, values: [...o.values] }));
  for (const r of group) {
    const extra = Object.keys(r.options).filter((n) => !options.some((o) => o.name === n));
    if (extra.length) {
      fail(r.row, `The product has no option ${extra.join(", ")}; change its options on its page first.`);
    }
    for (const o of options) {
      const value = r.options[o.name];
      if (value && !o.values.includes(value)) o.values.push(value);
    }
  }
  const bySku = new Map(product.variants.map((v) => [v.sku.toUpperCase(), v]));
  const added = group.filter((r) => !bySku.has(r.sku.toUpperCase()));
  // a row the export wrote (it says its stock then) for a SKU the product no longer has: a variant deleted
  // since, which importing the file must not bring back (a deleted product's rows are refused the same way)
  for (const r of added) {
    if (r.stockAtExport !== undefined) {
      fail(
        r.row,
        `${r.sku} is no longer a variant of this product (deleted since the export?). Remove the row, or empty its stock_at_export to add it as a new variant.`,
      );
    }
  }
  if (options.length === 0 && added.length > 0) {
    for (const r of added) fail(r.row, "The product has no options, so it cannot have another variant.");
  }
  // every variant afterwards must still differ by its options
  const finalVariants = [
    ...product.variants.map((v) => {
      const r = group.find((x) => x.sku.toUpperCase() === v.sku.toUpperCase());
      return { row: r?.row ?? 0, options: r ? { ...v.options, ...r.options } : v.options };
    }),
    ...added.map((r) => ({ row: r.row, options: r.options })),
  ];
  const seen = new Map<string, number>();
  for (const v of finalVariants) {
    if (options.length === 0) break;
    const missing = options.filter((o) => !v.options[o.name]).map((o) => o.name);
    if (missing.length && v.row) fail(v.row, `Give ${missing.join(", ")}.`);
    const combo = JSON.stringify(options.map((o) => v.options[o.name] ?? ""));
    if (seen.has(combo) && v.row) fail(v.row, "Another variant of this product has the same options.");
    seen.set(combo, v.row);
  }
  for (const r of group) {
    const v = bySku.get(r.sku.toUpperCase());
    if (v && r.stockAtExport !== undefined && stockTyped(r, v) && v.stock !== r.stockAtExport) {
      // the admin's change and what happened since, together (a delivery typed in, two sold meanwhile)
      const both = inventory.stockKeepingBoth(r.stock, r.stockAtExport, v.stock);
      fail(
        r.row,
        `stock: ${r.sku} had ${r.stockAtExport} when the file was exported and has ${v.stock} now (an order, an edit). To keep that change and yours, write ${both} in stock and ${v.stock} in stock_at_export; or export again.`,
      );
    }
  }
  if (plan.errors.length > before) return;

  const productChanges: repo.ProductChanges = {};
  if (first.title !== product.title) productChanges.title = first.title;
  if (first.status && first.status !== product.status) productChanges.status = first.status;
  for (const d of ["desc1", "desc2", "desc3", "desc4"] as const) {
    const value = first.desc[d];
    if (value !== undefined && value !== product[d]) {
      if (d === "desc1" && value === null) fail(first.row, "desc1: the first feature line is required.");
      else productChanges[d] = value as string;
    }
  }
  if (JSON.stringify(options) !== JSON.stringify(product.options)) productChanges.options = options;
  const currentCategories = product.categories.map((c) => categoryIdOf(c.slug)).sort();
  const categoriesChange =
    JSON.stringify(currentCategories) !== JSON.stringify([...categoryIds].sort()) ? categoryIds : undefined;
  // the product's price (what cards, sorting and the price filter read) follows its variants' rows (decision 034)
  const priceCents = importedProductPrice(product, group);
  if (priceCents !== product.priceCents) productChanges.priceCents = priceCents;
  const productChanged = Object.keys(productChanges).length > 0 || categoriesChange !== undefined;

  const audit: ImportChange[] = [];
  const was: Record<keyof repo.ProductChanges, unknown> = {
    title: product.title,
    status: product.status,
    priceCents: csvPrice(product.priceCents),
    desc1: product.desc1,
    desc2: product.desc2,
    desc3: product.desc3,
    desc4: product.desc4,
    options: productOptionsText(product.options),
  };
  for (const [field, value] of Object.entries(productChanges) as [keyof repo.ProductChanges, unknown][]) {
    const to =
      field === "priceCents"
        ? csvPrice(value as number)
        : field === "options"
          ? productOptionsText(value as repo.ProductOption[])
          : value;
    audit.push({ field: field === "priceCents" ? "price" : field, from: was[field], to });
  }
  if (categoriesChange) {
    audit.push({
      field: "categories",
      from: product.categories.map((c) => c.name).join(", "),
      to: categoryNames(categoriesChange),
    });
  }

  const variantSteps: ((trx: DomainContext["db"]) => Promise<void>)[] = [];
  let nextPosition = Math.max(-1, ...product.variants.map((v) => v.position)) + 1;
  for (const r of group) {
    const v = bySku.get(r.sku.toUpperCase());
    // a row at the product's price follows it; any other price is the variant's own
    const ownPrice = r.priceCents === priceCents ? null : r.priceCents;
    if (!v) {
      plan.created += 1;
      const chosen = Object.fromEntries(options.map((o) => [o.name, r.options[o.name]]));
      const variant: repo.NewVariant = {
        id: newId(),
        sku: r.sku,
        title: variantTitle(options, chosen),
        options: chosen,
        priceCents: ownPrice,
        stock: r.stock,
        imageKey: null,
        position: nextPosition++,
      };
      const what = [optionsText(chosen), variantPrice(r.priceCents, ownPrice !== null), `stock ${r.stock}`];
      audit.push({ sku: r.sku, from: null, to: `added: ${what.filter(Boolean).join(", ")}` });
      variantSteps.push((trx) => repo.insertVariants(trx, product.id, [variant]));
      continue;
    }
    const chosen = { ...v.options, ...r.options };
    const optionsChanged = JSON.stringify(chosen) !== JSON.stringify(v.options);
    const priceChanged = r.priceCents !== v.priceCents;
    const stockChanged = stockTyped(r, v);
    if (productChanged || optionsChanged || priceChanged || stockChanged) plan.updated += 1;
    // the price is written where the variant would not otherwise cost what its row says (it followed a product's
    // price that moves, or its own changes), and where a variant with its own price now follows the moved one
    const writePrice =
      (v.ownPrice ? v.priceCents : priceCents) !== r.priceCents ||
      (v.ownPrice && ownPrice === null && priceCents !== product.priceCents);
    if (optionsChanged)
      audit.push({ sku: v.sku, field: "options", from: optionsText(v.options), to: optionsText(chosen) });
    if (writePrice) {
      audit.push({
        sku: v.sku,
        field: "price",
        from: variantPrice(v.priceCents, v.ownPrice),
        to: variantPrice(r.priceCents, ownPrice !== null),
      });
    }
    if (stockChanged) audit.push({ sku: v.sku, field: "stock", from: v.stock, to: r.stock });
    if (optionsChanged || writePrice) {
      variantSteps.push((trx) =>
        repo.updateVariantRow(trx, v.id, {
          sku: v.sku,
          title: variantTitle(options, chosen),
          options: chosen,
          priceCents: writePrice ? ownPrice : v.ownPrice ? v.priceCents : null,
          position: v.position,
        }),
      );
    }
    if (stockChanged) variantSteps.push((trx) => setImportedStock(trx, v.id, r));
  }
  if (!productChanged && variantSteps.length === 0) return;
  plan.audit.push({ id: product.id, title: product.title, changes: audit });
  plan.work.push(async (trx) => {
    if (Object.keys(productChanges).length) await repo.updateProductRow(trx, product.id, productChanges);
    if (categoriesChange) await repo.setProductCategories(trx, product.id, categoriesChange);
    for (const step of variantSteps) await step(trx);
  });
}

/**
 * Whether a row asks for a new stock: a `stock` that differs from the variant's and, where the file says
 * what the stock was at its export, from that too (a sale since the export is not undone by importing the
 * file again; the same edited file imported twice changes nothing the second time).
 */
const stockTyped = (r: CsvRow, v: { stock: number }) =>
  r.stock !== v.stock && (r.stockAtExport === undefined || r.stock !== r.stockAtExport);

/** Writes a row's stock; with stock_at_export only if the stock is still that (an order may land between plan and write). */
async function setImportedStock(trx: DomainContext["db"], variantId: string, r: CsvRow): Promise<void> {
  if (!(await inventory.setTypedStock({ db: trx }, variantId, r.stock, r.stockAtExport))) {
    throw new DomainError(
      "conflict",
      `The stock of ${r.sku} (row ${r.row}) changed while the file was imported (an order?): nothing was imported. Try again.`,
    );
  }
}
