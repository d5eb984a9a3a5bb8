// The routes of the live catalogue over HTTP and MCP: namespaces, IDs and bare names, backends,
// the namespace filter, and the wire format that stays CLImax's.
import assert from "node:assert/strict";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { type McpTool, ToolRegistry, validateConfig } from "../mod.ts";
import { fixedCatalogue } from "../src/catalogue/served.ts";
import { createApp } from "../src/http/app.ts";
import { ENV_MASK } from "../src/answer/mask.ts";
import { settingsFromEnv } from "../src/http/settings.ts";

const SECRET = "sk-live-secret";
const registry = new ToolRegistry({ onWarning: () => {} });
registry.registerConfig(validateConfig({
  name: "gh",
  command: "gh",
  env: { GH_TOKEN: SECRET },
  tools: [
    { name: "search", description: "Search code with the gh CLI", command: "search code" },
    { name: "pr_list", description: "List pull requests", command: "pr list" },
  ],
}));
const tool = (name: string, description: string): McpTool => ({
  name,
  description,
  inputSchema: { type: "object", properties: { q: { type: "string" } } },
  annotations: { readOnlyHint: true },
});
registry.registerMcpTools(
  { name: "github", url: "https://api.example/mcp" },
  [tool("search", "Search issues on GitHub"), tool("get_issue", "Read one issue")],
);
// The same tool reached two ways: a second backend of one ID.
registry.register(
  {
    namespace: "github",
    name: "get_issue",
    description: "Read one issue",
    input_schema: { type: "object", properties: { q: { type: "string" } } },
    annotations: { readOnlyHint: true },
  },
  { kind: "local", id: "issue_cache" },
);
for (const name of ["aws", "azure", "docs"]) {
  registry.registerMcpTools(name, [tool(`${name}_find`, `Find in ${name}`)]);
}

const settings = { ...settingsFromEnv(() => undefined), logRequests: false };
const app = createApp(fixedCatalogue(registry), settings);
const json = async (path: string) => {
  const response = await app.request(path);
  return { status: response.status, body: await response.json() };
};

Deno.test("GET /namespaces pages the namespaces; the next page may ask for another limit", async () => {
  const first = await json("/namespaces?limit=2");
  assert.deepEqual(first.body.namespaces, ["aws", "azure"]);
  const rest = await json(`/namespaces?limit=10&cursor=${first.body.next_cursor}`);
  assert.deepEqual(rest.body.namespaces, registry.listNamespaces().slice(2, 12));
  const second = await json(`/namespaces?limit=2&cursor=${first.body.next_cursor}`);
  assert.deepEqual(second.body.namespaces, ["docs", "gh"]);
  const all = await json("/namespaces");
  assert.deepEqual(all.body, { namespaces: registry.listNamespaces(), next_cursor: null });
  assert.equal((await json("/namespaces?limit=x")).status, 400);
});

Deno.test("GET /tools/{id} takes an ID, or a bare name one namespace has; several are a 409 listing them", async () => {
  const byId = await json("/tools/github:search");
  assert.equal(byId.status, 200);
  assert.deepEqual(byId.body, {
    tool_name: "search",
    description: "Search issues on GitHub",
    cli_name: "github",
    category: null,
    tags: [],
    input_schema: { type: "object", properties: { q: { type: "string" } } },
    title: null,
    annotations: { readOnlyHint: true },
    output_schema: null,
    backend: { kind: "mcp", id: "github", url: "https://api.example/mcp" },
  });
  const bare = await json("/tools/pr_list");
  assert.equal(bare.status, 200);
  assert.equal(bare.body.base_command, "gh");
  assert.deepEqual(bare.body.env, { GH_TOKEN: ENV_MASK });

  const ambiguous = await app.request("/tools/search");
  assert.equal(ambiguous.status, 409);
  assert.equal(ambiguous.headers.get("Content-Type"), "application/problem+json");
  const problem = await ambiguous.json();
  assert.match(problem.detail, /gh:search, github:search/);
  assert.equal(problem.title, "Conflict", "every problem's title is its status's name");

  const missing = await json("/tools/pr_lst");
  assert.equal(missing.status, 404);
  assert.match(missing.body.detail, /the closest: gh:pr_list/);
});

Deno.test("GET /tools/{id}/backends lists every backend, env values masked", async () => {
  const { status, body } = await json("/tools/github:get_issue/backends");
  assert.equal(status, 200);
  assert.deepEqual(body, {
    id: "github:get_issue",
    backends: [
      { kind: "mcp", id: "github", url: "https://api.example/mcp" },
      { kind: "local", id: "issue_cache" },
    ],
  });
  const climax = await json("/tools/gh:search/backends");
  assert.equal(climax.body.backends[0].kind, "climax");
  assert.deepEqual(climax.body.backends[0].env, { GH_TOKEN: ENV_MASK });
  assert.ok(!JSON.stringify(climax.body).includes(SECRET));
  assert.equal((await json("/tools/search/backends")).status, 409);
  assert.equal((await json("/tools/nothing/backends")).status, 404);
});

Deno.test("GET /search filters by namespace, and results keep CLImax's fields, no ID added", async () => {
  const { body } = await json("/search?query=search&namespace=GitHub");
  assert.deepEqual(body.results.map((entry: { cli_name: string }) => entry.cli_name), ["github"]);
  assert.deepEqual(Object.keys(body.results[0]).sort(), [
    "category",
    "cli_name",
    "description",
    "input_schema",
    "tags",
    "tool_name",
  ]);
  const disagreeing = await json("/search?query=search&namespace=github&cli=gh");
  assert.deepEqual(disagreeing.body.results, []);
});

Deno.test("MCP climax_search takes namespace; climax_get takes an ID, and says which IDs a shared name means", async () => {
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
      fetch: async (url, init) => await app.fetch(new Request(url, init)),
    }),
  );
  try {
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      return {
        isError: result.isError === true,
        text: (result.content as { text: string }[])[0].text,
      };
    };
    const found = JSON.parse(
      (await call("climax_search", { query: "search", namespace: "gh" })).text,
    );
    assert.deepEqual(found.results.map((entry: { tool_name: string }) => entry.tool_name), [
      "search",
    ]);
    assert.equal(found.results[0].cli_name, "gh");
    assert.deepEqual(Object.keys(found.results[0]).sort(), [
      "category",
      "cli_name",
      "description",
      "input_schema",
      "tags",
      "tool_name",
    ]);
    const get = JSON.parse((await call("climax_get", { tool_name: "github:search" })).text);
    const route = await (await app.request("/tools/github:search")).json();
    // The same, without the fields that are unset (null, or an empty list).
    assert.deepEqual(
      get,
      Object.fromEntries(
        Object.entries(route).filter(([, value]) =>
          value !== null && !(Array.isArray(value) && value.length === 0)
        ),
      ),
    );
    const ambiguous = await call("climax_get", { tool_name: "search" });
    assert.equal(ambiguous.isError, true);
    assert.match(ambiguous.text, /gh:search, github:search/);
  } finally {
    await client.close();
  }
});

Deno.test("after a change, ETags and kept answers follow the content, and old cursors say so", async () => {
  const live = new ToolRegistry();
  live.registerMcpTools("docs", [
    tool("find_page", "Find a page"),
    tool("find_term", "Find a term"),
  ]);
  const liveApp = createApp(fixedCatalogue(live), settings);
  const before = await liveApp.request("/search?query=find");
  const tag = before.headers.get("ETag")!;
  assert.equal((await before.json()).results.length, 2);
  const again = await liveApp.request("/search?query=find", { headers: { "If-None-Match": tag } });
  assert.equal(again.status, 304);
  const { next_cursor: cursor } = await (await liveApp.request("/search?query=find&limit=1"))
    .json();

  live.registerMcpTools("docs", [tool("find_note", "Find a note")]);
  const after = await liveApp.request("/search?query=find", { headers: { "If-None-Match": tag } });
  assert.equal(after.status, 200);
  assert.notEqual(after.headers.get("ETag"), tag);
  assert.equal((await after.json()).results.length, 3, "the answer kept for the old content");
  const stale = await liveApp.request(`/search?query=find&limit=1&cursor=${cursor}`);
  assert.equal(stale.status, 400);
  assert.match((await stale.json()).invalid_params[0].reason, /catalogue changed/);
});
