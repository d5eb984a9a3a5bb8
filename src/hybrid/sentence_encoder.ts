/**
 * The sentence encoder hybrid search compares requests and tools with: all-MiniLM-L6-v2 (Apache
 * 2.0), its weights quantized (2 bits for the word embeddings, 4 for the layers) and shipped
 * beside this module, run in 8-bit arithmetic by onnxruntime-web's WebAssembly backend: no
 * Python, no network, no native code.
 *
 * @module
 */
import type { InferenceSession, Tensor } from "onnxruntime-web";
import { bytesOf, modelName, once, runtimeWeights } from "./_model_file.ts";
import { tokenIds, type Vocabulary, vocabularyOf } from "./_wordpiece.ts";

/**
 * The longest input the encoder reads, in tokens with [CLS] and [SEP]: the rest is cut.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_TOKENS } from "@climax/tool-index/hybrid";
 *
 * assert.equal(MAX_TOKENS, 256);
 * ```
 */
export const MAX_TOKENS = 256;

/** How many texts of similar length one run of the encoder takes. */
const BATCH = 16;

/**
 * Turns texts into unit vectors whose dot product says how close their meanings are.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadSentenceEncoder } from "@climax/tool-index/hybrid";
 *
 * const encoder = await loadSentenceEncoder();
 * const [cab, taxi, cake] = await encoder.encode(["get me a cab", "book a taxi", "bake a cake"]);
 * const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i], 0);
 * assert.ok(cosine(cab, taxi) > cosine(cab, cake) + 0.2);
 * ```
 */
export interface SentenceEncoder {
  /** Names the model and its weights: vectors made by another model do not compare. */
  readonly model: string;
  /** The length of each vector. */
  readonly dimensions: number;
  /** The unit vector of each text, in order. */
  encode(texts: readonly string[]): Promise<Float32Array[]>;
}

/** The files of the encoder, beside this module. */
const FILES = {
  graph: new URL("./_minilm.onnx", import.meta.url),
  weights: new URL("./_minilm_weights.bin.gz", import.meta.url),
  vocabulary: new URL("./_vocab.txt", import.meta.url),
};

const loaded = once(load);

/**
 * The encoder, loaded once per process: its files are read (beside this module, from disk or
 * from where the module was fetched), its weights made into what the runtime multiplies (8-bit
 * integers with their scales) and the WebAssembly runtime started.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadSentenceEncoder } from "@climax/tool-index/hybrid";
 *
 * const encoder = await loadSentenceEncoder();
 * const [vector] = await encoder.encode(["list running containers"]);
 * assert.equal(vector.length, encoder.dimensions);
 * assert.ok(Math.abs(Math.hypot(...vector) - 1) < 1e-4);
 * ```
 */
export function loadSentenceEncoder(): Promise<SentenceEncoder> {
  return loaded();
}

async function load(): Promise<SentenceEncoder> {
  const [ort, graph, weights, vocabulary] = await Promise.all([
    import("onnxruntime-web"),
    bytesOf(FILES.graph),
    bytesOf(FILES.weights, "gzip"),
    bytesOf(FILES.vocabulary),
  ]);
  ort.env.wasm.numThreads = 1;
  const session = await ort.InferenceSession.create(graph, {
    executionProviders: ["wasm"],
    externalData: [{ path: "weights", data: runtimeWeights(weights) }],
  });
  // Vectors made with another graph, weights or vocabulary do not compare with this one's.
  const model = await modelName("all-MiniLM-L6-v2", [graph, weights, vocabulary]);
  const words = vocabularyOf(new TextDecoder().decode(vocabulary));
  return new OnnxEncoder(model, session, ort.Tensor, words);
}

/** The encoder over one onnxruntime session. */
class OnnxEncoder implements SentenceEncoder {
  readonly dimensions = 384;
  readonly model: string;
  readonly #session: InferenceSession;
  readonly #Tensor: typeof Tensor;
  readonly #vocabulary: Vocabulary;
  /** Runs one after another: the runtime's single thread does one at a time anyway. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    model: string,
    session: InferenceSession,
    tensor: typeof Tensor,
    vocabulary: Vocabulary,
  ) {
    this.model = model;
    this.#session = session;
    this.#Tensor = tensor;
    this.#vocabulary = vocabulary;
  }

  encode(texts: readonly string[]): Promise<Float32Array[]> {
    const run = this.#queue.then(() => this.#encode(texts));
    this.#queue = run.catch(() => {});
    return run;
  }

  async #encode(texts: readonly string[]): Promise<Float32Array[]> {
    const ids = texts.map((text) => tokenIds(this.#vocabulary, text, MAX_TOKENS));
    // Texts of like length run together, so that little of a batch is padding.
    const order = ids.map((_, i) => i).sort((a, b) => ids[a].length - ids[b].length);
    const out: Float32Array[] = new Array(texts.length);
    for (let start = 0; start < order.length; start += BATCH) {
      const batch = order.slice(start, start + BATCH);
      const width = ids[batch[batch.length - 1]].length;
      const input = new BigInt64Array(batch.length * width);
      const mask = new BigInt64Array(batch.length * width);
      batch.forEach((text, row) => {
        ids[text].forEach((id, column) => {
          input[row * width + column] = BigInt(id);
          mask[row * width + column] = 1n;
        });
      });
      const shape = [batch.length, width];
      const result = await this.#session.run({
        input_ids: new this.#Tensor("int64", input, shape),
        attention_mask: new this.#Tensor("int64", mask, shape),
      });
      const vectors = result.embedding.data as Float32Array;
      batch.forEach((text, row) => {
        out[text] = vectors.slice(row * this.dimensions, (row + 1) * this.dimensions);
      });
    }
    return out;
  }
}
