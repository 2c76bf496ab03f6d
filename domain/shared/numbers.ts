/**
 * Whole numbers as people read them in English ("12,345"). Written out rather than asked of
 * `toLocaleString("en-US")`: its first call loads ICU's number data into the process, about 6 MB of
 * the server's resident memory (decision 036), and a browser's first call costs its main thread.
 */
export function groupDigits(whole: number, separator = ","): string {
  const sign = whole < 0 ? "-" : "";
  let digits = String(Math.abs(Math.trunc(whole)));
  let out = "";
  while (digits.length > 3) {
    out = `${separator}${digits.slice(-3)}${out}`;
    digits = digits.slice(0, -3);
  }
  return `${sign}${digits}${out}`;
}

/** A count or a limit in a sentence: "1,000 lines". */
export const formatCount = (n: number): string => groupDigits(n);

/**
 * Strings in code-point order, for a stable tie-break between words of the search index. Not
 * `localeCompare`: its first call loads ICU's collation data (about 3 MB resident), for words
 * that are plain lower-case letters and digits already.
 */
export const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
