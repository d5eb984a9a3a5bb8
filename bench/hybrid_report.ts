// Hybrid search's time per request (issue 42's target: p50 at most 5 ms at 10,000 tools), beside
// ranked search's on the same registry: the real requests of ../shared/eval/metatool-dev, each
// encoded (it is the encoder's first sight of each) and searched among the tools of
// mcp-zero-catalog copied under four namespaces (11,200 tools); first with the full encoder, then
// with the token table. With the full encoder the tools' vectors are random unit vectors, given
// before timing: a search's time does not depend on what they hold, and encoding 11,200 tools
// would take minutes; the token table encodes them in about a second. Each request's time is
// split into encoding it and the search. Loading the table, once a process, is timed first.
//
//   deno run --lock=tooling.lock --allow-read bench/hybrid_report.ts [requests]
import { type CLImaxConfigInput, type RegistryEntry, ToolRegistry } from "../mod.ts";
import { HybridSearcher, loadTokenTable, type SentenceEncoder } from "../src/hybrid/mod.ts";
import { loadFullEncoder } from "../support/full_encoder.ts";
import { EVAL_DIR, loadEvalSet } from "../support/eval_sets.ts";
import { machine, percentile } from "./_measure.ts";

const REQUESTS = Number(Deno.args[0] ?? 300);
const COPIES = 4;

const catalogue = JSON.parse(
  await Deno.readTextFile(new URL("mcp-zero-catalog/configs.json", EVAL_DIR)),
) as CLImaxConfigInput[];
const { queries } = await loadEvalSet(
  "metatool-dev",
  new URL("metatool-dev/", EVAL_DIR),
);
const requests = [...new Set(queries.map(({ query }) => query))].slice(0, REQUESTS);

const ms = (values: number[], p: number) => percentile(values, p).toFixed(2);
console.log(machine());
// The table first, so that its load is timed as a process's first, with nothing of it compiled.
const loading = performance.now();
const table = await loadTokenTable();
console.log(`Loading the token table: ${(performance.now() - loading).toFixed(1)} ms\n`);
await report("the full encoder", await loadFullEncoder(), false);
await report("the token table", table, true);

/**
 * Times hybrid search with `real` encoding each request; each tool gets its vector from `real`
 * when `encodeTools`, or else a random unit vector, from a seeded generator.
 */
async function report(
  label: string,
  real: SentenceEncoder,
  encodeTools: boolean,
): Promise<void> {
  let seed = 0;
  const encoder: SentenceEncoder = {
    model: real.model,
    dimensions: real.dimensions,
    encode: (texts) =>
      encodeTools || (texts.length === 1 && requests.includes(texts[0]))
        ? real.encode(texts)
        : Promise.resolve(texts.map(() => randomUnit(real.dimensions, ++seed))),
  };
  const searcher = new HybridSearcher(encoder);
  const registry = new ToolRegistry({ onWarning: () => {}, searchers: { hybrid: searcher } });
  for (let copy = 0; copy < COPIES; copy++) {
    for (const config of catalogue) {
      registry.registerConfig({ ...config, name: `${config.name}_${copy}` });
    }
  }
  const entries: RegistryEntry[] = registry.ids().map((id) => registry.getEntry(id)!);
  await searcher.addTools(entries);

  // Warm up the encoder's and the search's code on requests that are not timed.
  for (const query of ["warm up the runtime", "list files in a folder", "send a message"]) {
    await registry.prepareSearch({ query, mode: "hybrid" });
    registry.search({ query, mode: "hybrid" });
  }

  const encode: number[] = [];
  const search: number[] = [];
  const ranked: number[] = [];
  const alone: number[] = [];
  for (const query of requests) {
    const started = performance.now();
    await real.encode([query]);
    alone.push(performance.now() - started);
    const params = { query, mode: "hybrid", limit: 10 };
    let start = performance.now();
    await registry.prepareSearch(params);
    encode.push(performance.now() - start);
    start = performance.now();
    registry.search(params);
    search.push(performance.now() - start);
    start = performance.now();
    registry.search({ ...params, mode: "ranked" });
    ranked.push(performance.now() - start);
  }
  const total = encode.map((ms, i) => ms + search[i]);
  console.log(
    `\n## Hybrid search with ${label} at ${registry.size.toLocaleString("en")} tools: ` +
      `${requests.length} requests of metatool-dev, each encoded once (ms)\n`,
  );
  console.log("| step | p50 | p95 |");
  console.log("| --- | ---: | ---: |");
  console.log(`| encoding the request | ${ms(encode, 0.5)} | ${ms(encode, 0.95)} |`);
  console.log(`| the encoder's run alone, timed apart | ${ms(alone, 0.5)} | ${ms(alone, 0.95)} |`);
  console.log(
    `| the search (cosines, ranked search, fusion) | ${ms(search, 0.5)} | ${ms(search, 0.95)} |`,
  );
  console.log(`| **hybrid, in all** | **${ms(total, 0.5)}** | **${ms(total, 0.95)}** |`);
  console.log(`| ranked search alone (anchor) | ${ms(ranked, 0.5)} | ${ms(ranked, 0.95)} |`);
  console.log(
    `\nHybrid p50 is ${(percentile(total, 0.5) / percentile(ranked, 0.5)).toFixed(0)}× ranked ` +
      "search's; target ≤ 5 ms.",
  );
}

/** A unit vector of `dimensions` values drawn from a generator seeded with `seed`. */
function randomUnit(dimensions: number, seed: number): Float32Array {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32 - 0.5;
  };
  const vector = Float32Array.from({ length: dimensions }, next);
  const length = Math.hypot(...vector);
  return vector.map((value) => value / length);
}
