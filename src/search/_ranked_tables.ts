// The build side of ranking: the tables of BM25F scores that a query adds up.
//
// A tool's fields (its name, description, CLI, category, tags and arguments) are weighted and
// length-normalised on their own, then saturated together (BM25F), so a word in a tool's name
// counts for more than the same word deep in an argument's description, and a long description
// does not win by repetition. The score of each term in each tool does not depend on the query,
// so it is computed once here and stored beside the tool's number in the term's posting list.
import { TermBuffer, toByteOffsets, type Vocabulary } from "./_words.ts";

/** The fields of a tool that ranking reads, in the order of `RankingOptions.weights`. */
export const FIELDS = [
  "name",
  "description",
  "cli",
  "cli_description",
  "category",
  "tags",
  "arg_names",
  "arg_descriptions",
] as const;

/** What ranking reads of a tool. */
export interface RankedTool {
  readonly name: string;
  readonly description: string;
  readonly args: readonly { readonly name: string; readonly description: string }[];
}

/** What ranking reads of a tool's config, which all its tools share. */
export interface RankedConfig {
  readonly name: string;
  readonly description: string;
  readonly category: string | null;
  readonly tags: readonly string[];
}

/** The number of a field in `FIELDS`. */
const fieldNumber = (name: typeof FIELDS[number]) => FIELDS.indexOf(name);
/** The numbers in `FIELDS` of a tool's own fields, in the order their texts are joined. */
const OWN_FIELDS = (["name", "description", "arg_names", "arg_descriptions"] as const).map(
  fieldNumber,
);
/** The numbers in `FIELDS` of the config's fields. */
const CONFIG_FIELDS = (["cli", "cli_description", "category", "tags"] as const).map(fieldNumber);
/** The first of the fields with one text per argument; those before it have one text each. */
const FIRST_ARG_FIELD = fieldNumber("arg_names");
/** Joins the texts of a tool: any character that is not a letter or digit ends a word. */
const BREAK = "\n";
const ENCODER = new TextEncoder();

/** The knobs of ranking. The defaults are those measured best; `scripts/eval.ts` varies them. */
export interface RankingOptions {
  /** Weight of each of `FIELDS`. */
  weights: readonly number[];
  /** Length normalisation of each of `FIELDS`, from 0 (none) to 1 (full). */
  b: readonly number[];
  /** Term frequency saturation. */
  k1: number;
  /** Weight of the words that a query's last word is the beginning of. */
  prefixWeight: number;
  /** Weight of a word one or two edits away from a query word that no tool has. */
  typoWeight: number;
  /** Whether words are reduced to their stems. */
  stemming: boolean;
  /** Whether function words ("the", "of", "can") are left out. */
  stopWords: boolean;
}

/** The ranking measured best on the development set (see the README). */
export const DEFAULT_RANKING: RankingOptions = Object.freeze({
  weights: Object.freeze([3, 1, 1, 0.5, 0.5, 1, 0.5, 0.3]),
  b: Object.freeze([0.5, 0.75, 0.5, 0.75, 0, 0.5, 0.75, 0.75]),
  k1: 1.2,
  prefixWeight: 0.5,
  typoWeight: 0.5,
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
  /** The highest score of each term in any tool. */
  scales: Float32Array;
  /** How many tools have each term. */
  docFrequency: Uint32Array;
  /** The average number of terms in each of `FIELDS`, over the tools. */
  averages: Float64Array;
}

/**
 * The statistics of a larger collection that an index's tools are scored as a part of: an
 * index of a few tools added to a large one scores them as the large one would.
 */
export interface CorpusStats {
  /** How many tools the collection holds beside the ones indexed. */
  readonly docCount: number;
  /** The average number of terms in each of `FIELDS` over its tools. */
  readonly averages: Float64Array;
  /** How many of its tools have the term. */
  docFrequency(term: string): number;
}

/**
 * The tables of `tools`, each with its config at the same position in `configs`, with their
 * terms numbered in `vocabulary`. A function of its own, not the body of `RankedIndex`'s
 * constructor: the engine optimised the same loops in the constructor less well (the build took
 * about 5% longer).
 */
export function buildRankedTables(
  tools: readonly RankedTool[],
  configs: readonly RankedConfig[],
  options: RankingOptions,
  vocabulary: Vocabulary,
  corpus?: CorpusStats,
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
  for (let doc = 0; doc < docCount; doc++) {
    for (let field = 0; field < fieldCount; field++) {
      const average = averages[field];
      const b = options.b[field];
      const relative = average > 0 ? lengths[doc * fieldCount + field] / average : 0;
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

  // Saturation and rarity, which depend on the term and tool only; then the byte layout.
  const k1 = options.k1;
  const terms = vocabulary.terms;
  const collection = docCount + (corpus?.docCount ?? 0);
  const scales = new Float32Array(termCount);
  const byteOffsets = new Uint32Array(termCount + 1);
  for (let id = 0; id < termCount; id++) {
    const df = docFrequency[id] + (corpus?.docFrequency(terms[id]) ?? 0);
    const idf = inverseDocumentFrequency(collection, df);
    let highest = 0;
    let bytes = 0;
    let previous = -1;
    for (let p = offsets[id]; p < offsets[id + 1]; p++) {
      const tf = impacts[p];
      impacts[p] = idf * (tf * (k1 + 1)) / (tf + k1);
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

/** BM25's rarity of a term that `df` of `docCount` tools have. */
export function inverseDocumentFrequency(docCount: number, df: number): number {
  return Math.log(1 + (docCount - df + 0.5) / (df + 0.5));
}

/**
 * The first pass of a build: each tool's terms as (term number, field) pairs, back to back,
 * and each field's length. A class of its own, so that the work on each tool is a method
 * that the engine optimises as it would any other, not the body of a one-off loop.
 */
class ToolTerms {
  readonly #vocabulary: Vocabulary;
  /** Term number × `FIELDS.length` + field, tool after tool. */
  readonly pairs: TermBuffer;
  /** The number of terms of each field of each tool, at tool × `FIELDS.length` + field. */
  readonly lengths: Float32Array;
  /** The number of terms of each field over all tools. */
  readonly totals = new Float64Array(FIELDS.length);
  /** Where each tool's pairs end. */
  readonly ends: Uint32Array;
  #doc = 0;
  readonly #parts: string[] = [];
  /** Where each of `#parts` ends: in UTF-16 units, then in `#bytes`. */
  readonly #partEnds: number[] = [];
  /** The UTF-8 bytes of the tool's parts, joined. */
  #bytes = new Uint8Array(1 << 12);
  /** The term numbers of each field of each config, found on its first tool. */
  readonly #configs = new Map<RankedConfig, Int32Array[]>();
  readonly #scratch = new TermBuffer(1 << 8);

  constructor(vocabulary: Vocabulary, docCount: number) {
    this.#vocabulary = vocabulary;
    // Room for about 64 terms a tool, so that a small index allocates little.
    this.pairs = new TermBuffer(Math.min(1 << 16, Math.max(1 << 10, docCount << 6)));
    this.lengths = new Float32Array(docCount * FIELDS.length);
    this.ends = new Uint32Array(docCount);
  }

  /** Adds the next tool. */
  add(tool: RankedTool, config: RankedConfig): void {
    const parts = this.#parts;
    const args = tool.args;
    parts.length = 0;
    parts.push(tool.name, tool.description);
    for (const arg of args) parts.push(arg.name);
    for (const arg of args) parts.push(arg.description);
    // One string per tool, then its UTF-8 bytes, whose words are read where they stand (see
    // `Vocabulary.analyzeUtf8`).
    const own = parts.join(BREAK);
    // Three bytes of UTF-8 at most for each UTF-16 unit.
    if (this.#bytes.length < 3 * own.length) {
      this.#bytes = new Uint8Array(Math.max(3 * own.length, 2 * this.#bytes.length));
    }
    const bytes = this.#bytes;
    const written = ENCODER.encodeInto(own, bytes).written;
    // Where each part ends: in UTF-16 units, then in bytes if any character is beyond ASCII.
    const ends = this.#partEnds;
    ends.length = 0;
    let at = -BREAK.length;
    for (const text of parts) ends.push(at += BREAK.length + text.length);
    if (written !== own.length) toByteOffsets(bytes, written, ends);
    let part = 0;
    let end = 0;
    let configAdded = false;
    for (let k = 0; k < OWN_FIELDS.length; k++) {
      // The config's fields go where FIELDS lists them, so that terms are numbered in the
      // order the fields are listed.
      if (!configAdded && OWN_FIELDS[k] > CONFIG_FIELDS[0]) {
        this.#addConfig(config);
        configAdded = true;
      }
      const start = end;
      const count = OWN_FIELDS[k] < FIRST_ARG_FIELD ? 1 : args.length;
      if (count > 0) end = ends[(part += count) - 1];
      const before = this.pairs.length;
      this.#vocabulary.analyzeUtf8(bytes, start, end, this.pairs);
      this.#field(OWN_FIELDS[k], before);
    }
    if (!configAdded) this.#addConfig(config);
    this.ends[this.#doc++] = this.pairs.length;
  }

  #addConfig(config: RankedConfig): void {
    let fields = this.#configs.get(config);
    if (fields === undefined) {
      const texts = [
        [config.name],
        [config.description],
        config.category === null ? [] : [config.category],
        config.tags,
      ];
      const scratch = this.#scratch;
      fields = texts.map((field) => {
        scratch.length = 0;
        for (const text of field) this.#vocabulary.analyze(text, scratch);
        return scratch.data.slice(0, scratch.length);
      });
      this.#configs.set(config, fields);
    }
    for (let k = 0; k < CONFIG_FIELDS.length; k++) {
      const before = this.pairs.length;
      for (const id of fields[k]) this.pairs.push(id);
      this.#field(CONFIG_FIELDS[k], before);
    }
  }

  /** Marks the term numbers from `before` on with their field, and counts them. */
  #field(field: number, before: number): void {
    const data = this.pairs.data;
    const end = this.pairs.length;
    for (let i = before; i < end; i++) data[i] = data[i] * FIELDS.length + field;
    this.lengths[this.#doc * FIELDS.length + field] = end - before;
    this.totals[field] += end - before;
  }
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
