// search() in substring mode must answer exactly what the contract's plain linear scan answers.
import assert from "node:assert/strict";
import { type CLImaxConfigInput, ToolIndex, validateConfig } from "../mod.ts";
import { generateConfigs, generateQueries, Random } from "../support/corpus.ts";
import { referenceRows, referenceSearch } from "./_reference.ts";

function check(inputs: CLImaxConfigInput[], queryCount: number, seed: number) {
  const configs = inputs.map((input) => validateConfig(input));
  const index = ToolIndex.fromConfigs(configs, { onWarning: () => {} });
  const queries = generateQueries(inputs, queryCount, seed);
  const rows = referenceRows(configs);
  let nonEmpty = 0;
  for (const params of queries) {
    const expected = referenceSearch(rows, params);
    const actual = index.search(params).map((entry) => entry.tool_name);
    assert.deepEqual(actual, expected, JSON.stringify(params));
    if (expected.length > 0) nonEmpty++;
  }
  // The comparison means little unless many queries find something and many do not.
  assert.ok(nonEmpty > queryCount * 0.3, `only ${nonEmpty} queries found anything`);
  assert.ok(nonEmpty < queryCount * 0.95, `${nonEmpty} of ${queryCount} queries found something`);
}

Deno.test("search() equals a reference linear scan on 3,000 tools and 3,000 random queries", () => {
  check(generateConfigs(3000, 11), 3000, 12);
});

Deno.test("search() equals a reference linear scan on 100,000 tools and 400 random queries", () => {
  check(generateConfigs(100_000, 13), 400, 14);
});

Deno.test("ranked search keeps the filters and the limit, in the same order on every build", () => {
  const inputs = generateConfigs(3000, 21);
  const index = ToolIndex.fromConfigs(inputs, { onWarning: () => {} });
  const twin = ToolIndex.fromConfigs(inputs, { onWarning: () => {} });
  let nonEmpty = 0;
  for (const params of generateQueries(inputs, 1500, 22)) {
    const ranked = { ...params, mode: "ranked" as const };
    const results = index.search(ranked);
    assert.ok(results.length <= Math.max(0, params.limit ?? 10), JSON.stringify(params));
    for (const entry of results) {
      if (params.category) {
        assert.equal(entry.category?.toLowerCase(), params.category.toLowerCase());
      }
      if (params.cli) assert.equal(entry.cli_name.toLowerCase(), params.cli.toLowerCase());
    }
    assert.equal(new Set(results.map((entry) => entry.tool_name)).size, results.length);
    assert.deepEqual(twin.search(ranked), results, JSON.stringify(params));
    if (results.length > 0) nonEmpty++;
  }
  assert.ok(nonEmpty > 500, `only ${nonEmpty} ranked queries found anything`);
});

Deno.test("search() equals a reference linear scan on small corpora with many duplicates", () => {
  for (let seed = 1; seed <= 20; seed++) {
    const configs = generateConfigs(60, seed, 5);
    const random = new Random(seed);
    const seen: string[] = [];
    for (const config of configs) {
      for (const tool of config.tools) {
        if (seen.length > 0 && random.chance(0.25)) tool.name = random.pick(seen);
        seen.push(tool.name);
      }
    }
    check(configs, 200, seed + 100);
  }
});

Deno.test("the corpus has the duplicates and null categories the comparison needs", () => {
  const configs = generateConfigs(3000, 11);
  const names = configs.flatMap((config) => config.tools.map((tool) => tool.name));
  assert.ok(new Set(names).size < names.length, "no duplicate tool names");
  assert.ok(configs.some((config) => config.category === null), "no config without category");
});
