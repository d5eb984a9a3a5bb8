/**
 * Hybrid search for a `ToolRegistry`: ranked search's words weighed with the meaning a sentence
 * encoder (all-MiniLM-L6-v2, shipped with this module and run by onnxruntime-web's WebAssembly
 * backend) finds in a request and in each tool. It finds "get me a cab" in a tool that says
 * "taxi", and answers nothing to a request no tool comes near. Apart from `mod.ts`, so that a
 * program that does not use it loads none of it.
 *
 * @example
 * ```ts ignore
 * import { ToolRegistry } from "@climax/tool-index";
 * import { HybridSearcher } from "@climax/tool-index/hybrid";
 *
 * const registry = new ToolRegistry({ searchers: { hybrid: await HybridSearcher.create() } });
 * registry.registerMcpTools("rides", [
 *   { name: "book_taxi", description: "Book a taxi to an address", inputSchema: { type: "object" } },
 * ]);
 * const params = { query: "get me a cab", mode: "hybrid" };
 * await registry.prepareSearch(params);
 * console.log(registry.search(params)[0].id); // "rides:book_taxi"
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
export { loadSentenceEncoder, MAX_TOKENS, type SentenceEncoder } from "./sentence_encoder.ts";
