import { describe, expect, it } from "vitest";
import { correctable, editDistance, MAX_SEARCH_WORDS, oneEditAway, searchWords } from "./search-words.ts";

describe("searchWords", () => {
  it("makes lower-case words of letters and digits without accents, each once", () => {
    expect(searchWords('Café T-Shirt, 55" 4K QLED')).toEqual(["cafe", "t", "shirt", "55", "4k", "qled"]);
    expect(searchWords("Crème brûlée crème")).toEqual(["creme", "brulee"]);
    expect(searchWords("Привет мир")).toEqual(["привет", "мир"]);
  });

  it("finds no words in punctuation, wildcards or space", () => {
    for (const text of ["", "   ", "%", "_", "\\", "*", '"', "--", "¿?"]) expect(searchWords(text)).toEqual([]);
  });

  it(`keeps at most ${MAX_SEARCH_WORDS} words, each at most 40 characters`, () => {
    expect(searchWords("a b c d e f g h i j k")).toHaveLength(MAX_SEARCH_WORDS);
    expect(searchWords("x".repeat(100))[0]).toHaveLength(40);
  });
});

describe("oneEditAway", () => {
  it("includes the word with two neighbours swapped, a letter dropped, changed or added", () => {
    const near = oneEditAway("shrit");
    for (const w of ["shirt", "shit", "shrt", "shrip", "shrits", "sshrit"]) expect(near).toContain(w);
    expect(near).not.toContain("shrit");
    expect(near).not.toContain("shirts"); // two edits
  });

  it("every neighbour is one edit away", () => {
    for (const w of oneEditAway("boots")) expect(editDistance(w, "boots")).toBe(1);
  });
});

describe("editDistance", () => {
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("shirt", "shrit")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });
});

describe("correctable", () => {
  it("corrects words of five letters or more, not shorter or very long ones", () => {
    expect(correctable("boots")).toBe(true);
    expect(correctable("bots")).toBe(false);
    expect(correctable("x".repeat(25))).toBe(false);
  });
});
