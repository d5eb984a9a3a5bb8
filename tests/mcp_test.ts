// The MCP endpoint as an agent's client sees it: the SDK's own Client over Streamable HTTP,
// against `deno serve main.ts` on a loopback port.
import assert from "node:assert/strict";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { ToolIndex } from "../mod.ts";
import { readCatalogue } from "../src/catalogue/compiled.ts";
import { serveEntry, type Server } from "../support/server.ts";
import { callTool as call } from "./_mcp.ts";

const index = ToolIndex.fromConfigs(
  (await readCatalogue(new URL("../configs/", import.meta.url)))!,
);

async function withClient(
  run: (client: Client, service: Server) => Promise<void>,
  env: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const service = await serveEntry("main.ts", "/healthz", env);
  const client = new Client({ name: "tool-index-test", version: "1.0.0" });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${service.base}/mcp`), {
        requestInit: { headers },
      }),
    );
    await run(client, service);
  } finally {
    await client.close();
    await service.stop();
  }
}

Deno.test("an MCP client connects by URL and lists exactly the two meta-tools", async () => {
  await withClient(async (client) => {
    assert.equal(client.getServerVersion()?.name, "tool-index");
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name), ["climax_search", "climax_get"]);
    const [search, get] = tools;
    assert.deepEqual(Object.keys(search.inputSchema.properties ?? {}), [
      "query",
      "category",
      "cli",
      "namespace",
      "limit",
      "mode",
      "detail",
      "cursor",
    ]);
    const properties = search.inputSchema.properties as Record<string, Record<string, unknown>>;
    const { limit, mode } = properties;
    // No default limit: a search takes 10, the summary every CLI.
    assert.deepEqual(
      [limit.type, limit.default, limit.minimum, limit.maximum],
      ["integer", undefined, 0, 100],
    );
    assert.equal(mode.default, "hybrid");
    assert.equal(mode.type, "string");
    assert.equal(search.inputSchema.additionalProperties, false);
    // Two sentences on how to use the two tools, at initialize.
    const instructions = client.getInstructions() ?? "";
    assert.match(instructions, /climax_search/);
    assert.match(instructions, /climax_get/);
    assert.equal(instructions.split(/\.\s/).length, 2);
    const manifest = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
    assert.equal(client.getServerVersion()?.version, manifest.version);
    assert.match(String(search.description), /no filters to get a summary/);
    assert.deepEqual(get.inputSchema.required, ["tool_name"]);
    // The two tools never change, and a stateless server could not say so if they did.
    assert.equal(client.getServerCapabilities()?.tools?.listChanged, false);
  });
});

Deno.test("an agent finds a bundled tool and its full schema in two calls", async () => {
  await withClient(async (client) => {
    const search = JSON.parse(
      (await call(client, "climax_search", { query: "list containers" })).text,
    );
    const names = search.results.map((entry: { tool_name: string }) => entry.tool_name);
    assert.ok(names.includes("docker_ps"), names.join(", "));
    const tool = JSON.parse((await call(client, "climax_get", { tool_name: "docker_ps" })).text);
    assert.equal(tool.command_line.program, "docker ps");
    assert.deepEqual(
      Object.keys(tool.input_schema.properties).sort(),
      tool.command_line.args.map((a: { name: string }) => a.name).sort(),
    );
  });
});

Deno.test("climax_search with no filter answers the summary of every CLI, capped by a limit given", async () => {
  await withClient(async (client) => {
    const all = await call(client, "climax_search", {});
    assert.deepEqual(JSON.parse(all.text), { mode: "summary", summary: index.summary() });
    assert.ok(index.summary().length > 10, "more CLIs than a search's default limit");
    const two = await call(client, "climax_search", { limit: 2 });
    assert.deepEqual(JSON.parse(two.text).summary, index.summary().slice(0, 2));
    // null is no value, as in the library's search parameters and in the Python original.
    const nulls = await call(client, "climax_search", { query: null, category: null, cli: null });
    assert.deepEqual(JSON.parse(nulls.text), JSON.parse(all.text));
    const filtered = await call(client, "climax_search", { query: null, cli: "git", cursor: null });
    assert.deepEqual(JSON.parse(filtered.text).results, index.search({ cli: "git" }));
  });
});

Deno.test("climax_search with filters answers in search mode, as the index does", async () => {
  await withClient(async (client) => {
    const answer = JSON.parse(
      (await call(client, "climax_search", {
        query: "container",
        cli: "docker",
        limit: 3,
        mode: "substring",
      })).text,
    );
    assert.equal(answer.mode, "search");
    assert.deepEqual(answer.results, index.search({ query: "container", cli: "docker", limit: 3 }));
    assert.equal(typeof answer.next_cursor, "string");
    const next = JSON.parse(
      (await call(client, "climax_search", {
        query: "container",
        cli: "docker",
        limit: 3,
        mode: "substring",
        cursor: answer.next_cursor,
      })).text,
    );
    assert.deepEqual(
      next.results,
      index.search({ query: "container", cli: "docker", limit: 6 }).slice(3),
    );
    const none = JSON.parse(
      (await call(client, "climax_search", { query: "zzqqxx", mode: "substring" })).text,
    );
    assert.deepEqual(none, { mode: "search", results: [], next_cursor: null });
    const byCategory = JSON.parse(
      (await call(client, "climax_search", { category: "CONTAINERS", limit: 100 })).text,
    );
    assert.ok(byCategory.results.length > 0);
    assert.ok(
      byCategory.results.every((entry: { category: string }) => entry.category === "containers"),
    );
  });
});

Deno.test("climax_search searches by meaning by default, and answers an unrelated request with nothing", async () => {
  await withClient(async (client) => {
    const query = "show the containers that are up";
    const found = JSON.parse((await call(client, "climax_search", { query })).text);
    const hybrid = JSON.parse(
      (await call(client, "climax_search", { query, mode: "hybrid" })).text,
    );
    assert.deepEqual(found, hybrid);
    assert.ok(
      found.results.some((entry: { tool_name: string }) => entry.tool_name === "docker_ps"),
    );
    // Ranked search answers these with tools that share a common word; by default, nothing does.
    for (const unrelated of ["order a pizza to my flat", "find me a cheap flight to Lisbon"]) {
      const ranked = JSON.parse(
        (await call(client, "climax_search", { query: unrelated, mode: "ranked" })).text,
      );
      assert.ok(ranked.results.length > 0, unrelated);
      const answer = JSON.parse((await call(client, "climax_search", { query: unrelated })).text);
      assert.deepEqual(answer.results, [], unrelated);
      assert.match(answer.hint, /no query for the summary/);
    }
  });
});

Deno.test("climax_search in substring mode that finds nothing hints at ranked mode", async () => {
  await withClient(async (client) => {
    const query = "show the containers that are up";
    const literal = JSON.parse(
      (await call(client, "climax_search", { query, mode: "substring" })).text,
    );
    assert.deepEqual(literal.results, []);
    assert.match(literal.hint, /"mode": "ranked"/);
  });
});

Deno.test("climax_search with detail summary answers no schema, and a third of the tokens", async () => {
  await withClient(async (client) => {
    const args = { query: "delete a branch", limit: 5 };
    const full = (await call(client, "climax_search", args)).text;
    const summary = (await call(client, "climax_search", { ...args, detail: "summary" })).text;
    const results = JSON.parse(summary).results;
    assert.deepEqual(
      results.map((entry: { tool_name: string }) => entry.tool_name),
      JSON.parse(full).results.map((entry: { tool_name: string }) => entry.tool_name),
    );
    for (const entry of results) {
      assert.deepEqual(Object.keys(entry), ["tool_name", "cli_name", "category", "description"]);
    }
    assert.ok(summary.length < full.length / 3, `${summary.length} of ${full.length} bytes`);
  });
});

Deno.test("a misspelt argument is an error that names the argument meant", async () => {
  await withClient(async (client) => {
    const search = await call(client, "climax_search", { qeury: "commit" });
    assert.equal(search.isError, true);
    assert.match(search.text, /Unknown argument "qeury": did you mean "query"\?/);
    const get = await call(client, "climax_get", { tool_name: "git_log", verbose: true });
    assert.equal(get.isError, true);
    assert.match(get.text, /Unknown argument "verbose" \(known: tool_name\)/);
  });
});

Deno.test("climax_search in ranked mode finds a tool from an agent's words, page by page", async () => {
  await withClient(async (client) => {
    const args = { query: "list running containers", mode: "ranked", limit: 2 };
    const answer = JSON.parse((await call(client, "climax_search", args)).text);
    assert.equal(answer.mode, "search");
    const expected = index.search({ query: args.query, mode: "ranked", limit: 4 });
    assert.deepEqual(answer.results, expected.slice(0, 2));
    assert.ok(
      expected.some((entry) => entry.tool_name === "docker_ps"),
      "docker_ps is among the first results",
    );
    const next = JSON.parse(
      (await call(client, "climax_search", { ...args, cursor: answer.next_cursor })).text,
    );
    assert.deepEqual(next.results, expected.slice(2, 4));
  });
});

Deno.test("climax_get returns the definition with env masked", async () => {
  await withClient(async (client) => {
    const { isError, text } = await call(client, "climax_get", { tool_name: "git_log" });
    assert.equal(isError, false);
    const tool = JSON.parse(text);
    assert.deepEqual(tool.input_schema, index.getEntry("git_log")!.input_schema);
    const resolved = index.get("git_log")!;
    assert.equal(tool.command_line.program, `${resolved.base_command} ${resolved.tool.command}`);
    assert.deepEqual(
      tool.command_line.args.map((arg: { name: string; flag?: string }) => [arg.name, arg.flag]),
      resolved.tool.args.map((arg) => [arg.name, arg.flag ?? undefined]),
    );
    const env = tool.command_line.env;
    for (const value of Object.values(env)) assert.equal(value, "********");
    assert.ok(Object.keys(env).length > 0, "git's config sets env, so masking is tested");
  });
});

Deno.test("climax_get says what GET /tools/{name} says, each thing once and nothing unset, in at most 60% of the bytes", async () => {
  await withClient(async (client, service) => {
    for (const name of ["docker_ps", "git:git_log"]) {
      const text = (await call(client, "climax_get", { tool_name: name })).text;
      const viaMcp = JSON.parse(text);
      const viaHttp = await (await fetch(`${service.base}/tools/${name}`)).json();
      assert.deepEqual(viaMcp.input_schema, viaHttp.input_schema, name);
      assert.equal(viaMcp.description, viaHttp.description, name);
      assert.equal(
        viaMcp.command_line.program,
        [viaHttp.base_command, viaHttp.tool.command].filter(Boolean).join(" "),
      );
      assert.deepEqual(
        viaMcp.command_line.args.map((arg: { name: string }) => arg.name),
        viaHttp.tool.args.map((arg: { name: string }) => arg.name),
      );
      assert.ok(!text.includes("null"), `${name}: ${text}`);
      const ratio = text.length / JSON.stringify(viaHttp).length;
      assert.ok(ratio <= 0.6, `${name}: ${ratio.toFixed(2)} of the bytes`);
    }
  });
});

Deno.test("climax_get of an unknown name is a tool error listing the closest names", async () => {
  await withClient(async (client) => {
    const { isError, text } = await call(client, "climax_get", { tool_name: "git_lgo" });
    assert.equal(isError, true);
    assert.match(text, /^Unknown tool: git_lgo\. The closest: git:git_log, /);
  });
});

Deno.test("invalid arguments are MCP errors with a clear message", async () => {
  await withClient(async (client) => {
    for (
      const [args, pattern] of [
        [{ limit: -1 }, /limit/],
        [{ limit: "ten" }, /limit/],
        [{ query: 42 }, /query/],
        [{ mode: "fuzzy" }, /mode/],
        [{ query: "x", cursor: "0.0000000000000000" }, /Invalid cursor/],
        [{ cursor: "abc" }, /A cursor continues a search/],
      ] as const
    ) {
      const { isError, text } = await call(client, "climax_search", args);
      assert.equal(isError, true, JSON.stringify(args));
      assert.match(text, pattern, JSON.stringify(args));
    }
    const missing = await call(client, "climax_get", {});
    assert.equal(missing.isError, true);
    assert.match(missing.text, /tool_name/);
    await assert.rejects(() => client.callTool({ name: "git_log", arguments: {} }), /not found/);
  });
});

Deno.test("the MCP endpoint needs the bearer token when AUTH_TOKEN is set", async () => {
  const token = "mcp-test-token";
  await withClient(
    async (client) => {
      const { tools } = await client.listTools();
      assert.equal(tools.length, 2);
    },
    { AUTH_TOKEN: token },
    { Authorization: `Bearer ${token}` },
  );

  const service = await serveEntry("main.ts", "/healthz", { AUTH_TOKEN: token });
  try {
    const client = new Client({ name: "no-token", version: "1.0.0" });
    await assert.rejects(() =>
      client.connect(new StreamableHTTPClientTransport(new URL(`${service.base}/mcp`)))
    );
  } finally {
    await service.stop();
  }
});

Deno.test("every argument of the meta-tools has one plain type, and null is taken as absent", async () => {
  await withClient(async (client) => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const properties = tool.inputSchema.properties as Record<string, Record<string, unknown>>;
      for (const [name, property] of Object.entries(properties)) {
        assert.equal(property.anyOf, undefined, `${tool.name}.${name}`);
        assert.equal(typeof property.type, "string", `${tool.name}.${name}`);
      }
    }
    const summary = await client.callTool({
      name: "climax_search",
      arguments: { query: null, limit: null },
    });
    assert.notEqual(summary.isError, true);
    assert.match((summary.content as { text: string }[])[0].text, /"mode":"summary"/);
  });
});

Deno.test("a method MCP does not use is a 405 on /mcp, not a 5xx (found by schemathesis: TRACE with a body)", async () => {
  await withClient(async (_client, service) => {
    const { hostname, port } = new URL(service.base);
    const connection = await Deno.connect({ hostname, port: Number(port) });
    try {
      const request =
        "TRACE /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        "Content-Length: 2\r\nConnection: close\r\n\r\n{}";
      await connection.write(new TextEncoder().encode(request));
      const buffer = new Uint8Array(4096);
      const read = await connection.read(buffer);
      const head = new TextDecoder().decode(buffer.subarray(0, read ?? 0));
      assert.match(head, /^HTTP\/1\.1 405 /, head);
      assert.match(head, /allow: POST/i);
    } finally {
      connection.close();
    }
  });
});
