import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE } from "../shared/pagination.ts";
import { errorsOf } from "../shared/testing.ts";
import {
  MAX_LINE_QUANTITY,
  orderInput,
  orderListQuery,
  orderStatusInput,
  requestKeySchema,
  shippingInput,
} from "./index.ts";

const form = {
  full_name: "Ada Lovelace",
  address: "12 Analytical Row",
  city: "London",
  state: "Greater London",
  zip: "N1 9GU",
  phone: "+44 20 7946 0000",
  checkbox: "on",
};

describe("the shipping form", () => {
  it("accepts a complete form, trimming the text", () => {
    const parsed = shippingInput.parse({ ...form, full_name: "  Ada Lovelace  " });
    expect(parsed).toEqual({ ...form, full_name: "Ada Lovelace", checkbox: true });
  });

  it("reports every missing field at once", () => {
    expect(Object.keys(errorsOf(shippingInput, {})).sort()).toEqual(
      ["address", "checkbox", "city", "full_name", "phone", "state", "zip"].sort(),
    );
    expect(errorsOf(shippingInput, { ...form, city: "   " })).toEqual({ city: "City is required." });
  });

  it.each([true, "on", "true"])("takes %j as the acknowledgement", (checkbox) => {
    expect(shippingInput.parse({ ...form, checkbox }).checkbox).toBe(true);
  });

  it.each([false, "false", "", undefined, "yes", 1])("refuses %j as the acknowledgement", (checkbox) => {
    expect(errorsOf(shippingInput, { ...form, checkbox })).toEqual({ checkbox: "Please confirm the acknowledgement." });
  });

  it.each(["N1 9GU", "10115", "90210-1234", "K1A 0B1", "ab"])("accepts the zip %j", (zip) => {
    expect(shippingInput.safeParse({ ...form, zip }).success).toBe(true);
  });

  it.each(["1", " -123", "<script>", "12345678901234", "90210\u0000"])("refuses the zip %j", (zip) => {
    expect(errorsOf(shippingInput, { ...form, zip })).toHaveProperty("zip");
  });

  it.each(["+1 (555) 010-9999", "020 7946 0000", "555.010.9999", "123456"])("accepts the phone %j", (phone) => {
    expect(shippingInput.safeParse({ ...form, phone }).success).toBe(true);
  });

  it.each(["12345", "call me", "++15550109999", "5".repeat(26)])("refuses the phone %j", (phone) => {
    expect(errorsOf(shippingInput, { ...form, phone })).toHaveProperty("phone");
  });

  it("bounds the length of each line", () => {
    expect(errorsOf(shippingInput, { ...form, full_name: "a".repeat(121) })).toEqual({
      full_name: "Full name must be at most 120 characters.",
    });
    expect(shippingInput.safeParse({ ...form, full_name: "a".repeat(120) }).success).toBe(true);
    expect(errorsOf(shippingInput, { ...form, address: "a".repeat(201) })).toHaveProperty("address");
  });

  it("refuses line breaks, escape sequences and text-reversing marks in one-line fields", () => {
    for (const [field, value] of [
      ["full_name", "Eve\r\nBcc: victim@example.com"],
      ["full_name", "Eve\u202egnp.exe"],
      ["state", "a\u001b[2Jb"],
      ["city", "Paris\u2066"],
      ["address", "12 Row\u0085"],
    ]) {
      expect(errorsOf(shippingInput, { ...form, [field]: value }), JSON.stringify(value)).toEqual({
        [field]: expect.stringMatching(/contains a character that is not allowed/),
      });
    }
    expect(shippingInput.safeParse({ ...form, full_name: "Zoë O’Brien-Łukasz 李" }).success).toBe(true);
  });

  it("refuses the NUL character", () => {
    expect(errorsOf(shippingInput, { ...form, address: "12 Row\u0000" })).toEqual({
      address: "Address contains a character that is not allowed.",
    });
  });
});

describe("an order", () => {
  it("orders one by default and coerces a quantity from a form", () => {
    expect(orderInput.parse(form).quantity).toBe(1);
    expect(orderInput.parse({ ...form, quantity: "7" }).quantity).toBe(7);
  });

  it.each([0, -1, 1.5, MAX_LINE_QUANTITY + 1, "many"])("refuses the quantity %j", (quantity) => {
    expect(errorsOf(orderInput, { ...form, quantity })).toHaveProperty("quantity");
  });

  it("normalises the customer's email", () => {
    expect(orderInput.parse({ ...form, customerEmail: " Ada@Example.COM " }).customerEmail).toBe("ada@example.com");
    expect(errorsOf(orderInput, { ...form, customerEmail: "ada" })).toHaveProperty("customerEmail");
  });
});

describe("a request key", () => {
  it.each(["abcdefgh", "form_1234-ABCD", "k".repeat(100)])("accepts %j", (key) => {
    expect(requestKeySchema.parse(key)).toBe(key);
  });

  it.each(["short", "k".repeat(101), "has space", "semi;colon", "ünïcode1", "tab\tkey1"])("refuses %j", (key) => {
    expect(requestKeySchema.safeParse(key).success).toBe(false);
  });
});

describe("order queries and status changes", () => {
  it("pages with defaults and filters by a known status only", () => {
    expect(orderListQuery.parse({})).toEqual({ limit: DEFAULT_PAGE_SIZE, offset: 0 });
    expect(orderListQuery.parse({ status: "Cancelled", limit: "5" })).toEqual({
      status: "Cancelled",
      limit: 5,
      offset: 0,
    });
    expect(errorsOf(orderListQuery, { status: "pending" })).toEqual({
      status: "Status must be Pending, Shipped or Cancelled.",
    });
  });

  it("takes only Shipped or Cancelled as a new status", () => {
    expect(orderStatusInput.parse({ status: "Shipped" })).toEqual({ status: "Shipped" });
    expect(orderStatusInput.safeParse({ status: "Pending" }).success).toBe(false);
    expect(orderStatusInput.safeParse({ status: "shipped" }).success).toBe(false);
  });
});
