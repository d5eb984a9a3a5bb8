/**
 * Hybrid search: ranked search's words and a sentence encoder's sense of meaning, in one order.
 * A tool's score is `(1 − weight) · its ranked score / the best ranked score + weight · the
 * cosine of its vector and the request's`, over ranked search's best and the encoder's best.
 * A tool below `floor` in cosine is found only by its words; a request whose meaning comes near
 * no tool's finds nothing, unless it is one word that ranked search finds.
 *
 * @module
 */
import { UnpreparedSearchError } from "../errors.ts";
import type { RegistryEntry, SearchContext, SearchDoc, Searcher } from "../registry/types.ts";
import { TopK } from "../search/top_k.ts";
import type { SentenceEncoder } from "./sentence_encoder.ts";
import { loadTokenTable } from "./token_table.ts";
import { type StoredVectors, VectorStore } from "./_vector_store.ts";

export type { StoredVectors } from "./_vector_store.ts";

/**
 * How a hybrid search weighs meaning against words, and what it starts with.
 *
 * @example
 * ```ts
 * import type { HybridOptions } from "@climax/tool-index/hybrid";
 *
 * const options: HybridOptions = { weight: 0.6, floor: 0.3 };
 * ```
 */
export interface HybridOptions {
  /** The encoder; default: the token table shipped with the module (`loadTokenTable`). */
  encoder?: SentenceEncoder;
  /** The share of the score that meaning gives, from 0 (ranked search) to 1 (meaning alone). */
  weight?: number;
  /**
   * The least cosine a tool must reach for a request to find anything, from -1 to 1; a request
   * of one word that ranked search finds is answered below it too.
   */
  floor?: number;
  /** The mode it is registered as, which its errors name. Default `"hybrid"`. */
  mode?: string;
  /** Tools' vectors made earlier (`HybridSearcher.storedVectors`), not to be made again. */
  vectors?: StoredVectors;
}

/**
 * The weight and floor chosen on the development sets (docs/search.md): the weight for the token
 * table and all-MiniLM-L6-v2 itself alike; the floor, with the token table, the lowest at which
 * hybrid search answers at most half as many of sgd-dev's requests among the bundled tools
 * (none of which answers them) as ranked search does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HYBRID_DEFAULTS } from "@climax/tool-index/hybrid";
 *
 * assert.ok(HYBRID_DEFAULTS.weight > 0.5); // meaning weighs more than words
 * ```
 */
export const HYBRID_DEFAULTS: Readonly<{ weight: number; floor: number }> = Object.freeze({
  weight: 0.7,
  floor: 0.27,
});

/**
 * How many of ranked search's and of the encoder's best a search weighs: the same for every
 * page, so that pages of any length are places of one order.
 */
const DEPTH = 50;

/** How many requests' vectors are kept. */
const KEPT_REQUESTS = 1024;

/**
 * A `Searcher` for `ToolRegistry`'s `searchers` option (mode `"hybrid"`, say): await
 * `registry.prepareSearch(params)` (which encodes the request, and any tool not encoded yet)
 * before `registry.search(params)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolRegistry } from "@climax/tool-index";
 * import { HybridSearcher } from "@climax/tool-index/hybrid";
 *
 * const registry = new ToolRegistry({ searchers: { hybrid: await HybridSearcher.create() } });
 * registry.registerMcpTools("weather", [
 *   { name: "get_forecast", description: "Get the weather forecast for a city", inputSchema: { type: "object" } },
 * ]);
 * const params = { query: "will it rain in Paris tomorrow", mode: "hybrid" };
 * assert.deepEqual(registry.search({ ...params, mode: "ranked" }), []); // no word in common
 * await registry.prepareSearch(params);
 * assert.equal(registry.search(params)[0].id, "weather:get_forecast");
 * ```
 */
export class HybridSearcher implements Searcher {
  readonly deterministic = true;
  /** The mode its errors name. */
  readonly mode: string;
  readonly #encoder: SentenceEncoder;
  readonly #weight: number;
  readonly #floor: number;
  readonly #tools: VectorStore;
  readonly #requests = new Map<string, Float32Array>();

  /** A searcher with `encoder`; `create` loads the shipped token table. */
  constructor(encoder: SentenceEncoder, options: Omit<HybridOptions, "encoder"> = {}) {
    const { weight = HYBRID_DEFAULTS.weight, floor = HYBRID_DEFAULTS.floor } = options;
    this.mode = options.mode ?? "hybrid";
    if (!(weight >= 0 && weight <= 1)) throw new RangeError("The weight must be from 0 to 1");
    if (!(floor >= -1 && floor <= 1)) throw new RangeError("The floor must be from -1 to 1");
    this.#encoder = encoder;
    this.#weight = weight;
    this.#floor = floor;
    this.#tools = new VectorStore(encoder, options.vectors);
  }

  /** A searcher with the options' encoder, or the shipped token table, loaded. */
  static async create(options: HybridOptions = {}): Promise<HybridSearcher> {
    return new HybridSearcher(options.encoder ?? await loadTokenTable(), options);
  }

  /**
   * The vectors of the tools of `entries` encoded so far (default: of every tool encoded so
   * far), to give a later searcher as `vectors`.
   */
  storedVectors(entries?: readonly RegistryEntry[]): StoredVectors {
    return this.#tools.stored(entries);
  }

  /** Encodes the tools of `entries` not yet encoded: ahead of the searches that need them. */
  async addTools(entries: readonly RegistryEntry[]): Promise<void> {
    await this.#tools.add(entries);
  }

  /**
   * Forgets the vectors of every tool not in `entries` (a registry's tools now), so that a
   * searcher that outlives many edits keeps no vector of a tool long gone.
   */
  keepOnly(entries: readonly RegistryEntry[]): void {
    this.#tools.keepOnly(entries);
  }

  async prepare(query: string, docs: readonly SearchDoc[]): Promise<void> {
    await this.#tools.addDocs(docs);
    if (query.trim() === "") return;
    const kept = this.#requests.get(query);
    // The newest last: a request prepared again is not the next one forgotten.
    this.#requests.delete(query);
    const vector = kept ?? (await this.#encoder.encode([query]))[0];
    if (this.#requests.size >= KEPT_REQUESTS) {
      this.#requests.delete(this.#requests.keys().next().value!);
    }
    this.#requests.set(query, vector);
  }

  search(
    query: string,
    limit: number,
    docs: readonly SearchDoc[],
    context: SearchContext,
  ): readonly string[] {
    // No request browses, as in every mode.
    if (query.trim() === "") return docs.slice(0, limit).map((doc) => doc.id);
    const request = this.#requests.get(query);
    if (request === undefined) {
      throw new UnpreparedSearchError(this.mode, query);
    }
    const { place, cosines, best } = this.#tools.cosines(docs, request);
    const ranked = context.ranked(DEPTH);
    // One word tells an encoder too little to refuse what its words find ("drain", "pr").
    if (best < this.#floor && !(ranked.length > 0 && isOneWord(query))) return [];
    const lexical = new Map<number, number>();
    const top = ranked.length > 0 ? ranked[0].score : 1;
    for (const hit of ranked) {
      const i = place.get(hit.id);
      if (i !== undefined && top > 0) lexical.set(i, hit.score / top);
    }
    const floor = this.#floor;
    const near = bestOf(cosines, DEPTH).filter((i) => cosines[i] >= floor);
    const candidates = new Set([...near, ...lexical.keys()]);
    const weight = this.#weight;
    const score = (i: number) => (1 - weight) * (lexical.get(i) ?? 0) + weight * cosines[i];
    return [...candidates]
      .map((i) => ({ i, score: score(i) }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, limit)
      .map(({ i }) => docs[i].id);
  }
}

/** Whether `query` is one word: one part between white space has a letter or digit. */
function isOneWord(query: string): boolean {
  return query.split(/\s+/).filter((part) => /[\p{L}\p{N}]/u.test(part)).length === 1;
}

/** The places of the `count` highest of `values`, highest first; the earlier of equal ones. */
function bestOf(values: Float64Array, count: number): number[] {
  const best = new TopK(count);
  for (let i = 0; i < values.length; i++) best.offer(values[i], i);
  return best.sorted(0);
}
