import { describe, expect, it } from "vitest";
import { telHref } from "../../app/lib/format.ts";

describe("telHref", () => {
  it("makes a tel: link of digits and a leading plus", () => {
    expect(telHref("+359 2 981 4620")).toBe("tel:+35929814620");
  });
});
