// deno bench: building from plain config objects (validation included), beside the naive scan.
import { ToolIndex } from "../mod.ts";
import { generateConfigs } from "../support/corpus.ts";
import { NaiveIndex } from "./_naive.ts";

for (const size of [100, 1_000, 10_000]) {
  const configs = generateConfigs(size);
  const group = `build @ ${size.toLocaleString("en")} tools`;
  Deno.bench({ name: "naive scan", group, baseline: true, fn: () => void new NaiveIndex(configs) });
  Deno.bench({
    name: "ToolIndex.fromConfigs",
    group,
    fn: () => void ToolIndex.fromConfigs(configs, { onWarning: () => {} }),
  });
}
