/**
 * The part of the shop's stylesheet one page uses, for pages served without React (decision 028):
 * the page script never changes an element's classes there (it sets `hidden`, `aria-*` and `data-*`
 * attributes, a carousel's transform and a gallery picture's files), so a style rule whose selector names a
 * class that is nowhere in the page can never apply there. Where the script puts parts of another page in
 * place (the catalogue), it takes that page's rules with them.
 *
 * The stylesheet is parsed once into rules; a page keeps
 *   - every rule without a class in its selector (the reset, `:root`'s variables, `[hidden]`, …),
 *   - every rule one of whose selectors names only classes the page has (classes inside `:not()`,
 *     `:is()`, `:where()`, `:has()` or an attribute selector are not counted: a rule is dropped only
 *     when it surely cannot match),
 *   - every at-rule that is not a grouping one (`@property`, `@keyframes`, `@font-face`),
 *   - `@media`, `@supports`, `@layer` and `@container` blocks with what they keep inside,
 * and then drops the custom properties (`--name: …` in a rule without classes, `@property --name`)
 * that nothing kept reads with `var(--name)`, directly or through other variables.
 *
 * The parser reads the CSS Tailwind and Vite write (strings, comments and escapes respected, nested
 * rules kept whole with their parent); it is not a general CSS parser.
 */

type StyleRule = { kind: "rule"; selector: string; body: string; classSets: string[][] | null };
type GroupRule = { kind: "group"; prelude: string; children: CssNode[] };
type OtherRule = { kind: "other"; text: string; defines?: string };
type CssNode = StyleRule | GroupRule | OtherRule;

/** `chosen`: the text kept for a page, by its classes and the variables its own style attributes read. */
export type ParsedStylesheet = { nodes: CssNode[]; size: number; chosen: Map<string, string> };

/** Distinct pages' choices kept: pages of one kind share their classes, so a few dozen cover the shop. */
const CHOICES_KEPT = 64;

const GROUPING = /^@(media|supports|layer|container|scope|starting-style)\b/i;

export function parseStylesheet(css: string): ParsedStylesheet {
  const { nodes } = parseBlock(css, 0);
  return { nodes, size: css.length, chosen: new Map() };
}

/** The stylesheet's text for a page whose HTML is `html`. */
export function stylesForPage(sheet: ParsedStylesheet, html: string): string {
  const classes = classesInHtml(html);
  // variables read by the page's own style attributes count as read (the page's text does not: a review
  // that mentions "var(--x)" must not make a page of its own here)
  const readByPage = Array.from(html.matchAll(/\sstyle="([^"]*)"/g), (m) => readVariables(m[1])).flat();
  const key = `${[...classes].sort().join(" ")}|${[...new Set(readByPage)].sort().join(" ")}`;
  const known = sheet.chosen.get(key);
  if (known !== undefined) {
    sheet.chosen.delete(key);
    sheet.chosen.set(key, known); // most recently used last: the first is the one to forget
    return known;
  }
  const kept = keepNodes(sheet.nodes, classes);
  const text = writeNodes(kept, variablesUsed(kept, readByPage));
  if (sheet.chosen.size >= CHOICES_KEPT) sheet.chosen.delete(sheet.chosen.keys().next().value as string);
  sheet.chosen.set(key, text);
  return text;
}

// ── parsing ──

/** Reads rules from `start` up to the `}` that closes the enclosing block (or the end). */
function parseBlock(css: string, start: number): { nodes: CssNode[]; end: number } {
  const nodes: CssNode[] = [];
  let i = start;
  while (i < css.length) {
    i = skipSpaceAndComments(css, i);
    if (i >= css.length) break;
    if (css[i] === "}") return { nodes, end: i + 1 };
    const preludeEnd = scanTo(css, i, "{;}");
    const prelude = css.slice(i, preludeEnd).trim();
    if (preludeEnd >= css.length || css[preludeEnd] !== "{") {
      // a statement such as `@layer a, b;` or `@import …;`
      if (prelude) nodes.push({ kind: "other", text: `${prelude};` });
      i = css[preludeEnd] === ";" ? preludeEnd + 1 : preludeEnd;
      continue;
    }
    if (GROUPING.test(prelude)) {
      const inner = parseBlock(css, preludeEnd + 1);
      nodes.push({ kind: "group", prelude, children: inner.nodes });
      i = inner.end;
      continue;
    }
    const close = matchingBrace(css, preludeEnd);
    const body = css.slice(preludeEnd + 1, close);
    if (prelude.startsWith("@")) {
      const property = /^@property\s+(--[\w-]+)/i.exec(prelude);
      nodes.push({ kind: "other", text: `${prelude}{${body}}`, defines: property?.[1] });
    } else {
      nodes.push({ kind: "rule", selector: prelude, body, classSets: classSetsOf(prelude) });
    }
    i = close + 1;
  }
  return { nodes, end: css.length };
}

function skipSpaceAndComments(css: string, i: number): number {
  while (i < css.length) {
    if (/\s/.test(css[i])) i++;
    else if (css.startsWith("/*", i)) {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? css.length : end + 2;
    } else break;
  }
  return i;
}

/** The index of the first of `stops` outside strings, comments and escapes (css.length if none). */
function scanTo(css: string, i: number, stops: string): number {
  while (i < css.length) {
    const c = css[i];
    if (c === "\\") i += 2;
    else if (c === '"' || c === "'") i = endOfString(css, i);
    else if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? css.length : end + 2;
    } else if (stops.includes(c)) return i;
    else i++;
  }
  return css.length;
}

function endOfString(css: string, i: number): number {
  const quote = css[i];
  for (let j = i + 1; j < css.length; j++) {
    if (css[j] === "\\") j++;
    else if (css[j] === quote || css[j] === "\n") return j + 1;
  }
  return css.length;
}

/** The index of the `}` that closes the `{` at `open`. */
function matchingBrace(css: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < css.length) {
    i = scanTo(css, i, "{}");
    if (i >= css.length) break;
    depth += css[i] === "{" ? 1 : -1;
    if (depth === 0) return i;
    i++;
  }
  return css.length;
}

// ── selectors ──

/**
 * For each selector of a list, the classes an element path must have for it to match; null when
 * some selector names no class at all (the rule may apply to any page).
 */
function classSetsOf(selectorList: string): string[][] | null {
  const sets: string[][] = [];
  for (const selector of splitTopLevel(selectorList, ",")) {
    const classes = requiredClasses(selector);
    if (classes.length === 0) return null;
    sets.push(classes);
  }
  return sets.length ? sets : null;
}

/**
 * Calls `visit` with the index of each character of `text` outside parentheses, brackets, strings and
 * escapes; `visit` may answer the index to go on from (after a name it read).
 */
function eachTopLevel(text: string, visit: (i: number) => number | undefined): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = endOfString(text, i) - 1;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0) i = visit(i) ?? i;
  }
}

/** Splits on `separator` outside parentheses, brackets, strings and escapes. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let from = 0;
  eachTopLevel(text, (i) => {
    if (text[i] !== separator) return undefined;
    parts.push(text.slice(from, i));
    from = i + 1;
    return undefined;
  });
  parts.push(text.slice(from));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** A class name after its dot: escapes (`\\:`, `\\32 `), letters, digits, `-`, `_` and any non-ASCII character */
const CLASS_NAME = /^(?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-]|\P{ASCII})+/u;

/** Classes named outside any parentheses or attribute brackets of one complex selector. */
function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  eachTopLevel(selector, (i) => {
    const name = selector[i] === "." ? CLASS_NAME.exec(selector.slice(i + 1)) : null;
    if (!name) return undefined;
    classes.push(unescapeIdentifier(name[0]));
    return i + name[0].length;
  });
  return classes;
}

function unescapeIdentifier(text: string): string {
  return text.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char as string),
  );
}

// ── the page ──

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", apos: "'" };

/** Every class named in a `class` attribute of the page (React writes them double-quoted). */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1].replace(/&(?:#x([0-9a-f]{1,6})|#(\d{1,7})|(\w+));/gi, (whole, hex, dec, name) => {
      if (name) return ENTITIES[name.toLowerCase()] ?? whole;
      const code = hex ? Number.parseInt(hex, 16) : Number(dec);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

// ── choosing and writing ──

function keepNodes(nodes: CssNode[], classes: Set<string>): CssNode[] {
  const kept: CssNode[] = [];
  for (const node of nodes) {
    if (node.kind === "rule") {
      if (!node.classSets || node.classSets.some((set) => set.every((name) => classes.has(name)))) kept.push(node);
    } else if (node.kind === "group") {
      const children = keepNodes(node.children, classes);
      // an empty `@layer name {}` still fixes the layer's order
      if (children.length || /^@layer\b/i.test(node.prelude)) kept.push({ ...node, children });
    } else kept.push(node);
  }
  return kept;
}

/** Custom properties read by what is kept, following variables that read other variables. */
function variablesUsed(nodes: CssNode[], readElsewhere: string[]): Set<string> {
  const definitions = new Map<string, string[]>();
  const used = new Set<string>(readElsewhere);
  const visit = (list: CssNode[]) => {
    for (const node of list) {
      if (node.kind === "group") visit(node.children);
      else if (node.kind === "other") {
        if (!node.defines) {
          for (const n of readVariables(node.text)) used.add(n);
        }
      } else {
        for (const declaration of splitTopLevel(node.body, ";")) {
          const names = readVariables(declaration);
          const property = /^(--[\w-]+)\s*:/.exec(declaration);
          if (property) definitions.set(property[1], [...(definitions.get(property[1]) ?? []), ...names]);
          else for (const n of names) used.add(n);
        }
      }
    }
  };
  visit(nodes);
  const pending = [...used];
  while (pending.length) {
    for (const next of definitions.get(pending.pop() as string) ?? []) {
      if (!used.has(next)) {
        used.add(next);
        pending.push(next);
      }
    }
  }
  return used;
}

function readVariables(text: string): string[] {
  return Array.from(text.matchAll(/var\(\s*(--[\w-]+)/g), (m) => m[1]);
}

function writeNodes(nodes: CssNode[], used: Set<string>): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "group") out += `${node.prelude}{${writeNodes(node.children, used)}}`;
    else if (node.kind === "other") {
      if (!node.defines || used.has(node.defines)) out += node.text;
    } else {
      const body = node.body.includes("--") ? withoutUnusedVariables(node.body, used) : node.body;
      if (body) out += `${node.selector}{${body}}`;
    }
  }
  return out;
}

function withoutUnusedVariables(body: string, used: Set<string>): string {
  if (body.includes("{")) return body; // nested rules: kept whole
  return splitTopLevel(body, ";")
    .filter((declaration) => {
      const property = /^(--[\w-]+)\s*:/.exec(declaration);
      return !property || used.has(property[1]);
    })
    .join(";");
}
