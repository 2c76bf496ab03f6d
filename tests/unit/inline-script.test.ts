import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { compileInlineScript } from "../../scripts/inline-script.ts";

describe("a browser module written inline (scripts/inline-script.ts)", () => {
  it("erases the types and minifies", async () => {
    const code = await compileInlineScript(
      "// a comment\nconst greeting: string = 'hello';\ndocument.title = (greeting as string).toUpperCase();\nexport {};\n",
      "/shop/app/example.ts",
    );
    expect(code).not.toContain("comment");
    expect(code).not.toMatch(/:\s*string|\bas\b/);
    expect(code).toContain("document.title=");
    expect(code.length).toBeLessThan(80);
  });

  it("refuses a module it cannot read", async () => {
    await expect(compileInlineScript("const = ;", "/shop/app/broken.ts")).rejects.toThrow();
  });

  // written into every page: 9.5 KB (3.5 KB gz) since it also follows the catalogue's search box and filters
  // and takes the new page's style rules with its results (which saves the catalogue 4.5 KB gz of rules);
  // 10.0 KB since the header's menu closes with Escape and when the focus leaves it
  it("keeps the pages' script small: no imports, under 10.5 KB", async () => {
    const code = await compileInlineScript(await readFile("app/page-script.ts", "utf8"), "app/page-script.ts");
    expect(code).not.toMatch(/\bimport\b/);
    expect(code.length).toBeLessThan(10_752);
  });
});
