// The vectors of the tools a hybrid searcher has encoded, by the text encoded: a tool registered
// again with the same name, description and source keeps its vector. They are stored, for the
// catalogue, as 8-bit integers with a scale.
import type { RegistryEntry, SearchDoc } from "../registry/types.ts";
import type { SentenceEncoder } from "./sentence_encoder.ts";

/**
 * Tools' vectors as `HybridSearcher.storedVectors` gives them and `deno task catalogue` writes
 * them: valid only for the encoder `model` names.
 *
 * @example
 * ```ts
 * import type { StoredVectors } from "@climax/tool-index/hybrid";
 *
 * const none: StoredVectors = { model: "all-MiniLM-L6-v2/379b95b676a72a97", tools: {} };
 * ```
 */
export interface StoredVectors {
  /** The encoder's `model`. */
  model: string;
  /** Each tool's vector, by the text encoded: base64 of 8-bit integers, then a float32 scale. */
  tools: Record<string, string>;
}

/** What the encoder reads of a tool: its name as words, what it does, and where it comes from. */
export function toolText(entry: RegistryEntry): string {
  return `${entry.tool_name.replaceAll("_", " ")}: ${entry.description} (${entry.cli_name})`;
}

/** The vectors of a list of tools, one after another, and each tool's place by ID. */
interface DocsMatrix {
  readonly matrix: Float32Array;
  readonly place: ReadonlyMap<string, number>;
  /** How many tools had no vector, and how many encodings had finished, when it was made. */
  readonly missing: number;
  readonly encoded: number;
}

/** How many tools one run of the encoder takes, when many are encoded. */
const CHUNK = 64;

/** The tools' vectors of one encoder. */
export class VectorStore {
  readonly #encoder: SentenceEncoder;
  readonly #byText = new Map<string, Float32Array>();
  /** A registered tool's entry keeps its object: most look-ups end here. */
  readonly #byEntry = new WeakMap<RegistryEntry, Float32Array>();
  readonly #matrices = new WeakMap<readonly SearchDoc[], DocsMatrix>();
  /** The texts being encoded, each with the encoding that will give its vector. */
  readonly #pending = new Map<string, Promise<void>>();
  /**
   * The packed form a stored vector came in, by text: stored again as it came, where packing the
   * unpacked vector would round it again, and `deno task catalogue` would never give the same file.
   */
  readonly #packed = new Map<string, string>();
  /** How many encodings have finished: a matrix made before the last one may lack a vector. */
  #encoded = 0;

  constructor(encoder: SentenceEncoder, stored: StoredVectors | undefined) {
    this.#encoder = encoder;
    if (stored?.model !== encoder.model || typeof stored.tools !== "object") return;
    for (const [text, packed] of Object.entries(stored.tools ?? {})) {
      const vector = typeof packed === "string" ? unpacked(packed, encoder.dimensions) : undefined;
      if (vector === undefined) continue;
      this.#byText.set(text, vector);
      this.#packed.set(text, packed);
    }
  }

  /** Encodes the tools of `docs` that have no vector yet; at once when they all had one. */
  addDocs(docs: readonly SearchDoc[]): Promise<void> {
    if (this.#matrices.get(docs)?.missing === 0) return Promise.resolve();
    return this.add(docs.map((doc) => doc.entry));
  }

  /** Encodes the tools of `entries` whose text has no vector yet. */
  async add(entries: readonly RegistryEntry[]): Promise<void> {
    const missing = new Set<string>();
    const waiting = new Set<Promise<void>>();
    for (const entry of entries) {
      if (this.#byEntry.has(entry)) continue;
      const text = toolText(entry);
      const known = this.#byText.get(text);
      const pending = this.#pending.get(text);
      if (known !== undefined) this.#byEntry.set(entry, known);
      else if (pending !== undefined) waiting.add(pending);
      else missing.add(text);
    }
    // A text another call is encoding is waited for, not encoded again. The rest go in chunks,
    // each asked for once the one before is done, so that a request's encoding waits for one
    // chunk at most, not for every tool.
    const texts = [...missing];
    let previous: Promise<void> = Promise.resolve();
    for (let start = 0; start < texts.length; start += CHUNK) {
      const chunk = texts.slice(start, start + CHUNK);
      const encoding = previous.then(() => this.#encoder.encode(chunk)).then((vectors) => {
        chunk.forEach((text, i) => this.#byText.set(text, vectors[i]));
        this.#encoded++;
      }).finally(() => chunk.forEach((text) => this.#pending.delete(text)));
      for (const text of chunk) this.#pending.set(text, encoding);
      waiting.add(encoding);
      previous = encoding;
    }
    await Promise.all(waiting);
  }

  /** Forgets the vector of every text that is no tool's of `entries`. */
  keepOnly(entries: readonly RegistryEntry[]): void {
    const kept = new Set(entries.map(toolText));
    for (const text of this.#byText.keys()) {
      if (kept.has(text)) continue;
      this.#byText.delete(text);
      this.#packed.delete(text);
    }
  }

  /**
   * The cosine of each tool of `docs` and `request` (0 for a tool not encoded), the highest, and
   * each tool's place in `docs` by ID.
   */
  cosines(
    docs: readonly SearchDoc[],
    request: Float32Array,
  ): { cosines: Float64Array; best: number; place: ReadonlyMap<string, number> } {
    const { matrix, place } = this.#matrixOf(docs);
    const dimensions = request.length;
    const cosines = new Float64Array(docs.length);
    let best = -Infinity;
    const fours = dimensions - dimensions % 4;
    // Four sums at a time, so that no single sum is carried from one step to the next.
    for (let doc = 0, at = 0; doc < docs.length; doc++, at += dimensions) {
      let a = 0, b = 0, c = 0, d = 0;
      for (let i = 0; i < fours; i += 4) {
        a += matrix[at + i] * request[i];
        b += matrix[at + i + 1] * request[i + 1];
        c += matrix[at + i + 2] * request[i + 2];
        d += matrix[at + i + 3] * request[i + 3];
      }
      for (let i = fours; i < dimensions; i++) a += matrix[at + i] * request[i];
      const sum = a + b + c + d;
      cosines[doc] = sum;
      if (sum > best) best = sum;
    }
    return { cosines, best, place };
  }

  /**
   * The vectors of `docs`, one after another, and their places by ID: kept for the same array,
   * which a registry gives every unfiltered search of one state, until a tool then not encoded
   * has been.
   */
  #matrixOf(docs: readonly SearchDoc[]): DocsMatrix {
    const kept = this.#matrices.get(docs);
    if (kept !== undefined && (kept.missing === 0 || kept.encoded === this.#encoded)) {
      return kept;
    }
    const dimensions = this.#encoder.dimensions;
    const matrix = new Float32Array(docs.length * dimensions);
    const place = new Map<string, number>();
    let missing = 0;
    docs.forEach((doc, i) => {
      place.set(doc.id, i);
      const vector = this.#vectorOf(doc.entry);
      if (vector === undefined) missing++;
      else matrix.set(vector, i * dimensions);
    });
    const made = { matrix, place, missing, encoded: this.#encoded };
    this.#matrices.set(docs, made);
    return made;
  }

  #vectorOf(entry: RegistryEntry): Float32Array | undefined {
    let vector = this.#byEntry.get(entry);
    if (vector === undefined) {
      vector = this.#byText.get(toolText(entry));
      if (vector !== undefined) this.#byEntry.set(entry, vector);
    }
    return vector;
  }

  /** The vectors of `entries` (default: every vector), packed. */
  stored(entries?: readonly RegistryEntry[]): StoredVectors {
    const texts = entries === undefined ? this.#byText.keys() : entries.map(toolText);
    const tools: Record<string, string> = {};
    for (const text of texts) {
      const vector = this.#byText.get(text);
      if (vector !== undefined) tools[text] = this.#packed.get(text) ?? packed(vector);
    }
    return { model: this.#encoder.model, tools };
  }
}

/** `vector` as base64 of its values over their largest, times 127, then that largest. */
function packed(vector: Float32Array): string {
  let largest = 0;
  for (const value of vector) largest = Math.max(largest, Math.abs(value));
  const bytes = new Uint8Array(vector.length + 4);
  const scale = largest === 0 ? 1 : largest / 127;
  vector.forEach((value, i) => bytes[i] = Math.round(value / scale) & 0xff);
  new DataView(bytes.buffer).setFloat32(vector.length, scale, true);
  return bytes.toBase64();
}

/** The unit vector `packed` stands for; undefined when it is not one of `dimensions`. */
function unpacked(text: string, dimensions: number): Float32Array | undefined {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.fromBase64(text);
  } catch {
    return undefined;
  }
  if (bytes.length !== dimensions + 4) return undefined;
  // A positive scale only sets the length, which the unit vector loses: the integers are enough.
  const scale = new DataView(bytes.buffer).getFloat32(dimensions, true);
  if (!(scale > 0 && scale < Infinity)) return undefined;
  const values = new Int8Array(bytes.buffer, 0, dimensions);
  let squares = 0;
  for (let i = 0; i < dimensions; i++) squares += values[i] * values[i];
  if (squares === 0) return undefined;
  const length = Math.sqrt(squares);
  const vector = new Float32Array(dimensions);
  for (let i = 0; i < dimensions; i++) vector[i] = values[i] / length;
  return vector;
}
