// What the service's cold start loads, and what it leaves to the requests that need it: the
// related-words table (read for the first ranked search), the MCP SDK, the clients of upstream
// servers, the code that runs programs. The library's entry points, which may run from JSR or
// npm without permission to read files, still load the table as a JSON module.
import assert from "node:assert/strict";
import { startUpModules } from "./_module_graph.ts";
import { freePort, serveEntry, startServer } from "../support/server.ts";
import { LiveCatalogue } from "../src/catalogue/live.ts";
import { createApp } from "../src/http/app.ts";
import { settingsFromEnv } from "../src/http/settings.ts";

const ROOT = new URL("../", import.meta.url);
const TABLE = new URL("src/search/_related_words.json", ROOT);

Deno.test("the service's start loads neither the related-words table, the MCP SDK, the clients of upstream servers, nor the code that runs programs", async () => {
  const reached = [...await startUpModules("main.ts")];
  assert.ok(reached.some((specifier) => specifier.endsWith("/src/search/ranked.ts")));
  assert.ok(!reached.includes(TABLE.href), "the related-words table");
  assert.deepEqual(
    reached.filter((specifier) => specifier.includes("/@modelcontextprotocol/")),
    [],
  );
  assert.deepEqual(
    reached.filter((specifier) => /\/src\/(upstream\/|catalogue\/_upstreams\.ts)/.test(specifier)),
    [],
  );
  assert.deepEqual(
    reached.filter((specifier) => specifier.includes("/hono@4.13.19/dist/jsx/")),
    [],
  );
  // A CLImax tool's command line is built and run when it is first called, not to answer.
  assert.deepEqual(
    reached.filter((specifier) => /\/src\/(run\/|call\/climax_caller\.ts)/.test(specifier)),
    [],
  );
});

Deno.test("the library, the command line and the local MCP server load the related-words table as a JSON module", async () => {
  for (const entry of ["mod.ts", "src/cli/mod.ts", "src/mcp_stdio/mod.ts"]) {
    assert.ok((await startUpModules(entry)).has(TABLE.href), entry);
  }
});

Deno.test("the service answers its first requests without reading the related-words table, and reads it for the first ranked search", async () => {
  // Denied the table alone: every answer that needs no related word still comes.
  const port = freePort();
  const denied = await startServer(
    [
      "serve",
      "--allow-read",
      `--deny-read=${TABLE.pathname}`,
      "--allow-env",
      "--allow-net",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "main.ts",
    ],
    port,
    "/healthz",
    {},
    true,
  );
  try {
    for (const path of ["/summary", "/search?query=docker", "/tools/docker_ps"]) {
      const response = await fetch(`${denied.base}${path}`);
      await response.body?.cancel();
      assert.equal(response.status, 200, path);
    }
    const ranked = await fetch(`${denied.base}/search?query=list%20containers&mode=ranked`);
    await ranked.body?.cancel();
    assert.equal(ranked.status, 500, "a ranked search reads the table");
  } finally {
    await denied.stop();
  }
  assert.ok(
    denied.stderr.first.some((line) => line.includes("related-words table")),
    denied.stderr.first.join("\n"),
  );
});

Deno.test("a ranked search of the service, which reads the table from its file, answers as one that imported it", async () => {
  // This process imported the table as a JSON module, through the library.
  await import("../mod.ts");
  const catalogue = await LiveCatalogue.open();
  const here = createApp(catalogue, { ...settingsFromEnv(() => undefined), logRequests: false });
  const service = await serveEntry("main.ts", "/healthz");
  try {
    for (
      const query of [
        "list running containers",
        "show me what changed in the repository since yesterday",
        "rental apartment legal",
        "renting classes",
      ]
    ) {
      const path = `/search?mode=ranked&detail=summary&limit=20&query=${encodeURIComponent(query)}`;
      const served = await (await fetch(`${service.base}${path}`)).json();
      assert.deepEqual(served, await (await here.request(path)).json(), query);
    }
  } finally {
    await service.stop();
    await catalogue.close();
  }
});
