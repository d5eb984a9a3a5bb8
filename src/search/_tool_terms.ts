// The first pass of building the ranking tables: the fields of each tool, their terms as
// (term number, field) pairs, and their lengths.
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

/**
 * The first pass of a build: each tool's terms as (term number, field) pairs, back to back,
 * and each field's length. A class of its own, so that the work on each tool is a method
 * that the engine optimises as it would any other, not the body of a one-off loop.
 */
export class ToolTerms {
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

  /**
   * Marks the term numbers from `before` on with their field, and counts them: the words, not
   * the terms of their own forms.
   */
  #field(field: number, before: number): void {
    const data = this.pairs.data;
    const end = this.pairs.length;
    const vocabulary = this.#vocabulary;
    let words = 0;
    for (let i = before; i < end; i++) {
      if (!vocabulary.isExact(data[i])) words++;
      data[i] = data[i] * FIELDS.length + field;
    }
    this.lengths[this.#doc * FIELDS.length + field] = words;
    this.totals[field] += words;
  }
}
