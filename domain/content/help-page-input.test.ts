import { describe, expect, it } from "vitest";
import { helpPageInput } from "./index.ts";

describe("helpPageInput", () => {
  it("keeps line breaks, makes Windows line ends and tabs plain, and refuses other control characters and bidi marks", () => {
    expect(helpPageInput.parse({ body: "A\r\nB\tC\n\nD" }).body).toBe("A\nB C\n\nD");
    for (const bad of ["bell\u0007", "escape\u001b[2J", "turned \u202e around", "isolate \u2066x\u2069", "nul\u0000"]) {
      expect(helpPageInput.safeParse({ body: bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("says which invisible character it refuses, and on which line", () => {
    // two blank lines first, as typed: the line is counted in the text as the form had it
    const refused = helpPageInput.safeParse({ body: "\n\n## Returns\r\n\nWithin 30 days.\nPasted \u202e here" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      "The page's text contains an invisible control or direction character (U+202E on line 6) that is not allowed.",
    );
  });
});
