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

/** Begins the term of a word's own form, which no stem begins with. */
const EXACT = "=";

const CASE_CHANGE = /(\p{Ll}|\p{N})(?=\p{Lu})|(\p{Lu})(?=\p{Lu}\p{Ll})/gu;
const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const BEYOND_ASCII = /[\u0080-\uffff]/;
const ENCODER = new TextEncoder();
// A byte order mark is a character like any other here: the decoder keeps it.
const DECODER = new TextDecoder("utf-8", { ignoreBOM: true });

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

/** Term numbers, grown as needed. */
export class TermBuffer {
  data: Int32Array;
  length = 0;

  /** A buffer with room for `capacity` numbers before it first grows. */
  constructor(capacity = 1 << 16) {
    this.data = new Int32Array(capacity);
  }

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
  readonly #exactForms: boolean;
  readonly #stopWords: ReadonlySet<string>;
  readonly #ids = new Map<string, number>();
  readonly #terms: string[];
  /** 1 at the number of each exact form's term. */
  #exact = new Uint8Array(1 << 10);
  #runs = new RunTable();

  /**
   * A vocabulary with no terms, or with `terms`, by number, as another one had them. With
   * `exactForms`, a word that its stem changes ("running") is indexed under its own form as
   * well as under its stem, so that a query can prefer the form it used.
   */
  constructor(
    stemming: boolean,
    stopWords: boolean,
    exactForms: boolean,
    terms: readonly string[] = [],
  ) {
    this.#stemming = stemming;
    this.#exactForms = exactForms && stemming;
    this.#stopWords = stopWords ? STOP_WORDS : new Set();
    // In one pass rather than term by term through `#add`, which is slower: a cold start
    // restores every stored term here.
    this.#terms = [...terms];
    if (terms.length > this.#exact.length) this.#exact = new Uint8Array(terms.length);
    for (let id = 0; id < terms.length; id++) {
      this.#ids.set(terms[id], id);
      if (terms[id].startsWith(EXACT)) this.#exact[id] = 1;
    }
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
   * The number of the term of a lowercase word's own form, if the stem changes the word and
   * some tool has that form.
   */
  exactIdOf(word: string): number | undefined {
    return this.#exactForms ? this.#ids.get(EXACT + word) : undefined;
  }

  /** Whether the term numbered `id` is a word's own form rather than a stem. */
  isExact(id: number): boolean {
    return this.#exact[id] === 1;
  }

  /** Appends to `out` the term number of each word of `text` that is not a stop word. */
  analyze(text: string, out: TermBuffer): void {
    const bytes = ENCODER.encode(text);
    this.analyzeUtf8(bytes, 0, bytes.length, out);
  }

  /**
   * Appends to `out` the term number of each word of the UTF-8 text in `bytes`, from `start`
   * to `end`, that is not a stop word. Runs are looked up where they stand, so a run seen
   * before costs no string of its own, which is faster, encoding included, than matching runs
   * in a string. The runs are the same: ASCII letters and digits are single bytes, and every
   * character beyond ASCII is bytes from 128 up.
   */
  analyzeUtf8(bytes: Uint8Array, start: number, end: number, out: TermBuffer): void {
    const runs = this.#runs;
    let i = start;
    while (i < end) {
      let c = bytes[i];
      if (!isRunByte(c)) {
        i++;
        continue;
      }
      const from = i;
      let hash = 0x811c9dc5;
      do {
        hash = Math.imul(hash ^ c, 0x01000193);
        c = ++i < end ? bytes[i] : 0;
      } while (i < end && isRunByte(c));
      let run = runs.find(bytes, from, i, hash);
      if (run < 0) {
        const ids = this.#analyzeRun(DECODER.decode(bytes.subarray(from, i)));
        run = runs.add(bytes, from, i, hash, ids);
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
      ids.push(this.#ids.get(term) ?? this.#add(term));
      if (this.#exactForms && term !== word) {
        ids.push(this.#ids.get(EXACT + word) ?? this.#add(EXACT + word));
      }
    }
    return ids;
  }

  /** Numbers a new term. */
  #add(term: string): number {
    const id = this.#terms.push(term) - 1;
    this.#ids.set(term, id);
    if (id === this.#exact.length) {
      const grown = new Uint8Array(2 * id);
      grown.set(this.#exact);
      this.#exact = grown;
    }
    if (term.startsWith(EXACT)) this.#exact[id] = 1;
    return id;
  }
}

/**
 * Whether a byte of UTF-8 belongs to a run: an ASCII letter or digit, or a byte of a character
 * beyond ASCII. ASCII punctuation and spaces split words in `splitWords` too, so a run holds
 * whole words; `splitWords` sorts out the rest of Unicode.
 */
function isRunByte(c: number): boolean {
  return c >= 97 ? c <= 122 || c >= 128 : c >= 65 ? c <= 90 : c >= 48 && c <= 57;
}

/**
 * The runs met so far and their term numbers, found by a hash of the run's bytes where they
 * stand: a run seen before costs no string of its own.
 */
export class RunTable {
  /** Open addressing: run number + 1 in each slot, 0 for empty. */
  #slots = new Int32Array(1 << 12);
  #hashes = new Int32Array(1 << 10);
  /** The bytes of every run, back to back. */
  #bytes = new Uint8Array(1 << 14);
  /** Where each run's bytes start in `#bytes`; one more entry at the end. */
  #starts = new Int32Array((1 << 10) + 1);
  #count = 0;
  /** A run's term number when it has exactly one, else -1 and its numbers in `many`. */
  first = new Int32Array(1 << 10);
  many: (readonly number[] | undefined)[] = [];

  /** The number of the run `bytes[start, end)`, or -1 when it is new. */
  find(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const mask = this.#slots.length - 1;
    const length = end - start;
    const known = this.#bytes;
    for (let slot = hash & mask;; slot = (slot + 1) & mask) {
      const run = this.#slots[slot] - 1;
      if (run < 0) return -1;
      if (this.#hashes[run] !== hash) continue;
      const at = this.#starts[run];
      if (this.#starts[run + 1] - at !== length) continue;
      let i = 0;
      while (i < length && known[at + i] === bytes[start + i]) i++;
      if (i === length) return run;
    }
  }

  /** Adds the run `bytes[start, end)`, which `find` did not find; returns its number. */
  add(bytes: Uint8Array, start: number, end: number, hash: number, ids: readonly number[]): number {
    const run = this.#count++;
    if (run === this.first.length) {
      this.first = grow(this.first);
      this.#hashes = grow(this.#hashes);
      this.#starts = grow(this.#starts);
    }
    const at = this.#starts[run];
    if (at + end - start > this.#bytes.length) {
      const grown = new Uint8Array(2 * (at + end - start));
      grown.set(this.#bytes);
      this.#bytes = grown;
    }
    this.#bytes.set(bytes.subarray(start, end), at);
    this.#starts[run + 1] = at + end - start;
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

/**
 * Turns ascending offsets into a string, in UTF-16 units, into offsets into `bytes`, the
 * string's first `length` bytes of UTF-8, in place. No offset may split a surrogate pair.
 */
export function toByteOffsets(bytes: Uint8Array, length: number, offsets: number[]): void {
  let unit = 0;
  let byte = 0;
  for (let k = 0; k < offsets.length; k++) {
    while (unit < offsets[k]) {
      const c = bytes[byte++];
      // Continuation bytes add no unit; a lead byte of four stands for a surrogate pair.
      if ((c & 0xc0) !== 0x80) unit += c >= 0xf0 ? 2 : 1;
    }
    // The continuation bytes after the last lead byte belong to its character.
    while (byte < length && (bytes[byte] & 0xc0) === 0x80) byte++;
    offsets[k] = byte;
  }
}

/** A copy of `array` twice as long. */
function grow(array: Int32Array): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
}
