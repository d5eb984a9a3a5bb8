// The terms a query's word may have meant when no tool has it: the words it begins, for an
// unfinished last word, and the words a typo or two away.
import { withinEdits } from "./_typos.ts";
import type { Vocabulary } from "./_words.ts";

/** At most this many completions of a prefix count, the most frequent first. */
const MAX_COMPLETIONS = 24;
/** Words this long may be two edits from what was meant. */
const LONG_TYPO_LENGTH = 9;
/**
 * How many words' completions, and how many words' corrections, are remembered before they are
 * forgotten all at once: requests repeat their words and their typos.
 */
const MAX_REMEMBERED = 4096;

/** The terms of one index's vocabulary near a word, by term number. */
export class NearTerms {
  readonly #vocabulary: Vocabulary;
  /** How many tools have each term. */
  readonly #docFrequency: Uint32Array;
  #sorted: readonly string[] | undefined;
  #byLength: readonly number[][] | undefined;
  readonly #completed = new Map<string, readonly number[]>();
  readonly #corrected = new Map<string, readonly number[]>();

  constructor(vocabulary: Vocabulary, docFrequency: Uint32Array) {
    this.#vocabulary = vocabulary;
    this.#docFrequency = docFrequency;
  }

  /** The most frequent terms that begin with `prefix`, the term itself excluded. */
  completions(prefix: string): readonly number[] {
    return remembered(this.#completed, prefix, () => this.#complete(prefix));
  }

  #complete(prefix: string): number[] {
    const sorted = this.#sorted ??= [...this.#vocabulary.terms].sort();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let i = low; i < sorted.length && sorted[i].startsWith(prefix); i++) {
      if (sorted[i] !== prefix) found.push(this.#vocabulary.idOf(sorted[i])!);
    }
    const df = (id: number) => this.#docFrequency[id];
    return found.sort((a, b) => df(b) - df(a) || a - b).slice(0, MAX_COMPLETIONS);
  }

  /** Terms one edit (two for long words) from `term`. */
  corrections(term: string): readonly number[] {
    return remembered(this.#corrected, term, () => this.#correct(term));
  }

  #correct(term: string): number[] {
    const limit = term.length >= LONG_TYPO_LENGTH ? 2 : 1;
    const terms = this.#vocabulary.terms;
    const byLength = this.#byLength ??= groupByLength(this.#vocabulary);
    const found: number[] = [];
    for (let length = term.length - limit; length <= term.length + limit; length++) {
      for (const id of byLength[length] ?? []) {
        if (withinEdits(term, terms[id], limit)) found.push(id);
      }
    }
    return found;
  }
}

/** What `known` holds for `word`, made by `make` and kept the first time. */
function remembered(
  known: Map<string, readonly number[]>,
  word: string,
  make: () => readonly number[],
): readonly number[] {
  let found = known.get(word);
  if (found === undefined) {
    if (known.size === MAX_REMEMBERED) known.clear();
    known.set(word, found = make());
  }
  return found;
}

/** The numbers of stems grouped by their length: a typo is corrected to a stem. */
function groupByLength(vocabulary: Vocabulary): number[][] {
  const groups: number[][] = [];
  vocabulary.terms.forEach((term, id) => {
    if (!vocabulary.isExact(id)) (groups[term.length] ??= []).push(id);
  });
  return groups;
}
