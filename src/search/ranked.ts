// Relevance ranking for an agent's words, the query side: the terms of a query (with the
// completions of an unfinished last word and the corrections of a typo), and the tools whose
// scores for those terms add up highest. The scores come from the tables `_ranked_tables.ts`
// builds.
import { NearTerms } from "./_near_terms.ts";
import { Vocabulary } from "./_words.ts";
import { analyze, type AnalyzedWord } from "./_query_words.ts";
import { type QueryTerm, queryTerms, WordPlans } from "./_query_terms.ts";
import { TopK } from "./top_k.ts";
import {
  addListOffering,
  addLists,
  blocksFor,
  type Lists,
  listsOf,
  offerAll,
  offerTouched,
} from "./_score_lists.ts";
import { postingsOf } from "./_postings.ts";
import { nearTheBest, rankedNear, runStarts } from "./_sibling_order.ts";
import {
  buildRankedTables,
  checkRankedTables,
  configKey,
  type CorpusStats,
  DEFAULT_RANKING,
  type IndexStats,
  inverseDocumentFrequency,
  type RankedConfig,
  type RankedTables,
  type RankedTool,
  type RankingOptions,
} from "./_ranked_tables.ts";

export type { AnalyzedWord } from "./_query_words.ts";
export { analyzeQuery, distinctTerms, fieldLengths } from "./_default_analysis.ts";
export { settledOrder } from "./_sibling_order.ts";
export {
  checkRankedTables,
  configAverages,
  configKey,
  type CorpusStats,
  DEFAULT_RANKING,
  FIELDS,
  type IndexStats,
  inverseDocumentFrequency,
  type RankedConfig,
  type RankedTables,
  type RankedTool,
  type RankingOptions,
  steppedAverage,
} from "./_ranked_tables.ts";

/**
 * In a query that reads every score, the share of what all its lists can add to a tool that
 * the lists other than the one that adds most must stay below for that list's tools to be
 * looked at first (see `rank`).
 */
const PIVOT_SHARE = 0.8;

/** Accepts a tool number when it passes the filters. */
type Accept = (doc: number) => boolean;

/** What a ranked query asks beside its words, and what it hands back: see `RankedIndex.rank`. */
export interface RankOptions {
  /** Takes a tool number when it passes the filters; absent or `null`: every tool. */
  accept?: Accept | null;
  /** How many of the best to leave out before the ones returned. Default 0. */
  skip?: number;
  /**
   * Receives the score of each place returned: by score alone, whichever of a config's tools
   * its near-ties put there.
   */
  scoresOut?: number[];
  /**
   * A term's rarity in the whole collection as it is now, when this index is one part of it;
   * by default, its rarity among this index's tools.
   */
  rarity?: (term: string) => number;
  /**
   * How many tools of the whole collection have a term, when this index is one part of it: a
   * word is completed or corrected only when none has it, and a word's related words are
   * counted and bounded among all its tools, as one index of every tool would decide.
   */
  frequency?: (term: string) => number;
  /**
   * Leaves the near-ties among a config's tools for the caller to settle over several indexes:
   * every tool they could bring among the best is returned, in no order, each with its own
   * score, `skip` left to the caller; but not those that score below this over 1 plus the
   * tolerance, which the caller knows cannot be brought among the best.
   */
  unsettled?: number;
  /**
   * Whether some tool of the whole collection that the filters take matches a word of the
   * query itself, not only a related one, when this index is one part of it (see
   * `matchesOwnWord`): asked only when none of this index's tools does.
   */
  ownMatched?: () => boolean;
}

/** Ranks tools, by number, for the words of a query. */
export class RankedIndex {
  readonly #options: RankingOptions;
  readonly #docCount: number;
  readonly #vocabulary: Vocabulary;
  /** Where each term's postings start in `#postings`; one more entry at the end. */
  readonly #offsets: Uint32Array;
  /**
   * Each term's postings, back to back: per tool, the gap from the previous tool number as a
   * little-endian base-128 varint, then the tool's score for the term in 1/255ths of
   * `#scales[term]`. A third of the bytes of 32-bit numbers and floats.
   */
  readonly #postings: Uint8Array;
  /** `#postings`, `#offsets` and `#docFrequency`, as the loops that add them read them. */
  readonly #lists: Lists;
  /** The highest saturated frequency of each term in any tool. */
  readonly #scales: Float32Array;
  /** How many tools have each term. */
  readonly #docFrequency: Uint32Array;
  readonly #averages: Float64Array;
  readonly #configs: readonly RankedConfig[];
  /** Where each tool's run of tools of its config (by `configKey`) begins: see `runStarts`. */
  #runs: Int32Array | undefined;
  /** The terms an unknown word of a query may have meant, found when first needed. */
  #near: NearTerms | undefined;
  /** What this index makes of the words of its queries: see `queryTerms`. */
  readonly #plans = new WordPlans();
  /** A query's scratch space: see `TermSource.slots`. */
  #slots: Int32Array | undefined;
  #scores: Float64Array | undefined;
  /**
   * How much of the query each tool matches by related words, when only they can answer: see
   * `RankingOptions.minRelatedCoverage`.
   */
  #cover: Float64Array | undefined;
  #touched: Int32Array | undefined;
  /** Room for the best score of each block of tools: see `offerAll`. */
  #blocks: Float64Array | undefined;

  /**
   * Indexes `tools`, each with its config at the same position in `configs`, ranked as
   * `build.ranking` says (default `DEFAULT_RANKING`), or adopts the `build.tables` of an index
   * built earlier from the same tools with the same ranking. With `build.corpus`, the tools are
   * scored as part of that larger collection.
   *
   * @throws {RangeError} When `tables` are not laid out as a built index's are.
   */
  constructor(
    tools: readonly RankedTool[],
    configs: readonly RankedConfig[],
    build: { ranking?: RankingOptions; tables?: RankedTables; corpus?: CorpusStats } = {},
  ) {
    const { ranking: options = DEFAULT_RANKING, tables, corpus } = build;
    this.#options = options;
    this.#configs = configs;
    let vocabulary: Vocabulary;
    let adopted: RankedTables;
    if (tables === undefined) {
      vocabulary = new Vocabulary(options.stemming, options.stopWords, options.exactWeight > 0);
      adopted = buildRankedTables(tools, configs, vocabulary, { options, corpus });
    } else {
      checkRankedTables(tables, tools.length);
      vocabulary = new Vocabulary(
        options.stemming,
        options.stopWords,
        options.exactWeight > 0,
        tables.terms,
      );
      adopted = tables;
    }
    this.#docCount = adopted.docCount;
    this.#vocabulary = vocabulary;
    this.#offsets = adopted.offsets;
    this.#postings = adopted.postings;
    this.#scales = adopted.scales;
    this.#docFrequency = adopted.docFrequency;
    this.#averages = adopted.averages;
    this.#lists = listsOf(this.#postings, this.#offsets, this.#docFrequency);
  }

  /** The tables of this index, for restoring it elsewhere from the same tools. */
  get tables(): RankedTables {
    return {
      docCount: this.#docCount,
      terms: this.#vocabulary.terms,
      offsets: this.#offsets,
      postings: this.#postings,
      scales: this.#scales,
      docFrequency: this.#docFrequency,
      averages: this.#averages,
    };
  }

  /**
   * The first tool of the run of tools of its config (by `configKey`) that the tool `doc` is
   * in: the run whose near-ties are settled together (see `runStarts`).
   */
  runOf(doc: number): number {
    return this.#runStarts()[doc];
  }

  /** `#runs`, made when first asked for. */
  #runStarts(): Int32Array {
    return this.#runs ??= runStarts(this.#configs.map(configKey));
  }

  /** The statistics of this index's tools, for the collection it is one part of. */
  get stats(): IndexStats {
    const vocabulary = this.#vocabulary;
    const docFrequency = this.#docFrequency;
    const scales = this.#scales;
    return {
      averages: this.#averages,
      docFrequency: (term) => {
        const id = vocabulary.idOf(term);
        return id === undefined ? 0 : docFrequency[id];
      },
      highest: (term) => {
        const id = vocabulary.idOf(term);
        return id === undefined ? 0 : scales[id];
      },
    };
  }

  /**
   * The numbers of the tools that share a term with `query` (a query, or the words
   * `analyzeQuery` found in one, for an index of default ranking) and that `options.accept`
   * takes, best first, ties in tool order and near-ties among a config's tools in the config's
   * order (see `_sibling_order.ts`): `count` of them after the first `options.skip`. None when
   * `query` has no word to rank by, no run of letters or digits that is not a stop word: such a
   * query ("?", "how do I") says nothing about which tool is meant; nor those that match less of
   * it than `RankingOptions.minRelatedCoverage`.
   */
  rank(
    query: string | readonly AnalyzedWord[],
    count: number,
    options: RankOptions = {},
  ): number[] {
    const { accept = null, skip = 0, scoresOut, rarity, frequency, unsettled, ownMatched } =
      options;
    const vocabulary = this.#vocabulary;
    const words = typeof query === "string" ? analyze(query, this.#options, vocabulary) : query;
    if (words.length === 0) return [];
    const { terms, mass } = this.#terms(words, frequency, rarity);
    if (terms.length === 0) return [];
    const docCount = this.#docCount;
    const scores = this.#scores ??= new Float64Array(docCount);
    let postingBytes = 0;
    for (const { id } of terms) postingBytes += this.#offsets[id + 1] - this.#offsets[id];
    // A query whose lists cover much of the index reads every score in tool order: cheaper than
    // keeping a list of the tools it touches, whose test at each posting the CPU cannot guess.
    const dense = postingBytes > docCount;
    const touched = dense ? null : this.#touched ??= new Int32Array(docCount);
    const blocks = dense ? this.#blocks ??= new Float64Array(blocksFor(docCount)) : undefined;
    const ids: number[] = [];
    const steps: number[] = [];
    for (const { id, weight } of terms) {
      const idf = rarity?.(vocabulary.terms[id]) ??
        inverseDocumentFrequency(docCount, this.#docFrequency[id]);
      const step = (weight * this.#scales[id] * idf) / 255;
      if (step === 0) continue;
      ids.push(id);
      steps.push(step);
    }
    const tolerance = this.#options.siblingTolerance;
    const want = skip + count;
    let heap = new TopK(want);
    // Below it, a score cannot bring a tool among the best of several indexes.
    const least = (unsettled ?? 0) / (1 + tolerance);
    // Where no tool matches a word of the request itself, related words alone answer only with
    // the tools they match enough of it in.
    const enough = this.#options.minRelatedCoverage * mass;
    const covers = enough === 0 || this.#anyAccepted(terms, accept) || ownMatched?.()
      ? null
      : this.#relatedCover(terms, enough);
    const kept = covers === null
      ? accept
      : accept === null
      ? covers
      : (doc: number) => covers(doc) && accept(doc);
    let touchedCount = 0;
    if (touched === null) {
      // The list that can add the most to a tool last, offering its tools as it adds: where the
      // others together add less than the lowest score kept from it, a tool it lacks can neither
      // make the cut nor be a near-tie of one that does.
      let pivot = 0;
      let total = 0;
      for (let t = 0; t < steps.length; t++) {
        total += steps[t];
        if (steps[t] > steps[pivot]) pivot = t;
      }
      const others = 255 * (total - steps[pivot]) * (1 + tolerance);
      // Tried only where the others add well below what every list together can: else the
      // best rarely outscore them, and every score is read after all.
      let settled = others < PIVOT_SHARE * 255 * total;
      if (settled) {
        const id = ids[pivot];
        const step = steps[pivot];
        ids.splice(pivot, 1);
        steps.splice(pivot, 1);
        addLists(this.#lists, ids, steps, scores, null);
        addListOffering(this.#lists, id, step, scores, heap, least, kept);
        settled = heap.full && heap.floor > others;
      } else addLists(this.#lists, ids, steps, scores, null);
      if (!settled) {
        heap = new TopK(want);
        offerAll(scores, docCount, blocks!, heap, least, kept);
      }
    } else {
      touchedCount = addLists(this.#lists, ids, steps, scores, touched);
      offerTouched(scores, touched, touchedCount, heap, least, kept);
    }
    let ranked: { docs: number[]; scores: number[] } | undefined;
    if (tolerance > 0) {
      const runs = this.#runStarts();
      const near = nearTheBest(scores, heap.sorted(0), runs, { tolerance, accept: kept });
      // Settled over several indexes by the caller, which orders them then.
      ranked = unsettled !== undefined ? near : rankedNear(near.docs, near.scores, runs, tolerance);
    }
    if (touched === null) scores.fill(0);
    else for (let i = 0; i < touchedCount; i++) scores[touched[i]] = 0;
    if (covers !== null) this.#cover!.fill(0);
    if (ranked === undefined) return heap.sorted(skip, scoresOut);
    const [from, to] = unsettled !== undefined ? [0, ranked.docs.length] : [skip, want];
    scoresOut?.push(...ranked.scores.slice(from, to));
    return ranked.docs.slice(from, to);
  }

  /**
   * Whether a tool that `accept` takes (default: any) matches a word of `words` itself: a term
   * of the word, a completion of an unfinished last word or a typo's correction; not only a
   * related word. With `frequency`, the words as the whole collection has them.
   */
  matchesOwnWord(
    words: readonly AnalyzedWord[],
    accept: Accept | null = null,
    frequency?: (term: string) => number,
  ): boolean {
    return this.#anyAccepted(this.#terms(words, frequency).terms, accept);
  }

  /** Whether `accept` (default: any) takes a tool that has a term of the query's own words. */
  #anyAccepted(terms: readonly QueryTerm[], accept: Accept | null): boolean {
    for (const { id, related } of terms) {
      if (related !== undefined) continue;
      if (accept === null) {
        if (this.#offsets[id + 1] > this.#offsets[id]) return true;
        continue;
      }
      for (const [doc] of postingsOf(this.#postings, this.#offsets, id)) {
        if (accept(doc)) return true;
      }
    }
    return false;
  }

  /**
   * Whether a tool matches at least `enough` of the query by its related terms (see
   * `QueryTerm.related`), each counted by how well the tool matches it against the best match.
   */
  #relatedCover(terms: readonly QueryTerm[], enough: number): (doc: number) => boolean {
    const cover = this.#cover ??= new Float64Array(this.#docCount);
    for (const { id, related } of terms) {
      if (related === undefined) continue;
      for (const [doc, score] of postingsOf(this.#postings, this.#offsets, id)) {
        cover[doc] += (related * score) / 255;
      }
    }
    return (doc) => cover[doc] >= enough;
  }

  /** The terms of `words` in this index: see `queryTerms`. */
  #terms(
    words: readonly AnalyzedWord[],
    frequency?: (term: string) => number,
    rarity?: (term: string) => number,
  ): { terms: QueryTerm[]; mass: number } {
    return queryTerms(words, this.#options, {
      vocabulary: this.#vocabulary,
      docCount: this.#docCount,
      docFrequency: this.#docFrequency,
      near: () => this.#nearTerms(),
      plans: this.#plans,
      slots: this.#slots ??= new Int32Array(this.#vocabulary.terms.length),
    }, { frequency, rarity });
  }

  #nearTerms(): NearTerms {
    return this.#near ??= new NearTerms(this.#vocabulary, this.#docFrequency);
  }
}
