import { describe, expect, it } from "vitest";
import { classesInHtml, parseStylesheet, stylesForPage } from "../../app/lib/page-styles.ts";

const page = (classes: string, extra = "") => `<html><body><div class="${classes}"${extra}>x</div></body></html>`;
const stylesOf = (css: string, html: string) => stylesForPage(parseStylesheet(css), html);

describe("stylesForPage", () => {
  it("keeps the rules of classes the page has and drops the others", () => {
    const css = ".flex{display:flex}.grid{display:grid}.hidden{display:none}";
    expect(stylesOf(css, page("flex hidden"))).toBe(".flex{display:flex}.hidden{display:none}");
  });

  it("keeps rules without a class, and at-rules that group nothing", () => {
    const css =
      "*,:before{box-sizing:border-box}[hidden]:where(:not([hidden=until-found])){display:none!important}" +
      "@keyframes spin{to{transform:rotate(360deg)}}@font-face{font-family:x;src:url(x.woff2)}.gone{color:red}";
    expect(stylesOf(css, page(""))).toBe(
      "*,:before{box-sizing:border-box}[hidden]:where(:not([hidden=until-found])){display:none!important}" +
        "@keyframes spin{to{transform:rotate(360deg)}}@font-face{font-family:x;src:url(x.woff2)}",
    );
  });

  it("reads Tailwind's escaped class names, and the page's entities", () => {
    const css =
      ".md\\:grid-cols-3{grid-template-columns:repeat(3,1fr)}.py-2\\.5{padding-block:.625rem}" +
      ".w-1\\/2{width:50%}.\\[\\&_svg\\]\\:size-4 svg{width:1rem}.\\32 xl\\:flex{display:flex}.other{color:red}";
    const html = page("md:grid-cols-3 py-2.5 w-1/2 [&amp;_svg]:size-4 2xl:flex");
    expect(stylesOf(css, html)).toBe(css.replace(".other{color:red}", ""));
  });

  it("needs every class of one selector of the list; classes inside :not(), :is(), :where() or [] do not count", () => {
    const css =
      ".a .b{color:red}.a.c,.d{color:blue}.e:not(.zz){color:green}" +
      ".group-hover\\:f:is(:where(.group):hover *){color:pink}[data-x='.y']{color:gray}";
    expect(stylesOf(css, page("a", ' data-x=".y"') + page("b e group-hover:f"))).toBe(
      ".a .b{color:red}.e:not(.zz){color:green}.group-hover\\:f:is(:where(.group):hover *){color:pink}[data-x='.y']{color:gray}",
    );
  });

  it("keeps what @media, @supports and @layer hold for the page, and drops an empty @media", () => {
    const css =
      "@layer theme,base;@layer utilities{.a{color:red}.b{color:blue}@media (width>=900px){.md\\:a{color:green}}}" +
      "@media (hover:hover){.b:hover{color:red}}@supports (display:grid){.a{display:grid}}";
    expect(stylesOf(css, page("a"))).toBe(
      "@layer theme,base;@layer utilities{.a{color:red}}@supports (display:grid){.a{display:grid}}",
    );
  });

  it("drops custom properties nothing kept reads, following variables through variables", () => {
    const css =
      ":root,:host{--color-red:red;--color-blue:blue;--spacing:.25rem;--font-sans:Arial;--default-font:var(--font-sans)}" +
      "@property --tw-shadow{syntax:'*';inherits:false}@property --tw-ring{syntax:'*';inherits:false}" +
      "html{font-family:var(--default-font)}.p-2{padding:calc(var(--spacing)*2)}.text-red{color:var(--color-red)}" +
      ".shadow{--tw-shadow:0 0 1px;box-shadow:var(--tw-shadow)}.text-blue{color:var(--color-blue)}";
    expect(stylesOf(css, page("p-2 shadow", ' style="color:var(--color-red)"'))).toBe(
      ":root,:host{--color-red:red;--spacing:.25rem;--font-sans:Arial;--default-font:var(--font-sans)}" +
        "@property --tw-shadow{syntax:'*';inherits:false}" +
        "html{font-family:var(--default-font)}.p-2{padding:calc(var(--spacing)*2)}" +
        ".shadow{--tw-shadow:0 0 1px;box-shadow:var(--tw-shadow)}",
    );
  });

  it("is not misled by braces and semicolons in strings and comments", () => {
    const css = "/* .a{ } */.a::after{content:\"};{\"}.b{content:'.a{'}";
    expect(stylesOf(css, page("a"))).toBe('.a::after{content:"};{"}');
  });

  it("keeps a rule with nested rules whole with its parent", () => {
    const css = ".a{color:red;&:hover{color:blue}}.b{color:green;&:hover{color:red}}";
    expect(stylesOf(css, page("a"))).toBe(".a{color:red;&:hover{color:blue}}");
  });
});

describe("stylesForPage on one parsed sheet, page after page", () => {
  it("answers each page by its own classes and the variables its style attributes read", () => {
    const sheet = parseStylesheet(":root{--red:red;--blue:blue}.a{display:flex}.b{display:grid}");
    const onlyA = ".a{display:flex}";
    expect(stylesForPage(sheet, page("a"))).toBe(onlyA);
    // the same classes in other markup: the same text (kept from the first page)
    expect(stylesForPage(sheet, `<main class="a"><p class="a">other words</p></main>`)).toBe(onlyA);
    expect(stylesForPage(sheet, page("a b"))).toBe(".a{display:flex}.b{display:grid}");
    expect(stylesForPage(sheet, page("a", ' style="color:var(--blue)"'))).toBe(":root{--blue:blue}.a{display:flex}");
    expect(stylesForPage(sheet, page("a"))).toBe(onlyA);
    // the page's text is not a style: a review that writes "var(--blue)" reads nothing
    expect(stylesForPage(sheet, `<div class="a">It looks var(--blue) to me</div>`)).toBe(onlyA);
  });

  it("keeps at most 64 choices, forgetting the least recently used", () => {
    const sheet = parseStylesheet(".a{display:flex}");
    stylesForPage(sheet, page("a"));
    for (let i = 0; i < 100; i++) {
      stylesForPage(sheet, page(`other-${i}`));
      stylesForPage(sheet, page("a")); // used again after each other page: never the one forgotten
    }
    expect(sheet.chosen.size).toBe(64);
    expect([...sheet.chosen.keys()].at(-1)).toBe("a|"); // moved to the end by each use
    expect(sheet.chosen.has("other-0|")).toBe(false);
  });
});

describe("classesInHtml", () => {
  it("collects the classes of every element, svg too, with entities decoded", () => {
    const html = `<a class="btn  btn-primary">x</a><svg class="size-4"></svg><p class="after:content-[&quot;x&quot;]"></p>`;
    expect([...classesInHtml(html)].sort()).toEqual(['after:content-["x"]', "btn", "btn-primary", "size-4"]);
  });

  it("leaves a character reference beyond Unicode as it is instead of failing the page", () => {
    expect([...classesInHtml('<p class="a&#x110000;b &#9999999;"></p>')]).toEqual(["a&#x110000;b", "&#9999999;"]);
  });
});
