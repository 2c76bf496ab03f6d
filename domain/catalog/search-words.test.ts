import { describe, expect, it } from "vitest";
import {
  correctable,
  documentWords,
  eachWord,
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

  it("drops a possessive 's, with a straight or a typographic apostrophe, in any case", () => {
    expect(searchWords("women's")).toEqual(["women"]);
    expect(searchWords("women’s")).toEqual(["women"]);
    expect(searchWords("MEN'S Café’S")).toEqual(["men", "cafe"]);
    expect(searchWords("Levi's 501's, kids' shoes")).toEqual(["levi", "501", "kids", "shoes"]);
    // not a possessive: an s that goes on, or an apostrophe with no word before it
    expect(searchWords("o'sullivan rock'n'roll 's")).toEqual(["o", "sullivan", "rock", "n", "roll", "s"]);
  });

  it("finds no words in punctuation, wildcards or space", () => {
    for (const text of ["", "   ", "%", "_", "\\", "*", '"', "--", "¿?"]) expect(searchWords(text)).toEqual([]);
  });

  it(`keeps at most ${MAX_SEARCH_WORDS} words, each at most 40 characters`, () => {
    expect(searchWords("a b c d e f g h i j k")).toHaveLength(MAX_SEARCH_WORDS);
    expect(searchWords("x".repeat(100))[0]).toHaveLength(40);
  });
});

describe("documentWords and eachWord", () => {
  const texts = [
    "Women's Linen Dress",
    "Women’s Linen Dress",
    "men's MEN'S kids' o'sullivan 's 90's it's's s's'",
    'Café T-Shirt, 55" 4K QLED — Levi’s',
    "'s' ''s a's",
  ];

  it("cut a product's text into the same words, the plain loop for ASCII and the regular expressions", () => {
    for (const text of texts) {
      const each: string[] = [];
      eachWord(text, (w) => each.push(w));
      expect([...new Set(each)], text).toEqual(documentWords(text));
    }
    expect(documentWords("Women's Linen Dress")).toEqual(["women", "linen", "dress"]);
    expect(documentWords("Women’s Linen Dress")).toEqual(["women", "linen", "dress"]);
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
