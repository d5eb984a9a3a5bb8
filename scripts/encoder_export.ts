// Writes what `scripts/encoder_measure.py` needs to measure a sentence encoder beside ranked search
// (issue 42): for each development set of `deno task eval --all`, and each pair of its
// out-of-catalogue requests, the tools' texts, the requests with their labels, and ranked search's
// best 50 for each request with their scores.
//
//   deno run --allow-read --allow-write scripts/encoder_export.ts <out.json>
import type { CLImaxConfig } from "../mod.ts";
import { RankedIndex } from "../src/search/ranked.ts";
import { collectTools } from "../src/index/_collect.ts";
import { developmentSets, outOfCatalogueSets } from "../support/eval_sets.ts";

const DEPTH = 50;
const out = Deno.args[0];
if (out === undefined) throw new Error("Usage: encoder_export.ts <out.json>");

const sets = await developmentSets();
const exported = [...sets, ...outOfCatalogueSets(sets)].map(({ name, configs, queries }) => {
  const { tools, owners } = collectTools(configs as CLImaxConfig[], () => {});
  const index = new RankedIndex(tools, owners);
  return {
    name,
    outOfCatalogue: !sets.some((set) => set.name === name),
    tools: tools.map((tool, doc) => ({
      name: tool.name,
      description: tool.description,
      cli: owners[doc].name,
      args: tool.args.map((arg) => arg.name),
    })),
    queries: queries.map(({ query, relevant }) => {
      const scores: number[] = [];
      const docs = index.rank(query, DEPTH, { scoresOut: scores });
      return { query, relevant, ranked: docs.map((doc) => tools[doc].name), scores };
    }),
  };
});
await Deno.writeTextFile(out, JSON.stringify(exported));
console.log(`Wrote ${out}: ${exported.map(({ name }) => name).join(", ")}`);
