// The terms a ranked query adds up, with their weights: a query's own words (their stems and
// exact forms, the completions of an unfinished last word, the corrections of a typo) and the
// words related to them; and how much the whole request says, which a tool's coverage is
// measured against (`RankingOptions.minRelatedCoverage`).
//
// What one index makes of a word does not depend on the rest of the query: its term's number,
// its rarity and its related terms (its completions and corrections, `NearTerms` remembers). An
// index that is the whole collection remembers it per word (`WordPlans`), and a query only weighs
// and adds up; an index that is one part of a changing collection works it out for each query,
// the same way.
import type { NearTerms } from "./_near_terms.ts";
import type { Vocabulary } from "./_words.ts";
import type { AnalyzedWord } from "./_query_words.ts";
import { inverseDocumentFrequency, type RankingOptions } from "./_ranked_tables.ts";

/** Prefixes shorter than this are not completed: too many words start with them. */
const MIN_PREFIX = 3;
/** Words shorter than this are not corrected: one edit makes another real word. */
const MIN_TYPO_LENGTH = 5;
/**
 * A related word in more tools than this adds nothing: it weighs a quarter of the request's
 * words at most and is common, so it says little, but its long list of tools costs the most to
 * add up. No development set has a related word this common.
 */
const MAX_RELATED_TOOLS = 1000;
/** How many words an index remembers before it forgets them all at once. */
const MAX_PLANS = 8192;

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
  /** What this index makes of each word, remembered while the index is the whole collection. */
  plans: WordPlans;
  /** One zero for each term of the vocabulary, lent to a query, which leaves them zero. */
  slots: Int32Array;
}

/** The whole collection, when the index is one part of it: see `RankOptions`. */
export interface Collection {
  frequency?: (term: string) => number;
  rarity?: (term: string) => number;
}

/** What an index makes of one word of a query, whatever the rest of the query. */
interface WordPlan {
  /** The number of the word's term, or -1 when this index has none. */
  readonly id: number;
  /** Whether the collection has the term: else it is completed or corrected. */
  readonly known: boolean;
  /** The number of the word's own form, when the stem changes it; else -1. */
  readonly exact: number;
  readonly rarity: number;
  /**
   * The distinct terms related to the word that the collection has in at most
   * `MAX_RELATED_TOOLS` tools: those this index has, by number, and how many others there are.
   */
  readonly related: readonly number[];
  readonly relatedElsewhere: readonly string[];
}

/** The plans an index has made of the words of its queries. */
export class WordPlans {
  readonly #plans = new Map<string, WordPlan>();

  /** The plan of `word`, made by `make` the first time. */
  get(word: string, make: () => WordPlan): WordPlan {
    let plan = this.#plans.get(word);
    if (plan === undefined) {
      if (this.#plans.size === MAX_PLANS) this.#plans.clear();
      this.#plans.set(word, plan = make());
    }
    return plan;
  }
}

/** What one index makes of `word`, counted in `collection` when it is one part of it. */
function planOf(
  { word, term, related }: AnalyzedWord,
  { vocabulary, docCount, docFrequency }: TermSource,
  { frequency, rarity }: Collection,
  relatedWeight: number,
): WordPlan {
  const found = vocabulary.idOf(term);
  const id = found ?? -1;
  const tools = (term: string, id = vocabulary.idOf(term)) =>
    frequency?.(term) ?? (id === undefined ? 0 : docFrequency[id]);
  const relatedIds = new Set<number>();
  const elsewhere = new Set<string>();
  if (relatedWeight > 0) {
    for (const other of related) {
      const count = tools(other);
      if (count === 0 || count > MAX_RELATED_TOOLS) continue;
      const otherId = vocabulary.idOf(other);
      if (otherId === undefined) elsewhere.add(other);
      else relatedIds.add(otherId);
    }
  }
  return {
    id,
    // A delta segment may lack a word that other tools have: completing or correcting it there
    // would lift the delta's tools where a fresh build keeps them out.
    known: frequency === undefined ? found !== undefined : frequency(term) > 0,
    exact: term === word ? -1 : vocabulary.exactIdOf(word) ?? -1,
    rarity: rarity?.(term) ??
      inverseDocumentFrequency(docCount, found === undefined ? 0 : docFrequency[id]),
    related: [...relatedIds],
    relatedElsewhere: [...elsewhere],
  };
}

/**
 * The terms of a query's words (stop words left out) with their weights: the words that some
 * tool has, else the words that an unknown last word begins (it may be unfinished), else the
 * words an unknown word is a typo of; and the words WordNet relates to each, a word's
 * `weight` times `relatedWeight` shared by the square root of how many of them some tool has
 * (at a full share each, "files" → "record" put git_commit above git_status for "which files
 * have I modified"), the query's own terms and those in more than `MAX_RELATED_TOOLS` tools
 * left out. With `collection`, words are counted in the whole collection.
 */
export function queryTerms(
  words: readonly AnalyzedWord[],
  options: RankingOptions,
  source: TermSource,
  collection: Collection = {},
): { terms: QueryTerm[]; mass: number } {
  const { prefixWeight, typoWeight, exactWeight, repeatWeight, relatedWeight } = options;
  const remembered = collection.frequency === undefined && collection.rarity === undefined;
  const plans = words.map((word) =>
    remembered
      ? source.plans.get(word.word, () => planOf(word, source, collection, relatedWeight))
      : planOf(word, source, collection, relatedWeight)
  );
  // A term's weight is its heaviest word's, and a share of each other word of the request
  // that has it: a word said twice says more of what is meant. Each term's place in `ids` is
  // kept in `slots` (plus 1), which the index lends and gets back cleared.
  const slots = source.slots;
  const ids: number[] = [];
  const weights: number[] = [];
  const sums: number[] = [];
  // For each term, how much of the request it stands for when it is only related; else -1.
  const stands: number[] = [];
  const add = (id: number, weight: number) => {
    const slot = slots[id] - 1;
    if (slot < 0) {
      slots[id] = ids.push(id);
      weights.push(weight);
      sums.push(weight);
      stands.push(-1);
      return;
    }
    if (weight > weights[slot]) weights[slot] = weight;
    sums[slot] += weight;
  };
  // What the whole request says: each word's weight times its rarity, an unknown word's the
  // rarest; a tool's coverage is measured against it.
  let mass = 0;
  // The numbers of words' terms that are not added: those the collection lacks.
  const unadded: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const { weight, term } = words[i];
    const plan = plans[i];
    mass += weight * plan.rarity;
    if (plan.known) {
      if (plan.id < 0) continue;
      add(plan.id, weight);
      if (plan.exact >= 0) add(plan.exact, exactWeight * weight);
      continue;
    }
    if (plan.id >= 0) unadded.push(plan.id);
    const completions = prefixWeight > 0 && i === words.length - 1 && term.length >= MIN_PREFIX
      ? source.near().completions(term)
      : [];
    for (const completion of completions) add(completion, prefixWeight * weight);
    if (completions.length === 0 && typoWeight > 0 && term.length >= MIN_TYPO_LENGTH) {
      for (const corrected of source.near().corrections(term)) {
        add(corrected, typoWeight * weight);
      }
    }
  }
  // Related words come after the request's own, which they never outweigh. The query's own
  // terms: those added so far (the first `ownCount`), and every word's term.
  const ownCount = ids.length;
  if (relatedWeight > 0) {
    for (let i = 0; i < words.length; i++) {
      const plan = plans[i];
      const related = plan.related;
      let count = plan.relatedElsewhere.length;
      for (const term of plan.relatedElsewhere) {
        if (words.some((word) => word.term === term)) count--;
      }
      for (let k = 0; k < related.length; k++) {
        const slot = slots[related[k]];
        if ((slot === 0 || slot > ownCount) && !unadded.includes(related[k])) count++;
      }
      const share = (relatedWeight * words[i].weight) / Math.sqrt(count);
      const part = share * plan.rarity;
      for (let k = 0; k < related.length; k++) {
        const id = related[k];
        if ((slots[id] !== 0 && slots[id] <= ownCount) || unadded.includes(id)) continue;
        add(id, share);
        const slot = slots[id] - 1;
        if (part > stands[slot]) stands[slot] = part;
      }
    }
  }
  const terms: QueryTerm[] = [];
  for (let slot = 0; slot < ids.length; slot++) {
    const weight = weights[slot];
    terms.push({
      id: ids[slot],
      weight: weight + repeatWeight * (sums[slot] - weight),
      related: slot < ownCount ? undefined : stands[slot],
    });
    slots[ids[slot]] = 0;
  }
  return { terms, mass };
}
