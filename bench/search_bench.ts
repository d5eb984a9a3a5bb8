// deno bench: substring search at 100 to 100,000 generated tools, beside the naive scan.
import { ToolIndex } from "../mod.ts";
import { generateConfigs, queriesOfShape, type QueryShape } from "../support/corpus.ts";
import { NaiveIndex } from "./_naive.ts";

const SIZES = [100, 1_000, 10_000, 100_000];
const SHAPES: QueryShape[] = ["hit", "miss", "filtered"];

for (const size of SIZES) {
  const configs = generateConfigs(size);
  const index = ToolIndex.fromConfigs(configs, { onWarning: () => {} });
  const naive = new NaiveIndex(configs);
  for (const shape of SHAPES) {
    const queries = queriesOfShape(configs, shape, 256);
    let i = 0;
    const group = `search ${shape} @ ${size.toLocaleString("en")} tools`;
    Deno.bench({
      name: `naive scan`,
      group,
      baseline: true,
      fn: () => {
        naive.search(queries[i++ & 255]);
      },
    });
    Deno.bench({
      name: `ToolIndex.search`,
      group,
      fn: () => {
        index.search(queries[i++ & 255]);
      },
    });
  }
}
