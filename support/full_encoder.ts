// all-MiniLM-L6-v2 itself, for measuring the token table that hybrid search ships against it
// (`deno task eval --full-encoder`, bench/hybrid_report.ts, tests/full_encoder_test.ts): its weights quantized
// (2 bits for the word embeddings, 4 for the layers; scripts/encoder_model.py) and run in 8-bit
// arithmetic by onnxruntime-web's WebAssembly backend. It is not published: the package ships the
// table alone, and onnxruntime-web is a package of the tooling's lockfile only.
import type { InferenceSession, Tensor } from "npm:onnxruntime-web@1.30.0";
import {
  blockScales,
  bytesOf,
  COLUMNS,
  FLOAT32,
  modelName,
  once,
  type StoredTensor,
  tensorsOf,
} from "../src/hybrid/_model_file.ts";
import { tokenIds, type Vocabulary, vocabularyOf } from "../src/hybrid/_wordpiece.ts";
import { MAX_TOKENS, type SentenceEncoder } from "../src/hybrid/mod.ts";

/** How many texts of similar length one run of the encoder takes. */
const BATCH = 16;

/** The encoder's files: the graph and weights here, the vocabulary the table shares. */
const FILES = {
  graph: new URL("./minilm.onnx", import.meta.url),
  weights: new URL("./minilm_weights.bin.gz", import.meta.url),
  vocabulary: new URL("../src/hybrid/_vocab.txt", import.meta.url),
};

const loaded = once(load);

/**
 * The full encoder, loaded once per process: its files read, its weights made into what the
 * runtime multiplies (8-bit integers with their scales) and the WebAssembly runtime started.
 */
export function loadFullEncoder(): Promise<SentenceEncoder> {
  return loaded();
}

async function load(): Promise<SentenceEncoder> {
  const [ort, graph, weights, vocabulary] = await Promise.all([
    import("npm:onnxruntime-web@1.30.0"),
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

/** The weights in the order and at the offsets the graph gives, from `file`. */
export function runtimeWeights(file: Uint8Array): Uint8Array<ArrayBuffer> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tensors = tensorsOf(file);
  const size = tensors.reduce(
    (sum, { count, output, columns }) =>
      sum +
      (output === FLOAT32
        ? 4 * count
        : count + 4 * (output === COLUMNS ? columns : count / columns)),
    0,
  );
  const out = new Uint8Array(size);
  const outView = new DataView(out.buffer);
  let written = 0;
  for (const tensor of tensors) {
    const values = floats(file, view, tensor);
    if (tensor.output === FLOAT32) {
      new Uint8Array(out.buffer, written, values.byteLength).set(new Uint8Array(values.buffer));
      written += values.byteLength;
      continue;
    }
    const scales = scalesOf(values, tensor.columns, tensor.output === COLUMNS);
    const byColumn = tensor.output === COLUMNS;
    for (let i = 0; i < values.length; i++) {
      const scale = scales[byColumn ? i % tensor.columns : Math.floor(i / tensor.columns)];
      // Rounded as the writer rounds: the quotient in float32, then half up.
      const value = Math.round(Math.fround(values[i] / scale));
      out[written + i] = Math.max(-127, Math.min(127, value)) & 0xff;
    }
    written += values.length;
    for (const scale of scales) {
      outView.setFloat32(written, scale, true);
      written += 4;
    }
  }
  return out;
}

/** The values of `tensor`, in `file` (seen through `view`), as float32. */
function floats(file: Uint8Array, view: DataView, tensor: StoredTensor): Float32Array {
  const { at, bits, block, count } = tensor;
  const out = new Float32Array(count);
  if (bits === 0) {
    for (let i = 0; i < count; i++) out[i] = view.getFloat32(at + 4 * i, true);
    return out;
  }
  const offset = 1 << (bits - 1);
  const mask = (1 << bits) - 1;
  let byte = at + (count / block) * 2;
  let buffer = 0;
  let held = 0;
  const scales = blockScales(file, tensor);
  for (let b = 0; b < count / block; b++) {
    const scale = scales[b];
    for (let i = b * block, end = i + block; i < end; i++) {
      if (held < bits) {
        buffer |= view.getUint8(byte++) << held;
        held += 8;
      }
      out[i] = ((buffer & mask) - offset) * scale;
      buffer >>>= bits;
      held -= bits;
    }
  }
  return out;
}

/** The scale of each column (or row) of `values`: its largest magnitude over 127, or 1. */
function scalesOf(values: Float32Array, columns: number, byColumn: boolean): Float32Array {
  const scales = new Float32Array(byColumn ? columns : values.length / columns);
  for (let i = 0; i < values.length; i++) {
    const at = byColumn ? i % columns : Math.floor(i / columns);
    scales[at] = Math.max(scales[at], Math.abs(values[i]));
  }
  return scales.map((largest) => largest === 0 ? 1 : largest / 127);
}
