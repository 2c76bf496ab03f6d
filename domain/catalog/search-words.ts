/**
 * Search text as the index sees it, on both engines: words of letters and digits, lower case,
 * without accents ("Café T-Shirt" → ["cafe", "t", "shirt"]), a possessive 's dropped ("Women's" and
 * "Women’s" → ["women"], not "women" and a word "s" that every search for them would need too); and the spelling rule: a word of five
 * letters or more that the catalogue does not know may be one edit away (a letter wrong, missing,
 * added, or two letters swapped) from words it does.
 */

/** The most words of a search that count; the rest are ignored. */
export const MAX_SEARCH_WORDS = 8;
/** Longer words are cut (no product title has a longer one, and the index never matches them). */
const MAX_WORD_LENGTH = 40;
/** Words at least this long are looked up with one edit when the catalogue does not know them. */
export const TYPO_MIN_LENGTH = 5;
/** Words longer than this are not corrected (their one-edit neighbours would be thousands). */
const TYPO_MAX_LENGTH = 24;

const COMBINING_MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
/** A possessive: 's (straight or typographic apostrophe) right after a letter or digit, ending a word. */
const POSSESSIVE = /(?<=[\p{L}\p{N}])['\u2019]s(?![\p{L}\p{N}])/gu;

/** The words of a search text, in order, each once. */
export function searchWords(text: string): string[] {
  return documentWords(text).slice(0, MAX_SEARCH_WORDS);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the test is for text with nothing outside ASCII
const ASCII = /^[\u0000-\u007f]*$/;

/** Every word of a product's text, in order, each once (as a search's words are made). */
export function documentWords(text: string): string[] {
  // ASCII has nothing to decompose: most product text skips the normalisation
  const plain = ASCII.test(text) ? text : text.normalize("NFKD").replace(COMBINING_MARKS, "");
  const words = plain.toLowerCase().replace(POSSESSIVE, "").split(SEPARATORS);
  return [...new Set(words.filter(Boolean).map((w) => w.slice(0, MAX_WORD_LENGTH)))];
}

/**
 * Calls `each` with every word of a text, the same words as `documentWords` but repeats included:
 * for building the search's lists over a whole catalogue, where ASCII text (most of it) is cut up
 * by a plain loop rather than regular expressions and a set per document (a possessive 's dropped
 * the same way: after a letter or digit, before anything else).
 */
export function eachWord(text: string, each: (word: string) => void): void {
  if (!ASCII.test(text)) {
    for (const word of documentWords(text)) each(word);
    return;
  }
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (isAsciiWordCode(c)) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0) each(text.slice(start, Math.min(i, start + MAX_WORD_LENGTH)).toLowerCase());
    start = -1;
    // 's after a letter or digit and before anything but one: skip the s
    if (c === APOSTROPHE && i > 0 && isAsciiWordCode(text.charCodeAt(i - 1))) {
      const next = text.charCodeAt(i + 1);
      if ((next === 115 || next === 83) && !isAsciiWordCode(text.charCodeAt(i + 2))) i++;
    }
  }
}

const APOSTROPHE = 39;

/** A letter or digit of ASCII (NaN, past the text's end, is not). */
const isAsciiWordCode = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Whether a word is long enough, and short enough, to be corrected. */
export const correctable = (word: string, minLength = TYPO_MIN_LENGTH) =>
  word.length >= minLength && word.length <= TYPO_MAX_LENGTH;

/**
 * At most this many words of one search are corrected. Each costs about 70 lookups a letter: a
 * search of eight long words the catalogue does not know cost 100–400 ms of the server's one thread.
 */
export const MAX_CORRECTED_WORDS = 2;

/** The words of a search to correct: the first MAX_CORRECTED_WORDS unknown ones of a correctable length. */
export function wordsToCorrect(
  words: string[],
  known: (word: string, index: number) => boolean,
  minLength = TYPO_MIN_LENGTH,
): string[] {
  return words.filter((w, i) => !known(w, i) && correctable(w, minLength)).slice(0, MAX_CORRECTED_WORDS);
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * Every string one edit from `word` (a deletion, a transposition of neighbours, a substitution or an
 * insertion of a letter or digit), without `word` itself. For "shrit": "shirt", "shit", "shrimt", …
 */
export function oneEditAway(word: string): string[] {
  // letters outside the Basic Multilingual Plane are two code units: cut by code point, not by unit
  const chars = word.length === [...word].length ? undefined : [...word];
  const length = chars ? chars.length : word.length;
  const before = (i: number) => (chars ? chars.slice(0, i).join("") : word.slice(0, i));
  const from = (i: number) => (chars ? chars.slice(i).join("") : word.slice(i));
  const at = (i: number) => (chars ? chars[i] : word[i]);
  const out = new Set<string>();
  for (let i = 0; i < length; i++) {
    const head = before(i);
    const rest = from(i + 1);
    out.add(head + rest);
    if (i + 1 < length) out.add(head + at(i + 1) + at(i) + from(i + 2));
    for (const c of ALPHABET) out.add(head + c + rest);
  }
  for (let i = 0; i <= length; i++) {
    const head = before(i);
    const rest = from(i);
    for (const c of ALPHABET) out.add(head + c + rest);
  }
  out.delete(word);
  out.delete("");
  return [...out];
}

/**
 * Edit distance with swaps of neighbours counting as one edit (optimal string alignment), by code
 * point. With `atMost`, any distance beyond it is answered as `atMost + 1` as soon as it is certain:
 * a look through all the catalogue's words for "did you mean" stops early on each far one.
 */
export function editDistance(a: string, b: string, atMost = Number.POSITIVE_INFINITY): number {
  // (a string without surrogates is its own list of code points, indexed without a copy)
  return SURROGATE.test(a) || SURROGATE.test(b) ? distance([...a], [...b], atMost) : distance(a, b, atMost);
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** The table's rows, reused: the one before the last (for swaps), the last, and the one being filled. */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

function distance(x: ArrayLike<string>, y: ArrayLike<string>, atMost: number): number {
  if (Math.abs(x.length - y.length) > atMost) return atMost + 1;
  if (rows[0].length <= y.length) rows = rows.map(() => new Int32Array(2 * (y.length + 1)));
  let [older, last, row] = rows;
  for (let j = 0; j <= y.length; j++) last[j] = j;
  let lastLowest = 0;
  for (let i = 1; i <= x.length; i++) {
    row[0] = i;
    let lowest = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min(last[j] + 1, row[j - 1] + 1, last[j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, older[j - 2] + 1);
      row[j] = d;
      if (d < lowest) lowest = d;
    }
    // every later cell comes from this row or, by a swap, from the one before plus one
    if (lowest > atMost && lastLowest >= atMost) return atMost + 1;
    lastLowest = lowest;
    [older, last, row] = [last, row, older];
  }
  return Math.min(last[y.length], atMost + 1);
}
