import assert from "node:assert/strict";
import { type CLImaxConfig, type RegistrySearchParams, validateConfig } from "../mod.ts";
import { readCompiledCatalogue } from "../src/catalogue/compiled.ts";
import { loadCatalogue } from "../src/catalogue/load.ts";
import { registerSources } from "../src/catalogue/source_kinds.ts";
import { packIndex, restoreIndex, unpackIndex } from "../src/catalogue/_packed_index.ts";
import { type RegistryCore, registryCore } from "../src/registry/registry_core.ts";
import { generateConfigs, rankedQueries } from "../support/corpus.ts";

const quiet = () => {};

/** Asserts that `a` and `b` answer each ranked search and a substring search of its first word alike. */
function assertSameSearches(
  a: RegistryCore,
  b: RegistryCore,
  queries: Iterable<RegistrySearchParams>,
): void {
  for (const params of queries) {
    const label = JSON.stringify(params);
    assert.deepEqual(a.search(params), b.search(params), label);
    const substring = { query: params.query?.split(" ")[0], limit: 20 };
    assert.deepEqual(a.search(substring), b.search(substring), label);
  }
}

function registryOf(configs: readonly CLImaxConfig[]): RegistryCore {
  const registry = registryCore({ onWarning: quiet });
  for (const config of configs) registry.registerValidConfig(config, config.name);
  return registry;
}

Deno.test("the bundled catalogue's packed search restores the search that its files build", async () => {
  const dir = new URL("../configs/", import.meta.url);
  const compiled = await readCompiledCatalogue(dir);
  assert.ok(compiled, "configs/_catalogue.json is missing or stale: run `deno task catalogue`");
  const restored = registryCore({ onWarning: quiet });
  for (const source of compiled.files) registerSources(restored, [source]);
  assert.ok(restoreIndex(restored, compiled.index));
  // Built from the files, as a directory without a current catalogue is.
  const { sources } = await loadCatalogue(dir, { warn: quiet });
  const built = registryCore({ onWarning: quiet });
  for (const source of sources) registerSources(built, [source]);
  assert.deepEqual(restored.searchParts(), built.searchParts());
  assert.equal(restored.contentVersion, built.contentVersion);
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

Deno.test("a packed search survives JSON and restores the same searches on generated tools", () => {
  const configs = generateConfigs(3000).map((config) => validateConfig(config));
  const built = registryOf(configs);
  const restored = registryOf(configs);
  assert.ok(restoreIndex(restored, JSON.parse(JSON.stringify(packIndex(built)))));
  assert.deepEqual(restored.searchParts(), built.searchParts());
  assertSameSearches(restored, built, rankedQueries(configs, 2, 50));
});

Deno.test("unpackIndex() says what is wrong with a value that packIndex did not make", () => {
  assert.throws(() => unpackIndex({ content_hash: "v" }), {
    name: "RangeError",
    message: "The packed index is not one that packIndex made",
  });
  assert.throws(
    () =>
      unpackIndex({
        content_hash: "v",
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

Deno.test("a packed search that does not fit its registry is refused, to be built instead", () => {
  const configs = generateConfigs(200).map((config) => validateConfig(config));
  const packed = packIndex(registryOf(configs));
  assert.ok(restoreIndex(registryOf(configs), packed));
  assert.equal(restoreIndex(registryOf(configs.slice(1)), packed), false, "fewer tools");
  const refused = [
    undefined,
    null,
    "index",
    { ...packed, content_hash: 1 },
    { ...packed, ranked: { ...packed.ranked, terms: [1, 2] } },
    { ...packed, ranked: { ...packed.ranked, terms: packed.ranked.terms.slice(1) } },
    { ...packed, ranked: { ...packed.ranked, postings: "not base64!" } },
    { ...packed, ranked: { ...packed.ranked, scales: packed.ranked.postings } },
    { ...packed, substring: { ...packed.substring, offsets: "AAAA" } },
    { ...packed, substring: { ...packed.substring, postings: packed.ranked.offsets } },
  ];
  for (const value of refused) {
    const label = JSON.stringify(value)?.slice(0, 80);
    const registry = registryOf(configs);
    const before = registry.contentVersion;
    assert.equal(restoreIndex(registry, value), false, label);
    // A refused search leaves the registry as it was, searching as a fresh one does.
    assert.equal(registry.contentVersion, before, label);
    assert.deepEqual(
      registry.search({ query: "a", limit: 5 }),
      registryOf(configs).search({ query: "a", limit: 5 }),
      label,
    );
  }
});

Deno.test("changes made before a restored search is first used are searched as a fresh build's", () => {
  const configs = generateConfigs(600).map((config) => validateConfig(config));
  const [first, later] = [configs.slice(0, 500), configs.slice(500)];
  const restored = registryOf(first);
  assert.ok(restoreIndex(restored, packIndex(registryOf(first))));
  // No search yet: the restored tables wait for one while the registry changes.
  for (const config of later) restored.registerValidConfig(config, config.name);
  restored.removeSource("climax", first[0].name);
  const fresh = registryOf(first.slice(1).concat(later));
  assert.equal(restored.size, fresh.size);
  assertSameSearches(restored, fresh, rankedQueries(configs, 2, 40));
});

Deno.test("a registry whose first tools are put off answers its facts without them, and loads them once at any other read or change", () => {
  const [first, second] = generateConfigs(10, 1, 5).map((config) =>
    validateConfig(config, { onWarning: quiet })
  );
  const eager = registryOf([first]);
  const facts = eager.facts();
  let loads = 0;
  const registry = registryCore({ onWarning: quiet });
  registry.deferLoad(() => {
    loads++;
    registry.registerValidConfig(first, first.name);
  }, facts);
  assert.equal(registry.size, eager.size);
  assert.equal(registry.version, eager.version);
  assert.equal(registry.contentVersion, eager.contentVersion);
  assert.deepEqual(registry.summary(), eager.summary());
  assert.equal(loads, 0);
  assert.deepEqual(registry.ids(), eager.ids());
  assert.equal(loads, 1);
  assert.deepEqual(registry.facts(), facts);

  const changed = registryCore({ onWarning: quiet });
  changed.deferLoad(() => changed.registerValidConfig(first, first.name), facts);
  const told: string[] = [];
  changed.onChange((event) => told.push(`${event.type} ${event.id} ${event.version}`));
  changed.registerValidConfig(second, second.name);
  assert.deepEqual(changed.ids(), registryOf([first, second]).ids());
  assert.equal(changed.version, 2);
  // Listeners hear of the change, not of the tools that were there from the start.
  assert.deepEqual(told, second.tools.map((tool) => `registered ${second.name}:${tool.name} 2`));
});

Deno.test("deferLoad() takes only an empty registry's first tools", () => {
  const [config] = generateConfigs(3).map((input) => validateConfig(input, { onWarning: quiet }));
  const facts = registryOf([config]).facts();
  assert.throws(() => registryOf([config]).deferLoad(() => {}, facts), RangeError);
  const empty = registryCore({ onWarning: quiet });
  assert.throws(() => empty.deferLoad(() => {}, { ...facts, size: 0 }), RangeError);
  empty.deferLoad(() => {}, facts);
  assert.throws(() => empty.deferLoad(() => {}, facts), RangeError);
});

Deno.test("a compiled catalogue's facts are what its registry holds once its sources are registered", async () => {
  const dir = new URL("../configs/", import.meta.url);
  const loaded = await loadCatalogue(dir, { warn: quiet });
  assert.ok(
    loaded.compiled,
    "configs/_catalogue.json is missing or stale: run `deno task catalogue`",
  );
  const registry = loaded.registry;
  const told = { size: registry.size, version: registry.version, facts: registry.facts() };
  // Read past the facts: the sources are registered now.
  assert.ok(registry.getTool("docker:docker_ps"));
  assert.deepEqual(
    { size: registry.size, version: registry.version, facts: registry.facts() },
    told,
  );
  // As a directory without a compiled catalogue registers them.
  const built = registryCore({ onWarning: quiet });
  const compiled = await readCompiledCatalogue(dir);
  for (const source of compiled!.files) registerSources(built, [source]);
  assert.deepEqual(built.facts(), told.facts);
});
