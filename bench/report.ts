// Prints, from one run, the figures the issues ask for: per-query p50/p95 of each query shape,
// build time (validation included) and memory after build (V8 heap plus ArrayBuffers), for ToolIndex beside the naive scan.
//
//   deno run --allow-read --allow-env --v8-flags=--expose-gc bench/report.ts [sizes...]
import { ToolIndex } from "../mod.ts";
import { generateConfigs, queriesOfShape, type QueryShape } from "../tests/_corpus.ts";
import type { CLImaxConfigInput, SearchParams } from "../mod.ts";
import { NaiveIndex } from "./_naive.ts";
import { deepFreeze } from "../src/_freeze.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("Run with --v8-flags=--expose-gc to measure the heap");

const SIZES = Deno.args.length > 0 ? Deno.args.map(Number) : [100, 1_000, 10_000, 100_000];
const SHAPES: QueryShape[] = ["hit", "miss", "filtered"];
const QUERIES = 300;

interface Searcher {
  search(params: SearchParams): unknown[];
}

function heapUsed(): number {
  for (let i = 0; i < 4; i++) gc!();
  // Typed arrays keep their bytes outside the V8 heap: count them too.
  const { heapUsed, external } = Deno.memoryUsage();
  return heapUsed + external;
}

/** Median build time over `runs` builds, and the heap the last build keeps. */
function measureBuild<T>(build: () => T, runs: number): { ms: number; heap: number; value: T } {
  const times: number[] = [];
  let value = build();
  for (let i = 0; i < runs; i++) {
    value = undefined as T;
    gc!();
    const t0 = performance.now();
    value = build();
    times.push(performance.now() - t0);
  }
  value = undefined as T;
  const before = heapUsed();
  value = build();
  const heap = heapUsed() - before;
  return { ms: percentile(times, 0.5), heap, value };
}

/** Per-query time, each query repeated enough to be measurable; p50 and p95 over the queries. */
function measureQueries(searcher: Searcher, queries: SearchParams[]): { p50: number; p95: number } {
  for (const query of queries) searcher.search(query);
  const times = queries.map((query) => {
    let repeats = 1;
    for (;;) {
      const t0 = performance.now();
      for (let i = 0; i < repeats; i++) searcher.search(query);
      const elapsed = performance.now() - t0;
      if (elapsed >= 0.2 || repeats >= 4096) return (elapsed * 1000) / repeats;
      repeats *= 4;
    }
  });
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const us = (value: number) => value < 10 ? value.toFixed(2) : value.toFixed(1);
const ratio = (anchor: number, ours: number) => `${(anchor / ours).toFixed(1)}×`;

console.log(
  `Deno ${Deno.version.deno}, V8 ${Deno.version.v8}, ${navigator.hardwareConcurrency} cores`,
);
console.log("\n## Substring search, µs per query (p50 / p95 over queries)\n");
console.log(
  "| tools | shape | naive p50 | naive p95 | ToolIndex p50 | ToolIndex p95 | p50 speed-up |",
);
console.log("|---:|---|---:|---:|---:|---:|---:|");
const builds: string[] = [];
let largest: { index: ToolIndex; configs: CLImaxConfigInput[] } | undefined;
for (const size of SIZES) {
  const configs: CLImaxConfigInput[] = generateConfigs(size);
  const runs = size >= 100_000 ? 3 : 7;
  const naive = measureBuild(() => new NaiveIndex(configs), runs);
  const ours = measureBuild(
    () => ToolIndex.fromConfigs(configs, { onWarning: () => {} }),
    runs,
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

// Immutability: freezing everything once at build time, against copying what each search
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
    `| deep-freeze every entry and resolved tool, once at build | ${freezeMs.toFixed(0)} ms |`,
  );
  console.log(`| search, frozen results returned as they are (p50) | ${us(plain.p50)} µs |`);
  console.log(`| search + structuredClone of the results (p50) | ${us(copying.p50)} µs |`);
  console.log(`| search + JSON copy of the results (p50) | ${us(jsonCopying.p50)} µs |`);
}
