/**
 * Hybrid search for a `ToolRegistry`: ranked search's words weighed with the meaning a sentence
 * encoder finds in a request and in each tool. The encoder is a table of all-MiniLM-L6-v2's word
 * pieces, trained on that encoder's sentence vectors and shipped with this module: a request is
 * encoded by table look-ups, with no network to run and no package to install. It finds "will it
 * rain tomorrow" in a tool that says "weather forecast", and answers nothing to a request no tool
 * comes near. Apart from `mod.ts`, so that a program that does not use it loads none of it.
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
 *
 * @module
 */
export {
  HYBRID_DEFAULTS,
  type HybridOptions,
  HybridSearcher,
  type StoredVectors,
} from "./hybrid_searcher.ts";
export { MAX_TOKENS, type SentenceEncoder } from "./sentence_encoder.ts";
export { loadTokenTable } from "./token_table.ts";
export { ModelFileError } from "./_model_file.ts";
export type {
  RankedHit,
  RegistryEntry,
  SearchContext,
  SearchDoc,
  Searcher,
} from "../registry/types.ts";
export type { ToolIndexEntry } from "../types.ts";
