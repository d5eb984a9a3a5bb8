// Prints, from one run, the figures the issues ask for: per-query p50/p95 of each query shape,
// build time (validation included) and memory after build (V8 heap plus ArrayBuffers), for
// ToolIndex beside the naive scan; then, at the largest size, what freezing the results costs
// beside copying them on every search.
//
//   deno run --allow-read --allow-env --v8-flags=--expose-gc bench/report.ts [sizes...]
import { ToolIndex } from "../mod.ts";
import { generateConfigs, queriesOfShape, type QueryShape } from "../support/corpus.ts";
import type { CLImaxConfigInput } from "../mod.ts";
import { NaiveIndex } from "./_naive.ts";
import { deepFreeze } from "../src/_freeze.ts";
import { machine, measureBuilds, measureQueries } from "./_measure.ts";

const SIZES = Deno.args.length > 0 ? Deno.args.map(Number) : [100, 1_000, 10_000, 100_000];
const SHAPES: QueryShape[] = ["hit", "miss", "filtered"];
const QUERIES = 300;

const us = (value: number) => value < 10 ? value.toFixed(2) : value.toFixed(1);
const ratio = (anchor: number, ours: number) => `${(anchor / ours).toFixed(1)}×`;

console.log(machine());
console.log("\n## Substring search, µs per query (p50 / p95 over queries)\n");
console.log(
  "| tools | shape | naive p50 | naive p95 | ToolIndex p50 | ToolIndex p95 | p50 speed-up |",
);
console.log("|---:|---|---:|---:|---:|---:|---:|");
const builds: string[] = [];
let largest: { index: ToolIndex; configs: CLImaxConfigInput[] } | undefined;
for (const size of SIZES) {
  const configs: CLImaxConfigInput[] = generateConfigs(size);
  const [naive, ours] = measureBuilds(
    () => new NaiveIndex(configs),
    () => ToolIndex.fromConfigs(configs, { onWarning: () => {} }),
    7,
  );
  builds.push(
    `| ${size.toLocaleString("en")} | ${naive.ms.toFixed(1)} | ${ours.ms.toFixed(1)} | ${
      (ours.ms / naive.ms).toFixed(2)
    } | ${(naive.heap / 2 ** 20).toFixed(1)} | ${(ours.heap / 2 ** 20).toFixed(1)} | ${
      (ours.heap / naive.heap).toFixed(2)
    } |`,
  );
  largest = { index: ours.value, configs };
  for (const shape of SHAPES) {
    const queries = queriesOfShape(configs, shape, QUERIES);
    const a = measureQueries(naive.value, queries);
    const b = measureQueries(ours.value, queries);
    console.log(
      `| ${size.toLocaleString("en")} | ${shape} | ${us(a.p50)} | ${us(a.p95)} | ${us(b.p50)} | ${
        us(b.p95)
      } | ${ratio(a.p50, b.p50)} |`,
    );
  }
}
console.log("\n## Build from plain objects (validation included) and heap kept\n");
console.log(
  "| tools | naive ms | ToolIndex ms | time ratio | naive MiB | ToolIndex MiB | heap ratio |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|");
for (const row of builds) console.log(row);

// Immutability: freezing what is returned (each entry and resolved tool once, on its first
// return; here all of them, as if every one were returned), against copying what each search
// returns (the alternative that leaves the index's own objects unfrozen).
if (largest) {
  const { index, configs } = largest;
  const entries = index.search({ limit: index.size });
  const graph = structuredClone([entries, entries.map((entry) => index.get(entry.tool_name))]);
  const t0 = performance.now();
  deepFreeze(graph);
  const freezeMs = performance.now() - t0;
  const queries = queriesOfShape(configs, "hit", QUERIES);
  const plain = measureQueries(index, queries);
  const copying = measureQueries({ search: (q) => structuredClone(index.search(q)) }, queries);
  const jsonCopying = measureQueries({
    search: (q) => JSON.parse(JSON.stringify(index.search(q))),
  }, queries);
  console.log(`\n## Immutability at ${index.size.toLocaleString("en")} tools\n`);
  console.log("| approach | cost |");
  console.log("|---|---:|");
  console.log(
    `| deep-freeze every entry and resolved tool (each is frozen once, on first return) | ${
      freezeMs.toFixed(0)
    } ms |`,
  );
  console.log(`| search, frozen results returned as they are (p50) | ${us(plain.p50)} µs |`);
  console.log(`| search + structuredClone of the results (p50) | ${us(copying.p50)} µs |`);
  console.log(`| search + JSON copy of the results (p50) | ${us(jsonCopying.p50)} µs |`);
}
