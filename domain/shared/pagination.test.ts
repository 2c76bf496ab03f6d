import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE, MAX_OFFSET, MAX_PAGE_SIZE, pageCount, pageFromNumber, pageQuery } from "./pagination.ts";
import { errorsOf } from "./testing.ts";

describe("pageQuery", () => {
  it("defaults to the first page of the default size", () => {
    expect(pageQuery.parse({})).toEqual({ limit: DEFAULT_PAGE_SIZE, offset: 0 });
    expect(pageQuery.parse({ limit: undefined, offset: undefined })).toEqual({ limit: DEFAULT_PAGE_SIZE, offset: 0 });
  });

  it("refuses a blank limit or offset instead of reading it as 0", () => {
    expect(errorsOf(pageQuery, { limit: "", offset: "" })).toEqual({
      limit: "limit must be a whole number.",
      offset: "offset must be a whole number.",
    });
    expect(errorsOf(pageQuery, { offset: null })).toEqual({ offset: "offset must be a whole number." });
  });

  it("reads numbers from query strings", () => {
    expect(pageQuery.parse({ limit: "10", offset: "30" })).toEqual({ limit: 10, offset: 30 });
    expect(pageQuery.parse({ limit: 1, offset: 0 })).toEqual({ limit: 1, offset: 0 });
  });

  it.each([MAX_PAGE_SIZE, MAX_PAGE_SIZE + 1, 1000, "5000", 2 ** 40])("lowers the limit %j to the maximum", (limit) => {
    expect(pageQuery.parse({ limit }).limit).toBe(MAX_PAGE_SIZE);
  });

  it.each([
    [0, "limit must be at least 1."],
    ["0", "limit must be at least 1."],
    [-5, "limit must be at least 1."],
    ["2.5", "limit must be a whole number."],
    ["ten", "limit must be a whole number."],
    [true, "limit must be a whole number."],
    [Number.POSITIVE_INFINITY, "limit must be a whole number."],
  ])("refuses the limit %j", (limit, message) => {
    expect(errorsOf(pageQuery, { limit })).toEqual({ limit: message });
  });

  it.each([
    [-1, "offset cannot be negative."],
    ["-1", "offset cannot be negative."],
    [0.5, "offset must be a whole number."],
    ["1.5", "offset must be a whole number."],
    ["abc", "offset must be a whole number."],
    [MAX_OFFSET + 1, `offset must be at most ${MAX_OFFSET}.`],
    [String(10 ** 12), `offset must be at most ${MAX_OFFSET}.`],
  ])("refuses the offset %j", (offset, message) => {
    expect(errorsOf(pageQuery, { offset })).toEqual({ offset: message });
  });

  it("accepts the deepest offset", () => {
    expect(pageQuery.parse({ offset: String(MAX_OFFSET) }).offset).toBe(MAX_OFFSET);
  });
});

describe("pageFromNumber", () => {
  const deepest = (size: number) => Math.floor(MAX_OFFSET / size) + 1;

  it("turns a page number into limit and offset", () => {
    expect(pageFromNumber("1", 24)).toEqual({ page: 1, limit: 24, offset: 0 });
    expect(pageFromNumber("3", 24)).toEqual({ page: 3, limit: 24, offset: 48 });
    expect(pageFromNumber(2, 10)).toEqual({ page: 2, limit: 10, offset: 10 });
  });

  it.each([null, undefined, "", "0", "-1", "abc", "1.5", "2e3", " 2", "0x10", 0, -3, 2.5, Number.NaN, {}])(
    "falls back to page 1 for %j",
    (raw) => {
      expect(pageFromNumber(raw, 24)).toEqual({ page: 1, limit: 24, offset: 0 });
    },
  );

  it("reads a leading zero as decimal", () => {
    expect(pageFromNumber("010", 24).page).toBe(10);
  });

  it("stops at the deepest page a list query accepts", () => {
    expect(deepest(24)).toBe(41_667);
    expect(pageFromNumber("60000", 24)).toEqual({ page: 41_667, limit: 24, offset: 999_984 });
    expect(pageFromNumber("41667", 24).page).toBe(41_667);
    expect(pageFromNumber("41666", 24).page).toBe(41_666);
    expect(pageFromNumber("999999999", 24).page).toBe(41_667);
    expect(pageFromNumber(1e15, 24).page).toBe(41_667);
  });

  it.each([1, 7, 24, 100, 3, 999_999, 2_000_000])("never yields an offset that pageQuery refuses (size %d)", (size) => {
    const { limit, offset } = pageFromNumber("999999999", size);
    expect(offset).toBeLessThanOrEqual(MAX_OFFSET);
    expect(offset % size).toBe(0);
    expect(pageQuery.safeParse({ limit: Math.min(limit, MAX_PAGE_SIZE), offset }).success).toBe(true);
  });
});

describe("pageCount", () => {
  it.each([
    [0, 24, 1],
    [1, 24, 1],
    [24, 24, 1],
    [25, 24, 2],
    [48, 24, 2],
    [49, 24, 3],
    [1_000_000, 100, 10_000],
    [7, 1, 7],
  ])("%d items of %d a page fill %d page(s)", (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
});
