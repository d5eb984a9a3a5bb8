import { ToolIndex } from "../mod.ts";
import { generateConfigs, rankedQueries } from "../tests/_corpus.ts";
const configs = generateConfigs(100_000);
const index = ToolIndex.fromConfigs(configs, { onWarning: () => {} });
const queries = rankedQueries(configs, 3, 300);
for (let r = 0; r < 3; r++) for (const q of queries) index.search(q);
const t = performance.now();
for (let r = 0; r < 5; r++) for (const q of queries) index.search(q);
console.log(((performance.now() - t) / 1500).toFixed(3), "ms mean");
