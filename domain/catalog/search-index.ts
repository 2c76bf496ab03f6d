import { byCodePoint } from "../shared/numbers.ts";
import type { WordQuery } from "./listing-query.ts";
import { documentWords, eachWord, editDistance } from "./search-words.ts";

/**
 * SQLite: the words of every search document, held in memory (decision 030): for each word of the
 * catalogue, the documents that have it anywhere (title, categories' names, feature lines), and those
 * that have it in their title. A search's matches are found here, with no query to the full-text
 * index per search: FTS5 answered a common word's 70,000 numbers as one string to parse, a fresh
 * allocation per search whose page faults cost more than the lookup.
 *
 * A word's documents are a sorted list of numbers, or, for a word in more than one document in 32,
 * a bit per document (smaller from there on: 12.5 KB at 100,000 products instead of up to 280 KB).
 *
 * The sets are built once (at the first search's facts, in the background after a start) and are
 * never edited: a document whose words changed since (an edit, a new product, a deletion) is left
 * out of them and held with its words beside them, until enough have changed that the sets are
 * built again (in the background past `REBUILD_PAST`; searches wait past `WAIT_PAST`, an import).
 */

/** A document's text as the full-text index holds it. */
export type DocumentText = { doc: number; title: string; categories: string; body: string };

/** Which documents a lookup reads: the words anywhere, or in the title only. */
export type Scope = "all" | "title";

/**
 * The documents a question about words leaves out (for a visitor: the unpublished ones), or undefined
 * for none: a word only unpublished products have must not be offered, or told apart from an unknown
 * word, to someone who may not see them. `hidden`: those documents, ascending (usually few, so that a
 * word's count is its set's size less them).
 */
export type Visible = { hidden: Int32Array; isHidden: (doc: number) => boolean } | undefined;

/** Changed documents held beside the sets before they are built again in the background. */
const REBUILD_PAST = 512;
/** Changed documents past which a search waits for the sets to be built again (an import) rather than hold more. */
const WAIT_PAST = 4_096;

/** A word's documents: ascending numbers, or a bit per document; `count` either way. */
type DocumentSet =
  | { list: Int32Array; bits?: undefined; count: number }
  | { list?: undefined; bits: Uint32Array; count: number };

type Sets = { words: string[]; all: DocumentSet[]; title: DocumentSet[]; byWord: Int32Array };

export class WordIndex {
  /** the catalogue's words, by number */
  private readonly words: string[];
  private readonly numberOf: Map<string, number>;
  /** per word number, the documents with the word anywhere / in the title */
  private readonly all: DocumentSet[];
  private readonly title: DocumentSet[];
  /** the word numbers in the words' order, for the words that start with a prefix */
  private readonly byWord: Int32Array;
  /** per document, a hash of its text as the sets have it: an unchanged text (a sale) changes nothing */
  private readonly textHash: Uint32Array;
  /** a mark per document left out of the sets (its words changed since) */
  private readonly outOfSets: Uint8Array;
  /** the documents left out of the sets, with their words now (none: removed) */
  private readonly changed = new Map<number, { all: string[]; title: string[] }>();
  /** per word, how many of the documents in `changed` have it (so that `known` need not read them all) */
  private readonly changedCount = new Map<string, number>();

  private constructor(sets: Sets, numberOf: Map<string, number>, textHash: Uint32Array) {
    this.words = sets.words;
    this.numberOf = numberOf;
    this.all = sets.all;
    this.title = sets.title;
    this.byWord = sets.byWord;
    this.textHash = textHash;
    this.outOfSets = new Uint8Array(textHash.length);
  }

  /** A builder fed the documents in ascending number order. */
  static builder(): WordIndexBuilder {
    return new WordIndexBuilder((sets, numberOf, hashes) => new WordIndex(sets, numberOf, hashes));
  }

  /** Whether so many documents changed that the sets should be built again. */
  get shouldRebuild(): boolean {
    return this.changed.size > REBUILD_PAST;
  }

  /** Whether so many documents changed (an import) that searches should wait for the sets to be built again. */
  get mustRebuild(): boolean {
    return this.changed.size > WAIT_PAST;
  }

  /** A document written since the sets were built: its words now, held beside the sets when its text differs. */
  update(text: DocumentText): void {
    const hash = hashOf(text);
    if (text.doc < this.textHash.length && this.outOfSets[text.doc] === 0 && this.textHash[text.doc] === hash) return;
    this.hold(text.doc, {
      all: documentWords(`${text.title} ${text.categories} ${text.body}`),
      title: documentWords(text.title),
    });
  }

  /** A document deleted since the sets were built. */
  remove(doc: number): void {
    this.hold(doc, { all: [], title: [] });
  }

  /** Leaves a document out of the sets and holds its words now beside them. */
  private hold(doc: number, words: { all: string[]; title: string[] }): void {
    this.leaveOut(doc);
    for (const word of this.changed.get(doc)?.all ?? []) {
      const left = (this.changedCount.get(word) ?? 0) - 1;
      if (left > 0) this.changedCount.set(word, left);
      else this.changedCount.delete(word);
    }
    for (const word of words.all) this.changedCount.set(word, (this.changedCount.get(word) ?? 0) + 1);
    this.changed.set(doc, words);
  }

  private leaveOut(doc: number): void {
    if (doc < this.outOfSets.length) this.outOfSets[doc] = 1;
  }

  /** Which of these words the catalogue has, with how many (`visible`) documents have each. */
  known(words: string[], visible?: Visible): Map<string, number> {
    const out = new Map<string, number>();
    const changed = visible ? this.changedVisibleCount(new Set(words), visible) : this.changedCount;
    for (const word of words) {
      const n = this.numberOf.get(word);
      const count = (n === undefined ? 0 : this.stillIn(this.all[n], Infinity, visible)) + (changed.get(word) ?? 0);
      if (count > 0) out.set(word, count);
    }
    return out;
  }

  /** Whether any word of the (`visible`) documents starts with this one. */
  hasPrefix(prefix: string, visible?: Visible): boolean {
    const [from, to] = this.prefixRange(prefix);
    for (let i = from; i < to; i++) if (this.stillIn(this.all[this.byWord[i]], 1, visible) > 0) return true;
    if (!visible) {
      for (const word of this.changedCount.keys()) if (word.startsWith(prefix)) return true;
      return false;
    }
    for (const [doc, words] of this.changed) {
      if (!visible.isHidden(doc) && words.all.some((word) => word.startsWith(prefix))) return true;
    }
    return false;
  }

  /** Per word asked, how many of the changed documents `visible` keeps have it. */
  private changedVisibleCount(asked: Set<string>, visible: NonNullable<Visible>): Map<string, number> {
    const counts = new Map<string, number>();
    for (const [doc, words] of this.changed) {
      if (visible.isHidden(doc)) continue;
      for (const word of words.all) if (asked.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * The catalogue's words at most `maxEdits` from this one (`editDistance`), closest first, then those
   * more documents have: for "did you mean" when no word one edit away exists ("smratpohne" →
   * "smartphone"). Looks through every word, so it is asked only for a search that found nothing.
   */
  near(word: string, maxEdits: number, limit: number, visible?: Visible): string[] {
    const found: { word: string; edits: number; count: number }[] = [];
    const consider = (candidate: string) => {
      // a code point is one or two code units: farther apart than this in units, farther in points
      if (candidate === word || Math.abs(candidate.length - word.length) > 2 * maxEdits) return;
      const edits = editDistance(word, candidate, maxEdits);
      if (edits > maxEdits) return;
      const count = this.known([candidate], visible).get(candidate);
      if (count) found.push({ word: candidate, edits, count });
    };
    for (const candidate of this.words) consider(candidate);
    for (const candidate of this.changedCount.keys()) if (!this.numberOf.has(candidate)) consider(candidate);
    return found
      .sort((a, b) => a.edits - b.edits || b.count - a.count || byCodePoint(a.word, b.word))
      .slice(0, limit)
      .map((f) => f.word);
  }

  /**
   * How many of a set's documents are neither left out of the sets nor hidden (counting may stop at
   * `enough`): the set's size less those, when they are fewer than its documents, else by walking it.
   */
  private stillIn(set: DocumentSet, enough = Number.POSITIVE_INFINITY, visible?: Visible): number {
    const hidden = visible?.hidden.length ?? 0;
    if (this.changed.size + hidden === 0) return Math.min(set.count, enough);
    // at most that many of its documents can be left out or hidden: enough are left whatever they are
    if (set.count - this.changed.size - hidden >= enough) return enough;
    if (this.changed.size + hidden < set.count) {
      let count = set.count;
      for (const doc of this.changed.keys()) if (this.outOfSets[doc] === 1 && inSet(set, doc)) count--;
      if (visible) for (const doc of visible.hidden) if (this.outOfSets[doc] === 0 && inSet(set, doc)) count--;
      return Math.min(count, enough);
    }
    let count = 0;
    forEachDoc(set, (doc) => {
      if (this.outOfSets[doc] === 0 && !visible?.isHidden(doc)) count++;
      return count >= enough;
    });
    return count;
  }

  /**
   * The documents with every word of the query (any of its spellings, or a word starting with one
   * when it is a prefix), ascending.
   */
  lookup(query: WordQuery, scope: Scope = "all"): Int32Array {
    if (query.length === 0) return new Int32Array(0);
    const sets = scope === "all" ? this.all : this.title;
    const terms = query.map((word) => this.termsOf(word.spellings, word.prefix).map((n) => sets[n]));
    const sizes = terms.map((group) => group.reduce((sum, set) => sum + set.count, 0));
    const order = query.map((_, i) => i).sort((a, b) => sizes[a] - sizes[b]);
    const room = sizes[order[0]] + this.changed.size;
    if (collected.length < room) collected = new Int32Array(room);
    let count = sizes[order[0]] > 0 ? this.intersect(order.map((i) => terms[i])) : 0;
    for (const [doc, held] of this.changed) {
      const words = scope === "all" ? held.all : held.title;
      if (query.every((word) => words.some((w) => matches(word.spellings, word.prefix, w)))) collected[count++] = doc;
    }
    const out = collected.slice(0, count);
    // one set comes out in order; a union of several, or documents held beside the sets, does not
    return terms[order[0]].length > 1 || this.changed.size > 0 ? out.sort() : out;
  }

  /**
   * The documents in every group (a group: one query word's sets) and not left out, into `collected`.
   * A byte per document counts the groups it was found in so far; only the first group's documents
   * can reach the last, so its sets are walked again to collect them and to clear the bytes.
   */
  private intersect(groups: DocumentSet[][]): number {
    const marks = scratch(this.textHash.length);
    const out = this.outOfSets;
    for (let g = 0; g < groups.length; g++) {
      const next = g + 1;
      for (const set of groups[g]) {
        forEachDoc(set, (doc) => {
          if (marks[doc] === g && out[doc] === 0) marks[doc] = next;
        });
      }
    }
    const all = groups.length;
    let count = 0;
    for (const set of groups[0]) {
      forEachDoc(set, (doc) => {
        if (marks[doc] === all) collected[count++] = doc;
        marks[doc] = 0;
      });
    }
    return count;
  }

  /** The word numbers of the words a query word matches. */
  private termsOf(spellings: string[], prefix: boolean): number[] {
    const numbers = new Set<number>();
    for (const spelling of spellings) {
      if (prefix) {
        const [from, to] = this.prefixRange(spelling);
        for (let i = from; i < to; i++) numbers.add(this.byWord[i]);
      } else {
        const n = this.numberOf.get(spelling);
        if (n !== undefined) numbers.add(n);
      }
    }
    return [...numbers];
  }

  /** The positions in `byWord` of the words starting with `prefix`. */
  private prefixRange(prefix: string): [number, number] {
    let low = 0;
    let high = this.byWord.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.words[this.byWord[mid]] < prefix) low = mid + 1;
      else high = mid;
    }
    let to = low;
    while (to < this.byWord.length && this.words[this.byWord[to]].startsWith(prefix)) to++;
    return [low, to];
  }
}

/** Whether a document is in a set. */
function inSet(set: DocumentSet, doc: number): boolean {
  if (set.bits) return doc >> 5 < set.bits.length && ((set.bits[doc >> 5] >>> (doc & 31)) & 1) === 1;
  const list = set.list;
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (list[mid] === doc) return true;
    if (list[mid] < doc) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/** Calls `each` with a set's documents, ascending, until it answers true. */
function forEachDoc(set: DocumentSet, each: (doc: number) => unknown): void {
  if (set.list) {
    const list = set.list;
    for (let k = 0; k < list.length; k++) if (each(list[k]) === true) return;
    return;
  }
  const bits = set.bits;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w];
    while (word !== 0) {
      const lowest = word & -word;
      if (each(w * 32 + 31 - Math.clz32(lowest)) === true) return;
      word ^= lowest;
    }
  }
}

const matches = (spellings: string[], prefix: boolean, word: string) =>
  spellings.some((s) => (prefix ? word.startsWith(s) : word === s));

/**
 * A byte per document for one lookup at a time, all zero between lookups (no await inside one), and
 * the documents found before they are copied out. Reused: a fresh array per search is a page fault
 * per 4 KB (decision 023).
 */
let marks = new Uint8Array(0);
let collected = new Int32Array(0);
function scratch(size: number): Uint8Array {
  if (marks.length < size) marks = new Uint8Array(size);
  return marks;
}

/** FNV-1a over the document's three fields (a sale writes the row again with the same text). */
function hashOf(text: DocumentText): number {
  let hash = 0x811c9dc5;
  for (const part of [text.title, text.categories, text.body]) {
    for (let i = 0; i < part.length; i++) hash = Math.imul(hash ^ part.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0xffff, 0x01000193);
  }
  return hash >>> 0;
}

/** A growing list of document numbers, ascending, each once. */
type Growing = { docs: Int32Array; count: number };

function push(list: Growing, doc: number): void {
  if (list.count > 0 && list.docs[list.count - 1] === doc) return; // a word repeated in one document
  if (list.count === list.docs.length) {
    const bigger = new Int32Array(Math.max(4, list.docs.length * 2));
    bigger.set(list.docs);
    list.docs = bigger;
  }
  list.docs[list.count++] = doc;
}

/** A word's documents as kept: a list, or bits when the word is in more than one document in 32. */
function keep(list: Growing, size: number): DocumentSet {
  if (list.count * 32 <= size) return { list: list.docs.slice(0, list.count), count: list.count };
  const bits = new Uint32Array(Math.ceil(size / 32));
  for (let k = 0; k < list.count; k++) bits[list.docs[k] >>> 5] |= 1 << (list.docs[k] & 31);
  return { bits, count: list.count };
}

/** Builds a WordIndex from the documents in ascending number order. */
export class WordIndexBuilder {
  private readonly numberOf = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly all: Growing[] = [];
  private readonly title: Growing[] = [];
  private hashes = new Uint32Array(1024);
  private highest = -1;
  private readonly make: (sets: Sets, numberOf: Map<string, number>, hashes: Uint32Array) => WordIndex;

  constructor(make: (sets: Sets, numberOf: Map<string, number>, hashes: Uint32Array) => WordIndex) {
    this.make = make;
  }

  add(text: DocumentText): void {
    const doc = text.doc;
    if (doc <= this.highest) throw new Error("documents must come in ascending number order");
    this.highest = doc;
    eachWord(text.title, (word) => {
      const n = this.numberFor(word);
      push(this.all[n], doc);
      push(this.title[n], doc);
    });
    eachWord(text.categories, (word) => push(this.all[this.numberFor(word)], doc));
    eachWord(text.body, (word) => push(this.all[this.numberFor(word)], doc));
    if (doc >= this.hashes.length) {
      const bigger = new Uint32Array(Math.max(doc + 1, this.hashes.length * 2));
      bigger.set(this.hashes);
      this.hashes = bigger;
    }
    this.hashes[doc] = hashOf(text);
  }

  /** The index, with room for documents up to `size` (the facts' size). */
  finish(size: number): WordIndex {
    const room = Math.max(size, this.highest + 1);
    const byWord = Int32Array.from(this.words.keys()).sort((a, b) =>
      this.words[a] < this.words[b] ? -1 : this.words[a] > this.words[b] ? 1 : 0,
    );
    const hashes = new Uint32Array(room);
    hashes.set(this.hashes.subarray(0, Math.min(this.hashes.length, room)));
    const sets = {
      words: this.words,
      all: this.all.map((list) => keep(list, room)),
      title: this.title.map((list) => keep(list, room)),
      byWord,
    };
    return this.make(sets, this.numberOf, hashes);
  }

  private numberFor(word: string): number {
    let n = this.numberOf.get(word);
    if (n === undefined) {
      n = this.words.length;
      this.words.push(word);
      this.numberOf.set(word, n);
      this.all.push({ docs: new Int32Array(0), count: 0 });
      this.title.push({ docs: new Int32Array(0), count: 0 });
    }
    return n;
  }
}
