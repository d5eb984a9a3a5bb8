// Issue 40: what answering nothing below a floor of the token table's cosine would cost ranked
// search. For each development set and sgd-dev's requests among the bundled tools, every request's
// ranked best ten, its nDCG@10, and three cosines of the table (`loadTokenTable`): the best over all
// tools, the best among the ten, and that of the first. Prints, for each kind of gate, the floor
// (or pair of floors) that at least halves the share of sgd-dev's requests answered with the fewest
// requests of any set losing something, and how many lose, set by set.
//
//   deno run --allow-read scripts/gate_measure.ts
import { ToolRegistry } from "../mod.ts";
import { loadTokenTable } from "../src/hybrid/mod.ts";
import { toolText } from "../src/hybrid/_vector_store.ts";
import { developmentSets, outOfCatalogueSets } from "../support/eval_sets.ts";
import { ndcgAt } from "../support/relevance.ts";

/** One request's ranked answer and its cosines. */
interface Measured {
  answered: boolean;
  ndcg: number;
  all: number;
  ten: number;
  first: number;
}

const OUT_OF_CATALOGUE = "sgd-dev requests, bundled-dev's tools";
/** Half the share ranked search answers today (98.9%): the target. */
const TARGET = 0.494;
const FLOORS = Array.from({ length: 21 }, (_, i) => 0.15 + i / 100);

const table = await loadTokenTable();
const sets = await developmentSets();
const outOfCatalogue = outOfCatalogueSets(sets).filter((set) => set.name === OUT_OF_CATALOGUE);
const measured = new Map<string, Measured[]>();
for (const set of [...sets, ...outOfCatalogue]) {
  const registry = new ToolRegistry({ onWarning: () => {} });
  for (const config of set.configs) registry.registerConfig(config);
  const entries = registry.ids().map((id) => registry.getEntry(id)!);
  const vectors = await table.encode(entries.map(toolText));
  const byName = new Map(entries.map((entry, i) => [entry.tool_name, vectors[i]]));
  const requests = await table.encode(set.queries.map(({ query }) => query));
  const rankings = set.queries.map(({ query }) =>
    registry.search({ query, limit: 10, mode: "ranked" }).map((entry) => entry.tool_name)
  );
  measured.set(
    set.name,
    rankings.map((names, i) => {
      const cosine = (name: string) => dot(requests[i], byName.get(name)!);
      return {
        answered: names.length > 0,
        ndcg: ndcgAt(names, set.queries[i].relevant, 10),
        all: Math.max(...vectors.map((vector) => dot(requests[i], vector))),
        ten: Math.max(-1, ...names.map(cosine)),
        first: names.length > 0 ? cosine(names[0]) : -1,
      };
    }),
  );
}

const gates: [string, (floor: number, second: number) => (m: Measured) => boolean, boolean][] = [
  ["the best cosine over all tools < a", (a) => (m) => m.all < a, false],
  ["the best cosine among ranked search's ten < a", (a) => (m) => m.ten < a, false],
  ["both: among the ten < a and over all < b", (a, b) => (m) => m.ten < a && m.all < b, true],
  ["the cosine of ranked search's first < a", (a) => (m) => m.first < a, false],
];
console.log(
  `| gate: answer nothing when | floors | ${OUT_OF_CATALOGUE}: share answered | ` +
    `requests that lose something: ${sets.map((set) => set.name).join(", ")} |`,
);
console.log("|---|---|---:|---|");
for (const [label, gateOf, paired] of gates) {
  let best: { floors: string; share: number; losing: number[] } | undefined;
  for (const a of FLOORS) {
    for (const b of paired ? FLOORS : [0]) {
      const gated = gateOf(a, b);
      const requests = measured.get(OUT_OF_CATALOGUE)!;
      const share = requests.filter((m) => m.answered && !gated(m)).length / requests.length;
      if (share > TARGET) continue;
      const losing = sets.map((set) =>
        measured.get(set.name)!.filter((m) => m.ndcg > 0 && gated(m)).length
      );
      if (best === undefined || Math.max(...losing) < Math.max(...best.losing)) {
        best = {
          floors: paired ? `${a.toFixed(2)}, ${b.toFixed(2)}` : a.toFixed(2),
          share,
          losing,
        };
      }
    }
  }
  if (best === undefined) continue;
  console.log(
    `| ${label} | ${best.floors} | ${(100 * best.share).toFixed(1)}% | ${best.losing.join(", ")} |`,
  );
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}
