// Issue 40: hybrid search's floor. For each floor given (default 0.25 to 0.30), the nDCG@10 of
// hybrid search with the token table on every development set, with the paired bootstrap 95%
// interval of its difference from ranked search's, and the share of each set's requests answered
// among another set's tools, none of which answers them; ranked search's first. What `deno task
// eval --all` reports for the floor that `HYBRID_DEFAULTS` holds.
//
//   deno run --lock=tooling.lock --allow-read scripts/floor_measure.ts [floor ...]
import { loadTokenTable } from "../src/hybrid/mod.ts";
import { developmentSets, type EvalSet, outOfCatalogueSets } from "../support/eval_sets.ts";
import { hybridRankings, indexRankings, rememberingEncoder } from "../support/rankings.ts";
import { ndcgAt, pairedBootstrap } from "../support/relevance.ts";

const LIMIT = 10;
const FLOORS = Deno.args.length > 0 ? Deno.args.map(Number) : [0.25, 0.26, 0.27, 0.28, 0.29, 0.3];

const encoder = rememberingEncoder(await loadTokenTable());
const sets = await developmentSets();
const unanswerable = outOfCatalogueSets(sets);

const ranked = (set: EvalSet) => indexRankings(set, LIMIT, "ranked");

const ndcg = ({ queries }: EvalSet, found: string[][]) =>
  queries.map(({ relevant }, i) => ndcgAt(found[i], relevant, LIMIT));
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const signed = (value: number) => `${value < 0 ? "−" : "+"}${Math.abs(value).toFixed(3)}`;
const share = (found: string[][]) =>
  `${(100 * found.filter((tools) => tools.length > 0).length / found.length).toFixed(1)}%`;

const rankedNdcg = new Map(sets.map((set) => [set.name, ndcg(set, ranked(set))]));
console.log(
  `| floor | ${sets.map((set) => set.name).join(" | ")} | macro | ` +
    `${unanswerable.map((set) => set.name).join(" | ")} |`,
);
console.log(`| --- |${" ---: |".repeat(sets.length + 1 + unanswerable.length)}`);
const rankedMeans = sets.map((set) => mean(rankedNdcg.get(set.name)!));
console.log(
  `| ranked | ${rankedMeans.map((value) => value.toFixed(3)).join(" | ")} | ` +
    `${mean(rankedMeans).toFixed(3)} | ${
      unanswerable.map((set) => share(ranked(set))).join(" | ")
    } |`,
);
for (const floor of FLOORS) {
  const cells: string[] = [];
  const means: number[] = [];
  for (const set of sets) {
    const hybrid = ndcg(set, await hybridRankings(set, encoder, LIMIT, { floor }));
    const { low, high } = pairedBootstrap([{ a: hybrid, b: rankedNdcg.get(set.name)! }]);
    means.push(mean(hybrid));
    cells.push(`${mean(hybrid).toFixed(3)} [${signed(low)}, ${signed(high)}]`);
  }
  cells.push(mean(means).toFixed(3));
  for (const set of unanswerable) {
    cells.push(share(await hybridRankings(set, encoder, LIMIT, { floor })));
  }
  console.log(`| ${floor.toFixed(2)} | ${cells.join(" | ")} |`);
}
