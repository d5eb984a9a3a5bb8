// The terms a ranked query adds up, with their weights: a query's own words (their stems and
// exact forms, the completions of an unfinished last word, the corrections of a typo) and the
// words related to them; and how much the whole request says, which a tool's coverage is
// measured against (`RankingOptions.minRelatedCoverage`).
import { relatedTerms } from "./_related_words.ts";
import type { NearTerms } from "./_near_terms.ts";
import type { Vocabulary } from "./_words.ts";
import type { AnalyzedWord } from "./_query_words.ts";
import { inverseDocumentFrequency, type RankingOptions } from "./_ranked_tables.ts";

/** Prefixes shorter than this are not completed: too many words start with them. */
const MIN_PREFIX = 3;
/** Words shorter than this are not corrected: one edit makes another real word. */
const MIN_TYPO_LENGTH = 5;

/** A term of a query, its weight, and what it says of the request. */
export interface QueryTerm {
  id: number;
  weight: number;
  /**
   * For a term only related to the query's words, how much of the request it stands for: its
   * share of the word it relates to times that word's rarity; undefined for a term of the
   * query's own words, which stands for its weight times its own rarity.
   */
  related?: number;
}

/** The index a query's terms are found in. */
export interface TermSource {
  vocabulary: Vocabulary;
  docCount: number;
  docFrequency: Uint32Array;
  /** The terms an unknown word may have meant, made when first needed. */
  near: () => NearTerms;
}

/** The whole collection, when the index is one part of it: see `RankOptions`. */
export interface Collection {
  frequency?: (term: string) => number;
  rarity?: (term: string) => number;
}

/**
 * The terms of a query's words (stop words left out) with their weights: the words that some
 * tool has, else the words that an unknown last word begins (it may be unfinished), else the
 * words an unknown word is a typo of; and the words related to each (`relatedTerms`).
 */
export function queryTerms(
  words: readonly AnalyzedWord[],
  options: RankingOptions,
  { vocabulary, docCount, docFrequency, near }: TermSource,
  { frequency, rarity }: Collection = {},
): { terms: QueryTerm[]; mass: number } {
  const { prefixWeight, typoWeight, exactWeight, repeatWeight, relatedWeight } = options;
  // A term's weight is its heaviest word's, and a share of each other word of the request
  // that has it: a word said twice says more of what is meant.
  const weights = new Map<number, number>();
  const sums = new Map<number, number>();
  const add = (id: number, weight: number) => {
    weights.set(id, Math.max(weights.get(id) ?? 0, weight));
    sums.set(id, (sums.get(id) ?? 0) + weight);
  };
  // What the whole request says: each word's weight times its rarity, an unknown word's the
  // rarest; a tool's coverage is measured against it.
  let mass = 0;
  const rarities = words.map(({ term }) => {
    const id = vocabulary.idOf(term);
    return rarity?.(term) ??
      inverseDocumentFrequency(docCount, id === undefined ? 0 : docFrequency[id]);
  });
  words.forEach(({ word, weight, term }, i) => {
    const id = vocabulary.idOf(term);
    mass += weight * rarities[i];
    // A delta segment may lack a word that other tools have: completing or correcting it there
    // would lift the delta's tools where a fresh build keeps them out.
    if (frequency === undefined ? id !== undefined : frequency(term) > 0) {
      if (id === undefined) return;
      add(id, weight);
      const exact = term === word ? undefined : vocabulary.exactIdOf(word);
      if (exact !== undefined) add(exact, exactWeight * weight);
      return;
    }
    const completions = prefixWeight > 0 && i === words.length - 1 && term.length >= MIN_PREFIX
      ? near().completions(term)
      : [];
    for (const completion of completions) add(completion, prefixWeight * weight);
    if (completions.length === 0 && typoWeight > 0 && term.length >= MIN_TYPO_LENGTH) {
      for (const corrected of near().corrections(term)) {
        add(corrected, typoWeight * weight);
      }
    }
  });
  // Related words come after the request's own, which they never outweigh.
  const related = new Map<number, number>();
  if (relatedWeight > 0) {
    const own = new Set([...weights.keys()].map((id) => vocabulary.terms[id]));
    for (const { term } of words) own.add(term);
    const tools = (term: string, id = vocabulary.idOf(term)) =>
      frequency?.(term) ?? (id === undefined ? 0 : docFrequency[id]);
    words.forEach((word, i) => {
      for (const [term, weight] of relatedTerms([word], relatedWeight, own, tools)) {
        const id = vocabulary.idOf(term);
        if (id === undefined) continue;
        add(id, weight);
        related.set(id, Math.max(related.get(id) ?? 0, weight * rarities[i]));
      }
    });
  }
  const terms = [...weights].map(([id, weight]) => ({
    id,
    weight: weight + repeatWeight * (sums.get(id)! - weight),
    related: related.get(id),
  }));
  return { terms, mass };
}
