import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import { toCents } from "../shared/money.ts";
import { formatCount } from "../shared/numbers.ts";
import { fieldErrorsOf } from "../shared/validation.ts";
import { PRODUCT_STATUSES, type ProductStatus, productInput, skuSchema, stockSchema } from "./schemas.ts";

/**
 * The products CSV (RFC 4180, UTF-8, a header row, one row per variant): reading a file into
 * checked rows, and writing rows safely for spreadsheets. No database here: the import's plan is
 * made by csv.ts.
 */

/** The most data rows one import takes (the file's size is bounded by MAX_UPLOAD_BYTES too). */
export const MAX_IMPORT_ROWS = 5_000;
/** Columns every import must have. */
export const REQUIRED_COLUMNS = ["sku", "title", "category", "price", "stock"] as const;
const DESC_COLUMNS = ["desc1", "desc2", "desc3", "desc4"] as const;
/** An option's column is `option:<Name>` (for example `option:Size`). */
export const OPTION_PREFIX = "option:";
/** The export's columns before the options, and after them. */
export const LEADING_COLUMNS = ["sku", "title", "category", "price", "stock", "stock_at_export", "status"] as const;
export const TRAILING_COLUMNS = [...DESC_COLUMNS, "product_id"] as const;
/** How many unread column names an answer gives back, and how much of each: a header is as long as the file. */
export const IGNORED_COLUMNS_NAMED = 20;
const IGNORED_NAME_CHARS = 80;
/** Every column the import reads, besides the options' (lower case, as headers are read). */
const READ_COLUMNS: ReadonlySet<string> = new Set([...LEADING_COLUMNS, ...TRAILING_COLUMNS]);

export type RowError = { row: number; message: string };

export type CsvRow = {
  /** the row's number in the file, the header being row 1 */
  row: number;
  sku: string;
  title: string;
  /** category names or slugs */
  categories: string[];
  priceCents: number;
  stock: number;
  /**
   * The variant's stock when the file was exported (the export writes it beside `stock`): the import then
   * changes the stock only where `stock` differs from it, and only if no order or edit changed it since.
   * Absent (no column, or an empty cell): `stock` is set as it is.
   */
  stockAtExport?: number;
  /** absent: the column is not in the file (or the cell is empty) */
  status?: ProductStatus;
  /** the option values the row gives (`option:Size` → { Size: "M" }), empty cells left out */
  options: Record<string, string>;
  /** absent: the column is not in the file; null: the cell is empty */
  desc: Partial<Record<(typeof DESC_COLUMNS)[number], string | null>>;
  productId?: string;
};

/** A leading ' that the export put before a cell starting with = + - @ (tab, CR) comes off again. */
const FORMULA_START = /^[=+\-@\t\r]/;
export const unescapeCell = (v: string) => (v.startsWith("'") && FORMULA_START.test(v.slice(1)) ? v.slice(1) : v);
/** Cells a spreadsheet would run as a formula get a leading ' (OWASP's advice for CSV injection). */
export const escapeCell = (v: string) => (FORMULA_START.test(v) ? `'${v}` : v);

/** Writes rows as CSV (CRLF line ends, quotes where needed), each cell escaped against formulas. */
export function csvLines(rows: (string | number)[][]): string {
  return stringify(
    rows.map((r) => r.map((cell) => (typeof cell === "number" ? String(cell) : escapeCell(cell)))),
    { record_delimiter: "\r\n" },
  );
}

const rowSchema = z.object({
  sku: skuSchema,
  title: productInput.shape.title,
  category: productInput.shape.Categories,
  price: productInput.shape.price,
  // (a minus sign is read, so that -4 is told it cannot be negative rather than that it is not a whole number)
  stock: z
    .string()
    .trim()
    .regex(/^-?\d+$/, "Stock must be a whole number.")
    .transform(Number)
    .pipe(stockSchema),
  stock_at_export: z
    .string()
    .trim()
    .regex(/^\d*$/, "Leave it as the export wrote it (a whole number), or empty.")
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .pipe(stockSchema.optional()),
  status: z.preprocess(
    (v) => (v === "" ? undefined : typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(PRODUCT_STATUSES, { error: "status must be draft or published." }).optional(),
  ),
  desc1: productInput.shape.desc1.optional(),
  desc2: productInput.shape.desc2,
  desc3: productInput.shape.desc3,
  desc4: productInput.shape.desc4,
  product_id: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/, "product_id is not a product's id.")
    .optional()
    .transform((v) => v || undefined),
});

/** The most records a products CSV is read to: a header, MAX_IMPORT_ROWS rows, and as many blank lines. */
const MAX_CSV_LINES = 1 + 2 * MAX_IMPORT_ROWS;

/**
 * Reads a products CSV: a UTF-8 BOM is dropped, CRLF or LF, quoted fields may hold commas,
 * quotes and line breaks. Answers the checked rows and every problem, each with its row number
 * (the header is row 1; blank lines are skipped but counted).
 */
export type ParsedCsv = {
  rows: CsvRow[];
  errors: RowError[];
  /**
   * the header's names the import does not read (a misspelled column, a column of notes), as written: the
   * first IGNORED_COLUMNS_NAMED, each cut to 80 characters
   */
  ignoredColumns: string[];
};

export function parseProductsCsv(text: string): ParsedCsv {
  let records: string[][];
  try {
    // read no further than an import can take (with as many blank lines again): a file of millions
    // of empty lines parsed whole held the server's only thread for a minute and a gigabyte of memory
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: false,
      to: MAX_CSV_LINES + 1,
    });
  } catch (e) {
    const err = e as { message?: string; records?: number };
    const row = (err.records ?? 0) + 1;
    return {
      rows: [],
      errors: [{ row, message: `The file is not valid CSV: ${err.message ?? "unreadable"}` }],
      ignoredColumns: [],
    };
  }
  if (records.length > MAX_CSV_LINES) {
    const message = `The file has more than ${formatCount(MAX_CSV_LINES)} lines; one import takes at most ${formatCount(MAX_IMPORT_ROWS)} products (remove any empty rows at its end).`;
    return { rows: [], errors: [{ row: 1, message }], ignoredColumns: [] };
  }
  const [header, ...data] = records;
  if (!header || header.every((h) => h.trim() === "")) {
    return { rows: [], errors: [{ row: 1, message: "The file is empty: it needs a header row." }], ignoredColumns: [] };
  }
  const names = header.map((h) => h.trim().replace(/^\uFEFF/, ""));
  const columns = names.map((n) => (n.toLowerCase().startsWith(OPTION_PREFIX) ? n : n.toLowerCase()));
  const ignoredColumns = names
    .filter((n, i) => n !== "" && !columns[i].startsWith(OPTION_PREFIX) && !READ_COLUMNS.has(columns[i]))
    .slice(0, IGNORED_COLUMNS_NAMED)
    .map((n) => (n.length > IGNORED_NAME_CHARS ? `${n.slice(0, IGNORED_NAME_CHARS - 1)}…` : n));
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  const errors: RowError[] = [];
  if (missing.length)
    errors.push({ row: 1, message: `Missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}.` });
  const seen = new Set<string>();
  for (const c of columns) {
    if (c && seen.has(c.toLowerCase())) errors.push({ row: 1, message: `The column “${c}” is there twice.` });
    seen.add(c.toLowerCase());
  }
  const blank = (r: string[]) => r.every((cell) => cell.trim() === "");
  const dataRows = data.filter((r) => !blank(r)).length;
  if (dataRows > MAX_IMPORT_ROWS) {
    errors.push({ row: 1, message: `The file has ${dataRows} rows; one import takes at most ${MAX_IMPORT_ROWS}.` });
  }
  if (errors.length) return { rows: [], errors, ignoredColumns };

  const rows: CsvRow[] = [];
  data.forEach((record, i) => {
    const row = i + 2;
    if (blank(record)) return;
    if (record.length !== columns.length) {
      errors.push({ row, message: `The row has ${record.length} cells; the header has ${columns.length}.` });
      return;
    }
    const cells: Record<string, string> = {};
    const options: Record<string, string> = {};
    columns.forEach((c, j) => {
      const value = unescapeCell(record[j]);
      if (c.startsWith(OPTION_PREFIX)) {
        const name = c.slice(OPTION_PREFIX.length).trim();
        if (name && value.trim()) options[name] = value.trim();
      } else cells[c] = value;
    });
    const input = {
      ...cells,
      category: (cells.category ?? "").split("|"),
    };
    const parsed = rowSchema.safeParse(input);
    if (!parsed.success) {
      const fields = fieldErrorsOf(parsed.error);
      errors.push({
        row,
        message: Object.entries(fields)
          .map(([field, message]) => `${field.split(".")[0]}: ${message}`)
          .join(" "),
      });
      return;
    }
    const v = parsed.data;
    const desc: CsvRow["desc"] = {};
    for (const d of DESC_COLUMNS) if (d in cells) desc[d] = v[d] ?? null;
    rows.push({
      row,
      sku: v.sku,
      title: v.title,
      categories: v.category,
      priceCents: toCents(v.price),
      stock: v.stock,
      stockAtExport: v.stock_at_export,
      status: v.status,
      options,
      desc,
      productId: v.product_id,
    });
  });
  return { rows, errors, ignoredColumns };
}
