// Ranked search on real requests beside the plain BM25 of `_plain_bm25.ts`, in one process:
// every query of each development set (metatool-dev, sgd-dev, bundled-dev on the bundled
// catalogue, metatool-dev among mcp-zero-catalog), mean and p95 µs per query and nDCG@10 of
// each. The plain BM25 is timed as an engineer writes it first, sorting what matches, and
// keeping only the best ten as they come. Each query is timed on each searcher in turn, in
// several rounds, and the fastest of its rounds kept (`fastestTimes`).
//
//   deno run --allow-read bench/real_requests.ts [rounds]
import { ToolIndex } from "../mod.ts";
import { developmentSets } from "../support/eval_sets.ts";
import { ndcgAt } from "../support/relevance.ts";
import { PlainBm25 } from "./_plain_bm25.ts";
import { fastestTimes, machine, percentile, type Searcher } from "./_measure.ts";

const ROUNDS = Number(Deno.args[0] ?? 5);
const LIMIT = 10;
/** The sets the target names, in its order. */
const SETS = ["metatool-dev", "sgd-dev", "bundled-dev", "metatool-dev among mcp-zero"];

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;
const us = (value: number) => value.toFixed(1);
const ratio = (value: number) => `${value.toFixed(2)}×`;

const rows: string[] = [];
const strict: string[] = [];
const sets = (await developmentSets()).filter(({ name }) => SETS.includes(name));
for (const { name, configs, queries } of sets) {
  const index = ToolIndex.fromConfigs(configs, { onWarning: () => {} });
  const sorting = new PlainBm25(configs);
  const topOnly = new PlainBm25(configs, { topOnly: true });
  const searchers: Searcher<string>[] = [
    {
      search: (query) =>
        index.search({ query, limit: LIMIT, mode: "ranked" }).map((entry) => entry.tool_name),
    },
    { search: (query) => sorting.search({ query, limit: LIMIT }) },
    { search: (query) => topOnly.search({ query, limit: LIMIT }) },
  ];
  const texts = queries.map(({ query }) => query);
  const fastest = fastestTimes(searchers, texts, ROUNDS);
  const [ranked, bm25, top] = fastest.map((times) => ({
    mean: mean(times),
    p95: percentile(times, 0.95),
  }));
  const ndcg = (searcher: Searcher<string>) =>
    mean(
      queries.map(({ query, relevant }) =>
        ndcgAt(searcher.search(query) as string[], relevant, LIMIT)
      ),
    );
  rows.push(
    `| ${name} | ${index.size.toLocaleString("en")} | ${queries.length.toLocaleString("en")} | ${
      us(bm25.mean)
    } | ${us(bm25.p95)} | ${us(ranked.mean)} | ${us(ranked.p95)} | **${
      ratio(ranked.mean / bm25.mean)
    }** | **${ratio(ranked.p95 / bm25.p95)}** | ${ndcg(searchers[1]).toFixed(3)} | ${
      ndcg(searchers[0]).toFixed(3)
    } |`,
  );
  strict.push(
    `| ${name} | ${us(top.mean)} | ${us(top.p95)} | ${ratio(ranked.mean / top.mean)} | ${
      ratio(ranked.p95 / top.p95)
    } |`,
  );
}

console.log(machine());
console.log(
  `\n## Ranked search on real requests beside a plain BM25, µs per query (fastest of ${ROUNDS} rounds, limit ${LIMIT})\n`,
);
console.log(
  "| set | tools | queries | BM25 mean | BM25 p95 | ranked mean | ranked p95 | mean ratio | p95 ratio | BM25 nDCG@10 | ranked nDCG@10 |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const row of rows) console.log(row);
console.log(
  "\n## The same BM25 keeping only its best ten as they come, not sorting what matches\n",
);
console.log("| set | BM25 mean | BM25 p95 | ranked mean ratio | ranked p95 ratio |");
console.log("|---|---:|---:|---:|---:|");
for (const row of strict) console.log(row);
