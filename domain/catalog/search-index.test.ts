import { describe, expect, it } from "vitest";
import type { WordQuery } from "./listing-query.ts";
import { type DocumentText, WordIndex } from "./search-index.ts";

const doc = (n: number, title: string, categories = "", body = ""): DocumentText => ({
  doc: n,
  title,
  categories,
  body,
});

function indexOf(docs: DocumentText[], size = 0): WordIndex {
  const builder = WordIndex.builder();
  for (const d of docs) builder.add(d);
  return builder.finish(size);
}

const word = (spelling: string, prefix = false) => ({ spellings: [spelling], prefix });
const found = (index: WordIndex, query: WordQuery, scope: "all" | "title" = "all") => [...index.lookup(query, scope)];

const catalogue = [
  doc(1, "Linen Shirt", "Shirts", "Washed linen from Portugal."),
  doc(2, "Café Chair", "Furniture", "Oak and linen seat."),
  doc(4, "Shorts", "Trousers", "Cotton twill."),
  doc(7, "Shirt Dress", "Dresses", "Linen blend."),
];

describe("WordIndex", () => {
  it("finds the documents with every word, in ascending order, anywhere or in the title only", () => {
    const index = indexOf(catalogue);
    expect(found(index, [word("linen")])).toEqual([1, 2, 7]);
    expect(found(index, [word("linen"), word("shirt")])).toEqual([1, 7]);
    expect(found(index, [word("linen")], "title")).toEqual([1]);
    expect(found(index, [word("cafe")])).toEqual([2]); // without its accent, as a search's words are
    expect(found(index, [word("linen"), word("velvet")])).toEqual([]);
    expect(found(index, [])).toEqual([]);
  });

  it("takes any of a word's spellings, and a prefix as the start of any word, each document once", () => {
    const index = indexOf(catalogue);
    expect(found(index, [{ spellings: ["shirt", "shorts"], prefix: false }])).toEqual([1, 4, 7]);
    expect(found(index, [word("sh", true)])).toEqual([1, 4, 7]);
    expect(found(index, [word("shirt", true)])).toEqual([1, 7]); // "shirt" and "shirts": document 1 once
    expect(found(index, [word("linen"), word("o", true)])).toEqual([2]); // "oak"
    expect(found(index, [word("zz", true)])).toEqual([]);
  });

  it("knows which words it has, how many documents have each, and which words start with a prefix", () => {
    const index = indexOf(catalogue);
    expect(index.known(["linen", "shirt", "velvet"])).toEqual(
      new Map([
        ["linen", 3],
        ["shirt", 2],
      ]),
    );
    expect(index.hasPrefix("portu")).toBe(true);
    expect(index.hasPrefix("portx")).toBe(false);
  });

  it("follows a document written since: its new words find it, its old ones no longer do", () => {
    const index = indexOf(catalogue);
    index.update(doc(1, "Velvet Blazer", "Jackets", "Cotton velvet."));
    expect(found(index, [word("linen")])).toEqual([2, 7]);
    expect(found(index, [word("velvet")])).toEqual([1]);
    expect(found(index, [word("cotton")])).toEqual([1, 4]);
    expect(found(index, [word("velvet")], "title")).toEqual([1]);
    expect(index.known(["velvet", "linen"])).toEqual(
      new Map([
        ["velvet", 1],
        ["linen", 2],
      ]),
    );
    expect(index.hasPrefix("blaz")).toBe(true);
    // written again with the same text (a sale): it stays where it is
    index.update(doc(2, "Café Chair", "Furniture", "Oak and linen seat."));
    expect(found(index, [word("oak")])).toEqual([2]);
  });

  it("counts a document changed twice once, by its words now", () => {
    const index = indexOf(catalogue);
    index.update(doc(12, "Velvet Apron"));
    index.update(doc(12, "Velvet Cushion"));
    index.update(doc(13, "Velvet Throw"));
    expect(index.known(["velvet", "apron", "cushion"])).toEqual(
      new Map([
        ["velvet", 2],
        ["cushion", 1],
      ]),
    );
    expect(index.hasPrefix("apr")).toBe(false);
    index.remove(12);
    expect(index.known(["velvet", "cushion"])).toEqual(new Map([["velvet", 1]]));
    expect(index.hasPrefix("cush")).toBe(false);
  });

  it("finds a new document past the end, and forgets a removed one", () => {
    const index = indexOf(catalogue, 8);
    index.update(doc(12, "Linen Apron", "Kitchen", ""));
    index.update(doc(3, "Linen Napkins", "Kitchen", ""));
    expect(found(index, [word("linen")])).toEqual([1, 2, 3, 7, 12]);
    index.remove(7);
    index.remove(12);
    expect(found(index, [word("linen")])).toEqual([1, 2, 3]);
    expect(found(index, [word("dress")])).toEqual([]);
    expect(index.known(["dresses"])).toEqual(new Map());
  });

  it("says when so many documents changed that its sets should be built again, and when a search should wait for it", () => {
    const index = indexOf(catalogue);
    for (let n = 10; n < 10 + 512; n++) index.update(doc(n, `Lamp ${n}`));
    expect(index.shouldRebuild).toBe(false);
    index.update(doc(600, "Lamp 600"));
    expect(index.shouldRebuild).toBe(true);
    expect(index.mustRebuild).toBe(false);
    expect(found(index, [word("lamp")])).toHaveLength(513);
    for (let n = 1_000; n < 1_000 + 3_584; n++) index.update(doc(n, `Lamp ${n}`));
    expect(index.mustRebuild).toBe(true);
  });

  it("counts, looks for starts and finds near words only in the documents a reader may see", () => {
    // 640 documents: "common" in all (a set of bits); "rare" in every 40th (a list); "hushword" in three,
    // all hidden; so a count is taken both ways: a set's size less the few left out, and a walk through it
    const texts = Array.from({ length: 640 }, (_, n) =>
      doc(n, `common${n % 40 === 0 ? " rare" : ""}${n % 200 === 1 ? " hushword" : ""}`),
    );
    const index = indexOf(texts, 640);
    const hiddenDocs = new Set([1, 201, 401, 0, 80]);
    const visibleNow = () => ({
      hidden: Int32Array.from([...hiddenDocs].sort((a, b) => a - b)),
      isHidden: (d: number) => hiddenDocs.has(d),
    });
    // what every question should answer: a walk through the documents' words as they are now
    const words = new Map(texts.map((t) => [t.doc, `${t.title}`.split(" ")]));
    const expected = (word: string) => [...words].filter(([d, ws]) => !hiddenDocs.has(d) && ws.includes(word)).length;
    const check = () => {
      const visible = visibleNow();
      const known = index.known(["common", "rare", "hushword", "none"], visible);
      for (const w of ["common", "rare", "hushword", "none"]) expect(known.get(w) ?? 0, w).toBe(expected(w));
      expect(index.hasPrefix("hush", visible)).toBe(expected("hushword") > 0);
      expect(index.near("huswhord", 2, 5, visible)).toEqual(expected("hushword") > 0 ? ["hushword"] : []);
      // without a reader's limits, everything counts
      expect(index.known(["hushword"]).get("hushword")).toBe(
        [...words].filter(([, ws]) => ws.includes("hushword")).length,
      );
    };
    check();
    // documents written since the sets were built (held beside them): one hidden, one visible with the word
    index.update(doc(7, "common hushword"));
    words.set(7, ["common", "hushword"]);
    hiddenDocs.add(7);
    check();
    hiddenDocs.delete(7);
    check();
    expect(index.hasPrefix("hush", visibleNow())).toBe(true);
    index.remove(21);
    words.set(21, []);
    check();
  });

  it("is built from documents in ascending order only (its lists are kept sorted)", () => {
    const builder = WordIndex.builder();
    builder.add(doc(5, "Lamp"));
    expect(() => builder.add(doc(5, "Lamp"))).toThrow(/ascending/);
    expect(() => builder.add(doc(3, "Lamp"))).toThrow(/ascending/);
  });
});
