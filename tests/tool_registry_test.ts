import assert from "node:assert/strict";
import {
  type ChangeEvent,
  ConfigError,
  InvalidBackendError,
  InvalidCursorError,
  InvalidToolError,
  type McpTool,
  NonDeterministicSearcherError,
  NotFoundError,
  parseToolId,
  preferredBackend,
  type RegistrySearchPage,
  type Searcher,
  type ToolBackend,
  toolId,
  ToolRegistry,
} from "../mod.ts";
import { dockerConfig, gitConfig } from "./_fixtures.ts";

const schema = {
  type: "object",
  properties: { q: { type: "string", description: "What to find" } },
};

function mcpTools(...names: string[]): McpTool[] {
  return names.map((name) => ({ name, description: `The ${name} tool`, inputSchema: schema }));
}

function recording(registry: ToolRegistry): ChangeEvent[] {
  const events: ChangeEvent[] = [];
  registry.onChange((event) => events.push(event));
  return events;
}

Deno.test("tools are known by namespace:name, so two servers' tools of one name do not collide", () => {
  const registry = new ToolRegistry();
  registry.registerMcpTools("github", mcpTools("search"));
  registry.registerMcpTools("jira", mcpTools("search"));
  assert.deepEqual(registry.ids(), ["github:search", "jira:search"]);
  assert.deepEqual(registry.idsOf("search"), ["github:search", "jira:search"]);
  assert.equal(registry.getTool("jira:search")?.tool.namespace, "jira");
  assert.equal(registry.getTool("search"), undefined);
  assert.deepEqual(registry.listNamespaces(), ["github", "jira"]);
});

Deno.test("toolId() percent-encodes : and % in the namespace, and parseToolId() reads it back", () => {
  for (
    const [namespace, name] of [["a:b", "c:d"], ["100%", "x"], ["plain", "a:b:c"], ["%3A", ":"]]
  ) {
    const id = toolId(namespace, name);
    assert.equal(id.indexOf(":"), id.length - name.length - 1, id);
    assert.deepEqual(parseToolId(id), { namespace, name });
  }
  assert.equal(parseToolId("no-colon"), undefined);
  const registry = new ToolRegistry();
  registry.registerMcpTools("a:b", mcpTools("c"));
  assert.deepEqual(registry.ids(), ["a%3Ab:c"]);
});

Deno.test("registerConfig() holds the config's tools in its namespace with a climax backend", () => {
  const registry = new ToolRegistry();
  registry.registerConfig(gitConfig);
  const found = registry.getTool("git-tools:git_log");
  assert.ok(found);
  assert.equal(found.backend.kind, "climax");
  assert.equal(found.backend.id, "git-tools");
  assert.ok(found.backend.kind === "climax" && found.backend.base_command === "git");
  assert.deepEqual(found.backend.kind === "climax" && found.backend.env, { GIT_PAGER: "cat" });
  const entry = registry.getEntry("git-tools:git_log")!;
  assert.equal(entry.cli_name, "git-tools");
  assert.equal(entry.category, "vcs");
  assert.deepEqual(Object.keys(entry.input_schema.properties as object), ["max_count", "format"]);
  assert.deepEqual(registry.summary(), [{
    name: "git-tools",
    description: "MCP tools for Git",
    tool_count: 5,
    category: "vcs",
    tags: ["version-control", "commits"],
  }]);
});

Deno.test("registerConfig() validates a plain config and names its source as the backend", () => {
  const registry = new ToolRegistry({ onWarning: () => {} });
  registry.registerConfig(
    { name: "jq", command: "jq", tools: [{ name: "jq_query", description: "Query JSON" }] },
    { source: "configs/jq.yaml" },
  );
  assert.equal(registry.getAllBackends("jq:jq_query")?.[0].id, "configs/jq.yaml");
  assert.throws(() => registry.registerConfig({ command: 3, tools: [] } as never), ConfigError);
  assert.equal(registry.size, 1);
});

Deno.test("registerMcpTools() takes a tools/list result as it comes, extra fields and all", () => {
  const registry = new ToolRegistry();
  const listed = [{
    name: "create_issue",
    title: "Create an issue",
    description: "Open a new issue in a repository",
    inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
    outputSchema: { type: "object" },
    annotations: { readOnlyHint: false },
    icons: [{ src: "https://example.com/i.png" }],
    _meta: { x: 1 },
  }];
  registry.registerMcpTools(
    { name: "github", url: "https://example.com/mcp", category: "code" },
    listed,
  );
  const found = registry.getTool("github:create_issue")!;
  assert.deepEqual(found.tool, {
    id: "github:create_issue",
    namespace: "github",
    name: "create_issue",
    title: "Create an issue",
    description: "Open a new issue in a repository",
    input_schema: listed[0].inputSchema,
    annotations: { readOnlyHint: false },
    output_schema: { type: "object" },
    category: "code",
    tags: [],
  });
  assert.deepEqual(found.backend, { kind: "mcp", id: "github", url: "https://example.com/mcp" });
  // The registry holds copies: the caller's objects may change.
  listed[0].inputSchema.properties.title.type = "number";
  assert.equal(
    (found.tool.input_schema.properties as Record<string, { type: string }>).title.type,
    "string",
  );
  assert.ok(Object.isFrozen(found.tool.input_schema));
});

Deno.test("a bad MCP tool is a typed error naming the tool and the field, and changes nothing", () => {
  const registry = new ToolRegistry();
  registry.registerMcpTools("github", mcpTools("search"));
  const version = registry.version;
  const cases: [unknown[], string, string][] = [
    [[{ inputSchema: schema }], "tools[0]", "name"],
    [[{ name: "", inputSchema: schema }], "tools[0]", "name"],
    [[{ name: "ok", inputSchema: schema }, { name: "x" }], "github:x", "inputSchema"],
    [[{ name: "x", inputSchema: { type: "string" } }], "github:x", "inputSchema"],
    [
      [{ name: "x", inputSchema: { type: "object", properties: [] } }],
      "github:x",
      "inputSchema.properties",
    ],
    [[{ name: "x", description: 7, inputSchema: schema }], "github:x", "description"],
    [[{ name: "x", inputSchema: schema, annotations: "read-only" }], "github:x", "annotations"],
    [["x"], "tools[0]", ""],
  ];
  for (const [tools, tool, field] of cases) {
    const error = assert.throws(
      () => registry.registerMcpTools("github", tools as McpTool[]),
      (error: unknown) =>
        error instanceof InvalidToolError && error.tool === tool && error.field === field,
      JSON.stringify(tools),
    );
    void error;
  }
  assert.throws(() => registry.registerMcpTools("github", "nope" as never), InvalidToolError);
  assert.deepEqual(registry.ids(), ["github:search"]);
  assert.equal(registry.version, version);
});

Deno.test("a backend of an unknown kind or without an ID is an InvalidBackendError", () => {
  const registry = new ToolRegistry();
  const tool = { namespace: "n", name: "t", input_schema: { type: "object" } };
  for (
    const [backend, field] of [
      [{ kind: "pigeon", id: "coo" }, "kind"],
      [{ kind: "local" }, "id"],
      [{ kind: "mcp", id: "s", url: "not a url" }, "url"],
      [{ kind: "climax", id: "c", tool: { name: "t" }, base_command: "x" }, "tool"],
      [{ kind: "climax", id: "c", tool: { name: "t", description: "T" } }, "base_command"],
    ] as const
  ) {
    assert.throws(
      () => registry.register(tool, backend as unknown as ToolBackend),
      (error: unknown) => error instanceof InvalidBackendError && error.field === field,
      JSON.stringify(backend),
    );
  }
  assert.equal(registry.size, 0);
});

Deno.test("registering an ID again with the same definition adds a backend; with another, it is refused", () => {
  const registry = new ToolRegistry();
  const events = recording(registry);
  const tool = {
    namespace: "dates",
    name: "today",
    description: "Today",
    input_schema: { type: "object" },
  };
  registry.register(tool, { kind: "mcp", id: "dates", url: null });
  registry.register(tool, { kind: "local", id: "today" });
  // The same backend again changes nothing and tells no one.
  registry.register(tool, { kind: "local", id: "today" });
  assert.deepEqual(registry.getAllBackends("dates:today"), [
    { kind: "mcp", id: "dates", url: null },
    { kind: "local", id: "today" },
  ]);
  assert.deepEqual(events.map((event) => [event.type, event.id, event.version]), [
    ["registered", "dates:today", 1],
    ["updated", "dates:today", 2],
  ]);
  assert.throws(
    () => registry.register({ ...tool, description: "Another" }, { kind: "local", id: "other" }),
    (error: unknown) => error instanceof InvalidToolError && error.tool === "dates:today",
  );
  assert.equal(registry.getAllBackends("dates:today")?.length, 2);
  assert.equal(registry.version, 2);
});

Deno.test("registerMany() is all or nothing", () => {
  const registry = new ToolRegistry();
  const ok = (name: string) => ({
    tool: { namespace: "n", name, input_schema: { type: "object" } },
    backend: { kind: "local" as const, id: name },
  });
  assert.throws(
    () =>
      registry.registerMany([ok("a"), ok("b"), {
        ...ok("c"),
        tool: { namespace: "n", name: "c", input_schema: {} },
      }]),
    InvalidToolError,
  );
  assert.equal(registry.size, 0);
  assert.equal(registry.version, 0);
  registry.registerMany([ok("a"), ok("b")]);
  assert.deepEqual(registry.ids(), ["n:a", "n:b"]);
  assert.equal(registry.version, 1);
});

Deno.test("registering adds: a server registered again adds to its tools", () => {
  const registry = new ToolRegistry();
  registry.registerMcpTools("github", mcpTools("a"));
  registry.registerMcpTools("github", mcpTools("b"));
  assert.deepEqual(registry.ids(), ["github:a", "github:b"]);
});

Deno.test("unregisterBackend() removes a backend, and the tool with its last", () => {
  const registry = new ToolRegistry();
  const tool = { namespace: "dates", name: "today", input_schema: { type: "object" } };
  registry.register(tool, { kind: "local", id: "a" });
  registry.register(tool, { kind: "local", id: "b" });
  const events = recording(registry);
  registry.unregisterBackend("dates:today", "local", "a");
  assert.deepEqual(registry.getAllBackends("dates:today"), [{ kind: "local", id: "b" }]);
  registry.unregisterBackend("dates:today", "local", "b");
  assert.equal(registry.getTool("dates:today"), undefined);
  assert.equal(registry.getAllBackends("dates:today"), undefined);
  assert.deepEqual(registry.listNamespaces(), []);
  assert.deepEqual(events.map((event) => [event.type, event.backend?.id]), [
    ["backend_removed", "a"],
    ["tool_removed", "b"],
  ]);
  assert.throws(() => registry.unregisterBackend("dates:today", "local", "b"), NotFoundError);
  registry.register(tool, { kind: "local", id: "a" });
  assert.throws(() => registry.unregisterBackend("dates:today", "mcp", "a"), NotFoundError);
});

Deno.test("load order is by source, then by each source's latest list; a replaced source keeps its place", () => {
  const registry = new ToolRegistry();
  registry.registerMcpTools("a", mcpTools("one", "two", "three"));
  registry.registerMcpTools("b", mcpTools("other"));
  registry.registerMcpTools("a", mcpTools("five"));
  assert.deepEqual(registry.ids(), ["a:one", "a:two", "a:three", "a:five", "b:other"]);
  const events = recording(registry);
  registry.replaceMcpTools("a", [
    ...mcpTools("three"),
    { name: "two", description: "Changed", inputSchema: schema },
    ...mcpTools("four"),
  ]);
  assert.deepEqual(registry.ids(), ["a:three", "a:two", "a:four", "b:other"]);
  assert.equal(registry.getEntry("a:two")?.description, "Changed");
  // three keeps its place, now first of its source's; two takes one after it, a change of
  // the tool's place (and here of its definition), told as one event.
  assert.deepEqual(
    events.map((event) => [event.type, event.id, event.version]),
    [
      ["tool_removed", "a:one", 4],
      ["updated", "a:two", 4],
      ["tool_removed", "a:five", 4],
      ["registered", "a:four", 4],
    ],
  );
  // Tools that only move in their source's list are told of too: two keeps its place, the ones
  // now after it take new ones.
  const moved = recording(registry);
  registry.replaceMcpTools("a", [
    { name: "two", description: "Changed", inputSchema: schema },
    ...mcpTools("three", "four"),
  ]);
  assert.deepEqual(registry.ids(), ["a:two", "a:three", "a:four", "b:other"]);
  assert.deepEqual(moved.map((event) => [event.type, event.id]), [
    ["updated", "a:three"],
    ["updated", "a:four"],
  ]);
  // A source that left and comes back comes last.
  moved.length = 0;
  registry.removeSource("mcp", "a");
  registry.registerMcpTools("a", mcpTools("one"));
  assert.deepEqual(registry.ids(), ["b:other", "a:one"]);
  registry.replaceConfig(gitConfig);
  registry.replaceConfig({ ...gitConfig, tools: gitConfig.tools.slice(0, 2) });
  assert.deepEqual(registry.idsOf("git_log"), ["git-tools:git_log"]);
  assert.equal(registry.summary().find((cli) => cli.name === "git-tools")?.tool_count, 2);
  registry.removeSource("climax", "git-tools");
  assert.deepEqual(registry.idsOf("git_log"), []);
  assert.throws(() => registry.removeSource("climax", "git-tools"), NotFoundError);
});

Deno.test("replacing a config with the same content changes nothing; another command updates each tool", () => {
  const registry = new ToolRegistry();
  registry.registerConfig(gitConfig);
  const version = registry.contentVersion;
  const events = recording(registry);
  registry.replaceConfig(structuredClone(gitConfig));
  assert.equal(events.length, 0);
  assert.equal(registry.contentVersion, version);

  registry.replaceConfig({ ...structuredClone(gitConfig), command: "git -C /repo" });
  const ids = gitConfig.tools.map((tool) => `git-tools:${tool.name}`);
  assert.deepEqual(events.map((event) => [event.type, event.id]), ids.map((id) => ["updated", id]));
  for (const id of ids) {
    const backend = registry.getTool(id)?.backend;
    assert.equal(backend?.kind === "climax" && backend.base_command, "git -C /repo");
  }
  assert.notEqual(registry.contentVersion, version);
  // Back to the first command: the content, and its version, are the first again.
  registry.replaceConfig(structuredClone(gitConfig));
  assert.equal(events.length, 2 * ids.length);
  assert.equal(registry.contentVersion, version);
});

Deno.test("replacing a source refuses a definition that another source's backends disagree with", () => {
  const registry = new ToolRegistry();
  const tool = { namespace: "n", name: "t", description: "T", input_schema: { type: "object" } };
  registry.register(tool, { kind: "local", id: "first" });
  registry.register(tool, { kind: "local", id: "second" });
  assert.throws(
    () =>
      registry.replaceSource("local", "second", [{
        tool: { ...tool, description: "Other" },
        backend: { kind: "local", id: "second" },
      }]),
    InvalidToolError,
  );
  assert.equal(registry.getAllBackends("n:t")?.length, 2);
  assert.throws(
    () =>
      registry.replaceSource("local", "second", [{
        tool,
        backend: { kind: "local", id: "third" },
      }]),
    InvalidToolError,
  );
});

Deno.test("the default selector prefers a local handler, then a command line, then MCP; it can be replaced", () => {
  const mcp: ToolBackend = { kind: "mcp", id: "s", url: null };
  const local: ToolBackend = { kind: "local", id: "h" };
  assert.equal(preferredBackend([mcp, local]), local);
  assert.equal(preferredBackend([mcp]), mcp);
  const tool = { namespace: "n", name: "t", input_schema: { type: "object" } };
  const registry = new ToolRegistry();
  registry.register(tool, mcp);
  registry.register(tool, local);
  assert.deepEqual(registry.getTool("n:t")?.backend, local);
  const last = new ToolRegistry({ selectBackend: (backends) => backends[backends.length - 1] });
  last.register(tool, local);
  last.register(tool, mcp);
  assert.deepEqual(last.getTool("n:t")?.backend, mcp);
});

Deno.test("search() filters by namespace, and each result carries its ID", () => {
  const registry = new ToolRegistry();
  registry.registerConfig(gitConfig);
  registry.registerConfig(dockerConfig);
  registry.registerMcpTools("github", mcpTools("list_commits"));
  assert.deepEqual(
    registry.search({ query: "commit", namespace: "GITHUB" }).map((entry) => entry.id),
    ["github:list_commits"],
  );
  assert.deepEqual(registry.search({ query: "commit", namespace: "github", cli: "git-tools" }), []);
  assert.deepEqual(
    registry.search({ query: "list running containers", mode: "ranked" })[0].id,
    "docker-tools:docker_ps",
  );
  assert.throws(
    () => registry.search({ mode: "fuzzy" }),
    /The mode must be "substring" or "ranked"/,
  );
});

Deno.test("after a change an earlier cursor is refused, saying the catalogue changed", () => {
  const registry = new ToolRegistry();
  registry.registerMcpTools("s", mcpTools(...Array.from({ length: 25 }, (_, i) => `tool_${i}`)));
  const first = registry.searchPage({ query: "tool", limit: 10 });
  assert.ok(first.next_cursor);
  const second = registry.searchPage({ query: "tool", limit: 10, cursor: first.next_cursor });
  assert.deepEqual(
    second.results.map((entry) => entry.id),
    registry.search({ query: "tool", limit: 20 }).slice(10).map((entry) => entry.id),
  );
  registry.registerMcpTools("s", mcpTools("tool_extra"));
  assert.throws(
    () => registry.searchPage({ query: "tool", limit: 10, cursor: first.next_cursor }),
    (error: unknown) =>
      error instanceof InvalidCursorError && /catalogue changed/.test(error.message),
  );
  assert.throws(
    () =>
      registry.searchPage({
        query: "other",
        limit: 10,
        cursor: registry.searchPage({ query: "tool", limit: 10 }).next_cursor,
      }),
    (error: unknown) =>
      error instanceof InvalidCursorError && !/catalogue changed/.test(error.message),
  );
  // Back to the same content, the same cursor is good again.
  registry.unregisterBackend("s:tool_extra", "mcp", "s");
  assert.deepEqual(
    registry.searchPage({ query: "tool", limit: 10, cursor: first.next_cursor }),
    second,
  );
});

Deno.test("listNamespacesPage() pages the namespaces in code-point order", () => {
  const registry = new ToolRegistry();
  for (const name of ["delta", "Alpha", "charlie", "bravo", "echo"]) {
    registry.registerMcpTools(name, mcpTools("t"));
  }
  assert.deepEqual(registry.listNamespaces(), ["Alpha", "bravo", "charlie", "delta", "echo"]);
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = registry.listNamespacesPage({ limit: 2, cursor });
    pages.push(page.namespaces);
    cursor = page.next_cursor;
  } while (cursor !== null);
  assert.deepEqual(pages, [["Alpha", "bravo"], ["charlie", "delta"], ["echo"]]);
  assert.deepEqual(registry.listNamespacesPage({ limit: 0 }), {
    namespaces: [],
    next_cursor: null,
  });
  assert.throws(() => registry.listNamespacesPage({ limit: 1.5 }), RangeError);
  assert.throws(
    () => registry.listNamespacesPage({ limit: 2, cursor: "bogus" }),
    InvalidCursorError,
  );
});

Deno.test("listeners run before the change returns, and unsubscribing twice is safe", () => {
  const registry = new ToolRegistry();
  let seenSize = -1;
  const unsubscribe = registry.onChange(() => {
    seenSize = registry.size;
  });
  registry.registerMcpTools("s", mcpTools("a", "b"));
  assert.equal(seenSize, 2);
  unsubscribe();
  unsubscribe();
  registry.registerMcpTools("s", mcpTools("c"));
  assert.equal(seenSize, 2);
});

Deno.test("a listener that throws stops neither the change nor the other listeners", () => {
  const failures: unknown[] = [];
  const registry = new ToolRegistry({ onListenerError: (error) => failures.push(error) });
  const heard: string[] = [];
  registry.onChange(() => {
    throw new Error("listener failed");
  });
  registry.onChange((event) => heard.push(event.id ?? ""));
  registry.registerMcpTools("s", mcpTools("a"));
  assert.deepEqual(heard, ["s:a"]);
  assert.equal(registry.size, 1);
  assert.equal(failures.length, 1);
});

Deno.test("refresh() returns a version that only grows, and tells the listeners", () => {
  const registry = new ToolRegistry();
  const events = recording(registry);
  const content = registry.contentVersion;
  const first = registry.refresh();
  registry.registerMcpTools("s", mcpTools("a"));
  const second = registry.refresh();
  assert.ok(first < registry.version - 1 + 1 && second > first);
  assert.equal(second, registry.version);
  assert.deepEqual(
    events.filter((event) => event.type === "refreshed").map((event) => event.version),
    [first, second],
  );
  assert.equal(events[0].id, null);
  registry.removeSource("mcp", "s");
  assert.equal(registry.contentVersion, content, "refreshing does not change the content");
});

Deno.test("a snapshot keeps its view while the registry changes", () => {
  const registry = new ToolRegistry();
  registry.registerConfig(gitConfig);
  const before = registry.snapshot();
  const results = before.search({ query: "commit" });
  registry.registerConfig(dockerConfig);
  registry.removeSource("climax", "git-tools");
  registry.registerMcpTools("github", mcpTools("commit_search"));
  assert.deepEqual(before.search({ query: "commit" }), results);
  assert.equal(before.size, 5);
  assert.equal(before.getTool("git-tools:git_log")?.tool.name, "git_log");
  assert.deepEqual(before.listNamespaces(), ["git-tools"]);
  // docker_commit of the docker config, and the MCP tool; git's tools left with their source.
  assert.deepEqual(registry.search({ query: "commit" }).map((entry) => entry.id), [
    "docker-tools:docker_commit",
    "github:commit_search",
  ]);
  const later = registry.snapshot();
  registry.refresh();
  assert.equal(later.version, registry.version - 1);
});

Deno.test("a searcher of one's own is a mode; searchPage refuses one that is not deterministic", () => {
  const byNameLength: Searcher = {
    deterministic: true,
    search: (query, limit, docs) =>
      docs.filter((doc) => doc.text.includes(query))
        .sort((a, b) => a.entry.tool_name.length - b.entry.tool_name.length)
        .slice(0, limit)
        .map((doc) => doc.id),
  };
  const shuffled: Searcher = {
    deterministic: false,
    search: (_query, limit, docs) => docs.slice(0, limit).map((doc) => doc.id),
  };
  const registry = new ToolRegistry({ searchers: { short: byNameLength, shuffled } });
  registry.registerMcpTools("s", mcpTools("long_name", "mid", "a"));
  registry.registerMcpTools("t", mcpTools("other"));
  assert.deepEqual(
    registry.search({ query: "tool", mode: "short", namespace: "s" }).map((entry) => entry.id),
    ["s:a", "s:mid", "s:long_name"],
  );
  assert.deepEqual(
    registry.searchPage({ query: "tool", mode: "short", limit: 2 }).results.length,
    2,
  );
  assert.throws(
    () => registry.searchPage({ query: "tool", mode: "shuffled" }),
    NonDeterministicSearcherError,
  );
  assert.equal(registry.search({ query: "tool", mode: "shuffled" }).length, 4);
  const lenient = new ToolRegistry({
    searchers: { shuffled },
    requireDeterministicSearcher: false,
  });
  lenient.registerMcpTools("s", mcpTools("a"));
  assert.equal(lenient.searchPage({ mode: "shuffled" }).results.length, 1);
  assert.throws(() => new ToolRegistry({ searchers: { ranked: byNameLength } }), RangeError);
});

Deno.test("the registry holds at most maxTools tools", () => {
  const registry = new ToolRegistry({ maxTools: 2 });
  registry.registerMcpTools("s", mcpTools("a", "b"));
  assert.throws(() => registry.registerMcpTools("s", mcpTools("c")), InvalidToolError);
  assert.equal(registry.size, 2);
  registry.replaceMcpTools("s", mcpTools("c", "d"));
  assert.deepEqual(registry.ids(), ["s:c", "s:d"]);
});

Deno.test("a first registration of many tools at once holds what registering them one by one holds", () => {
  const tool = (namespace: string, name: string) => ({
    namespace,
    name,
    description: `${name} in ${namespace}`,
    input_schema: schema,
  });
  const registrations = [
    { tool: tool("a", "x"), backend: { kind: "local" as const, id: "one" } },
    { tool: tool("b", "y"), backend: { kind: "mcp" as const, id: "b", url: null } },
    { tool: tool("a", "z"), backend: { kind: "local" as const, id: "one" } },
    { tool: tool("a", "w"), backend: { kind: "local" as const, id: "two" } },
  ];
  const batched = new ToolRegistry();
  const events = recording(batched);
  batched.registerMany(registrations);
  const single = new ToolRegistry();
  for (const { tool, backend } of registrations) single.register(tool, backend);
  assert.deepEqual(batched.ids(), single.ids());
  assert.equal(batched.contentVersion, single.contentVersion);
  for (const id of single.ids()) {
    assert.deepEqual(batched.getAllBackends(id), single.getAllBackends(id), id);
  }
  assert.deepEqual(
    batched.search({ query: "a", mode: "ranked" }),
    single.search({ query: "a", mode: "ranked" }),
  );
  assert.deepEqual(events.map((event) => [event.type, event.id, event.version]), [
    ["registered", "a:x", 1],
    ["registered", "b:y", 1],
    ["registered", "a:z", 1],
    ["registered", "a:w", 1],
  ]);
  // One ID twice in a first batch: the second is another backend of the same definition.
  const twice = new ToolRegistry();
  twice.registerMany([registrations[0], {
    ...registrations[0],
    backend: { kind: "local", id: "two" },
  }]);
  assert.deepEqual(twice.getAllBackends("a:x")?.map((backend) => backend.id), ["one", "two"]);
  assert.throws(
    () => new ToolRegistry({ maxTools: 3 }).registerMany(registrations),
    { name: "InvalidToolError", message: /over its limit of 3/ },
  );
});

Deno.test("after a change, a substring search in load order finds a changed tool before the unchanged ones", () => {
  const tools = (prefix: string, count: number, changed = "") =>
    Array.from({ length: count }, (_, i) => ({
      name: `${prefix}_${i}`,
      description: `Shared words ${i}${i === 0 ? changed : ""}`,
      inputSchema: schema,
    }));
  const registry = new ToolRegistry();
  registry.registerMcpTools("a", tools("a", 200));
  registry.registerMcpTools("b", tools("b", 200));
  registry.search({ query: "shared" });
  // The first tool changes: it is indexed apart from the others, and still comes first.
  registry.replaceMcpTools("a", tools("a", 200, " and more"));
  const fresh = new ToolRegistry();
  fresh.registerMcpTools("a", tools("a", 200, " and more"));
  fresh.registerMcpTools("b", tools("b", 200));
  for (
    const params of [{ query: "shared" }, { query: "shared", limit: 3 }, { query: "and more" }]
  ) {
    assert.deepEqual(registry.search(params), fresh.search(params), JSON.stringify(params));
  }
  const page = registry.searchPage({ query: "words", limit: 7 });
  const next = registry.searchPage({ query: "words", limit: 7, cursor: page.next_cursor });
  assert.deepEqual(
    [...page.results, ...next.results].map((entry) => entry.id),
    fresh.search({ query: "words", limit: 14 }).map((entry) => entry.id),
  );
  assert.equal(registry.search({ query: "shared" })[0].id, "a:a_0");
});

Deno.test("after a change, a ranked search ties a changed tool with unchanged ones as a fresh build does", () => {
  // Every "store" tool has its source's word once; "cloud_store" has it in its name as well, so
  // the word scores highest there, and an index of the changed tool alone would quantise its
  // score on other steps. How much higher varies with the cloud tool's description.
  const store = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      name: `item_${i}`,
      description: `Handles item ${i}${" in detail".repeat(i % 4)}`,
      inputSchema: schema,
    }));
  const ids = (from: ToolRegistry) =>
    from.search({ query: "store", mode: "ranked", limit: 40 }).map((entry) => entry.id);
  for (let words = 0; words < 8; words++) {
    const cloud = [{
      name: "cloud_store",
      description: `Keeps files in the cloud${" store".repeat(words)}`,
      inputSchema: schema,
    }];
    const registry = new ToolRegistry();
    registry.registerMcpTools("cloud", cloud);
    registry.registerMcpTools("store", store(30));
    registry.search({ query: "store", mode: "ranked" });
    registry.replaceMcpTools("store", store(31));
    const fresh = new ToolRegistry();
    fresh.registerMcpTools("cloud", cloud);
    fresh.registerMcpTools("store", store(31));
    assert.deepEqual(ids(registry), ids(fresh), `${words} words`);
    assert.equal(ids(registry).length, 32);
  }
});

Deno.test("after a change, a ranked search weighs a request's related words as a fresh build does", () => {
  // "rental" relates to "property", "machine", "transaction", "car", "lease", "holding",
  // "automobile" and "rent": all but the last are in the main index, "rent" in the changed
  // tool's. A related word's share of the request word's weight is by how many of them the
  // whole collection has, whichever index each is in. The changed tool's description, padded,
  // sweeps its score across the main tools'.
  const tool = (name: string, description: string) => ({ name, description, inputSchema: schema });
  const units = [
    tool("show_props", "Shows a unit's property"),
    tool("list_machines", "Lists each machine"),
    tool("log_deal", "Logs a transaction"),
    tool("park", "Parks a car"),
    tool("sign", "Signs a lease"),
    tool("hold", "Counts a holding"),
    tool("drive", "Drives an automobile"),
    // Enough other tools that the changed one is indexed apart, not with everything again.
    ...Array.from({ length: 60 }, (_, i) => tool(`restart_${i}`, `Restarts unit ${i}`)),
  ];
  // "hold", a word of the request itself, lets the related words alone answer the rest.
  const ids = (from: ToolRegistry) =>
    from.search({ query: "rental hold", mode: "ranked", limit: 10 }).map((entry) => entry.id);
  for (let words = 0; words < 12; words++) {
    const rooms = [tool("room_finder", `Finds rooms to rent${" monthly".repeat(words)}`)];
    const registry = new ToolRegistry();
    registry.registerMcpTools("units", units);
    registry.search({ query: "rental", mode: "ranked" });
    registry.registerMcpTools("rooms", rooms);
    const fresh = new ToolRegistry();
    fresh.registerMcpTools("units", units);
    fresh.registerMcpTools("rooms", rooms);
    assert.deepEqual(ids(registry), ids(fresh), `${words} words`);
    assert.equal(ids(fresh).length, 8);
  }
});

Deno.test("a registry rebuilt after an edit normalises a source's kept and new tools together, as a fresh build does", () => {
  // Short descriptions stay, long ones are rewritten: the kept tools hold the description of the
  // source they came with, the new ones another object saying the same.
  const tools = (edit: string) =>
    Array.from({ length: 12 }, (_, i) => ({
      name: `tool_${i}`,
      description: i < 4
        ? `Copies files ${edit}${" with care and many more words".repeat(i + 1)}`
        : `Copies files${i % 2 === 0 ? " quickly" : ""}`,
      inputSchema: schema,
    }));
  const registry = new ToolRegistry();
  registry.registerMcpTools("files", tools("first"));
  registry.search({ query: "files", mode: "ranked" });
  // Four changed tools of twelve pass the share indexed apart: everything is built again.
  registry.replaceMcpTools("files", tools("second"));
  const fresh = new ToolRegistry();
  fresh.registerMcpTools("files", tools("second"));
  const ids = (from: ToolRegistry) =>
    from.search({ query: "copies files", mode: "ranked", limit: 20 }).map((entry) => entry.id);
  assert.deepEqual(ids(registry), ids(fresh));
  assert.equal(ids(fresh).length, 12);
});

Deno.test("after a change, substring pages place the changed tools among the others as a fresh build does", () => {
  const tools = (edited: boolean) =>
    Array.from({ length: 60 }, (_, i) => ({
      name: `tool_${i}`,
      description: edited && i % 20 === 7 ? `Lists rows, revised` : `Lists rows ${i}`,
      inputSchema: schema,
    }));
  const registry = new ToolRegistry();
  registry.registerMcpTools("early", tools(false));
  registry.registerMcpTools("late", tools(false));
  registry.search({ query: "rows" });
  // Three changed tools of the first source: held apart from the tools of the last build.
  registry.replaceMcpTools("early", tools(true));
  const fresh = new ToolRegistry();
  fresh.registerMcpTools("early", tools(true));
  fresh.registerMcpTools("late", tools(false));
  for (const query of ["rows", "revised", "lists rows 1"]) {
    const expected = fresh.search({ query, limit: 200 }).map((entry) => entry.id);
    for (const limit of [1, 4, 7]) {
      const pages: string[] = [];
      let cursor: string | null = null;
      do {
        const page: RegistrySearchPage = registry.searchPage({ query, limit, cursor });
        pages.push(...page.results.map((entry) => entry.id));
        cursor = page.next_cursor;
      } while (cursor !== null);
      assert.deepEqual(pages, expected, `${query}, pages of ${limit}`);
    }
  }
  assert.ok(fresh.search({ query: "revised", limit: 200 }).length === 3);
});

Deno.test("after an edit that moves a source's average lengths, or every tool's, a ranked search ranks as a fresh build does", () => {
  // Descriptions of many lengths, so that length normalisation orders the tools that have
  // "rows": the odd sources' longer than the even ones'.
  const tools = (source: number, count: number, longer: number) =>
    Array.from({ length: count }, (_, i) => ({
      name: `table_${source}_${i}`,
      description: `Lists rows of table ${i}${
        " with columns".repeat((i + source) % 5 + (source % 2) * 6)
      }${i === 1 ? " extra notes".repeat(longer) : ""}`,
      inputSchema: schema,
    }));
  const ids = (from: ToolRegistry, query: string) =>
    from.search({ query, mode: "ranked", limit: 80 }).map((entry) => entry.id);
  // Twenty sources of sixty tools, one tool lengthened: its source's averages move, and its
  // fifty-nine other tools are scored again. Four hundred sources of two tools, one lengthened
  // a great deal: the average over all tools moves, which every source's is blended with.
  for (const [sources, count, longer] of [[20, 60, 2], [400, 2, 300]]) {
    const registry = new ToolRegistry();
    for (let source = 0; source < sources; source++) {
      registry.registerMcpTools(`s${source}`, tools(source, count, 0));
    }
    registry.search({ query: "rows", mode: "ranked" });
    registry.replaceMcpTools("s3", tools(3, count, longer));
    const fresh = new ToolRegistry();
    for (let source = 0; source < sources; source++) {
      fresh.registerMcpTools(`s${source}`, tools(source, count, source === 3 ? longer : 0));
    }
    for (const query of ["rows", "lists rows with columns", "table 1 columns"]) {
      assert.deepEqual(ids(registry, query), ids(fresh, query), `${sources} sources: ${query}`);
    }
    assert.equal(ids(fresh, "rows").length, 80);
  }
});

Deno.test("listNamespaces() sorts by code point, as Go does: a character past U+FFFF after U+FF61", () => {
  const registry = new ToolRegistry();
  for (const namespace of ["😀x", "｡x", "b", "a"]) {
    registry.register(
      { namespace, name: "tool", input_schema: { type: "object" } },
      { kind: "local", id: namespace },
    );
  }
  assert.deepEqual(registry.listNamespaces(), ["a", "b", "｡x", "😀x"]);
});

Deno.test("a cursor of a page during which the registry changed is refused, not read against the new content", () => {
  const held: { registry?: ToolRegistry } = {};
  let registered = false;
  // A searcher that registers a tool as it runs, as an upstream's refresh landing mid-search.
  const meddling: Searcher = {
    deterministic: true,
    search: (_query, limit, docs) => {
      if (!registered) {
        registered = true;
        held.registry!.registerMcpTools("late", mcpTools("newcomer"));
      }
      return docs.slice(0, limit).map((doc) => doc.id);
    },
  };
  const registry = held.registry = new ToolRegistry({ searchers: { meddling } });
  registry.registerMcpTools("s", mcpTools("a", "b", "c"));
  const page = registry.searchPage({ query: "tool", mode: "meddling", limit: 1 });
  assert.ok(page.next_cursor);
  assert.throws(
    () =>
      registry.searchPage({
        query: "tool",
        mode: "meddling",
        limit: 1,
        cursor: page.next_cursor!,
      }),
    InvalidCursorError,
  );
});

Deno.test("a searcher's context gives ranked search's order and scores, before and after a change", () => {
  const seen: { id: string; score: number }[][] = [];
  const echo: Searcher = {
    deterministic: true,
    search: (_query, limit, _docs, context) => {
      const hits = context.ranked(limit);
      seen.push([...hits]);
      return hits.map((hit) => hit.id);
    },
  };
  const registry = new ToolRegistry({ searchers: { echo } });
  registry.registerMcpTools("git", [
    { name: "log", description: "Show the commit log of a repository", inputSchema: schema },
    { name: "status", description: "Show the working tree status", inputSchema: schema },
    { name: "push", description: "Upload commits to a remote", inputSchema: schema },
  ]);
  for (const change of [() => {}, () => registry.registerMcpTools("hg", mcpTools("commit_log"))]) {
    change();
    const params = { query: "show commit log", limit: 3 };
    const ranked = registry.search({ ...params, mode: "ranked" }).map((entry) => entry.id);
    assert.ok(ranked.length >= 2);
    assert.deepEqual(registry.search({ ...params, mode: "echo" }).map((entry) => entry.id), ranked);
    const scores = seen.at(-1)!.map((hit) => hit.score);
    assert.ok(scores.every((score, i) => score > 0 && (i === 0 || score <= scores[i - 1])));
  }
  // A query with no word to rank by has no ranked answer: browsing is not one.
  assert.deepEqual(registry.search({ query: "the", mode: "echo" }), []);
});

Deno.test("prepareSearch() awaits the searcher's prepare with the tools that pass the filters", async () => {
  const prepared: string[] = [];
  let ready = false;
  const waiting: Searcher = {
    deterministic: true,
    prepare: async (query, docs) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      prepared.push(`${query}: ${docs.map((doc) => doc.id).join(" ")}`);
      ready = true;
    },
    search: (_query, limit, docs) => {
      if (!ready) throw new Error("Not prepared");
      return docs.slice(0, limit).map((doc) => doc.id);
    },
  };
  const registry = new ToolRegistry({ searchers: { waiting } });
  registry.registerMcpTools("s", mcpTools("a", "b"));
  registry.registerMcpTools("t", mcpTools("c"));
  await registry.prepareSearch({ query: "x", mode: "ranked" });
  assert.deepEqual(prepared, []);
  await registry.prepareSearch({ query: "x", mode: "waiting", namespace: "s" });
  assert.deepEqual(prepared, ["x: s:a s:b"]);
  assert.equal(registry.search({ query: "x", mode: "waiting" }).length, 3);
  await assert.rejects(() => registry.prepareSearch({ mode: "nope" }), RangeError);
});
