import { describe, expect, it } from "vitest";
import { nonAsciiSpots } from "../../scripts/server-bundle.ts";

describe("characters beyond ASCII in the server bundle (scripts/server-bundle.ts)", () => {
  it("finds them with their line", () => {
    const spots = nonAsciiSpots('const a = 1;\nconst b = html`<span>2 × 3</span>`;\nconst c = "\\u00d7";');
    expect(spots).toHaveLength(1);
    expect(spots[0]).toMatch(/^line 2: .*×/);
  });

  it("passes escaped code and stops at the limit", () => {
    expect(nonAsciiSpots('const c = "\\u00d7 \\u00b7";\n')).toEqual([]);
    expect(nonAsciiSpots("é\n".repeat(20), 3)).toHaveLength(3);
  });
});
