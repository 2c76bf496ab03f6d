import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError, ERROR_STATUS, forbidden, notFound, unauthenticated } from "./errors.ts";
import { pageQuery } from "./pagination.ts";
import { requiredText } from "./schemas.ts";
import { fieldErrorsOf, parseInput, parseQuery } from "./validation.ts";

const form = z.object({
  name: requiredText("Name"),
  address: z.object({ city: requiredText("City") }),
  age: z.number().min(0, "Too young.").min(18, "Adults only."),
});

function failure(work: () => unknown): DomainError {
  try {
    work();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected a DomainError");
}

describe("parseInput", () => {
  it("answers the parsed value", () => {
    expect(parseInput(form, { name: " Ada ", address: { city: "London" }, age: 36 })).toEqual({
      name: "Ada",
      address: { city: "London" },
      age: 36,
    });
  });

  it("fails with 422 naming every bad field, nested ones by their path, first message only", () => {
    const error = failure(() => parseInput(form, { name: "", address: {}, age: -1 }));
    expect(error.code).toBe("validation_failed");
    expect(error.status).toBe(422);
    expect(error.message).toBe("Some fields need attention.");
    expect(error.fields).toEqual({ name: "Name is required.", "address.city": "City is required.", age: "Too young." });
  });

  it("adds the caller's own field errors, even when the schema passes", () => {
    const good = { name: "Ada", address: { city: "London" }, age: 36 };
    expect(failure(() => parseInput(form, good, { image: "An image is required." })).fields).toEqual({
      image: "An image is required.",
    });
    expect(failure(() => parseInput(form, { ...good, name: "" }, { image: "Missing." })).fields).toEqual({
      name: "Name is required.",
      image: "Missing.",
    });
  });

  it("names a failure of the whole value `_`", () => {
    expect(fieldErrorsOf(z.string().safeParse(5).error as z.ZodError)).toEqual({ _: expect.any(String) });
  });
});

describe("parseQuery", () => {
  it("fails with 400 naming each bad parameter", () => {
    const error = failure(() => parseQuery(pageQuery, { limit: "x", offset: "-1" }));
    expect(error.code).toBe("bad_request");
    expect(error.status).toBe(400);
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(["limit", "offset"]);
  });

  it("takes a missing query as empty", () => {
    expect(parseQuery(pageQuery, undefined)).toEqual({ limit: 24, offset: 0 });
    expect(parseQuery(pageQuery, null)).toEqual({ limit: 24, offset: 0 });
  });
});

describe("domain errors", () => {
  it("carry their HTTP status", () => {
    expect(notFound("Order")).toMatchObject({ code: "not_found", status: 404, message: "Order not found." });
    expect(forbidden()).toMatchObject({ code: "forbidden", status: 403 });
    expect(unauthenticated()).toMatchObject({ code: "unauthenticated", status: 401 });
    expect(new DomainError("rate_limited", "Slow down.").status).toBe(429);
    expect(Object.values(ERROR_STATUS).every((s) => s >= 400 && s < 600)).toBe(true);
  });
});
