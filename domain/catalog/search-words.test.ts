import { describe, expect, it } from "vitest";
import {
  correctable,
  editDistance,
  MAX_CORRECTED_WORDS,
  MAX_SEARCH_WORDS,
  oneEditAway,
  searchWords,
  wordsToCorrect,
} from "./search-words.ts";

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

describe("wordsToCorrect", () => {
  const known = new Set(["leather", "boots"]);
  it("takes the first unknown words of a correctable length, at most MAX_CORRECTED_WORDS of them", () => {
    const words = ["lether", "boots", "bts", "shrit", "jakcet", "sneakres", "x".repeat(30)];
    expect(MAX_CORRECTED_WORDS).toBe(2);
    expect(wordsToCorrect(words, (w) => known.has(w))).toEqual(["lether", "shrit"]);
    // eight long unknown words: two are looked up, not eight times ~800 spellings
    const gibberish = Array.from({ length: 8 }, (_, i) => `qwrtplkjhg${String.fromCharCode(97 + i)}`);
    expect(wordsToCorrect(gibberish, () => false)).toEqual(gibberish.slice(0, 2));
  });

  it("takes shorter words when asked (a suggestion replaces words from three letters)", () => {
    expect(wordsToCorrect(["bts", "bots", "ab"], () => false, 3)).toEqual(["bts", "bots"]);
    expect(wordsToCorrect(["bts", "bots"], (_w, i) => i === 0, 3)).toEqual(["bots"]);
  });
});
