// search() on random corpora and random queries: substring mode equals the contract's linear
// scan, ranked mode keeps to the filters and the limit in a deterministic order, and any
// cursor that was not issued for the same parameters is refused.
import assert from "node:assert/strict";
import fc from "./_fast_check.ts";
import {
  type CLImaxConfig,
  InvalidCursorError,
  type SearchPage,
  type SearchParams,
  ToolIndex,
  type ToolIndexEntry,
  validateConfig,
} from "../mod.ts";
import { referenceRows, referenceSearch } from "./_reference.ts";

/** Text that search must treat literally: letters of several scripts, case pairs that fold
 * oddly, regex and URL characters, combining marks, astral characters. */
const piece = fc.constantFrom(
  "a",
  "B",
  "git",
  "Commit",
  "İ",
  "ß",
  "Σ",
  "ς",
  "é",
  "e\u0301",
  "ﬁ",
  "K",
  "日本",
  "😀",
  ".",
  "*",
  "+",
  "?",
  "(",
  ")",
  "[",
  "]",
  "\\",
  "^",
  "$",
  "|",
  "%",
  "&",
  "_",
  "-",
  " ",
  "\t",
  "\u0000",
);
const text = (maxLength: number) =>
  fc.array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength }).map((parts) =>
    parts.join("")
  );

const corpus = fc.array(
  fc.record({
    name: fc.constantFrom("alpha", "Beta", "γάμμα", "d.e", "ε"),
    category: fc.option(fc.constantFrom("vcs", "VCS", "Containers", "日本", ""), { nil: null }),
    tags: fc.array(text(4), { maxLength: 3 }),
    tools: fc.array(
      fc.record({ name: text(5), description: text(12) }),
      { minLength: 1, maxLength: 8 },
    ),
  }),
  { minLength: 1, maxLength: 6 },
).map((inputs) =>
  inputs.map((input, i) =>
    validateConfig({
      ...input,
      command: "x",
      // Tool names are unique within a config here; repeats across configs stay, to
      // exercise replacement.
      tools: input.tools.map((tool, j) => ({ ...tool, name: `${tool.name}#${i % 2}${j}` })),
    }, { onWarning: () => {} })
  )
);

const params = fc.record({
  query: fc.option(
    fc.oneof(text(4), fc.constantFrom("", " "), fc.string({ minLength: 500, maxLength: 2000 })),
    { nil: undefined },
  ),
  category: fc.option(fc.constantFrom("vcs", "Vcs", "containers", "日本", "", "none"), {
    nil: undefined,
  }),
  cli: fc.option(fc.constantFrom("alpha", "BETA", "Γάμμα", "d.e", "", "none"), { nil: undefined }),
  limit: fc.option(fc.nat({ max: 12 }), { nil: undefined }),
});

function build(configs: CLImaxConfig[]): ToolIndex {
  return ToolIndex.fromConfigs(configs, { onWarning: () => {} });
}

Deno.test("substring search() equals the contract's linear scan on random corpora", () => {
  fc.assert(
    fc.property(corpus, fc.array(params, { minLength: 1, maxLength: 10 }), (configs, queries) => {
      const index = build(configs);
      const rows = referenceRows(configs);
      for (const query of queries) {
        assert.deepEqual(
          index.search(query).map((entry) => entry.tool_name),
          referenceSearch(rows, query),
          JSON.stringify(query),
        );
      }
    }),
    { numRuns: 400 },
  );
});

Deno.test("ranked search() keeps to the filters and the limit, in a deterministic order", () => {
  fc.assert(
    fc.property(corpus, fc.array(params, { minLength: 1, maxLength: 10 }), (configs, queries) => {
      const index = build(configs);
      const twin = build(configs);
      const byName = new Map(index.search({ limit: index.size }).map((e) => [e.tool_name, e]));
      for (const query of queries) {
        const ranked: SearchParams = { ...query, mode: "ranked" };
        const names = index.search(ranked).map((entry) => entry.tool_name);
        assert.ok(names.length <= (query.limit ?? 10));
        assert.equal(new Set(names).size, names.length, "no tool twice");
        for (const name of names) {
          const entry = byName.get(name)!;
          if (query.category) {
            assert.equal(entry.category?.toLowerCase(), query.category.toLowerCase());
          }
          if (query.cli) assert.equal(entry.cli_name.toLowerCase(), query.cli.toLowerCase());
        }
        assert.deepEqual(index.search(ranked).map((entry) => entry.tool_name), names);
        assert.deepEqual(twin.search(ranked).map((entry) => entry.tool_name), names);
      }
    }),
    { numRuns: 300 },
  );
});

/** Tools named and described from a few words, so that their ranked lists are long. */
const denseCorpus = fc.array(
  fc.record({
    name: fc.constantFrom("alpha", "Beta", "gamma"),
    category: fc.option(fc.constantFrom("vcs", "db"), { nil: null }),
    tools: fc.array(
      fc.record({
        name: fc.array(fc.constantFrom("list", "get", "pod", "log", "run"), {
          minLength: 1,
          maxLength: 3,
        }).map((words) => words.join("_")),
        description: fc.array(fc.constantFrom("list", "pods", "logs", "run", "file", "x"), {
          maxLength: 8,
        }).map((words) => words.join(" ")),
      }),
      { minLength: 1, maxLength: 60 },
    ),
  }),
  { minLength: 1, maxLength: 8 },
).map((inputs) =>
  inputs.map((input, i) =>
    validateConfig({
      ...input,
      command: "x",
      tools: input.tools.map((tool, j) => ({ ...tool, name: `${tool.name}#${i}.${j}` })),
    })
  )
);

const rankedPages = fc.record({
  query: fc.array(fc.constantFrom("list", "pod", "logs", "run", "file", "x", "gamma", "lis"), {
    minLength: 1,
    maxLength: 4,
  }).map((words) => words.join(" ")),
  category: fc.option(fc.constantFrom("vcs", "DB"), { nil: undefined }),
  cli: fc.option(fc.constantFrom("alpha", "beta"), { nil: undefined }),
  limit: fc.integer({ min: 1, max: 12 }),
  pages: fc.integer({ min: 1, max: 4 }),
});

Deno.test("ranked pages are slices of the whole ranking, filtered, in every corpus", () => {
  const inFilters = (params: { category?: string; cli?: string }) => (entry: ToolIndexEntry) =>
    (!params.category || entry.category?.toLowerCase() === params.category.toLowerCase()) &&
    (!params.cli || entry.cli_name.toLowerCase() === params.cli.toLowerCase());
  fc.assert(
    fc.property(
      fc.oneof(corpus, denseCorpus),
      fc.array(rankedPages, { minLength: 1, maxLength: 8 }),
      (configs, queries) => {
        const index = build(configs);
        for (const { pages, ...params } of queries) {
          // With room for every tool nothing can be left out early: the reference order.
          const whole = index.search({ ...params, mode: "ranked", limit: index.size })
            .map((entry) => entry.tool_name);
          // The filters keep the order of the whole ranking; only where none of the tools they
          // take matches a word of the query itself do they also leave out tools found by
          // related words alone.
          const unfiltered = index.search({
            query: params.query,
            mode: "ranked",
            limit: index.size,
          })
            .filter(inFilters(params)).map((entry) => entry.tool_name);
          assert.deepEqual(
            whole,
            unfiltered.filter((name) => whole.includes(name)),
            JSON.stringify(params),
          );
          const got: string[] = [];
          let cursor: string | null = null;
          for (let page = 0; page < pages; page++) {
            const result: SearchPage = index.searchPage({ ...params, mode: "ranked", cursor });
            got.push(...result.results.map((entry) => entry.tool_name));
            cursor = result.next_cursor;
            if (cursor === null) break;
          }
          const shown = Math.min(whole.length, pages * params.limit);
          assert.deepEqual(got, whole.slice(0, shown), JSON.stringify(params));
          assert.equal(cursor === null, shown === whole.length, JSON.stringify(params));
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("searchPage() refuses any cursor not issued for the same parameters", () => {
  const configs = [validateConfig({
    name: "many",
    command: "x",
    tools: Array.from({ length: 30 }, (_, i) => ({ name: `tool_${i}`, description: "A tool" })),
  })];
  const index = build(configs);
  const first = index.searchPage({ query: "tool", limit: 5 });
  const issued = first.next_cursor!;
  assert.equal(index.searchPage({ query: "tool", limit: 5, cursor: issued }).results.length, 5);

  const tampered = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: "binary", maxLength: 60 }),
    // One character of the issued cursor changed, dropped or added.
    fc.record({ at: fc.nat({ max: issued.length }), c: fc.string({ minLength: 1, maxLength: 1 }) })
      .chain(({ at, c }) =>
        fc.constantFrom(
          issued.slice(0, at) + c + issued.slice(at + 1),
          issued.slice(0, at) + issued.slice(at + 1),
          issued.slice(0, at) + c + issued.slice(at),
        )
      ),
  ).filter((cursor) => cursor !== issued && cursor !== "");
  fc.assert(
    fc.property(tampered, (cursor) => {
      assert.throws(
        () => index.searchPage({ query: "tool", limit: 5, cursor }),
        InvalidCursorError,
      );
    }),
    { numRuns: 3000 },
  );

  // The issued cursor itself, with other parameters, or for another mode.
  for (
    const other of [
      { query: "tools", limit: 5 },
      { query: "tool", limit: 5, mode: "ranked" as const },
      { query: "tool", limit: 5, cli: "many" },
    ]
  ) {
    assert.throws(() => index.searchPage({ ...other, cursor: issued }), InvalidCursorError);
  }
});
