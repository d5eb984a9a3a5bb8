// `deno task eval <data-dir> [--queries FILE] [--ablation]`: relevance of the index's search on
// labelled queries.
//
// Reads `configs.json` (a list of CLImax configs; without it, the directory's YAML configs) and
// `queries.json` (a list of `{ id, query, relevant }`, or the `--queries` file) from the
// directory, as in `../shared/eval/`, and prints
// Recall@1/5/10, MRR@10 and nDCG@10 of substring and ranked search beside MiniSearch 7.2 (its
// defaults, prefix search, a name boost of 2), all in one run. `--ablation` adds a row for the
// ranking with each of its choices undone, to show what each one is worth.
import { parseArgs } from "node:util";
import type { CLImaxConfigInput, ToolIndexEntry } from "../mod.ts";
import { loadConfigDir, ToolIndex } from "../mod.ts";
import { DEFAULT_RANKING, RankedIndex, type RankingOptions } from "../src/search/ranked.ts";
import { collectTools } from "../src/index/_collect.ts";
import { type LabelledQuery, type Relevance, relevance } from "../support/relevance.ts";
import { MiniSearchIndex } from "../support/minisearch.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: {
    ablation: { type: "boolean", default: false },
    queries: { type: "string" },
  },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error("Usage: deno task eval <data-dir> [--queries FILE] [--ablation]");
  Deno.exit(2);
}
const dir = positionals[0].replace(/\/?$/, "/");
const queriesFile = values.queries ?? `${dir}queries.json`;
if (!await exists(queriesFile)) {
  // A catalogue without queries (such as mcp-zero-catalog) has nothing to measure relevance on.
  console.error(`No labelled queries: ${queriesFile} does not exist (give one with --queries)`);
  Deno.exit(2);
}
const configs: CLImaxConfigInput[] = await exists(`${dir}configs.json`)
  ? JSON.parse(await Deno.readTextFile(`${dir}configs.json`))
  : await loadConfigDir(dir);
const queries: LabelledQuery[] = JSON.parse(await Deno.readTextFile(queriesFile));

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}
const LIMIT = 10;

const names = (entries: readonly ToolIndexEntry[]) => entries.map((entry) => entry.tool_name);
const rows: [string, Relevance][] = [];

const index = ToolIndex.fromConfigs(configs, { onWarning: () => {} });
rows.push([
  "substring (the spec's search)",
  relevance(queries, queries.map(({ query }) => names(index.search({ query, limit: LIMIT })))),
]);
rows.push([
  "**ranked**",
  relevance(
    queries,
    queries.map(({ query }) => names(index.search({ query, limit: LIMIT, mode: "ranked" }))),
  ),
]);

const miniSearch = new MiniSearchIndex(configs);
rows.push([
  "MiniSearch 7.2 (anchor)",
  relevance(queries, queries.map(({ query }) => miniSearch.search({ query, limit: LIMIT }))),
]);

if (values.ablation) {
  const { tools, owners } = collectTools(configs, () => {});
  const variants: [string, Partial<RankingOptions>][] = [
    ["ranked, no stop words", { stopWords: false }],
    ["ranked, no stemming", { stemming: false }],
    ["ranked, no prefix completion", { prefixWeight: 0 }],
    ["ranked, no typo correction", { typoWeight: 0 }],
    ["ranked, equal field weights", { weights: DEFAULT_RANKING.weights.map(() => 1) }],
    ["ranked, arguments not read", { weights: [...DEFAULT_RANKING.weights.slice(0, 6), 0, 0] }],
    ["ranked, argument descriptions not read", {
      weights: [...DEFAULT_RANKING.weights.slice(0, 7), 0],
    }],
    [
      "plain BM25 (one weight, b 0.75, no stems, no completion or correction)",
      {
        weights: [1, 1, 1, 0, 1, 1, 0, 0],
        b: DEFAULT_RANKING.b.map(() => 0.75),
        stemming: false,
        stopWords: false,
        prefixWeight: 0,
        typoWeight: 0,
      },
    ],
  ];
  for (const [label, variant] of variants) {
    const ranked = new RankedIndex(tools, owners, { ...DEFAULT_RANKING, ...variant });
    rows.push([
      label,
      relevance(
        queries,
        queries.map(({ query }) =>
          (ranked.rank(query, () => true, 0, LIMIT) ?? []).map((doc) => tools[doc].name)
        ),
      ),
    ]);
  }
}

const fixed = (value: number) => value.toFixed(3);
console.log(`${queries.length} queries, ${index.size} tools (${dir})\n`);
console.log("| search | R@1 | R@5 | R@10 | MRR@10 | nDCG@10 |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const [label, measured] of rows) {
  console.log(
    `| ${label} | ${fixed(measured.recallAt1)} | ${fixed(measured.recallAt5)} | ${
      fixed(measured.recallAt10)
    } | ${fixed(measured.mrrAt10)} | ${fixed(measured.ndcgAt10)} |`,
  );
}
