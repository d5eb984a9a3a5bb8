// Ranked search beside MiniSearch 7.2, in one process: per-query p50/p95 of two- and
// three-word queries, build time and memory kept, at 1,000 to 100,000 generated tools and on
// the real MCP catalogue of ../shared/eval/mcp-zero-catalog when it is there. The plain BM25 of
// `_plain_bm25.ts`, keeping its best ten as they come, shows what scoring every tool that has a
// word costs without the rest of ranked search.
//
//   deno run --allow-read --v8-flags=--expose-gc bench/ranked_report.ts [catalogue.json]
import { type CLImaxConfigInput, ToolIndex } from "../mod.ts";
import { generateConfigs, rankedQueries } from "../support/corpus.ts";
import { machine, measureBuilds, measureQueries } from "./_measure.ts";
import { MiniSearchIndex } from "../support/minisearch.ts";
import { PlainBm25 } from "./_plain_bm25.ts";

const CATALOGUE = Deno.args[0] ??
  new URL("../../shared/eval/mcp-zero-catalog/configs.json", import.meta.url).pathname;
const QUERIES = 300;

async function corpora(): Promise<[string, CLImaxConfigInput[]][]> {
  const out: [string, CLImaxConfigInput[]][] = [1_000, 10_000, 100_000].map((size) => [
    `${size.toLocaleString("en")} generated`,
    generateConfigs(size),
  ]);
  try {
    out.push(["mcp-zero-catalog", JSON.parse(await Deno.readTextFile(CATALOGUE))]);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    console.error(`No ${CATALOGUE}: the real catalogue is left out`);
  }
  return out;
}

const ms = (us: number) => (us / 1000).toFixed(us < 1000 ? 3 : 2);
const searches: string[] = [];
const builds: string[] = [];
for (const [label, configs] of await corpora()) {
  const [mini, ours] = measureBuilds(
    () => new MiniSearchIndex(configs),
    () => ToolIndex.fromConfigs(configs, { onWarning: () => {} }),
    7,
  );
  builds.push(
    `| ${label} | ${ours.value.size.toLocaleString("en")} | ${mini.ms.toFixed(0)} | ${
      ours.ms.toFixed(0)
    } | ${(mini.heap / 2 ** 20).toFixed(1)} | ${(ours.heap / 2 ** 20).toFixed(1)} |`,
  );
  const plain = new PlainBm25(configs, { topOnly: true });
  for (const words of [2, 3]) {
    const queries = rankedQueries(configs, words, QUERIES);
    const a = measureQueries(mini.value, queries);
    const b = measureQueries(ours.value, queries);
    const c = measureQueries(plain, queries);
    searches.push(
      `| ${label} | ${words} | ${ms(a.p50)} | ${ms(a.p95)} | ${ms(b.p50)} | ${ms(b.p95)} | ${
        (a.p50 / b.p50).toFixed(1)
      }× | ${(a.p95 / b.p95).toFixed(1)}× | ${ms(c.p50)} | ${(b.p50 / c.p50).toFixed(2)}× |`,
    );
  }
}

console.log(machine());
console.log("\n## Ranked search, ms per query (p50 / p95 over queries, limit 10)\n");
console.log(
  "| corpus | words | MiniSearch p50 | MiniSearch p95 | ToolIndex p50 | ToolIndex p95 | p50 speed-up | p95 speed-up | plain BM25 p50 | ToolIndex p50 / BM25's |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const row of searches) console.log(row);
console.log("\n## Build (ToolIndex validation included) and memory kept\n");
console.log("| corpus | tools | MiniSearch ms | ToolIndex ms | MiniSearch MiB | ToolIndex MiB |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const row of builds) console.log(row);
