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
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
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
  /** Each run seen, with the term numbers of its words. Most runs are one word: one number. */
  #runs = new Map<string, number | readonly number[]>();

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

  /** Appends to `out` the term number of each word of `text` that is not a stop word. */
  analyze(text: string, out: TermBuffer): void {
    const runs = text.match(RUN);
    if (runs === null) return;
    for (const run of runs) {
      let ids = this.#runs.get(run);
      if (ids === undefined) {
        ids = this.#analyzeRun(run);
        this.#runs.set(run, ids);
      }
      if (typeof ids === "number") out.push(ids);
      else for (const id of ids) out.push(id);
    }
  }

  /** Drops what `analyze` remembers: once an index is built, only its queries are analysed. */
  forgetRuns(): void {
    this.#runs = new Map();
  }

  #analyzeRun(run: string): number | readonly number[] {
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
    return ids.length === 1 ? ids[0] : ids;
  }
}

/**
 * A run of ASCII letters and digits and of anything beyond ASCII: ASCII punctuation and
 * spaces split words in `splitWords` too, so a run holds whole words.
 */
const RUN = /[A-Za-z0-9\u0080-\uffff]+/g;
