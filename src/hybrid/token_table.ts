/**
 * A sentence encoder of table look-ups: a vector for each of all-MiniLM-L6-v2's word pieces,
 * trained so that the mean of a text's pieces comes near the encoder's own vector of the text
 * (`scripts/static_table.py`), 4 bits a value. It runs no neural network: a text takes about a
 * tenth of a millisecond, and the table keeps 6.6 MB, as it is stored beside this module (4-bit
 * values gain little from gzip, and unzipping took longer than reading).
 *
 * @module
 */
import { bytesOf, modelName, once, type PackedMatrix, packedMatrix } from "./_model_file.ts";
import { tokenIds, type Vocabulary, vocabularyOf } from "./_wordpiece.ts";
import { MAX_TOKENS, type SentenceEncoder } from "./sentence_encoder.ts";

/** The files of the table, beside this module. */
const FILES = {
  table: new URL("./_token_table.bin", import.meta.url),
  vocabulary: new URL("./_vocab.txt", import.meta.url),
};

const loaded = once(load);

/**
 * The table encoder, loaded once per process, and `HybridSearcher`'s default. Its vectors
 * compare with each other, not with all-MiniLM-L6-v2's own.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadTokenTable } from "@climax/tool-index/hybrid";
 *
 * const table = await loadTokenTable();
 * const [cab, taxi, cake] = await table.encode(["get me a cab", "book a taxi", "bake a cake"]);
 * const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i], 0);
 * assert.ok(cosine(cab, taxi) > cosine(cab, cake) + 0.2);
 * ```
 */
export function loadTokenTable(): Promise<SentenceEncoder> {
  return loaded();
}

async function load(): Promise<SentenceEncoder> {
  // The vocabulary's map is made while the table is read, and the digest runs beside the parsing.
  const vocabulary = bytesOf(FILES.vocabulary).then((bytes) => ({
    bytes,
    ids: vocabularyOf(new TextDecoder().decode(bytes)),
  }));
  const [table, { bytes, ids }] = await Promise.all([bytesOf(FILES.table), vocabulary]);
  const [model, matrix] = await Promise.all([
    modelName("all-MiniLM-L6-v2-table", [table, bytes]),
    Promise.resolve(table).then(packedMatrix),
  ]);
  return new TableEncoder(model, matrix, ids);
}

/** Encodes a text as the unit mean of its word pieces' rows. */
class TableEncoder implements SentenceEncoder {
  readonly model: string;
  readonly dimensions: number;
  readonly #table: PackedMatrix;
  readonly #vocabulary: Vocabulary;

  constructor(model: string, table: PackedMatrix, vocabulary: Vocabulary) {
    this.model = model;
    this.dimensions = table.columns;
    this.#table = table;
    this.#vocabulary = vocabulary;
  }

  encode(texts: readonly string[]): Promise<Float32Array[]> {
    return Promise.resolve(texts.map((text) => this.#vector(text)));
  }

  #vector(text: string): Float32Array {
    const { columns, rows, values, scales } = this.#table;
    const sum = new Float64Array(columns);
    const ids = tokenIds(this.#vocabulary, text, MAX_TOKENS);
    // Not [CLS] and [SEP], which every text has.
    for (const id of ids.slice(1, -1)) {
      if (id >= rows) continue;
      const start = id * columns;
      for (let i = 0; i < columns; i++) {
        const at = start + i;
        const byte = values[at >> 1];
        const step = (at & 1 ? byte >> 4 : byte & 15) - 8;
        sum[i] += step * scales[at >> 5];
      }
    }
    const norm = Math.hypot(...sum);
    const out = new Float32Array(columns);
    if (norm > 0) { for (let i = 0; i < columns; i++) out[i] = sum[i] / norm; }
    return out;
  }
}
