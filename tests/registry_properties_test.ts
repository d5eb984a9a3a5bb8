// A ToolRegistry against simpler accounts of the same content: a ToolIndex of the same configs,
// and, after random sequences of registrations, replacements and removals, a model of what the
// registry should hold and a registry built afresh from it.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  type CLImaxConfigInput,
  InvalidToolError,
  NotFoundError,
  type RegistryEntry,
  type SearchParams,
  ToolIndex,
  type ToolRegistration,
  ToolRegistry,
  validateConfig,
} from "../mod.ts";
import { bundledConfigs } from "../src/catalogue/load.ts";
import { generateConfigs, generateQueries, rankedQueries } from "../support/corpus.ts";

const quiet = () => {};

/** The configs with every tool name that an earlier tool has already taken left out. */
function uniqueNames(configs: readonly CLImaxConfigInput[]): CLImaxConfigInput[] {
  const seen = new Set<string>();
  return configs.map((config) => ({
    ...config,
    tools: config.tools.filter((tool) => !seen.has(tool.name) && seen.add(tool.name)),
  }));
}

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

// The model: an ID's definition, its backends (the sources that reach it) in order, and the
// IDs in the order they came.
interface ModelTool {
  description: string;
  sources: string[];
}

type Model = Map<string, ModelTool>;

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

/** What the model holds after `drop` (which sources leave which IDs) and `adds`; or "refused". */
function modelChange(
  model: Model,
  drop: (id: string, source: string) => boolean,
  adds: readonly Reg[],
): Model | "refused" {
  const next: Model = new Map(
    [...model].map((
      [id, tool],
    ) => [id, { ...tool, sources: tool.sources.filter((source) => !drop(id, source)) }]),
  );
  for (const { namespace, name, description, source } of adds) {
    const id = `${namespace}:${name}`;
    const tool = next.get(id);
    if (tool === undefined || tool.sources.length === 0) {
      // A tool whose sources all left takes the new definition, in its old place.
      next.set(id, { description, sources: [source] });
    } else if (tool.description !== description) {
      return "refused";
    } else if (!tool.sources.includes(source)) tool.sources.push(source);
  }
  for (const [id, tool] of next) if (tool.sources.length === 0) next.delete(id);
  return next;
}

Deno.test("random registrations, replacements and removals leave what a fresh build of the same content holds", () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
      const registry = new ToolRegistry();
      let model: Model = new Map();
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
            expected = modelChange(model, (_id, source) => source === step.source, regs);
            run = () => registry.replaceSource("local", step.source, regs.map(registration));
            break;
          }
          case "remove":
            expected = [...model.values()].some((tool) => tool.sources.includes(step.source))
              ? modelChange(model, (_id, source) => source === step.source, [])
              : "missing";
            run = () => registry.removeSource("local", step.source);
            break;
          case "unregister": {
            const id = `${step.namespace}:${step.name}`;
            expected = model.get(id)?.sources.includes(step.source)
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
        assert.deepEqual(registry.ids(), [...model.keys()]);
        for (const [id, tool] of model) {
          assert.deepEqual(registry.getAllBackends(id)?.map((backend) => backend.id), tool.sources);
          assert.equal(registry.getEntry(id)?.description, tool.description);
        }
      }
      const fresh = new ToolRegistry();
      fresh.registerMany([...model].flatMap(([id, tool]) => {
        const [namespace, name] = id.split(":");
        return tool.sources.map((source) =>
          registration({ namespace, name, description: tool.description, source })
        );
      }));
      assert.equal(registry.contentVersion, fresh.contentVersion);
      for (const query of ["", "thing", "list", "a", "get one", "make"]) {
        for (const mode of ["substring", "ranked"]) {
          assert.deepEqual(
            registry.search({ query, mode, limit: 20 }),
            fresh.search({ query, mode, limit: 20 }),
          );
        }
      }
    }),
    { numRuns: 300 },
  );
});
