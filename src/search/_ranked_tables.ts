// The build side of ranking: the tables of BM25F scores that a query adds up.
//
// A tool's fields (its name, description, CLI, category, tags and arguments) are weighted and
// length-normalised on their own, then saturated together (BM25F), so a word in a tool's name
// counts for more than the same word deep in an argument's description, and a long description
// does not win by repetition. A field's length is measured against the average of its config's
// tools (blended with that of all), and a matched term adds at least a share of its rarity
// (BM25+), so that among near-duplicates from many servers a full description is not punished
// for its length. The score of each term in each tool does not depend on the query, so it is
// computed once here and stored beside the tool's number in the term's posting list.
import type { Vocabulary } from "./_words.ts";
import { FIELDS, type RankedConfig, type RankedTool, ToolTerms } from "./_tool_terms.ts";

export { FIELDS, type RankedConfig, type RankedTool } from "./_tool_terms.ts";

/** The knobs of ranking. The defaults are those measured best; `scripts/eval.ts` varies them. */
export interface RankingOptions {
  /** Weight of each of `FIELDS`. */
  weights: readonly number[];
  /** Length normalisation of each of `FIELDS`, from 0 (none) to 1 (full). */
  b: readonly number[];
  /**
   * Whether a field longer than its average counts as 1 plus the logarithm of how many times
   * longer it is, rather than that many times: a fuller description is punished less.
   */
  lengthDamping: boolean;
  /** Term frequency saturation. */
  k1: number;
  /** BM25+'s lower bound on what a matched term adds, as a share of its rarity. */
  delta: number;
  /**
   * How many tools' worth of the average over all tools a config's own average field length is
   * blended with, to normalise its tools' lengths against; Infinity for the average of all.
   */
  lengthPrior: number;
  /** Weight of the words that a query's last word is the beginning of. */
  prefixWeight: number;
  /** Weight of a word one or two edits away from a query word that no tool has. */
  typoWeight: number;
  /**
   * Weight of the words that WordNet relates to a query word (synonyms, derived and broader
   * words: "rental" → "rent", "legal" → "law"), which find a tool described in other words
   * than the request's, divided by the square root of how many of them some tool has; 0 adds
   * none.
   */
  relatedWeight: number;
  /** Weight of the words of a path, URL, quoted text or shell variable in a query. */
  debrisWeight: number;
  /** Weight of the words that only frame a request: "please", "help", "need", "looking". */
  requestWeight: number;
  /**
   * The share of its weight that a query word adds again for each time the query repeats its
   * term; 0 counts a term once.
   */
  repeatWeight: number;
  /**
   * Weight of a query word's own form beside its stem, when the stem changes it ("running",
   * not "run"); 0 indexes no word's own form.
   */
  exactWeight: number;
  /**
   * How far above a tool a later tool of its run (its config's tools listed together) may
   * score and still go after it, as a share of its score; 0 ranks by score alone (see
   * `_sibling_order.ts`).
   */
  siblingTolerance: number;
  /**
   * The least share of a request that a tool found by related words alone must match to answer
   * it: the sum, over the terms it matches, of each term's query weight times its rarity times
   * how well the tool matches it (against the best match of any tool), over the sum of the
   * request's word weights times their rarity (an unknown word's the highest). A tool that
   * matches a word of the request itself always answers; 0 lets related words alone answer.
   */
  minRelatedCoverage: number;
  /** Whether words are reduced to their stems. */
  stemming: boolean;
  /** Whether function words ("the", "of", "can") are left out. */
  stopWords: boolean;
}

/** The ranking measured best on the development set (see docs/search.md). */
export const DEFAULT_RANKING: RankingOptions = Object.freeze({
  weights: Object.freeze([1.5, 1, 1, 0.5, 0.5, 1, 0.5, 0.3]),
  b: Object.freeze([0.5, 0.75, 0.5, 0.75, 0, 0.5, 0.75, 0.75]),
  lengthDamping: true,
  k1: 1.2,
  delta: 0.1,
  lengthPrior: 1,
  prefixWeight: 0.5,
  typoWeight: 0.5,
  relatedWeight: 0.25,
  debrisWeight: 0.5,
  requestWeight: 0.5,
  repeatWeight: 0.3,
  exactWeight: 0.15,
  siblingTolerance: 0.02,
  minRelatedCoverage: 0.1,
  stemming: true,
  stopWords: true,
});

/** The tables of a built index, which restore it without building it again. */
export interface RankedTables {
  /** How many tools the index holds. */
  docCount: number;
  /** Every term, by number. */
  terms: readonly string[];
  /** Where each term's postings start in `postings`; one more entry at the end. */
  offsets: Uint32Array;
  /** Each term's postings, as the index lays them out. */
  postings: Uint8Array;
  /**
   * The highest saturated frequency of each term in any tool (its score before rarity, which a
   * query multiplies in): a posting's byte is a tool's in 1/255ths of it.
   */
  scales: Float32Array;
  /** How many tools have each term. */
  docFrequency: Uint32Array;
  /** The average number of terms in each of `FIELDS`, over the tools. */
  averages: Float64Array;
}

/**
 * Checks that `tables` are laid out as those of a built index of `toolCount` tools are: what
 * adopting them needs, told without adopting them.
 *
 * @throws {RangeError} When they are not.
 */
export function checkRankedTables(tables: RankedTables, toolCount: number): void {
  const termCount = tables.terms.length;
  if (
    tables.docCount !== toolCount || tables.offsets.length !== termCount + 1 ||
    tables.offsets[termCount] !== tables.postings.length ||
    tables.scales.length !== termCount || tables.docFrequency.length !== termCount ||
    tables.averages.length !== FIELDS.length
  ) {
    throw new RangeError("The ranking tables are not those of a built index");
  }
}

/**
 * The statistics of a larger collection that an index's tools are scored as a part of: an
 * index of a few tools added to a large one scores them as the large one would.
 */
export interface CorpusStats {
  /** The average number of terms in each of `FIELDS` over its tools. */
  readonly averages: Float64Array;
  /**
   * The highest saturated frequency of the term in its tools (see `RankedTables.scales`): an
   * index of a few tools quantises on the same steps, so that its tools and the collection's
   * tie where one index of them all would tie them.
   */
  highest?(term: string): number;
  /**
   * The average field lengths of a config's tools over the whole collection, blended as
   * `configAverages` blends them, when the index holds only some of them.
   */
  configAverages?(config: RankedConfig): Float64Array | undefined;
}

/** What a built index tells of its tools, to the collection it is one part of. */
export interface IndexStats {
  /** The average number of terms in each of `FIELDS` over its tools. */
  readonly averages: Float64Array;
  /** How many of its tools have the term. */
  docFrequency(term: string): number;
  /** The highest saturated frequency of the term in its tools; 0 when none has it. */
  highest(term: string): number;
}

/**
 * The tables of `tools`, each with its config at the same position in `configs`, with their
 * terms numbered in `vocabulary`. A function of its own, not the body of `RankedIndex`'s
 * constructor: the engine optimises the same loops less well in a constructor.
 */
export function buildRankedTables(
  tools: readonly RankedTool[],
  configs: readonly RankedConfig[],
  vocabulary: Vocabulary,
  { options, corpus }: { options: RankingOptions; corpus?: CorpusStats },
): RankedTables {
  const fieldCount = FIELDS.length;
  const docCount = tools.length;

  // Pass 1: every tool's terms as (term number, field) pairs, and each field's length.
  const found = new ToolTerms(vocabulary, docCount);
  for (let doc = 0; doc < docCount; doc++) found.add(tools[doc], configs[doc]);
  const { pairs, lengths, totals, ends } = found;
  vocabulary.forgetRuns();

  // Pass 2: each tool's distinct terms, with their weighted, length-normalised frequency, tool
  // after tool; and how many tools have each term.
  const termCount = vocabulary.terms.length;
  const docFrequency = new Uint32Array(termCount);
  const lastDoc = new Int32Array(termCount).fill(-1);
  // A tool's distinct terms are never more than its pairs, which are read before they are
  // overwritten: its term numbers take the place of the pairs already read.
  const toolTerms = pairs.data;
  const toolImpacts = new Float32Array(pairs.length);
  const toolEnds = new Uint32Array(docCount);
  let recorded = 0;
  const normalizers = new Float64Array(fieldCount);
  const frequency = new Float64Array(termCount);
  let start = 0;
  const averages = corpus?.averages ?? totals.map((total) => total / Math.max(1, docCount));
  const ownAverages = configAverages(configs, lengths, averages, options.lengthPrior);
  for (let doc = 0; doc < docCount; doc++) {
    const own = corpus?.configAverages?.(configs[doc]) ?? ownAverages.get(configs[doc]);
    for (let field = 0; field < fieldCount; field++) {
      const average = own?.[field] ?? averages[field];
      const b = options.b[field];
      let relative = average > 0 ? lengths[doc * fieldCount + field] / average : 0;
      if (options.lengthDamping && relative > 1) relative = 1 + Math.log(relative);
      normalizers[field] = options.weights[field] / (1 - b + b * relative);
    }
    const first = recorded;
    for (let p = start; p < ends[doc]; p++) {
      const pair = pairs.data[p];
      const id = (pair / fieldCount) | 0;
      if (lastDoc[id] !== doc) {
        lastDoc[id] = doc;
        docFrequency[id]++;
        toolTerms[recorded++] = id;
      }
      frequency[id] += normalizers[pair - id * fieldCount];
    }
    for (let i = first; i < recorded; i++) {
      const id = toolTerms[i];
      toolImpacts[i] = frequency[id];
      frequency[id] = 0;
    }
    toolEnds[doc] = recorded;
    start = ends[doc];
  }

  // Each term's postings, in tool order.
  const offsets = new Uint32Array(termCount + 1);
  for (let id = 0; id < termCount; id++) offsets[id + 1] = offsets[id] + docFrequency[id];
  const docs = new Int32Array(recorded);
  const impacts = new Float32Array(recorded);
  const fill = offsets.slice(0, termCount);
  for (let doc = 0, i = 0; doc < docCount; doc++) {
    for (const end = toolEnds[doc]; i < end; i++) {
      const slot = fill[toolTerms[i]]++;
      docs[slot] = doc;
      impacts[slot] = toolImpacts[i];
    }
  }

  // Saturation, which depends on the term and tool only; then the byte layout. Rarity depends
  // on the collection, which changes when an index is one part of it, so a query multiplies it in.
  const k1 = options.k1;
  const terms = vocabulary.terms;
  const scales = new Float32Array(termCount);
  const byteOffsets = new Uint32Array(termCount + 1);
  for (let id = 0; id < termCount; id++) {
    let highest = corpus?.highest?.(terms[id]) ?? 0;
    let bytes = 0;
    let previous = -1;
    for (let p = offsets[id]; p < offsets[id + 1]; p++) {
      const tf = impacts[p];
      impacts[p] = (tf * (k1 + 1)) / (tf + k1) + options.delta;
      if (impacts[p] > highest) highest = impacts[p];
      bytes += varintLength(docs[p] - previous) + 1;
      previous = docs[p];
    }
    scales[id] = highest;
    byteOffsets[id + 1] = byteOffsets[id] + bytes;
  }
  const postings = new Uint8Array(byteOffsets[termCount]);
  let at = 0;
  for (let id = 0; id < termCount; id++) {
    const step = scales[id] / 255;
    let previous = -1;
    for (let p = offsets[id]; p < offsets[id + 1]; p++) {
      let gap = docs[p] - previous;
      previous = docs[p];
      while (gap >= 128) {
        postings[at++] = (gap & 127) | 128;
        gap >>>= 7;
      }
      postings[at++] = gap;
      // A tool that has the term never scores nothing for it.
      postings[at++] = step > 0 ? Math.max(1, Math.round(impacts[p] / step)) : 0;
    }
  }
  return {
    docCount,
    terms: vocabulary.terms,
    offsets: byteOffsets,
    postings,
    scales,
    docFrequency,
    averages: Float64Array.from(averages),
  };
}

/** Each config's key, made once. */
const configKeys = new WeakMap<RankedConfig, string>();

/**
 * What tells one config's tools from another's in length normalisation: what the config says of
 * itself. Not the object: a registry's source edited keeps the description object of its
 * unchanged tools and gives its new tools another, and grouping by object normalised the two
 * halves of one config apart (a rebuilt registry's scores then differed from a fresh build's).
 */
export function configKey(config: RankedConfig): string {
  let key = configKeys.get(config);
  if (key === undefined) {
    key = JSON.stringify([config.name, config.description, config.category, config.tags]);
    configKeys.set(config, key);
  }
  return key;
}

/**
 * How finely a config's average field lengths are told apart: on a scale where each step is
 * 1/64 of a doubling, so an average is never more than half a step off. Editing one tool of a
 * config then rarely moves the config's averages, and a registry indexes the config's other
 * tools again only when they move (`registry/_segmented_search.ts`): an edit ranks as a fresh
 * build would without indexing the whole config again. Steps this fine leave the ranking of
 * every development set as it was; coarser ones did not.
 */
const AVERAGE_STEPS = 64;

/** `average` on the scale of `AVERAGE_STEPS`. */
export function steppedAverage(average: number): number {
  return average > 0 ? 2 ** (Math.round(Math.log2(average) * AVERAGE_STEPS) / AVERAGE_STEPS) : 0;
}

/**
 * The average length of each field over each config's tools (configs told apart by `configKey`),
 * blended with `averages`, the average over all tools, as if `prior` more tools of average
 * length were the config's, on the scale of `AVERAGE_STEPS` (the average of all tools too): a
 * tool is normalised against its own server's or CLI's style, so that among near-duplicates
 * from several sources the fuller description is not the one punished. None when `prior` is
 * Infinity.
 */
export function configAverages(
  configs: readonly RankedConfig[],
  lengths: Float32Array,
  averages: Float64Array,
  prior: number,
): Map<RankedConfig, Float64Array> {
  const own = new Map<RankedConfig, Float64Array>();
  if (prior === Infinity) return own;
  const fieldCount = FIELDS.length;
  const groups = new Map<string, Float64Array>();
  const counts = new Map<Float64Array, number>();
  configs.forEach((config, doc) => {
    let group = own.get(config);
    if (group === undefined) {
      const key = configKey(config);
      group = groups.get(key);
      if (group === undefined) groups.set(key, group = new Float64Array(fieldCount));
      own.set(config, group);
    }
    counts.set(group, (counts.get(group) ?? 0) + 1);
    for (let field = 0; field < fieldCount; field++) {
      group[field] += lengths[doc * fieldCount + field];
    }
  });
  const overall = averages.map(steppedAverage);
  for (const [group, count] of counts) {
    for (let field = 0; field < fieldCount; field++) {
      group[field] = steppedAverage((group[field] + prior * overall[field]) / (count + prior));
    }
  }
  return own;
}

/** BM25's rarity of a term that `df` of `docCount` tools have. */
export function inverseDocumentFrequency(docCount: number, df: number): number {
  return Math.log(1 + (docCount - df + 0.5) / (df + 0.5));
}

/** The bytes of `value` as a base-128 varint. */
function varintLength(value: number): number {
  let length = 1;
  while (value >= 128) {
    value >>>= 7;
    length++;
  }
  return length;
}
