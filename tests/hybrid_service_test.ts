import assert from "node:assert/strict";
import { callTool, MCP_HEADERS, withStdioServer } from "./_mcp.ts";
import { type Searcher, ToolRegistry } from "../mod.ts";
import { loadTokenTable } from "../src/hybrid/mod.ts";
import { LiveCatalogue } from "../src/catalogue/live.ts";
import { fixedCatalogue } from "../src/catalogue/served.ts";
import {
  HYBRID_MODE,
  hybridMode,
  HybridUnavailableError,
  VECTORS_FILE,
} from "../src/catalogue/hybrid_mode.ts";
import { BUNDLED_CONFIGS } from "../src/config/files.ts";
import { toolText } from "../src/hybrid/_vector_store.ts";
import { createApp } from "../src/http/app.ts";
import { settingsFromEnv } from "../src/http/settings.ts";

const settings = { ...settingsFromEnv(() => undefined), logRequests: false };
const hybrid = hybridMode(BUNDLED_CONFIGS, (message) => assert.fail(message));
const catalogue = await LiveCatalogue.open({ searchers: { [HYBRID_MODE]: hybrid.searcher } });
hybrid.follow(catalogue.registry);
const app = createApp(catalogue, settings);

async function search(params: Record<string, string>) {
  const response = await app.request(`/search?${new URLSearchParams(params)}`);
  assert.equal(response.status, 200);
  return await response.json();
}

/** The JSON-RPC answer of `served`'s /mcp to `method` with `params`, one server-sent event. */
async function mcpRpc(
  served: { request: typeof app.request },
  method: string,
  params: Record<string, unknown>,
) {
  const response = await served.request("/mcp", {
    method: "POST",
    headers: MCP_HEADERS,
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return JSON.parse((await response.text()).replace(/^event: message\ndata: /, ""));
}

/** The result of climax_search with `args` on `served`'s /mcp. */
async function climaxSearch(
  served: { request: typeof app.request },
  args: Record<string, unknown>,
) {
  const { result } = await mcpRpc(served, "tools/call", { name: "climax_search", arguments: args });
  return result as { isError?: boolean; content: { text: string }[] };
}

Deno.test("GET /search?mode=hybrid finds by meaning, pages, and answers nothing with a hint when nothing is near", async () => {
  const query = "show me what I changed but have not committed yet";
  const first = await search({ query, mode: "hybrid", limit: "3" });
  assert.ok(["git_diff", "git_status", "git_show"].includes(first.results[0].tool_name));
  assert.ok(first.next_cursor);
  const second = await search({ query, mode: "hybrid", limit: "3", cursor: first.next_cursor });
  const names = [...first.results, ...second.results].map((entry) => entry.tool_name);
  assert.equal(new Set(names).size, names.length);
  const cake = await search({ query: "bake a chocolate cake", mode: "hybrid" });
  assert.deepEqual(cake.results, []);
  assert.match(cake.hint, /summary/);
});

Deno.test("hybrid pages of any length, early or late, are places of one order", async () => {
  const query = "manage the containers and images on this machine";
  const whole = await search({ query, mode: "hybrid", limit: "100" });
  const ids = (results: { tool_name: string; cli_name: string }[]) =>
    results.map((entry) => `${entry.cli_name}:${entry.tool_name}`);
  assert.ok(whole.results.length > 40, `${whole.results.length}`);
  for (const limit of ["3", "40"]) {
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await search({ query, mode: "hybrid", limit, ...(cursor ? { cursor } : {}) });
      paged.push(...ids(page.results));
      cursor = page.next_cursor;
    } while (cursor !== null);
    assert.deepEqual(paged, ids(whole.results), `pages of ${limit}`);
  }
});

Deno.test("climax_search takes the hybrid mode over MCP", async () => {
  const response = await app.request("/mcp", {
    method: "POST",
    headers: MCP_HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: {
        name: "climax_search",
        arguments: { query: "stop the containers that are running", mode: "hybrid", limit: 3 },
      },
    }),
  });
  assert.equal(response.status, 200);
  const message = JSON.parse((await response.text()).match(/^data: (.*)$/m)?.[1] ?? "{}");
  const answer = JSON.parse(message.result.content[0].text);
  assert.equal(answer.results[0].cli_name, "docker");
  const listed = await app.request("/mcp", {
    method: "POST",
    headers: MCP_HEADERS,
    body: JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list" }),
  });
  assert.match(await listed.text(), /'hybrid' weighs the words/);
});

Deno.test("the browse page offers the hybrid mode and shows its results", async () => {
  const page = await app.request(
    `/?${new URLSearchParams({ query: "undo my last commit", mode: "hybrid" })}`,
    { headers: { Accept: "text/html" } },
  );
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /<option value="hybrid" selected[^>]*>by meaning<\/option>/);
  assert.match(html, /git_(reset|revert|restore)/);
});

Deno.test("a mode that cannot load answers 503 with the reason over HTTP, and a tool error over MCP", async () => {
  const broken: Searcher = {
    deterministic: true,
    prepare: () =>
      Promise.reject(new HybridUnavailableError("Hybrid search cannot load: no model")),
    search: () => [],
  };
  const registry = new ToolRegistry({ searchers: { [HYBRID_MODE]: broken } });
  registry.registerMcpTools("s", [{ name: "a", inputSchema: { type: "object" } }]);
  const failing = createApp(fixedCatalogue(registry), settings);
  const originalError = console.error;
  console.error = () => {};
  try {
    const response = await failing.request("/search?query=x&mode=hybrid");
    assert.equal(response.status, 503);
    assert.equal(response.headers.get("Content-Type"), "application/problem+json");
    assert.match((await response.json()).detail, /no model/);
  } finally {
    console.error = originalError;
  }
  const mcp = await failing.request("/mcp", {
    method: "POST",
    headers: MCP_HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 5,
      method: "tools/call",
      params: { name: "climax_search", arguments: { query: "x", mode: "hybrid" } },
    }),
  });
  const text = await mcp.text();
  assert.match(text, /"isError":true/);
  assert.match(text, /no model/);
});

Deno.test("climax_search that names no mode ranks by words alone while hybrid search cannot load", async () => {
  const broken: Searcher = {
    deterministic: true,
    prepare: () => Promise.reject(new HybridUnavailableError("Hybrid search cannot load")),
    search: () => [],
  };
  const registry = new ToolRegistry({ searchers: { [HYBRID_MODE]: broken } });
  registry.registerMcpTools("s", [
    { name: "archive", description: "Pack files into an archive", inputSchema: { type: "object" } },
  ]);
  const served = createApp(fixedCatalogue(registry), settings);
  const originalError = console.error;
  console.error = () => {};
  try {
    const fallen = await climaxSearch(served, { query: "pack these files" });
    assert.equal(fallen.isError, undefined);
    const names = JSON.parse(fallen.content[0].text).results.map((entry: { tool_name: string }) =>
      entry.tool_name
    );
    assert.deepEqual(names, ["archive"]);
    const asked = await climaxSearch(served, { query: "pack these files", mode: "hybrid" });
    assert.equal(asked.isError, true);
  } finally {
    console.error = originalError;
  }
});

Deno.test("climax_search that names no mode pages on in ranked mode after hybrid search loads", async () => {
  // Hybrid search that cannot load at the first search, and loads at the second.
  let loads = 0;
  const flaky: Searcher = {
    deterministic: true,
    prepare: () =>
      loads++ === 0
        ? Promise.reject(new HybridUnavailableError("Hybrid search cannot load"))
        : Promise.resolve(),
    search: (_query, limit, docs) => docs.slice(0, limit).map((doc) => doc.id),
  };
  const registry = new ToolRegistry({ searchers: { [HYBRID_MODE]: flaky } });
  registry.registerMcpTools("s", [
    { name: "zip", description: "Pack files into a zip archive", inputSchema: { type: "object" } },
    { name: "tar", description: "Pack files into a tar archive", inputSchema: { type: "object" } },
  ]);
  const served = createApp(fixedCatalogue(registry), settings);
  const search = async (args: Record<string, unknown>) => {
    const result = await climaxSearch(served, args);
    assert.equal(result.isError, undefined, result.content[0].text);
    return JSON.parse(result.content[0].text);
  };
  const originalError = console.error;
  console.error = () => {};
  try {
    const ranked = registry.search({ query: "pack files", mode: "ranked", limit: 2 });
    const first = await search({ query: "pack files", limit: 1 });
    assert.deepEqual(first.results.map((entry: { tool_name: string }) => entry.tool_name), [
      ranked[0].tool_name,
    ]);
    const second = await search({ query: "pack files", limit: 1, cursor: first.next_cursor });
    assert.equal(loads, 2, "the second search loaded hybrid search");
    assert.deepEqual(second.results.map((entry: { tool_name: string }) => entry.tool_name), [
      ranked[1].tool_name,
    ]);
  } finally {
    console.error = originalError;
  }
});

Deno.test("climax_search over a registry with no hybrid search ranks by default, and says so", async () => {
  const registry = new ToolRegistry();
  registry.registerMcpTools("s", [
    { name: "archive", description: "Pack files into an archive", inputSchema: { type: "object" } },
  ]);
  const served = createApp(fixedCatalogue(registry), settings);
  const listed = await mcpRpc(served, "tools/list", {});
  const search = listed.result.tools.find((tool: { name: string }) =>
    tool.name === "climax_search"
  );
  assert.equal(search.inputSchema.properties.mode.default, "ranked");
  const called = await climaxSearch(served, { query: "pack these files" });
  assert.equal(called.isError, undefined);
  const names = JSON.parse(called.content[0].text).results.map((entry: { tool_name: string }) =>
    entry.tool_name
  );
  assert.deepEqual(names, ["archive"]);
});

Deno.test("the bundled catalogue's stored vectors hold every bundled tool, of the service's encoder", async () => {
  const stored = JSON.parse(
    await Deno.readTextFile(new URL(VECTORS_FILE, new URL("../configs/", import.meta.url))),
  );
  assert.equal(stored.model, (await loadTokenTable()).model);
  const registry = catalogue.registry;
  const texts = registry.ids().map((id) => toolText(registry.getEntry(id)!));
  assert.deepEqual(Object.keys(stored.tools).sort(), texts.sort());
});

Deno.test("the local MCP server (deno task mcp) answers climax_search in the hybrid mode", async () => {
  await withStdioServer(async (client) => {
    const found = await callTool(client, "climax_search", {
      query: "print the last lines of what a service wrote to the system log",
      mode: "hybrid",
      limit: 3,
      detail: "summary",
    });
    assert.equal(found.isError, false);
    const names = JSON.parse(found.text).results.map((entry: { tool_name: string }) =>
      entry.tool_name
    );
    assert.ok(names.some((name: string) => name.startsWith("journalctl")), names.join(", "));
  });
});
