/**
 * What hybrid search asks of an encoder: a unit vector for each text, which compares with the
 * vectors of the same model.
 *
 * @module
 */

/**
 * The longest input an encoder reads, in word pieces with [CLS] and [SEP]: the rest is cut.
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

/**
 * Turns texts into unit vectors whose dot product says how close their meanings are.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadTokenTable, type SentenceEncoder } from "@climax/tool-index/hybrid";
 *
 * const encoder: SentenceEncoder = await loadTokenTable();
 * const [vector] = await encoder.encode(["list running containers"]);
 * assert.equal(vector.length, encoder.dimensions);
 * assert.ok(Math.abs(Math.hypot(...vector) - 1) < 1e-4);
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
