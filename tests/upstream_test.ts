// Upstream MCP servers in a live catalogue, against the SDK's own server on loopback: pages,
// changes, a server that goes down, hangs or answers garbage, and bearer tokens.
import assert from "node:assert/strict";
import { LiveCatalogue, type LiveCatalogueOptions } from "../src/catalogue/live.ts";
import type { HttpServerConfig } from "../src/config/mcp_config.ts";
import { serverDescription } from "../src/upstream/connection.ts";
import { callTool } from "../src/call/call_tool.ts";
import type { SourceHealth } from "../src/catalogue/served.ts";
import { createApp } from "../src/http/app.ts";
import { settingsFromEnv } from "../src/http/settings.ts";
import { mcpTools, startUpstream, type TestUpstream, type UpstreamBehaviour } from "./_upstream.ts";
import { GIT_YAML, healthOf } from "./_live.ts";

/** A live catalogue of a folder holding git.yaml (and `files`), with `options`. */
async function openCatalogue(
  options: LiveCatalogueOptions,
  files: Record<string, string> = {},
): Promise<{ catalogue: LiveCatalogue; messages: string[]; close(): Promise<void> }> {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/git.yaml`, GIT_YAML);
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
  const messages: string[] = [];
  const catalogue = await LiveCatalogue.open({
    dir,
    refreshSeconds: 0,
    timeoutMs: 2000,
    report: (message) => messages.push(message),
    ...options,
  });
  await catalogue.ready();
  return {
    catalogue,
    messages,
    async close() {
      await catalogue.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** The entry of an HTTP server, as `MCP_SERVERS` gives one. */
function http(namespace: string, url: string, token?: string): HttpServerConfig {
  return {
    namespace,
    transport: "http",
    url,
    headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
    place: `MCP_SERVERS (${namespace})`,
  };
}

async function withUpstream(
  name: string,
  count: number,
  run: (upstream: TestUpstream) => Promise<void>,
  options?: { pageSize?: number; token?: string },
): Promise<void> {
  const upstream = startUpstream(name, mcpTools(name, count), options);
  try {
    await run(upstream);
  } finally {
    await upstream.stop();
  }
}

Deno.test("a live catalogue serves every page of an upstream's tools, in its namespace", async () => {
  await withUpstream("docs", 7, async (upstream) => {
    const { catalogue, close } = await openCatalogue({
      upstreams: [http("docs", upstream.url)],
    });
    try {
      const { registry } = catalogue;
      // Four pages of two, the last of one.
      assert.equal(upstream.listCalls, 4);
      assert.deepEqual(
        registry.search({ namespace: "docs", limit: 100 }).map((entry) => entry.id),
        upstream.tools.map((tool) => `docs:${tool.name}`),
      );
      assert.deepEqual(registry.getTool("docs:docs_3")?.backend, {
        kind: "mcp",
        id: "docs",
        url: upstream.url,
      });
      assert.equal(registry.getTool("docs:docs_3")?.tool.title, "docs 3");
      assert.deepEqual(registry.listNamespaces(), ["docs", "git"]);
      assert.deepEqual(healthOf(catalogue, "docs"), {
        kind: "mcp_server",
        name: "docs",
        transport: "http",
        status: "ok",
        tools: 7,
      });
      assert.equal(catalogue.health().status, "ok");
    } finally {
      await close();
    }
  });
});

Deno.test("an upstream's changed tools replace its old ones at the next refresh, and no change is no new version", async () => {
  await withUpstream("docs", 3, async (upstream) => {
    const { catalogue, close } = await openCatalogue({
      upstreams: [http("docs", upstream.url)],
    });
    try {
      const { registry } = catalogue;
      const before = { version: registry.version, content: registry.contentVersion };
      await catalogue.refreshUpstreams();
      assert.deepEqual(
        { version: registry.version, content: registry.contentVersion },
        before,
        "the same tools again change nothing",
      );
      upstream.tools = [...mcpTools("docs", 2), ...mcpTools("more", 2)];
      await catalogue.refreshUpstreams();
      assert.deepEqual(registry.ids().filter((id) => id.startsWith("docs:")), [
        "docs:docs_0",
        "docs:docs_1",
        "docs:more_0",
        "docs:more_1",
      ]);
      assert.ok(registry.version > before.version);
      assert.notEqual(registry.contentVersion, before.content);
    } finally {
      await close();
    }
  });
});

Deno.test("an upstream that goes down keeps its last tools; the health says which, what and since when, until it is back", async () => {
  await withUpstream("docs", 3, async (upstream) => {
    const { catalogue, messages, close } = await openCatalogue({
      upstreams: [http("docs", upstream.url)],
    });
    try {
      const app = createApp(catalogue, { ...settingsFromEnv(() => undefined), logRequests: false });
      const ids = catalogue.registry.ids();
      await upstream.stop();
      const failedAt = Date.now();
      await catalogue.refreshUpstreams();
      assert.deepEqual(catalogue.registry.ids(), ids, "its last good tools are served");
      const down = healthOf(catalogue, "docs");
      assert.equal(down.status, "failing");
      assert.equal(down.tools, 3);
      assert.ok(down.problem && down.problem.length > 0);
      assert.ok(Math.abs(Date.parse(down.since!) - failedAt) < 5000, down.since ?? "");
      const failed = messages.find((message) => message.startsWith("Upstream docs failed: "));
      assert.ok(failed, messages.join("\n"));
      // The operator's log names the server's origin; /healthz, below, does not.
      assert.ok(failed.includes(new URL(upstream.url).origin), failed);
      assert.ok(!failed.includes("its URL"), failed);

      const health = await (await app.request("/healthz")).json();
      assert.equal(health.status, "degraded");
      assert.ok(!JSON.stringify(health).includes(upstream.url), "no upstream's URL is public");
      assert.equal(health.tools, 4);
      assert.deepEqual(
        health.sources.find((source: SourceHealth) => source.name === "docs"),
        down,
      );
      const search = await app.request("/search?namespace=docs&query=record");
      assert.equal(search.status, 200);
      assert.equal((await search.json()).results.length, 3);

      // A second failure keeps the time the failures began.
      await catalogue.refreshUpstreams();
      assert.equal(healthOf(catalogue, "docs").since, down.since);

      upstream.start();
      await catalogue.refreshUpstreams();
      assert.equal(healthOf(catalogue, "docs").status, "ok");
      assert.equal((await (await app.request("/healthz")).json()).status, "ok");
    } finally {
      await close();
    }
  });
});

Deno.test("an upstream that hangs is given up at the timeout, and its last tools are kept", async () => {
  await withUpstream("slow", 2, async (upstream) => {
    const { catalogue, close } = await openCatalogue({
      upstreams: [http("slow", upstream.url)],
      timeoutMs: 300,
    });
    try {
      upstream.behaviour = "hang";
      const started = performance.now();
      await catalogue.refreshUpstreams();
      // Bounded by the timeout, not by the server: generous, as a loaded machine is slow.
      assert.ok(performance.now() - started < 10_000);
      const health = healthOf(catalogue, "slow");
      assert.equal(health.status, "failing");
      assert.equal(health.problem, "no answer to tools/list within 300 ms");
      assert.equal(catalogue.registry.search({ namespace: "slow" }).length, 2);
    } finally {
      await close();
    }
  });
});

Deno.test("an upstream that answers what is not JSON-RPC, or lists a tool that is not one, keeps its last tools", async () => {
  await withUpstream("odd", 2, async (upstream) => {
    const { catalogue, close } = await openCatalogue({
      upstreams: [http("odd", upstream.url)],
    });
    try {
      const content = catalogue.registry.contentVersion;
      upstream.behaviour = "garbage";
      await catalogue.refreshUpstreams();
      assert.equal(healthOf(catalogue, "odd").status, "failing");
      assert.equal(catalogue.registry.contentVersion, content);

      upstream.behaviour = "serve";
      upstream.tools = [...mcpTools("odd", 1), { name: "", inputSchema: { type: "object" } }];
      await catalogue.refreshUpstreams();
      const health = healthOf(catalogue, "odd");
      assert.equal(health.status, "failing");
      assert.match(health.problem!, /name/);
      assert.equal(catalogue.registry.contentVersion, content, "nothing of the bad list is served");
    } finally {
      await close();
    }
  });
});

Deno.test("an upstream down at the start is reported, and its tools come when it answers", async () => {
  await withUpstream("late", 2, async (upstream) => {
    await upstream.stop();
    const { catalogue, close } = await openCatalogue({
      upstreams: [http("late", upstream.url)],
    });
    try {
      assert.equal(catalogue.health().status, "degraded");
      assert.deepEqual(catalogue.registry.listNamespaces(), ["git"]);
      upstream.start();
      await catalogue.refreshUpstreams();
      assert.deepEqual(catalogue.registry.listNamespaces(), ["git", "late"]);
      assert.equal(catalogue.health().status, "ok");
    } finally {
      await close();
    }
  });
});

Deno.test("an upstream is fetched again every refreshSeconds", async () => {
  await withUpstream("docs", 1, async (upstream) => {
    const { catalogue, close } = await openCatalogue({
      upstreams: [http("docs", upstream.url)],
      refreshSeconds: 1,
    });
    try {
      upstream.tools = mcpTools("docs", 2);
      const deadline = Date.now() + 10_000;
      while (catalogue.registry.getEntry("docs:docs_1") === undefined && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.ok(catalogue.registry.getEntry("docs:docs_1"), "the new tool came without a call");
    } finally {
      await close();
    }
  });
});

Deno.test("the bearer token of an upstream is sent with every request", async () => {
  await withUpstream("private", 2, async (upstream) => {
    const right = await openCatalogue({
      upstreams: [http("private", upstream.url, "s3cret")],
    });
    const wrong = await openCatalogue({
      upstreams: [http("private", upstream.url, "guess")],
    });
    try {
      assert.equal(right.catalogue.registry.search({ namespace: "private" }).length, 2);
      assert.equal(healthOf(wrong.catalogue, "private").status, "failing");
      assert.equal(wrong.catalogue.registry.search({ namespace: "private" }).length, 0);
    } finally {
      await right.close();
      await wrong.close();
    }
  }, { token: "s3cret" });
});

Deno.test("a tool list file may not claim the name of an upstream", async () => {
  await withUpstream("docs", 2, async (upstream) => {
    const list = JSON.stringify({ name: "docs", tools: mcpTools("file", 1) });
    const { catalogue, close } = await openCatalogue({
      upstreams: [http("docs", upstream.url)],
    }, { "docs.mcp.json": list });
    try {
      assert.deepEqual(catalogue.registry.ids().filter((id) => id.startsWith("docs:")), [
        "docs:docs_0",
        "docs:docs_1",
      ]);
      const file = catalogue.health().sources.find((source) => source.name === "docs.mcp.json");
      assert.equal(file?.status, "failing");
      assert.match(file!.problem!, /upstream MCP server of MCP_SERVERS \(docs\)/);
    } finally {
      await close();
    }
  });
});

Deno.test("an upstream keeps one session across refreshes, and ends it when the catalogue closes", async () => {
  await withUpstream("docs", 2, async (upstream) => {
    const { catalogue, close } = await openCatalogue({ upstreams: [http("docs", upstream.url)] });
    try {
      for (let i = 0; i < 5; i++) await catalogue.refreshUpstreams();
      assert.equal(upstream.sessionsOpened, 1, "one session, not one a refresh");
      assert.equal(upstream.sessionsClosed, 0);
    } finally {
      await close();
    }
    assert.equal(upstream.sessionsClosed, 1, "ended with DELETE");
  });
});

Deno.test("an upstream's headers are sent with every request", async () => {
  await withUpstream("docs", 1, async (upstream) => {
    const { catalogue, close } = await openCatalogue({
      upstreams: [{ ...http("docs", upstream.url), headers: { "X-Team": "search" } }],
    });
    try {
      assert.equal(upstream.lastHeaders?.get("X-Team"), "search");
      assert.equal(catalogue.registry.search({ namespace: "docs" }).length, 1);
    } finally {
      await close();
    }
  });
});

Deno.test("an upstream answering 500, an HTML page or a dropped connection keeps its last tools, says what, and ends the broken session", async () => {
  const cases: [UpstreamBehaviour, RegExp][] = [
    ["error500", /HTTP 500/],
    ["html", /text\/html|content/i],
    ["close", /body|connection|error/i],
  ];
  for (const [behaviour, problem] of cases) {
    await withUpstream("docs", 2, async (upstream) => {
      const { catalogue, close } = await openCatalogue({ upstreams: [http("docs", upstream.url)] });
      try {
        const content = catalogue.registry.contentVersion;
        upstream.behaviour = behaviour;
        await catalogue.refreshUpstreams();
        const health = healthOf(catalogue, "docs");
        assert.equal(health.status, "failing", behaviour);
        assert.match(health.problem!, problem, `${behaviour}: ${health.problem}`);
        assert.ok(health.next_try, "a next try is set");
        assert.equal(catalogue.registry.contentVersion, content, behaviour);
        upstream.behaviour = "serve";
        await catalogue.refreshUpstreams();
        assert.equal(healthOf(catalogue, "docs").status, "ok", behaviour);
        assert.equal(upstream.sessionsOpened, 2, "a new session after the broken one");
      } finally {
        await close();
      }
    });
  }
});

Deno.test("an upstream that says its tools changed is listed again at once, without polling", async () => {
  const upstream = startUpstream("live", mcpTools("live", 2), { listChanged: true });
  try {
    const { catalogue, close } = await openCatalogue({ upstreams: [http("live", upstream.url)] });
    try {
      const lists = upstream.listCalls;
      await upstream.changeTools(mcpTools("fresh", 3));
      const deadline = Date.now() + 1000;
      while (catalogue.registry.getEntry("live:fresh_2") === undefined) {
        if (Date.now() > deadline) assert.fail("the change was not listed within a second");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      assert.ok(upstream.listCalls > lists);
      assert.equal(catalogue.registry.getEntry("live:live_0"), undefined);
    } finally {
      await close();
    }
  } finally {
    await upstream.stop();
  }
});

Deno.test("a server is described by its title, then its description or the first prose of its instructions, cut at a sentence", () => {
  assert.equal(
    serverDescription("Docs", "Searches the docs.", "# Ignored"),
    "Docs: Searches the docs.",
  );
  assert.equal(
    serverDescription(undefined, undefined, "# Heading\n\nUse search first.\nThen read.\n\nMore."),
    "Use search first. Then read.",
  );
  assert.equal(serverDescription(undefined, "  ", undefined), null);
  const long = `${"Word ".repeat(40)}ends here. ${"More ".repeat(40)}`;
  const cut = serverDescription("T", undefined, long)!;
  assert.ok(cut.endsWith("ends here."), cut);
  assert.ok(cut.length <= 300);
});

Deno.test("a call through the index reaches an HTTP upstream in its session and answers what it answered", async () => {
  await withUpstream("docs", 2, async (upstream) => {
    const { catalogue, close } = await openCatalogue({ upstreams: [http("docs", upstream.url)] });
    try {
      const answer = await callTool(catalogue.registry, "docs:docs_1", { id: "42" }, {
        callers: catalogue.callers,
        timeoutMs: 5000,
        maxAnswerBytes: 1 << 20,
      });
      assert.deepEqual(answer.content, [{ type: "text", text: 'docs_1 {"id":"42"}' }]);
      assert.deepEqual(answer.structuredContent, { name: "docs_1", args: { id: "42" } });
      assert.equal(upstream.sessionsOpened, 1, "the listing's session");
      const refused = await callTool(catalogue.registry, "docs:docs_1", {}, {
        callers: catalogue.callers,
        timeoutMs: 5000,
        maxAnswerBytes: 1 << 20,
      });
      assert.match((refused.content[0] as { text: string }).text, /Missing required argument "id"/);
    } finally {
      await close();
    }
  });
});
