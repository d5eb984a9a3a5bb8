// A ToolRegistry that changes while it is searched, beside the fresh build of the same tools, in
// one process: replacing one 100-tool source and answering the next search, against building a
// ToolIndex of all the tools again; then the registry's search latency (with what it indexed
// apart since its last full build) against a ToolIndex of the same tools, and how often its
// answers match a fresh build's: substring answers exactly, ranked answers by their top 10,
// on generated tools and on the development queries of ../shared/eval.
//
//   deno run --allow-read --v8-flags=--expose-gc bench/registry_report.ts [sizes...]
import {
  type CLImaxConfig,
  type RegistryEntry,
  type SearchParams,
  ToolIndex,
  ToolRegistry,
  validateConfig,
} from "../mod.ts";
import {
  generateConfigs,
  generateQueries,
  queriesOfShape,
  Random,
  rankedQueries,
  uniqueNames,
} from "../support/corpus.ts";
import { developmentSets } from "../support/eval_sets.ts";
import { machine, measureBuilds, measurePaired, percentile } from "./_measure.ts";

const SIZES = Deno.args.length > 0 ? Deno.args.map(Number) : [10_000, 100_000];
const quiet = () => {};

/** `config` with one tool's description changed, one tool gone and one new: an edited file. */
function edited(config: CLImaxConfig, round: number): CLImaxConfig {
  const [first, second, ...rest] = config.tools;
  return {
    ...config,
    tools: [
      { ...first, description: `${first.description} (revision ${round})` },
      ...rest,
      { ...second, name: `${second.name}_r${round}`, description: `${second.description} again` },
    ],
  };
}

function registryOf(configs: readonly CLImaxConfig[]): ToolRegistry {
  const registry = new ToolRegistry({ onWarning: quiet });
  for (const config of configs) registry.registerConfig(config);
  return registry;
}

const ids = (entries: readonly RegistryEntry[]) => entries.map((entry) => entry.id);

/** Shares of `queries` whose ranked top 10 is the same in `a` and `b`: as a set, and in order. */
function topTenAgreement(a: ToolRegistry, b: ToolRegistry, queries: readonly SearchParams[]) {
  let sameSet = 0;
  let sameOrder = 0;
  for (const query of queries) {
    const left = ids(a.search({ ...query, mode: "ranked", limit: 10 }));
    const right = ids(b.search({ ...query, mode: "ranked", limit: 10 }));
    if (left.join("\n") === right.join("\n")) sameOrder++;
    if ([...left].sort().join("\n") === [...right].sort().join("\n")) sameSet++;
  }
  return { sameSet: sameSet / queries.length, sameOrder: sameOrder / queries.length };
}

function substringAgreement(a: ToolRegistry, b: ToolRegistry, queries: readonly SearchParams[]) {
  let same = 0;
  for (const query of queries) {
    if (ids(a.search(query)).join("\n") === ids(b.search(query)).join("\n")) same++;
  }
  return same / queries.length;
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const changes: string[] = [];
const latencies: string[] = [];
const agreements: string[] = [];

for (const size of SIZES) {
  const label = size.toLocaleString("en");
  const configs = uniqueNames(generateConfigs(size, 7, 100)).map((config) =>
    validateConfig(config, { onWarning: quiet })
  );
  const [fresh] = measureBuilds(
    () => ToolIndex.fromConfigs(configs, { onWarning: quiet }),
    () => undefined,
    size >= 100_000 ? 3 : 7,
  );
  const registry = registryOf(configs);
  const probe: SearchParams = { query: "list", limit: 10 };
  registry.search(probe);
  const random = new Random(size);
  const rounds = size >= 100_000 ? 40 : 100;
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const at = random.int(configs.length);
    configs[at] = edited(configs[at], round);
    const t0 = performance.now();
    registry.replaceConfig(configs[at]);
    registry.search(probe);
    times.push(performance.now() - t0);
  }
  const p50 = percentile(times, 0.5);
  changes.push(
    `| ${label} | ${fresh.ms.toFixed(0)} | ${p50.toFixed(2)} | ${
      percentile(times, 0.95).toFixed(2)
    } | ${(fresh.ms / p50).toFixed(0)}× |`,
  );

  // The same tools, built afresh: what the registry's answers are held to.
  const index = ToolIndex.fromConfigs(configs, { onWarning: quiet });
  const rebuilt = registryOf(configs);
  for (
    const [shape, queries] of [
      ["substring hit", queriesOfShape(configs, "hit", 300)],
      ["substring miss", queriesOfShape(configs, "miss", 300)],
      ["substring filtered", queriesOfShape(configs, "filtered", 300)],
      ["ranked, 2 words", rankedQueries(configs, 2, 300)],
      ["ranked, 3 words", rankedQueries(configs, 3, 300)],
    ] as const
  ) {
    const [indexP50, registryP50] = measurePaired(index, registry, queries, 5);
    latencies.push(
      `| ${label} | ${shape} | ${indexP50.toFixed(2)} | ${registryP50.toFixed(2)} | ${
        (registryP50 / indexP50).toFixed(2)
      }× |`,
    );
  }
  const ranked = topTenAgreement(registry, rebuilt, [
    ...rankedQueries(configs, 2, 500, 8),
    ...rankedQueries(configs, 3, 500, 9),
  ]);
  agreements.push(
    `| ${label} generated, after ${rounds} edits | ${
      pct(substringAgreement(registry, rebuilt, generateQueries(configs, 1000, 10)))
    } | ${pct(ranked.sameSet)} | ${pct(ranked.sameOrder)} |`,
  );
}

for (const { name, configs, queries: labelled } of await developmentSets()) {
  const queries: SearchParams[] = labelled.map(({ query }) => ({ query }));
  // A tenth of the sources edited, one after another, each edit searched as it lands.
  const registry = registryOf(configs);
  const random = new Random(3);
  registry.search({ query: "x" });
  const edits = Math.max(1, Math.round(configs.length / 10));
  for (let round = 0; round < edits; round++) {
    const at = random.int(configs.length);
    if (configs[at].tools.length < 2) continue;
    configs[at] = edited(configs[at], round);
    registry.replaceConfig(configs[at]);
    registry.search({ query: "x" });
  }
  const ranked = topTenAgreement(registry, registryOf(configs), queries);
  agreements.push(
    `| ${name}, ${queries.length} queries, after ${edits} edits | ${
      pct(substringAgreement(registry, registryOf(configs), queries))
    } | ${pct(ranked.sameSet)} | ${pct(ranked.sameOrder)} |`,
  );
}

console.log(machine());
console.log(
  "\n## Replacing one 100-tool source and answering the next search, beside a fresh build\n",
);
console.log(
  "| tools | fresh ToolIndex build, ms | replace + search p50, ms | p95, ms | p50 speed-up |",
);
console.log("|---:|---:|---:|---:|---:|");
for (const row of changes) console.log(row);
console.log(
  "\n## Search latency after the edits, µs p50 of each query's fastest of five rounds: a ToolIndex of the same tools beside the registry\n",
);
console.log("| tools | queries | ToolIndex | ToolRegistry | ratio |");
console.log("|---:|---|---:|---:|---:|");
for (const row of latencies) console.log(row);
console.log("\n## Answers after the edits, against a registry built afresh from the same tools\n");
console.log("| catalogue | substring answers identical | ranked top 10, same tools | same order |");
console.log("|---|---:|---:|---:|");
for (const row of agreements) console.log(row);
