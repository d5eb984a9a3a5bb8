// The search's answer to each query of a set, as `deno task eval` and the scripts that measure
// the search take it: an index of the set's configs for its own modes; for hybrid search, a
// registry of them with a `HybridSearcher`, and an encoder that encodes each text once for every
// set and every run.
import { ToolIndex, ToolRegistry } from "../mod.ts";
import type { SearchMode } from "../src/index/search_modes.ts";
import { type HybridOptions, HybridSearcher, type SentenceEncoder } from "../src/hybrid/mod.ts";
import type { EvalSet } from "./eval_sets.ts";

/** The names of the first `limit` tools that an index of `set` finds in `mode` for each query. */
export function indexRankings(
  { configs, queries }: Pick<EvalSet, "configs" | "queries">,
  limit: number,
  mode: SearchMode,
): string[][] {
  const index = ToolIndex.fromConfigs(configs, { onWarning: () => {} });
  return queries.map(({ query }) =>
    index.search({ query, limit, mode }).map((entry) => entry.tool_name)
  );
}

/** `encoder`, encoding each text once. */
export function rememberingEncoder(encoder: SentenceEncoder): SentenceEncoder {
  const known = new Map<string, Float32Array>();
  return {
    model: encoder.model,
    dimensions: encoder.dimensions,
    async encode(texts) {
      const missing = [...new Set(texts.filter((text) => !known.has(text)))];
      const vectors = await encoder.encode(missing);
      missing.forEach((text, i) => known.set(text, vectors[i]));
      return texts.map((text) => known.get(text)!);
    },
  };
}

/**
 * The names of the first `limit` tools hybrid search finds for each query of `set`, with
 * `encoder` (a remembering one, so that runs share its work) and `options`.
 */
export async function hybridRankings(
  { configs, queries }: Pick<EvalSet, "configs" | "queries">,
  encoder: SentenceEncoder,
  limit: number,
  options: Omit<HybridOptions, "encoder"> = {},
): Promise<string[][]> {
  const registry = new ToolRegistry({
    onWarning: () => {},
    searchers: { hybrid: new HybridSearcher(encoder, options) },
  });
  for (const config of configs) registry.registerConfig(config);
  const rankings: string[][] = [];
  for (const { query } of queries) {
    const params = { query, limit, mode: "hybrid" };
    await registry.prepareSearch(params);
    rankings.push(registry.search(params).map((entry) => entry.tool_name));
  }
  return rankings;
}
