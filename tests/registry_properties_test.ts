// A ToolRegistry against simpler accounts of the same content: a ToolIndex of the same configs,
// and, after random sequences of registrations, replacements and removals, a model of what the
// registry should hold and a registry built afresh from it.
import assert from "node:assert/strict";
import fc from "./_fast_check.ts";
import {
  InvalidToolError,
  NotFoundError,
  type RegistryEntry,
  type RegistrySearchPage,
  type SearchParams,
  ToolIndex,
  type ToolRegistration,
  ToolRegistry,
  validateConfig,
} from "../mod.ts";
import { bundledConfigs } from "../src/catalogue/load.ts";
import {
  generateConfigs,
  generateQueries,
  Random,
  rankedQueries,
  uniqueNames,
} from "../support/corpus.ts";

const quiet = () => {};

function withoutId({ id: _id, ...entry }: RegistryEntry) {
  return entry;
}

function assertSameAnswers(
  index: ToolIndex,
  registry: ToolRegistry,
  queries: readonly SearchParams[],
): void {
  for (const params of queries) {
    assert.deepEqual(
      registry.search(params).map(withoutId),
      index.search(params),
      JSON.stringify(params),
    );
  }
}

Deno.test("a registry of configs answers as a ToolIndex of them, in both modes", async () => {
  const generated = uniqueNames(generateConfigs(3000, 11, 40)).map((config) =>
    validateConfig(config)
  );
  for (const configs of [await bundledConfigs(), generated]) {
    const index = ToolIndex.fromConfigs(configs, { onWarning: quiet });
    const registry = new ToolRegistry();
    for (const config of configs) registry.registerConfig(config);
    assert.equal(registry.size, index.size);
    assert.deepEqual(registry.summary(), index.summary());
    assertSameAnswers(index, registry, [
      ...generateQueries(configs, 300, 5),
      ...rankedQueries(configs, 2, 100, 6),
      ...rankedQueries(configs, 3, 100, 7).map((params) => ({ ...params, limit: 25 })),
      { query: "list running containers", mode: "ranked" },
      { query: "show disk usage of a folder", mode: "ranked", limit: 3 },
    ]);
  }
});

Deno.test("after edits that score whole sources again, substring searches and browsing answer as a ToolIndex of the same configs", () => {
  // Sources of eight tools among 2,048: a description lengthened or shortened moves its
  // source's average lengths, so the source's other tools are indexed again beside the main
  // index, and the copies they leave there still answer substring searches. The edits fill the
  // recent index of changes, which is folded into the older one, and pass the share of tools
  // held apart, when everything is built again; they change and remove tools that moved, and
  // take whole sources away, which come back last.
  const configs = uniqueNames(generateConfigs(2048, 13, 8)).map((config) =>
    validateConfig(config, { onWarning: quiet })
  );
  const registry = new ToolRegistry({ onWarning: quiet });
  for (const config of configs) registry.registerConfig(config);
  const queries = generateQueries(configs, 200, 17).filter((params) => params.mode !== "ranked");
  queries.push({}, { limit: 40 }, { query: "", mode: "ranked", limit: 40 });
  const random = new Random(19);
  let snapshot: { view: ReturnType<ToolRegistry["snapshot"]>; answers: unknown[] } | undefined;
  for (let round = 0; round < 60; round++) {
    const at = random.int(configs.length);
    if (random.chance(0.1)) {
      registry.removeSource("climax", configs[at].name);
      const [gone] = configs.splice(at, 1);
      registry.registerConfig(gone);
      configs.push(gone);
    } else {
      const tools = [...configs[at].tools];
      const edited = random.int(tools.length);
      const { description } = tools[edited];
      tools[edited] = {
        ...tools[edited],
        description: random.chance(0.5)
          ? `${description}${" and more".repeat(1 + random.int(30))}`
          : description.slice(0, 1 + random.int(description.length)),
      };
      // Some edits also take a tool away, or bring one in.
      if (random.chance(0.3)) tools.splice(random.int(tools.length), 1);
      if (random.chance(0.3)) tools.push({ ...tools[0], name: `added_${round}` });
      configs[at] = validateConfig({ ...configs[at], tools }, { onWarning: quiet });
      registry.replaceConfig(configs[at]);
    }
    const index = ToolIndex.fromConfigs(configs, { onWarning: quiet });
    assertSameAnswers(index, registry, queries);
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: RegistrySearchPage = registry.searchPage({ limit: 50, cursor });
      pages.push(...page.results.map((entry) => entry.tool_name));
      cursor = page.next_cursor;
    } while (cursor !== null);
    assert.deepEqual(pages, index.search({ limit: 5000 }).map((entry) => entry.tool_name));
    // Ranked pages are slices of one ranking, however the near-ties fall across the indexes.
    for (const query of ["list files", "get user", "delete build"]) {
      const ranked: string[] = [];
      let next: string | null = null;
      do {
        const page: RegistrySearchPage = registry.searchPage({
          query,
          mode: "ranked",
          limit: 3,
          cursor: next,
        });
        ranked.push(...page.results.map((entry) => entry.id));
        next = page.next_cursor;
      } while (next !== null && ranked.length < 30);
      const whole = registry.search({ query, mode: "ranked", limit: ranked.length });
      assert.deepEqual(ranked, whole.map((entry) => entry.id), query);
    }
    // A snapshot taken midway answers as it did when taken, whatever comes after.
    if (round === 20) {
      const view = registry.snapshot();
      snapshot = { view, answers: queries.map((params) => view.search(params)) };
    }
  }
  assert.deepEqual(snapshot!.answers, queries.map((params) => snapshot!.view.search(params)));
});

// The model: each source's list of IDs, sources in the order they came; each ID's definition
// and the sources that reach it, in the order they came. Load order: by source, then by list.
interface Model {
  sources: Map<string, string[]>;
  tools: Map<string, { description: string; sources: string[] }>;
}

function idsInLoadOrder(model: Model): string[] {
  const place = new Map<string, [number, number]>();
  [...model.sources].forEach(([, list], rank) =>
    list.forEach((id, index) => {
      const known = place.get(id);
      if (known === undefined || known[0] > rank) place.set(id, [rank, index]);
    })
  );
  return [...place.keys()].sort((a, b) =>
    place.get(a)![0] - place.get(b)![0] || place.get(a)![1] - place.get(b)![1]
  );
}

const NAMESPACES = ["alpha", "beta"];
const NAMES = ["list", "get", "create", "delete"];
const DESCRIPTIONS = ["List things", "Get one thing", "Make a thing"];
const SOURCES = ["s1", "s2", "s3"];

interface Reg {
  namespace: string;
  name: string;
  description: string;
  source: string;
}

const reg = fc.record({
  namespace: fc.constantFrom(...NAMESPACES),
  name: fc.constantFrom(...NAMES),
  description: fc.constantFrom(...DESCRIPTIONS),
  source: fc.constantFrom(...SOURCES),
});

type Op =
  | { kind: "register"; regs: Reg[] }
  | { kind: "replace"; source: string; regs: Reg[] }
  | { kind: "remove"; source: string }
  | { kind: "unregister"; namespace: string; name: string; source: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("register" as const), regs: fc.array(reg, { maxLength: 4 }) }),
  fc.record({
    kind: fc.constant("replace" as const),
    source: fc.constantFrom(...SOURCES),
    regs: fc.array(reg, { maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant("remove" as const), source: fc.constantFrom(...SOURCES) }),
  fc.record({
    kind: fc.constant("unregister" as const),
    namespace: fc.constantFrom(...NAMESPACES),
    name: fc.constantFrom(...NAMES),
    source: fc.constantFrom(...SOURCES),
  }),
);

function registration({ namespace, name, description, source }: Reg): ToolRegistration {
  return {
    tool: { namespace, name, description, input_schema: { type: "object" } },
    backend: { kind: "local", id: source },
  };
}

/**
 * What the model holds after `drop` (which sources leave which IDs) and `adds`, which replace
 * the list of the source `replaces` when given; or "refused".
 */
function modelChange(
  model: Model,
  drop: (id: string, source: string) => boolean,
  adds: readonly Reg[],
  replaces?: string,
): Model | "refused" {
  const tools = new Map(
    [...model.tools].map((
      [id, tool],
    ) => [id, { ...tool, sources: tool.sources.filter((source) => !drop(id, source)) }]),
  );
  const sources = new Map(
    [...model.sources].map(([source, list]) => [source, list.filter((id) => !drop(id, source))]),
  );
  if (replaces !== undefined) sources.set(replaces, sources.get(replaces) ?? []);
  for (const { namespace, name, description, source } of adds) {
    const id = `${namespace}:${name}`;
    const tool = tools.get(id);
    if (tool === undefined || tool.sources.length === 0) {
      // A tool whose sources all left takes the new definition.
      tools.set(id, { description, sources: [source] });
    } else if (tool.description !== description) {
      return "refused";
    } else if (!tool.sources.includes(source)) tool.sources.push(source);
    const list = sources.get(source) ?? [];
    if (!list.includes(id)) list.push(id);
    sources.set(source, list);
  }
  for (const [source, list] of sources) if (list.length === 0) sources.delete(source);
  // A tool's backends go in the order of their sources.
  const rank = [...sources.keys()];
  for (const [id, tool] of tools) {
    if (tool.sources.length === 0) tools.delete(id);
    tool.sources.sort((a, b) => rank.indexOf(a) - rank.indexOf(b));
  }
  return { sources, tools };
}

/** A registry built afresh from what the model holds: each source's list, in order. */
function freshBuild(model: Model): ToolRegistry {
  const fresh = new ToolRegistry();
  for (const [source, list] of model.sources) {
    fresh.registerMany(list.map((id) => {
      const [namespace, name] = id.split(":");
      return registration({
        namespace,
        name,
        description: model.tools.get(id)!.description,
        source,
      });
    }));
  }
  return fresh;
}

/**
 * The answers of `registry` against those of a fresh build: the substring search's exactly, a
 * ranked search's as the same tools (their order can differ where a change moved the highest
 * score of a term, on which an index quantises, and the registry kept the steps of its last
 * full build).
 */
function assertAnswersOf(registry: ToolRegistry, fresh: ToolRegistry): void {
  for (const query of ["", "thing", "list", "a", "get one", "make"]) {
    assert.deepEqual(
      registry.search({ query, limit: 20 }),
      fresh.search({ query, limit: 20 }),
      query,
    );
    // Page by page, each page leaving out the tools of the pages before it.
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: RegistrySearchPage = registry.searchPage({ query, limit: 3, cursor });
      pages.push(...page.results.map((entry) => entry.id));
      cursor = page.next_cursor;
    } while (cursor !== null && pages.length < 12);
    assert.deepEqual(
      pages,
      fresh.search({ query, limit: pages.length }).map((entry) => entry.id),
      `pages of ${query}`,
    );
    const ids = (from: ToolRegistry) =>
      from.search({ query, mode: "ranked", limit: 20 }).map((entry) => entry.id).sort();
    assert.deepEqual(ids(registry), ids(fresh), `ranked ${query}`);
  }
}

Deno.test("random registrations, replacements and removals leave what a fresh build of the same content holds", () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
      const registry = new ToolRegistry();
      let model: Model = { sources: new Map(), tools: new Map() };
      for (const step of ops) {
        let expected: Model | "refused" | "missing";
        let run: () => void;
        switch (step.kind) {
          case "register":
            expected = modelChange(model, () => false, step.regs);
            run = () => registry.registerMany(step.regs.map(registration));
            break;
          case "replace": {
            const regs = step.regs.map((r) => ({ ...r, source: step.source }));
            expected = modelChange(
              model,
              (_id, source) => source === step.source,
              regs,
              step.source,
            );
            run = () => registry.replaceSource("local", step.source, regs.map(registration));
            break;
          }
          case "remove":
            expected = model.sources.has(step.source)
              ? modelChange(model, (_id, source) => source === step.source, [])
              : "missing";
            run = () => registry.removeSource("local", step.source);
            break;
          case "unregister": {
            const id = `${step.namespace}:${step.name}`;
            expected = model.tools.get(id)?.sources.includes(step.source)
              ? modelChange(model, (tool, source) => tool === id && source === step.source, [])
              : "missing";
            run = () => registry.unregisterBackend(id, "local", step.source);
            break;
          }
        }
        const version = registry.version;
        if (expected === "refused") {
          assert.throws(run, InvalidToolError);
          assert.equal(registry.version, version);
        } else if (expected === "missing") {
          assert.throws(run, NotFoundError);
        } else {
          run();
          model = expected;
        }
        assert.deepEqual(registry.ids(), idsInLoadOrder(model));
        for (const [id, tool] of model.tools) {
          assert.deepEqual(registry.getAllBackends(id)?.map((backend) => backend.id), tool.sources);
          assert.equal(registry.getEntry(id)?.description, tool.description);
        }
        // Searched after every step, so that each search is made from the one before.
        assertAnswersOf(registry, freshBuild(model));
      }
      const fresh = freshBuild(model);
      assert.equal(registry.contentVersion, fresh.contentVersion);
    }),
    { numRuns: 300 },
  );
});
