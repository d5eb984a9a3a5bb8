import assert from "node:assert/strict";
import {
  buildInputSchema,
  ConfigError,
  InvalidCursorError,
  type SearchParams,
  ToolIndex,
  type ToolIndexEntry,
  validateConfig,
} from "../mod.ts";
import { bulkConfig, dockerConfig, gitConfig, obsidianConfig } from "./_fixtures.ts";

const index = ToolIndex.fromConfigs([gitConfig, dockerConfig, obsidianConfig, bulkConfig]);
const names = (entries: ToolIndexEntry[]) => entries.map((entry) => entry.tool_name);
const all = { limit: 1000 };

Deno.test("search() finds tools by name, description or tags with full schemas (story 2, scenario 1; FR-004, FR-006, FR-007)", () => {
  const results = index.search({ query: "commit", limit: 100 });
  // git_commit by name, git_diff by description ("between commits"), every git tool by the
  // "commits" tag, docker_commit by name.
  assert.deepEqual(names(results), [
    "git_status",
    "git_log",
    "git_commit",
    "git_branch",
    "git_diff",
    "docker_commit",
  ]);
  const commit = results.find((entry) => entry.tool_name === "git_commit")!;
  assert.deepEqual(commit.input_schema, {
    type: "object",
    properties: { message: { type: "string", description: "Commit message" } },
    required: ["message"],
  });
});

Deno.test("search() returns at most limit results (story 2, scenario 2)", () => {
  assert.ok(index.size >= 50);
  const results = index.search({ query: "status", limit: 5 });
  assert.equal(results.length, 5);
  assert.ok(results.every((entry) => JSON.stringify(entry).toLowerCase().includes("status")));
});

Deno.test("search() is case-insensitive (story 2, scenario 3)", () => {
  assert.deepEqual(
    index.search({ query: "COMMIT", ...all }),
    index.search({ query: "commit", ...all }),
  );
  assert.deepEqual(
    index.search({ query: "CoMmIt", ...all }),
    index.search({ query: "commit", ...all }),
  );
  assert.ok(index.search({ query: "COMMIT" }).length > 0);
});

Deno.test("search() filters by exact category (story 2, scenario 4; FR-007)", () => {
  const results = index.search({ category: "vcs", ...all });
  assert.deepEqual(names(results), gitConfig.tools.map((tool) => tool.name));
  assert.deepEqual(names(index.search({ category: "VCS", ...all })), names(results));
  assert.deepEqual(index.search({ category: "vc" }), []);
  assert.deepEqual(index.search({ category: "vcs " }), []);
});

Deno.test("search() filters by exact CLI name (story 2, scenario 5; FR-007)", () => {
  const results = index.search({ cli: "git-tools", ...all });
  assert.deepEqual(names(results), gitConfig.tools.map((tool) => tool.name));
  assert.deepEqual(names(index.search({ cli: "GIT-TOOLS", ...all })), names(results));
  assert.deepEqual(index.search({ cli: "git" }), []);
});

Deno.test("search() combines filters with AND (story 2, scenario 6; FR-008)", () => {
  assert.deepEqual(names(index.search({ query: "branch", category: "vcs" })), ["git_branch"]);
  assert.deepEqual(index.search({ query: "branch", category: "containers" }), []);
  assert.deepEqual(names(index.search({ query: "commit", cli: "docker-tools" })), [
    "docker_commit",
  ]);
  assert.deepEqual(
    index.search({ query: "commit", category: "containers", cli: "git-tools" }),
    [],
  );
});

Deno.test("search() never matches a category filter against tools without a category", () => {
  assert.deepEqual(index.search({ category: "null" }), []);
  assert.equal(index.search({ cli: "obsidian", ...all }).length, 3);
});

Deno.test("search() matches the query against the CLI name and the category", () => {
  assert.equal(index.search({ query: "obsidian", ...all }).length, 3);
  assert.deepEqual(
    names(index.search({ query: "containers", ...all })),
    dockerConfig.tools.map((tool) => tool.name),
  );
  assert.equal(index.search({ query: "misc", ...all }).length, 40);
});

Deno.test("search() matches each field on its own, never across two fields", () => {
  // "git_status" ends the name and "Show" starts the description: a space-joined blob would
  // match "status show", but no single field contains it.
  assert.deepEqual(index.search({ query: "status show" }), []);
  assert.deepEqual(index.search({ query: "git_status\u0000show" }), []);
  assert.deepEqual(names(index.search({ query: "show the working" })), ["git_status"]);
});

Deno.test("search() in insertion order, capped by limit (FR-009)", () => {
  const first = index.search({ limit: 3 });
  assert.deepEqual(names(first), ["git_status", "git_log", "git_commit"]);
  const everything = index.search(all);
  assert.deepEqual(
    names(everything),
    [gitConfig, dockerConfig, obsidianConfig, bulkConfig].flatMap((c) =>
      c.tools.map((t) => t.name)
    ),
  );
});

Deno.test("search() with no parameters browses the first 10 tools", () => {
  assert.deepEqual(names(index.search()), names(index.search(all)).slice(0, 10));
  assert.deepEqual(
    index.search({ query: null, category: null, cli: null }),
    index.search(),
  );
});

Deno.test("search() treats empty strings as absent filters", () => {
  assert.deepEqual(index.search({ query: "", category: "", cli: "" }), index.search());
});

Deno.test("search() with limit 0 or less returns []", () => {
  assert.deepEqual(index.search({ limit: 0 }), []);
  assert.deepEqual(index.search({ query: "git", limit: -5 }), []);
});

Deno.test("search() refuses a limit that is not an integer with a RangeError", () => {
  for (const limit of [1.5, NaN, Infinity, "10" as unknown as number]) {
    assert.throws(() => index.search({ limit }), RangeError, String(limit));
  }
});

Deno.test("search() refuses parameters of the wrong type with a RangeError", () => {
  for (const params of [{ query: 3 }, { category: ["vcs"] }, { cli: {} }, { mode: "fuzzy" }]) {
    assert.throws(() => index.search(params as unknown as SearchParams), RangeError);
  }
});

Deno.test("search() returns [] when nothing matches", () => {
  assert.deepEqual(index.search({ query: "zzz-no-such-tool" }), []);
  assert.deepEqual(index.search({ cli: "nope" }), []);
});

Deno.test("search() treats regex characters literally (FR-013)", () => {
  const special = ToolIndex.fromConfigs([validateConfig({
    command: "x",
    tools: [
      { name: "dot", description: "matches a.b exactly" },
      { name: "star", description: "glob *.txt files" },
      { name: "class", description: "brackets [a-z] and (group) and $HOME ^start \\d" },
    ],
  })]);
  assert.deepEqual(names(special.search({ query: "a.b" })), ["dot"]);
  assert.deepEqual(special.search({ query: "a.c" }), []);
  assert.deepEqual(names(special.search({ query: "*.txt" })), ["star"]);
  assert.deepEqual(names(special.search({ query: "[a-z]" })), ["class"]);
  assert.deepEqual(names(special.search({ query: "(group)" })), ["class"]);
  assert.deepEqual(names(special.search({ query: "$home ^start \\d" })), ["class"]);
  assert.deepEqual(special.search({ query: ".*" }), []);
  assert.deepEqual(special.search({ query: "\\" + "w" }), []);
});

Deno.test("search() handles very long queries", () => {
  const description = "x".repeat(5000);
  const long = ToolIndex.fromConfigs([{ command: "x", tools: [{ name: "long", description }] }]);
  assert.deepEqual(names(long.search({ query: "X".repeat(4000) })), ["long"]);
  assert.deepEqual(long.search({ query: "x".repeat(5001) }), []);
  assert.deepEqual(long.search({ query: "x".repeat(100) + "y" }), []);
});

Deno.test("search() finds one- and two-character queries and non-ASCII text", () => {
  const text = ToolIndex.fromConfigs([{
    command: "x",
    tools: [
      { name: "grüße", description: "Sagt Hallo" },
      { name: "emoji", description: "Rocket 🚀 launch" },
      { name: "plain", description: "nothing special" },
    ],
  }]);
  assert.deepEqual(names(text.search({ query: "Ü" })), ["grüße"]);
  assert.deepEqual(names(text.search({ query: "GRÜ" })), ["grüße"]);
  assert.deepEqual(names(text.search({ query: "🚀" })), ["emoji"]);
  assert.deepEqual(names(text.search({ query: "q" })), []);
  assert.deepEqual(names(text.search({ query: "no" })), ["plain"]);
});

Deno.test("summary() lists every CLI with its tool count (story 3, scenario 1; FR-010)", () => {
  const three = ToolIndex.fromConfigs([gitConfig, dockerConfig, obsidianConfig]);
  assert.deepEqual(three.summary(), [
    {
      name: "git-tools",
      description: "MCP tools for Git",
      tool_count: 5,
      category: "vcs",
      tags: ["version-control", "commits"],
    },
    {
      name: "docker-tools",
      description: "Docker container management",
      tool_count: 8,
      category: "containers",
      tags: ["docker", "containers"],
    },
    {
      name: "obsidian",
      description: "Obsidian vault tools",
      tool_count: 3,
      category: null,
      tags: [],
    },
  ]);
});

Deno.test("summary() shows null category and [] tags when unset (story 3, scenario 2)", () => {
  const obsidian = index.summary().find((cli) => cli.name === "obsidian")!;
  assert.equal(obsidian.category, null);
  assert.deepEqual(obsidian.tags, []);
});

Deno.test("get() returns the resolved tool with its config's details (story 4, scenario 1; FR-011)", () => {
  assert.deepEqual(index.get("git_status"), {
    tool: gitConfig.tools[0],
    base_command: "git",
    env: { GIT_PAGER: "cat" },
    working_dir: null,
    global_args: gitConfig.global_args,
    description_override: null,
    arg_constraints: {},
  });
});

Deno.test("get() carries the config's global args", () => {
  assert.equal(index.get("git_log")?.global_args[0].name, "git_dir");
  assert.deepEqual(index.get("docker_ps")?.global_args, []);
});

Deno.test("get() returns undefined for an unknown name (story 4, scenario 2; FR-011)", () => {
  assert.equal(index.get("nonexistent_tool"), undefined);
  assert.equal(index.get("GIT_STATUS"), undefined);
  assert.equal(index.get(""), undefined);
  assert.equal(index.get("__proto__"), undefined);
});

Deno.test("entries hold the input schema buildInputSchema makes (FR-005, FR-012, SC-005)", () => {
  const log = index.search({ query: "git_log" })[0];
  assert.deepEqual(log, {
    tool_name: "git_log",
    description: "Show commit logs",
    cli_name: "git-tools",
    category: "vcs",
    tags: ["version-control", "commits"],
    input_schema: buildInputSchema(gitConfig.tools[1].args),
  });
  assert.deepEqual(log.input_schema, {
    type: "object",
    properties: {
      max_count: { type: "integer", description: "Limit", default: 10 },
      format: { type: "string", enum: ["oneline", "short", "full"] },
    },
  });
});

Deno.test("JSON of an entry has the Python original's field order", () => {
  const [entry] = index.search({ limit: 1 });
  assert.deepEqual(Object.keys(entry), [
    "tool_name",
    "description",
    "cli_name",
    "category",
    "tags",
    "input_schema",
  ]);
  assert.deepEqual(Object.keys(index.summary()[0]), [
    "name",
    "description",
    "tool_count",
    "category",
    "tags",
  ]);
  assert.deepEqual(Object.keys(index.get("git_log")!), [
    "tool",
    "base_command",
    "env",
    "working_dir",
    "global_args",
    "description_override",
    "arg_constraints",
  ]);
});

Deno.test("duplicate tool names: the last config wins and the earlier entry leaves its place", () => {
  const warnings: string[] = [];
  const first = {
    name: "first",
    command: "one",
    tools: [
      { name: "a", description: "first a" },
      { name: "shared", description: "first shared" },
      { name: "b", description: "first b" },
    ],
  };
  const second = {
    name: "second",
    command: "two",
    tools: [
      { name: "c", description: "second c" },
      { name: "shared", description: "second shared" },
    ],
  };
  const dup = ToolIndex.fromConfigs([first, second], { onWarning: (m) => warnings.push(m) });
  assert.deepEqual(names(dup.search(all)), ["a", "b", "c", "shared"]);
  assert.equal(dup.size, 4);
  assert.equal(dup.get("shared")?.base_command, "two");
  assert.equal(dup.search({ query: "shared" })[0].description, "second shared");
  assert.deepEqual(dup.search({ query: "first shared" }), []);
  assert.deepEqual(warnings, [
    'Duplicate tool name "shared": the tool from "second" (configs[1]) replaces the one from ' +
    '"first" (configs[0])',
  ]);
  // As in the original, a config's summary counts every tool it defines.
  assert.deepEqual(dup.summary().map((cli) => cli.tool_count), [3, 2]);
});

Deno.test("duplicate warnings go to console.warn by default", () => {
  const original = console.warn;
  const seen: unknown[] = [];
  console.warn = (...args: unknown[]) => seen.push(args.join(" "));
  try {
    ToolIndex.fromConfigs([
      { command: "a", tools: [{ name: "x", description: "1" }] },
      { command: "b", tools: [{ name: "x", description: "2" }] },
    ]);
  } finally {
    console.warn = original;
  }
  assert.equal(seen.length, 1);
  assert.match(String(seen[0]), /^Duplicate tool name "x"/);
});

Deno.test("fromConfigs() validates plain objects and refuses invalid ones", () => {
  const built = ToolIndex.fromConfigs([{ command: "x", tools: [{ name: "t", description: "d" }] }]);
  assert.equal(built.get("t")?.tool.command, "");
  assert.throws(
    () => ToolIndex.fromConfigs([{ command: "x" } as never]),
    (error: unknown) => error instanceof ConfigError && error.source === "configs[0]",
  );
});

Deno.test("fromConfigs() takes any iterable", () => {
  function* configs() {
    yield gitConfig;
    yield dockerConfig;
  }
  assert.equal(ToolIndex.fromConfigs(configs()).size, 13);
  assert.equal(ToolIndex.fromConfigs(new Set([obsidianConfig])).size, 3);
  assert.equal(ToolIndex.fromConfigs([]).size, 0);
});

Deno.test("mutating returned arrays or entries never changes the index", () => {
  const results = index.search({ query: "git" });
  const before = JSON.stringify(index.search({ query: "git" }));
  results.pop();
  results.push(results[0]);
  assert.throws(() => {
    results[0].tool_name = "hacked";
  }, TypeError);
  assert.throws(() => results[0].tags.push("x"), TypeError);
  assert.throws(() => {
    (results[0].input_schema.properties as Record<string, unknown>).x = 1;
  }, TypeError);
  const summary = index.summary();
  summary.length = 0;
  assert.throws(() => {
    index.summary()[0].tool_count = 99;
  }, TypeError);
  const resolved = index.get("git_log")!;
  assert.throws(() => {
    resolved.tool.args[0].name = "x";
  }, TypeError);
  assert.throws(() => {
    resolved.env.GIT_PAGER = "less";
  }, TypeError);
  assert.equal(JSON.stringify(index.search({ query: "git" })), before);
  assert.equal(index.summary().length, 4);
  assert.equal(index.get("git_log")!.tool.args[0].name, "max_count");
});

Deno.test("entries and resolved tools are frozen and the same objects on every call", () => {
  const fresh = ToolIndex.fromConfigs([gitConfig, dockerConfig]);
  // Asked for first by name, before any search has handed the tool out.
  const resolved = fresh.get("git_log")!;
  assert.ok(Object.isFrozen(resolved) && Object.isFrozen(resolved.tool.args[0]));
  assert.equal(fresh.get("git_log"), resolved);
  const entry = fresh.getEntry("git_log")!;
  assert.ok(Object.isFrozen(entry.input_schema.properties));
  assert.equal(fresh.search({ query: "git_log" })[0], entry);
  assert.equal(fresh.search({ query: "show the commit log", mode: "ranked" })[0], entry);
});

Deno.test("changing a validated config before the first search never changes the index", () => {
  const config = validateConfig({
    command: "x",
    tools: [{ name: "t", description: "d", args: [{ name: "a", description: "old" }] }],
  });
  const built = ToolIndex.fromConfigs([config]);
  config.tools[0].description = "changed";
  config.tools[0].args[0].description = "changed";
  assert.equal(built.get("t")!.tool.description, "d");
  assert.deepEqual(built.search()[0].input_schema.properties, {
    a: { type: "string", description: "old" },
  });
});

Deno.test("changing a config after building never changes the index", () => {
  const config = validateConfig({
    command: "x",
    env: { A: "1" },
    tags: ["t"],
    tools: [{
      name: "t",
      description: "d",
      args: [{ name: "a", enum: ["x"], default: { k: [1] } }],
    }],
  });
  const built = ToolIndex.fromConfigs([config]);
  const before = JSON.stringify([built.search(), built.get("t"), built.summary()]);
  config.env.A = "2";
  config.tags.push("u");
  config.tools[0].description = "changed";
  config.tools[0].args[0].enum!.push("y");
  (config.tools[0].args[0].default as { k: number[] }).k.push(2);
  assert.equal(JSON.stringify([built.search(), built.get("t"), built.summary()]), before);
  assert.equal(Object.isFrozen(config), false);
});

Deno.test("version is the same for the same content and changes with any change", () => {
  const again = ToolIndex.fromConfigs([gitConfig, dockerConfig, obsidianConfig, bulkConfig]);
  assert.match(index.version, /^[0-9a-f]{16}$/);
  assert.equal(again.version, index.version);
  const changedEnv = ToolIndex.fromConfigs([
    { ...gitConfig, env: { GIT_PAGER: "less" } },
    dockerConfig,
    obsidianConfig,
    bulkConfig,
  ]);
  assert.notEqual(changedEnv.version, index.version);
  const reordered = ToolIndex.fromConfigs([dockerConfig, gitConfig, obsidianConfig, bulkConfig]);
  assert.notEqual(reordered.version, index.version);
  assert.notEqual(ToolIndex.fromConfigs([]).version, index.version);
});

Deno.test("searchPage() pages through exactly the results of search()", () => {
  const params = { query: "s", limit: 7 };
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = index.searchPage({ ...params, cursor });
    assert.ok(page.results.length <= 7);
    if (page.next_cursor !== null) assert.match(page.next_cursor, /^[A-Za-z0-9._~-]+$/);
    pages.push(names(page.results));
    cursor = page.next_cursor;
  } while (cursor !== null);
  assert.deepEqual(pages.flat(), names(index.search({ query: "s", limit: 1000 })));
  assert.ok(pages.length > 2);
  assert.equal(pages.at(-1)!.length > 0, true);
});

Deno.test("searchPage() gives no cursor when the page holds the last result", () => {
  const page = index.searchPage({ category: "vcs", limit: 5 });
  assert.equal(page.results.length, 5);
  assert.equal(page.next_cursor, null);
  assert.deepEqual(index.searchPage({ limit: 0 }), { results: [], next_cursor: null });
});

Deno.test("searchPage() refuses tampered, foreign and stale cursors", () => {
  const first = index.searchPage({ query: "s", limit: 5 });
  const cursor = first.next_cursor!;
  assert.throws(
    () => index.searchPage({ query: "s", limit: 5, cursor: cursor + "x" }),
    InvalidCursorError,
  );
  assert.throws(
    () => index.searchPage({ query: "s", limit: 5, cursor: "9" + cursor.slice(1) }),
    InvalidCursorError,
  );
  assert.throws(() => index.searchPage({ query: "t", limit: 5, cursor }), InvalidCursorError);
  const other = ToolIndex.fromConfigs([gitConfig, dockerConfig, obsidianConfig]);
  assert.throws(() => other.searchPage({ query: "s", limit: 5, cursor }), InvalidCursorError);
  for (const bad of ["", "abc", "1.", ".", "🚀", "1.0000000000000000"]) {
    if (bad === "") continue;
    assert.throws(
      () => index.searchPage({ query: "s", limit: 5, cursor: bad }),
      InvalidCursorError,
    );
  }
});

Deno.test("searchPage() continues a cursor's search with another limit", () => {
  const all = names(index.search({ query: "s", limit: 100 }));
  const first = index.searchPage({ query: "s", limit: 3 });
  const longer = index.searchPage({ query: "s", limit: 7, cursor: first.next_cursor });
  assert.deepEqual(names(longer.results), all.slice(3, 10));
  const shorter = index.searchPage({ query: "s", limit: 2, cursor: longer.next_cursor });
  assert.deepEqual(names(shorter.results), all.slice(10, 12));
});

Deno.test("a cursor is valid on another index built from the same configs", () => {
  const page = index.searchPage({ query: "s", limit: 5 });
  const twin = ToolIndex.fromConfigs([gitConfig, dockerConfig, obsidianConfig, bulkConfig]);
  const next = twin.searchPage({ query: "S", limit: 5, cursor: page.next_cursor });
  assert.deepEqual(
    names(next.results),
    names(index.search({ query: "s", limit: 10 })).slice(5),
  );
});

Deno.test("search() takes substring as the default mode and refuses an unknown one", () => {
  assert.throws(
    () => index.search({ mode: "fuzzy" as "ranked", query: "x" }),
    /The mode must be "substring" or "ranked", got fuzzy/,
  );
  assert.deepEqual(
    index.search({ mode: "substring", query: "commit", ...all }),
    index.search({ query: "commit", ...all }),
  );
});
