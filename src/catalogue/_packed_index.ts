// A registry's built search as JSON, for a compiled catalogue to carry: its content hash and the
// tables of its two searches, each typed array as base64 of its bytes, and what a health check
// reads of the registry. Restoring them at a cold start is much cheaper than building them, and
// the facts let its first answers come before the sources are even registered.
//
// The bytes of each typed array are the platform's, little-endian on every machine Deno runs on.
import type { CLISummary } from "../types.ts";
import type { RegistryCore, RegistryFacts, RegistryParts } from "../registry/registry_core.ts";

/** The parts of an index, packed as JSON values. */
export interface PackedIndex {
  content_hash: string;
  /** The registry's size and summary, beside its content hash (see `RegistryFacts`). */
  facts: { size: number; summary: CLISummary[] };
  substring: { offsets: string; postings: string };
  ranked: {
    doc_count: number;
    terms: readonly string[];
    offsets: string;
    postings: string;
    scales: string;
    doc_frequency: string;
    averages: string;
  };
}

/** The parts of `registry`'s search as JSON values. */
export function packIndex(registry: RegistryCore): PackedIndex {
  const { contentHash, substring, ranked } = registry.searchParts();
  const { size, summary } = registry.facts();
  return {
    content_hash: contentHash,
    facts: { size, summary: [...summary] },
    substring: { offsets: packArray(substring.offsets), postings: packArray(substring.postings) },
    ranked: {
      doc_count: ranked.docCount,
      terms: ranked.terms,
      offsets: packArray(ranked.offsets),
      postings: packArray(ranked.postings),
      scales: packArray(ranked.scales),
      doc_frequency: packArray(ranked.docFrequency),
      averages: packArray(ranked.averages),
    },
  };
}

/**
 * The parts of an index from what `packIndex` made of them, after a JSON round trip.
 *
 * @throws {RangeError} When `value` is not a packed index.
 */
export function unpackIndex(value: unknown): RegistryParts {
  const packed = value as Partial<PackedIndex> | null;
  const { content_hash: contentHash, substring, ranked } = packed ?? {};
  if (
    typeof contentHash !== "string" || typeof substring !== "object" || substring === null ||
    typeof ranked !== "object" || ranked === null || !Number.isInteger(ranked.doc_count) ||
    !Array.isArray(ranked.terms) || !ranked.terms.every((term) => typeof term === "string")
  ) {
    throw new RangeError("The packed index is not one that packIndex made");
  }
  return {
    contentHash,
    substring: {
      offsets: unpackArray(substring.offsets, Uint32Array),
      postings: unpackArray(substring.postings, Int32Array),
    },
    ranked: {
      docCount: ranked.doc_count,
      terms: ranked.terms,
      offsets: unpackArray(ranked.offsets, Uint32Array),
      postings: unpackArray(ranked.postings, Uint8Array),
      scales: unpackArray(ranked.scales, Float32Array),
      docFrequency: unpackArray(ranked.doc_frequency, Uint32Array),
      averages: unpackArray(ranked.averages, Float64Array),
    },
  };
}

/**
 * What a registry given a compiled catalogue's sources holds, as `packed`, its packed index,
 * tells it: undefined when `packed` has no facts, or not as `packIndex` writes them, or they
 * name no tool (see `RegistryCore.deferLoad`).
 */
export function packedFacts(packed: unknown): RegistryFacts | undefined {
  const { content_hash: contentVersion, facts } = (packed ?? {}) as Partial<PackedIndex>;
  if (typeof contentVersion !== "string" || typeof facts !== "object" || facts === null) {
    return undefined;
  }
  const { size, summary } = facts;
  const known = Number.isInteger(size) && size > 0 && Array.isArray(summary) &&
    summary.every((cli) =>
      typeof cli === "object" && cli !== null && typeof cli.name === "string" &&
      typeof cli.description === "string" && Number.isInteger(cli.tool_count) &&
      (cli.category === null || typeof cli.category === "string") && Array.isArray(cli.tags) &&
      cli.tags.every((tag) => typeof tag === "string")
    );
  return known ? { size, contentVersion, summary } : undefined;
}

/**
 * Makes `registry`, built from a compiled catalogue's sources, take the search `packed` in the
 * catalogue; false when that does not fit it, and the search is to be built instead.
 */
export function restoreIndex(registry: RegistryCore, packed: unknown): boolean {
  try {
    registry.adoptSearchParts(unpackIndex(packed));
    return true;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}

/** The typed arrays an index is made of. */
type PackedArray = Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array;

/** The bytes of `array` as base64. */
function packArray(array: PackedArray): string {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength).toBase64();
}

/**
 * The array of `type` whose bytes `text` holds in base64.
 *
 * @throws {RangeError} When `text` is not base64 of a whole number of elements.
 */
function unpackArray<T extends PackedArray>(
  text: unknown,
  type: { new (buffer: ArrayBuffer): T; readonly BYTES_PER_ELEMENT: number },
): T {
  if (typeof text !== "string") throw new RangeError("A packed array must be a string");
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.fromBase64(text);
  } catch {
    throw new RangeError("A packed array must be base64");
  }
  if (bytes.byteLength % type.BYTES_PER_ELEMENT !== 0) {
    throw new RangeError("A packed array must hold a whole number of elements");
  }
  return new type(bytes.buffer);
}
