import { describe, expect, it } from "vitest";
import { helpPageInput } from "./index.ts";

describe("helpPageInput", () => {
  it("keeps line breaks, makes Windows line ends and tabs plain, and refuses other control characters and bidi marks", () => {
    expect(helpPageInput.parse({ body: "A\r\nB\tC\n\nD" }).body).toBe("A\nB C\n\nD");
    for (const bad of ["bell\u0007", "escape\u001b[2J", "turned \u202e around", "isolate \u2066x\u2069", "nul\u0000"]) {
      expect(helpPageInput.safeParse({ body: bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
