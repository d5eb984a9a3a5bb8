// Relevance ranking for an agent's words: BM25F over the fields of each tool.
//
// A tool's fields (its name, description, CLI, category, tags and arguments) are weighted and
// length-normalised on their own, then saturated together (BM25F), so a word in a tool's name
// counts for more than the same word deep in an argument's description, and a long description
// does not win by repetition. The score of each term in each tool does not depend on the query,
// so it is computed once at build time and stored beside the tool's number in the term's
// posting list: a query only adds up the lists of its terms.
import { withinEdits } from "./_typos.ts";
import { splitWords, TermBuffer, toByteOffsets, Vocabulary } from "./_words.ts";

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

/** Prefixes shorter than this are not completed: too many words start with them. */
const MIN_PREFIX = 3;
/** At most this many completions of a prefix count, the most frequent first. */
const MAX_COMPLETIONS = 24;
/** Words shorter than this are not corrected: one edit makes another real word. */
const MIN_TYPO_LENGTH = 5;

/** Words this long may be two edits from what was meant. */
const LONG_TYPO_LENGTH = 9;

/** Accepts a tool number when it passes the filters. */
type Accept = (doc: number) => boolean;

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
}

interface QueryTerm {
  id: number;
  weight: number;
}

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
  /** The highest score of each term in any tool. */
  readonly #scales: Float32Array;
  /** How many tools have each term. */
  readonly #docFrequency: Uint32Array;
  #sortedTerms: readonly string[] | undefined;
  #termsByLength: readonly number[][] | undefined;
  #scores: Float64Array | undefined;
  #touched: Int32Array | undefined;

  /**
   * Indexes `tools`, each with its config at the same position in `configs`, or adopts the
   * `tables` of an index built earlier from the same tools with the same `options`.
   *
   * @throws {RangeError} When `tables` are not laid out as a built index's are.
   */
  constructor(
    tools: readonly RankedTool[],
    configs: readonly RankedConfig[],
    options: RankingOptions = DEFAULT_RANKING,
    tables?: RankedTables,
  ) {
    this.#options = options;
    let vocabulary: Vocabulary;
    let adopted: RankedTables;
    if (tables === undefined) {
      vocabulary = new Vocabulary(options.stemming, options.stopWords);
      adopted = buildTables(tools, configs, options, vocabulary);
    } else {
      const termCount = tables.terms.length;
      if (
        tables.docCount !== tools.length || tables.offsets.length !== termCount + 1 ||
        tables.offsets[termCount] !== tables.postings.length ||
        tables.scales.length !== termCount || tables.docFrequency.length !== termCount
      ) {
        throw new RangeError("The ranking tables are not those of a built index");
      }
      vocabulary = new Vocabulary(options.stemming, options.stopWords, tables.terms);
      adopted = tables;
    }
    this.#docCount = adopted.docCount;
    this.#vocabulary = vocabulary;
    this.#offsets = adopted.offsets;
    this.#postings = adopted.postings;
    this.#scales = adopted.scales;
    this.#docFrequency = adopted.docFrequency;
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
    };
  }

  /**
   * The numbers of the tools that share a term with `query` and that `accept` (when given)
   * accepts, best first, ties in tool order: `count` of them after the first `skip`. Undefined
   * when `query` has no word to rank by, no run of letters or digits that is not a stop word:
   * such a query ("?", "how do I") says nothing about which tool is meant.
   */
  rank(query: string, accept: Accept | null, skip: number, count: number): number[] | undefined {
    const vocabulary = this.#vocabulary;
    const words = splitWords(query).filter((word) => !vocabulary.isStopWord(word));
    if (words.length === 0) return undefined;
    const queryTerms = this.#queryTerms(words);
    if (queryTerms.length === 0) return [];
    const docCount = this.#docCount;
    const scores = this.#scores ??= new Float64Array(docCount);
    const postings = this.#postings;
    let postingBytes = 0;
    for (const { id } of queryTerms) postingBytes += this.#offsets[id + 1] - this.#offsets[id];
    // A query whose lists cover much of the index reads every score in tool order: cheaper than
    // keeping a list of the tools it touches, whose test at each posting the CPU cannot guess.
    const dense = postingBytes > docCount;
    const touched = dense ? null : this.#touched ??= new Int32Array(docCount);
    let touchedCount = 0;
    for (const { id, weight } of queryTerms) {
      const step = (weight * this.#scales[id]) / 255;
      // Every score added below is then positive, so a zero score marks an untouched tool.
      if (step === 0) continue;
      const end = this.#offsets[id + 1];
      let doc = -1;
      if (touched === null) {
        for (let p = this.#offsets[id]; p < end;) {
          let byte = postings[p++];
          let gap = byte & 127;
          for (let shift = 7; byte >= 128; shift += 7) {
            byte = postings[p++];
            gap |= (byte & 127) << shift;
          }
          doc += gap;
          scores[doc] += step * postings[p++];
        }
        continue;
      }
      for (let p = this.#offsets[id]; p < end;) {
        let byte = postings[p++];
        let gap = byte & 127;
        for (let shift = 7; byte >= 128; shift += 7) {
          byte = postings[p++];
          gap |= (byte & 127) << shift;
        }
        doc += gap;
        if (scores[doc] === 0) touched[touchedCount++] = doc;
        scores[doc] += step * postings[p++];
      }
    }

    const heap = new TopK(skip + count);
    if (touched === null) {
      // Tools come in order, so a later tool with the lowest kept score does not make the cut.
      let cut = 0;
      for (let doc = 0; doc < docCount; doc++) {
        const score = scores[doc];
        if (score <= cut) continue;
        if (accept !== null && !accept(doc)) continue;
        heap.offer(score, doc);
        cut = Math.max(0, heap.floor);
      }
      scores.fill(0);
      return heap.sorted().slice(skip);
    }
    // The lowest kept score: below it nothing is kept once the heap is full. Tools are visited
    // out of order, so an equal score is settled by `offer`.
    let floor = -1;
    for (let i = 0; i < touchedCount; i++) {
      const doc = touched[i];
      const score = scores[doc];
      scores[doc] = 0;
      // The filters are the dearer test, so they wait until the score could make the cut.
      if (score < floor || (accept !== null && !accept(doc))) continue;
      heap.offer(score, doc);
      floor = heap.floor;
    }
    return heap.sorted().slice(skip);
  }

  /**
   * The terms of a query's words (stop words left out) with their weights: the words that some
   * tool has, else the words
   * that an unknown last word begins (it may be unfinished), else the words an unknown word is
   * a typo of.
   */
  #queryTerms(words: readonly string[]): QueryTerm[] {
    const { prefixWeight, typoWeight } = this.#options;
    const vocabulary = this.#vocabulary;
    const weights = new Map<number, number>();
    const add = (id: number, weight: number) => {
      weights.set(id, Math.max(weights.get(id) ?? 0, weight));
    };
    words.forEach((word, i) => {
      const term = vocabulary.termOf(word);
      const id = vocabulary.idOf(term);
      if (id !== undefined) {
        add(id, 1);
        return;
      }
      const completions = prefixWeight > 0 && i === words.length - 1 && term.length >= MIN_PREFIX
        ? this.#completions(term)
        : [];
      for (const completion of completions) add(completion, prefixWeight);
      if (completions.length === 0 && typoWeight > 0 && term.length >= MIN_TYPO_LENGTH) {
        for (const corrected of this.#corrections(term)) add(corrected, typoWeight);
      }
    });
    return [...weights].map(([id, weight]) => ({ id, weight }));
  }

  /** The most frequent terms that begin with `prefix`, the term itself excluded. */
  #completions(prefix: string): number[] {
    const sorted = this.#sortedTerms ??= [...this.#vocabulary.terms].sort();
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
  #corrections(term: string): number[] {
    const limit = term.length >= LONG_TYPO_LENGTH ? 2 : 1;
    const terms = this.#vocabulary.terms;
    const byLength = this.#termsByLength ??= groupByLength(terms);
    const found: number[] = [];
    for (let length = term.length - limit; length <= term.length + limit; length++) {
      for (const id of byLength[length] ?? []) {
        if (withinEdits(term, terms[id], limit)) found.push(id);
      }
    }
    return found;
  }
}

/**
 * The tables of `tools`, each with its config at the same position in `configs`, with their
 * terms numbered in `vocabulary`. A function of its own, not the constructor's body: the
 * engine optimised the same loops in the constructor less well (the build took about 5% longer).
 */
function buildTables(
  tools: readonly RankedTool[],
  configs: readonly RankedConfig[],
  options: RankingOptions,
  vocabulary: Vocabulary,
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
  const averages = totals.map((total) => total / Math.max(1, docCount));
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
  const scales = new Float32Array(termCount);
  const byteOffsets = new Uint32Array(termCount + 1);
  for (let id = 0; id < termCount; id++) {
    const df = docFrequency[id];
    const idf = Math.log(1 + (docCount - df + 0.5) / (df + 0.5));
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
  };
}

/**
 * The first pass of a build: each tool's terms as (term number, field) pairs, back to back,
 * and each field's length. A class of its own, so that the work on each tool is a method
 * that the engine optimises as it would any other, not the body of a one-off loop.
 */
class ToolTerms {
  readonly #vocabulary: Vocabulary;
  /** Term number × `FIELDS.length` + field, tool after tool. */
  readonly pairs = new TermBuffer();
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
  readonly #scratch = new TermBuffer();

  constructor(vocabulary: Vocabulary, docCount: number) {
    this.#vocabulary = vocabulary;
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

/** Term numbers grouped by the length of the term. */
function groupByLength(terms: readonly string[]): number[][] {
  const groups: number[][] = [];
  terms.forEach((term, id) => (groups[term.length] ??= []).push(id));
  return groups;
}

/** The `size` best (score, tool) pairs: higher score first, then lower tool number. */
class TopK {
  readonly #size: number;
  readonly #scores: number[] = [];
  readonly #docs: number[] = [];

  constructor(size: number) {
    this.#size = size;
  }

  /** Whether (a, x) ranks below (b, y). */
  static #worse(a: number, x: number, b: number, y: number): boolean {
    return a < b || (a === b && x > y);
  }

  /** The lowest score kept when full; -1 (below every score) until then. */
  get floor(): number {
    return this.#scores.length < this.#size ? -1 : this.#scores[0];
  }

  /** Keeps (score, doc) if it is among the best so far. */
  offer(score: number, doc: number): void {
    const scores = this.#scores;
    const docs = this.#docs;
    if (scores.length < this.#size) {
      // Sift up: the root holds the worst kept pair.
      let i = scores.length;
      scores.push(score);
      docs.push(doc);
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!TopK.#worse(score, doc, scores[parent], docs[parent])) break;
        scores[i] = scores[parent];
        docs[i] = docs[parent];
        i = parent;
      }
      scores[i] = score;
      docs[i] = doc;
      return;
    }
    if (this.#size === 0 || !TopK.#worse(scores[0], docs[0], score, doc)) return;
    let i = 0;
    const n = scores.length;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && TopK.#worse(scores[right], docs[right], scores[left], docs[left])
        ? right
        : left;
      if (!TopK.#worse(scores[child], docs[child], score, doc)) break;
      scores[i] = scores[child];
      docs[i] = docs[child];
      i = child;
    }
    scores[i] = score;
    docs[i] = doc;
  }

  /** The kept tools, best first. */
  sorted(): number[] {
    const order = this.#docs.map((_, i) => i);
    order.sort((i, j) => this.#scores[j] - this.#scores[i] || this.#docs[i] - this.#docs[j]);
    return order.map((i) => this.#docs[i]);
  }
}
