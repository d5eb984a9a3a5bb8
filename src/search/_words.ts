// Text to index terms, the same way for tools and for queries: words split at case changes and
// at anything that is not a letter or digit, folded to lowercase without diacritics, stop words
// dropped, each word stemmed. Building an index analyses millions of words, so `Vocabulary`
// analyses each distinct run of letters and digits once and remembers its terms.
import { stem } from "./_stem.ts";

/**
 * Function words: they say nothing about which tool is meant. Particles that name an action
 * in command lines ("up", "down", "on", "off", "out", "over") are kept.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being " +
    "below between both but by can could did do does doing during each few for from further " +
    "had has have having he her here hers herself him himself his how i if in into is it its " +
    "itself just me more most my myself no nor not now of once only or other our ours " +
    "ourselves own same she should so some such than that the their theirs them " +
    "themselves then there these they this those through to too under until very was we were " +
    "what when where which while who whom why will with would you your yours yourself " +
    "yourselves"
  ).split(" "),
);

const CASE_CHANGE = /(\p{Ll}|\p{N})(?=\p{Lu})|(\p{Lu})(?=\p{Lu}\p{Ll})/gu;
const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const BEYOND_ASCII = /[\u0080-\uffff]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The words of `text`, lowercase, split where letters change case (`getUserInfo`, `HTTPServer`)
 * and at every character that is not a letter or digit (`git_commit`, `kebab-case`, `a.b`).
 * Compatibility forms and diacritics are folded: "ﬁle" is "file", "naïve" is "naive"; so is
 * the final sigma, whose lowercase form depends on the letters around it.
 */
export function splitWords(text: string): string[] {
  let folded = text.replace(CASE_CHANGE, "$1$2 ").toLowerCase();
  if (BEYOND_ASCII.test(folded)) {
    folded = folded.normalize("NFKD").replace(MARKS, "").replaceAll("ς", "σ");
  }
  return folded.match(WORD) ?? [];
}

/** Whether `text` has any letter or digit: a ranked query without one browses. */
export function hasWords(text: string): boolean {
  return LETTER_OR_DIGIT.test(text);
}

/** Term numbers, grown as needed. */
export class TermBuffer {
  data: Int32Array = new Int32Array(1 << 16);
  length = 0;

  push(id: number): void {
    if (this.length === this.data.length) this.data = grow(this.data);
    this.data[this.length++] = id;
  }
}

/**
 * The terms of an index, numbered in order of first appearance.
 *
 * Building an index meets the same few thousand words millions of times, so each run of
 * letters and digits is looked up as it stands in the text ("Show", "getUser") and analysed
 * only the first time: split at case changes, lowercased, stop words dropped, stemmed.
 */
export class Vocabulary {
  readonly #stemming: boolean;
  readonly #stopWords: ReadonlySet<string>;
  readonly #ids = new Map<string, number>();
  readonly #terms: string[] = [];
  #runs = new RunTable();

  /** A vocabulary with no terms, or with `terms`, by number, as another one had them. */
  constructor(stemming: boolean, stopWords: boolean, terms: readonly string[] = []) {
    this.#stemming = stemming;
    this.#stopWords = stopWords ? STOP_WORDS : new Set();
    for (const term of terms) this.#ids.set(term, this.#terms.push(term) - 1);
  }

  /** Whether a lowercase word is left out of the terms. */
  isStopWord(word: string): boolean {
    return this.#stopWords.has(word);
  }

  /** Every term, by number. */
  get terms(): readonly string[] {
    return this.#terms;
  }

  /** The term a lowercase word is indexed under ("containers" → "contain"), stop words too. */
  termOf(word: string): string {
    return this.#stemming ? stem(word) : word;
  }

  /** The number of a term, if any tool has it. */
  idOf(term: string): number | undefined {
    return this.#ids.get(term);
  }

  /**
   * Appends to `out` the term number of each word of `text` (from `start` to `end`) that is not
   * a stop word. Reading characters where they stand is fast only in a flat string, such as
   * one made by `join`: a string made by `+` may be a tree of pieces.
   */
  analyze(text: string, out: TermBuffer, start = 0, end: number = text.length): void {
    const runs = this.#runs;
    let i = start;
    while (i < end) {
      let c = text.charCodeAt(i);
      if (!isRunCode(c)) {
        i++;
        continue;
      }
      const from = i;
      let hash = 0x811c9dc5;
      do {
        hash = Math.imul(hash ^ c, 0x01000193);
        c = ++i < end ? text.charCodeAt(i) : 0;
      } while (i < end && isRunCode(c));
      let run = runs.find(text, from, i, hash);
      if (run < 0) {
        const slice = text.slice(from, i);
        run = runs.add(slice, hash, this.#analyzeRun(slice));
      }
      const first = runs.first[run];
      if (first >= 0) out.push(first);
      else for (const id of runs.many[run]!) out.push(id);
    }
  }

  /** Drops what `analyze` remembers: once an index is built, only its queries are analysed. */
  forgetRuns(): void {
    this.#runs = new RunTable();
  }

  #analyzeRun(run: string): readonly number[] {
    const ids: number[] = [];
    for (const word of splitWords(run)) {
      if (this.#stopWords.has(word)) continue;
      const term = this.termOf(word);
      let id = this.#ids.get(term);
      if (id === undefined) {
        id = this.#terms.length;
        this.#ids.set(term, id);
        this.#terms.push(term);
      }
      ids.push(id);
    }
    return ids;
  }
}

/**
 * Whether a UTF-16 code unit belongs to a run: an ASCII letter or digit, or anything beyond
 * ASCII. ASCII punctuation and spaces split words in `splitWords` too, so a run holds whole
 * words; `splitWords` sorts out the rest of Unicode.
 */
function isRunCode(c: number): boolean {
  return c >= 97 ? c <= 122 || c >= 128 : c >= 65 ? c <= 90 : c >= 48 && c <= 57;
}

/**
 * The runs met so far and their term numbers, found by a hash of the run's characters where
 * they stand in the text: a run seen before costs no string of its own.
 */
export class RunTable {
  /** Open addressing: run number + 1 in each slot, 0 for empty. */
  #slots = new Int32Array(1 << 12);
  #hashes = new Int32Array(1 << 10);
  #texts: string[] = [];
  /** A run's term number when it has exactly one, else -1 and its numbers in `many`. */
  first = new Int32Array(1 << 10);
  many: (readonly number[] | undefined)[] = [];

  /** The number of the run `text.slice(start, end)`, or -1 when it is new. */
  find(text: string, start: number, end: number, hash: number): number {
    const mask = this.#slots.length - 1;
    const length = end - start;
    for (let slot = hash & mask;; slot = (slot + 1) & mask) {
      const run = this.#slots[slot] - 1;
      if (run < 0) return -1;
      if (this.#hashes[run] !== hash) continue;
      const known = this.#texts[run];
      if (known.length !== length) continue;
      let i = 0;
      while (i < length && known.charCodeAt(i) === text.charCodeAt(start + i)) i++;
      if (i === length) return run;
    }
  }

  /** Adds a run that `find` did not find, with its term numbers; returns its number. */
  add(text: string, hash: number, ids: readonly number[]): number {
    const run = this.#texts.length;
    if (run === this.first.length) {
      this.first = grow(this.first);
      this.#hashes = grow(this.#hashes);
    }
    this.#texts.push(text);
    this.#hashes[run] = hash;
    this.first[run] = ids.length === 1 ? ids[0] : -1;
    this.many.push(ids.length === 1 ? undefined : ids);
    if (2 * (run + 1) > this.#slots.length) {
      const old = this.#slots;
      this.#slots = new Int32Array(old.length * 2);
      for (let slot = 0; slot < old.length; slot++) {
        if (old[slot] !== 0) this.#place(old[slot] - 1);
      }
    }
    this.#place(run);
    return run;
  }

  #place(run: number): void {
    const mask = this.#slots.length - 1;
    let slot = this.#hashes[run] & mask;
    while (this.#slots[slot] !== 0) slot = (slot + 1) & mask;
    this.#slots[slot] = run + 1;
  }
}

/** A copy of `array` twice as long. */
function grow(array: Int32Array): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
}
