import assert from "node:assert/strict";
import { loadConfigDir, ToolIndex, validateConfig } from "../mod.ts";
import { readCompiledCatalogue } from "../src/catalogue/compiled.ts";
import { packIndex, restoreIndex, unpackIndex } from "../src/catalogue/_packed_index.ts";
import { indexParts } from "../src/index/tool_index.ts";
import { generateConfigs, rankedQueries } from "../support/corpus.ts";

const quiet = () => {};

Deno.test("the bundled catalogue's packed index restores the index that its configs build", async () => {
  const compiled = await readCompiledCatalogue(new URL("../configs/", import.meta.url));
  assert.ok(compiled, "configs/_catalogue.json is missing or stale: run `deno task catalogue`");
  const restored = restoreIndex(compiled.configs, compiled.index, quiet);
  assert.ok(restored);
  const built = ToolIndex.fromConfigs(
    await loadConfigDir(new URL("../configs/", import.meta.url)),
    { onWarning: quiet },
  );
  assert.deepEqual(indexParts(restored), indexParts(built));
  assert.equal(restored.version, built.version);
  for (
    const params of [
      { query: "list running containers", mode: "ranked" as const },
      { query: "show me what changed in my working copy", mode: "ranked" as const, limit: 3 },
      { query: "deplo", mode: "ranked" as const, category: "cloud" },
      { query: "commit" },
      { query: "json", limit: 100 },
    ]
  ) {
    assert.deepEqual(restored.search(params), built.search(params), JSON.stringify(params));
  }
});

Deno.test("a packed index survives JSON and restores the same searches on generated tools", () => {
  const configs = generateConfigs(3000).map((config) => validateConfig(config));
  const built = ToolIndex.fromConfigs(configs, { onWarning: quiet });
  const restored = restoreIndex(configs, JSON.parse(JSON.stringify(packIndex(built))), quiet);
  assert.ok(restored);
  assert.deepEqual(indexParts(restored), indexParts(built));
  for (const params of rankedQueries(configs, 2, 50)) {
    const label = JSON.stringify(params);
    assert.deepEqual(restored.search(params), built.search(params), label);
    const substring = { query: params.query?.split(" ")[0], limit: 20 };
    assert.deepEqual(restored.search(substring), built.search(substring), label);
  }
});

Deno.test("unpackIndex() says what is wrong with a value that packIndex did not make", () => {
  assert.throws(() => unpackIndex({ version: "v" }), {
    name: "RangeError",
    message: "The packed index is not one that packIndex made",
  });
  assert.throws(
    () =>
      unpackIndex({
        version: "v",
        substring: { offsets: "AAAA", postings: "" },
        ranked: {
          doc_count: 0,
          terms: [],
          offsets: "AAA",
          postings: "",
          scales: "",
          doc_frequency: "",
        },
      }),
    { name: "RangeError", message: "A packed array must hold a whole number of elements" },
  );
});

Deno.test("a packed index that does not fit its configs is refused, to be built instead", () => {
  const configs = generateConfigs(200).map((config) => validateConfig(config));
  const packed = packIndex(ToolIndex.fromConfigs(configs, { onWarning: quiet }));
  assert.ok(restoreIndex(configs, packed, quiet));
  assert.equal(restoreIndex(configs.slice(1), packed, quiet), undefined, "fewer tools");
  const refused = [
    undefined,
    null,
    "index",
    { ...packed, version: 1 },
    { ...packed, ranked: { ...packed.ranked, terms: [1, 2] } },
    { ...packed, ranked: { ...packed.ranked, terms: packed.ranked.terms.slice(1) } },
    { ...packed, ranked: { ...packed.ranked, postings: "not base64!" } },
    { ...packed, ranked: { ...packed.ranked, scales: packed.ranked.postings } },
    { ...packed, substring: { ...packed.substring, offsets: "AAAA" } },
    { ...packed, substring: { ...packed.substring, postings: packed.ranked.offsets } },
  ];
  for (const value of refused) {
    const label = JSON.stringify(value)?.slice(0, 80);
    assert.equal(restoreIndex(configs, value, quiet), undefined, label);
  }
});
