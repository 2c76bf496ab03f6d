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
    expect(editDistance("smratpohne", "smartphone")).toBe(2);
    expect(editDistance("😀ab", "ab😀")).toBe(2); // by code point
  });

  it("with a bound, answers the distance up to it and one more beyond", () => {
    // the table in full, as a reference
    const reference = (a: string, b: string) => {
      const x = [...a];
      const y = [...b];
      const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => i + j));
      for (let i = 0; i <= x.length; i++) d[i][0] = i;
      for (let j = 0; j <= y.length; j++) d[0][j] = j;
      for (let i = 1; i <= x.length; i++) {
        for (let j = 1; j <= y.length; j++) {
          d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
            d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
      return d[x.length][y.length];
    };
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const word = () => Array.from({ length: next() % 9 }, () => "abcé😀"[next() % 5]).join("");
    for (let n = 0; n < 3000; n++) {
      const a = word();
      const b = next() % 2 ? word() : a.slice(0, next() % (a.length + 1)) + word().slice(0, 2);
      const exact = reference(a, b);
      expect(editDistance(a, b), `${a} ${b}`).toBe(exact);
      for (const bound of [0, 1, 2, 3])
        expect(editDistance(a, b, bound), `${a} ${b} ≤ ${bound}`).toBe(Math.min(exact, bound + 1));
    }
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
