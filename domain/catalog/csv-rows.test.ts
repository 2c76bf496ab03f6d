import { describe, expect, it } from "vitest";
import { csvLines, escapeCell, MAX_IMPORT_ROWS, parseProductsCsv, unescapeCell } from "./csv-rows.ts";

const HEADER = "sku,title,category,price,stock";

describe("parseProductsCsv", () => {
  it("reads a UTF-8 BOM, CRLF line ends, and quoted fields with commas, quotes and line breaks", () => {
    const text = `\uFEFF${HEADER},desc1,option:Size\r\nA-1,"Tee, ""soft""",Men|Shoes,$19.90,4,"Line one\r\nline two",M\r\n`;
    const { rows, errors } = parseProductsCsv(text);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        row: 2,
        sku: "A-1",
        title: 'Tee, "soft"',
        categories: ["Men", "Shoes"],
        priceCents: 1990,
        stock: 4,
        status: undefined,
        options: { Size: "M" },
        desc: { desc1: "Line one\r\nline two" },
        productId: undefined,
      },
    ]);
  });

  it("numbers rows as in the file (header = 1), skipping blank lines but counting them", () => {
    const text = `${HEADER}\n\nA-1,X,Men,1,1\n"B 2",Y,Men,1,1\n`;
    const { rows, errors } = parseProductsCsv(text);
    expect(rows.map((r) => r.row)).toEqual([3]);
    expect(errors).toEqual([{ row: 4, message: expect.stringMatching(/^sku: SKU may have/) }]);
  });

  it("reads stock_at_export as a whole number, an empty cell as not given, and refuses anything else", () => {
    const { rows, errors } = parseProductsCsv(
      `${HEADER},stock_at_export\nA-1,X,Men,1,5,7\nB-1,Y,Men,1,5,\nC-1,Z,Men,1,5,seven\nD-1,W,Men,1,5,-2\n`,
    );
    expect(rows.map((r) => [r.sku, r.stock, r.stockAtExport])).toEqual([
      ["A-1", 5, 7],
      ["B-1", 5, undefined],
    ]);
    expect(errors.map((e) => e.row)).toEqual([4, 5]);
    expect(errors[0].message).toMatch(/^stock_at_export: /);
  });

  it("says what is wrong with a stock: a negative one cannot be, anything else is not a whole number", () => {
    const { errors } = parseProductsCsv(`${HEADER}\nA-1,X,Men,1,-4\nB-1,Y,Men,1,4.5\nC-1,Z,Men,1,four\n`);
    expect(errors.map((e) => [e.row, e.message])).toEqual([
      [2, "stock: Stock cannot be negative."],
      [3, "stock: Stock must be a whole number."],
      [4, "stock: Stock must be a whole number."],
    ]);
  });

  it("lists the header's names it does not read, as written; options, known columns in any case and blank names are read or skipped", () => {
    const text = `SKU,Title,category,price,stock,Stock-At-Export,option:Size,notes,,desc1\nA-1,X,Men,1,5,5,M,hi,,Soft\n`;
    const { rows, errors, ignoredColumns } = parseProductsCsv(text);
    expect(errors).toEqual([]);
    expect(rows[0].stockAtExport).toBeUndefined();
    expect(ignoredColumns).toEqual(["Stock-At-Export", "notes"]);
  });

  it("names at most 20 unread columns, each cut to 80 characters: a header is as long as the file", () => {
    const many = Array.from({ length: 200_000 }, (_, i) => `n${i}`).join(",");
    expect(parseProductsCsv(`${HEADER},${many}\n`).ignoredColumns).toEqual(
      Array.from({ length: 20 }, (_, i) => `n${i}`),
    );
    const [long] = parseProductsCsv(`${HEADER},${"y".repeat(1_000_000)}\n`).ignoredColumns;
    expect(long).toBe(`${"y".repeat(79)}…`);
  });

  it("reports every bad cell of a row in one message, and a row with the wrong number of cells", () => {
    const { errors } = parseProductsCsv(`${HEADER},status\nA-1,,Men,1.234,-1,maybe\nB-1,Y,Men\n`);
    expect(errors[0].row).toBe(2);
    for (const field of ["title", "price", "stock", "status"]) expect(errors[0].message).toContain(`${field}:`);
    expect(errors[1]).toEqual({ row: 3, message: "The row has 3 cells; the header has 6." });
  });

  it("names missing and doubled columns on row 1, and reads no row then", () => {
    expect(parseProductsCsv("sku,title,price\nA,B,1\n")).toEqual({
      rows: [],
      errors: [{ row: 1, message: "Missing columns: category, stock." }],
      ignoredColumns: [],
    });
    expect(parseProductsCsv(`${HEADER},SKU\n`).errors).toEqual([
      { row: 1, message: "The column “sku” is there twice." },
    ]);
    expect(parseProductsCsv("").errors).toEqual([{ row: 1, message: "The file is empty: it needs a header row." }]);
  });

  it("refuses more rows than one import takes", () => {
    const text = `${HEADER}\n${"A-1,X,Men,1,1\n".repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(parseProductsCsv(text).errors).toEqual([
      { row: 1, message: `The file has ${MAX_IMPORT_ROWS + 1} rows; one import takes at most ${MAX_IMPORT_ROWS}.` },
    ]);
  });

  it("stops reading a file of more lines than an import can hold, blank ones included", () => {
    for (const filler of ["\n", ",,,,\n"]) {
      const text = `${HEADER}\nA-1,X,Men,1,1\n${filler.repeat(1_000_000)}`;
      const { rows, errors } = parseProductsCsv(text);
      expect(rows).toEqual([]);
      expect(errors).toHaveLength(1);
      expect(errors[0].message).toMatch(
        /^The file has more than 10,001 lines; one import takes at most 5,000 products/,
      );
    }
    // a file of 5,000 products and some empty rows at its end is still read
    const fine = `${HEADER}\n${"A-1,X,Men,1,1\n".repeat(10)}${",,,,\n".repeat(4_000)}`;
    expect(parseProductsCsv(fine).errors.filter((e) => /more than/.test(e.message))).toEqual([]);
  });

  it("answers a broken quote as a problem of the file, not an exception", () => {
    const { rows, errors } = parseProductsCsv(`${HEADER}\nA-1,"unclosed,Men,1,1\n`);
    expect(rows).toEqual([]);
    expect(errors[0].message).toMatch(/^The file is not valid CSV/);
  });
});

describe("formula injection", () => {
  it("prefixes cells starting with = + - @ with ' and reads them back unchanged", () => {
    for (const value of ["=1+1", "+SUM(A1)", "-2", "@cmd", "\tx"]) {
      expect(escapeCell(value)).toBe(`'${value}`);
      expect(unescapeCell(escapeCell(value))).toBe(value);
    }
    expect(escapeCell("plain")).toBe("plain");
    expect(unescapeCell("'quoted")).toBe("'quoted");
  });

  it("writes CSV with CRLF and quotes where needed", () => {
    expect(csvLines([["a,b", 'say "hi"', "=x", 3]])).toBe('"a,b","say ""hi""",\'=x,3\r\n');
  });
});
