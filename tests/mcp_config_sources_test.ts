// MCP_CONFIG as a source of upstream servers, against the SDK's own server on loopback: one
// namespace per entry and none claimed twice, a start that never waits, edits of the file applied
// entry by entry, a broken edit that keeps the last good servers, the servers' own words, and
// servers that wait to begin until the service serves.
import assert from "node:assert/strict";
import { LiveCatalogue, type LiveCatalogueOptions } from "../src/catalogue/live.ts";
import type { SourceHealth } from "../src/catalogue/served.ts";
import { createApp } from "../src/http/app.ts";
import { settingsFromEnv } from "../src/http/settings.ts";
import { StartError, startService } from "../src/http/start.ts";
import { mcpTools, startUpstream, type TestUpstream } from "./_upstream.ts";
import { eventually, GIT_YAML, healthOf } from "./_live.ts";
import { Upstreams } from "../src/catalogue/_upstreams.ts";
import { stdioEntry } from "./_servers.ts";
import { registryCore } from "../src/registry/registry_core.ts";

/** An MCP config text naming `servers`, each a namespace and its URL, one entry per line. */
function mcpConfig(servers: Record<string, string>): string {
  const entries = Object.entries(servers).map(([name, url]) =>
    `    ${JSON.stringify(name)}: { "type": "http", "url": ${JSON.stringify(url)} }`
  );
  return `{\n  "mcpServers": {\n${entries.join(",\n")}\n  }\n}\n`;
}

interface Folder {
  dir: string;
  /** The path of the MCP config file in it. */
  config: string;
  remove(): Promise<void>;
}

async function folder(files: Record<string, string>): Promise<Folder> {
  const dir = await Deno.makeTempDir();
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
  return {
    dir,
    config: `${dir}/mcp.json`,
    remove: () => Deno.remove(dir, { recursive: true }),
  };
}

/** A catalogue of `files` (a configs folder) whose MCP config file holds `config`. */
async function open(
  config: string,
  options: LiveCatalogueOptions = {},
): Promise<
  { catalogue: LiveCatalogue; files: Folder; messages: string[]; close(): Promise<void> }
> {
  const configs = await folder({ "git.yaml": GIT_YAML });
  const files = await folder({ "mcp.json": config });
  const messages: string[] = [];
  const catalogue = await LiveCatalogue.open({
    dir: configs.dir,
    mcpConfig: files.config,
    refreshSeconds: 0,
    timeoutMs: 2000,
    report: (message) => messages.push(message),
    ...options,
  });
  return {
    catalogue,
    files,
    messages,
    async close() {
      await catalogue.close();
      await configs.remove();
      await files.remove();
    },
  };
}

async function withUpstreams(
  names: string[],
  run: (upstreams: TestUpstream[]) => Promise<void>,
): Promise<void> {
  const upstreams = names.map((name) => startUpstream(name, mcpTools(name, 2)));
  try {
    await run(upstreams);
  } finally {
    for (const upstream of upstreams) await upstream.stop();
  }
}

async function startFailure(env: Record<string, string>): Promise<string> {
  try {
    await startService((name) => ({ LOG_REQUESTS: "0", ...env })[name]);
  } catch (error) {
    assert.ok(error instanceof StartError, String(error));
    return error.message;
  }
  return assert.fail("the service started");
}

Deno.test("a namespace that a config and an MCP config entry both claim stops the start, naming both places", async () => {
  const configs = await folder({ "git.yaml": GIT_YAML });
  const text = mcpConfig({ docs: "http://127.0.0.1:9/mcp", git: "http://127.0.0.1:9/mcp" });
  const files = await folder({ "mcp.json": text });
  try {
    const message = await startFailure({ CONFIG_DIR: configs.dir, MCP_CONFIG: files.config });
    const line = text.split("\n").findIndex((row) => row.includes('"git"')) + 1;
    const column = text.split("\n")[line - 1].indexOf('"git"') + 1;
    assert.ok(message.includes(`${configs.dir}/git.yaml`), message);
    assert.ok(message.includes(`${files.config}:${line}:${column} (mcpServers.git)`), message);
    assert.match(message, /namespace "git"/);
  } finally {
    await configs.remove();
    await files.remove();
  }
});

Deno.test("a namespace that MCP_SERVERS and MCP_CONFIG both claim stops the start, naming both places", async () => {
  const configs = await folder({ "git.yaml": GIT_YAML });
  const files = await folder({ "mcp.json": mcpConfig({ docs: "http://127.0.0.1:9/mcp" }) });
  try {
    const message = await startFailure({
      CONFIG_DIR: configs.dir,
      MCP_CONFIG: files.config,
      MCP_SERVERS: JSON.stringify({ docs: "http://127.0.0.1:9/mcp" }),
    });
    assert.match(message, /"docs" is claimed by both MCP_SERVERS \(docs\) and .*mcp\.json:3:5/);
  } finally {
    await configs.remove();
    await files.remove();
  }
});

Deno.test("the start does not wait for an upstream that never answers: /healthz says it is pending", async () => {
  await withUpstreams(["slow"], async ([slow]) => {
    slow.behaviour = "hang";
    // A timeout far longer than the test: were the start waiting, it would not have answered.
    const { catalogue, close } = await open(mcpConfig({ slow: slow.url }), { timeoutMs: 600_000 });
    try {
      const app = createApp(catalogue, { ...settingsFromEnv(() => undefined), logRequests: false });
      const health = await (await app.request("/healthz")).json();
      const server = health.sources.find((source: SourceHealth) => source.name === "slow");
      assert.equal(server.status, "pending");
      assert.equal(health.status, "ok", "pending is not failing");
      assert.equal((await (await app.request("/search?query=commit")).json()).results.length, 1);
    } finally {
      await slow.stop();
      await close();
    }
  });
});

Deno.test("an edit of the MCP config starts the servers of new entries, stops those of removed ones, restarts changed ones, and leaves the rest", async () => {
  await withUpstreams(["alpha", "beta", "gamma"], async ([alpha, beta, gamma]) => {
    const { catalogue, files, close } = await open(mcpConfig({ alpha: alpha.url }), {
      watch: true,
      debounceMs: 30,
    });
    try {
      await catalogue.ready();
      assert.deepEqual(catalogue.registry.listNamespaces(), ["alpha", "git"]);
      const alphaLists = alpha.listCalls;

      await Deno.writeTextFile(files.config, mcpConfig({ alpha: alpha.url, beta: beta.url }));
      await eventually(() => catalogue.registry.listNamespaces().includes("beta"), "beta added");
      assert.equal(alpha.listCalls, alphaLists, "an unchanged entry's server is left as it is");

      // The same namespace, another server: its tools are the new server's.
      await Deno.writeTextFile(files.config, mcpConfig({ alpha: gamma.url, beta: beta.url }));
      await eventually(
        () => catalogue.registry.getEntry("alpha:gamma_0") !== undefined,
        "alpha restarted on gamma",
      );
      assert.equal(catalogue.registry.getEntry("alpha:alpha_0"), undefined);

      await Deno.writeTextFile(files.config, mcpConfig({ alpha: gamma.url }));
      await eventually(() => !catalogue.registry.listNamespaces().includes("beta"), "beta gone");
      assert.equal(
        catalogue.health().sources.some((source) => source.name === "beta"),
        false,
        "a removed server has no health",
      );
    } finally {
      await close();
    }
  });
});

Deno.test("an MCP config edited into what is not JSON keeps its servers and says where on /healthz until fixed", async () => {
  await withUpstreams(["alpha"], async ([alpha]) => {
    const { catalogue, files, messages, close } = await open(mcpConfig({ alpha: alpha.url }), {
      watch: true,
      debounceMs: 30,
    });
    try {
      await catalogue.ready();
      const app = createApp(catalogue, { ...settingsFromEnv(() => undefined), logRequests: false });
      const ids = catalogue.registry.ids();
      const broken = '{\n  "mcpServers": {\n    "alpha": {,\n';
      await Deno.writeTextFile(files.config, broken);
      await eventually(
        () => healthOf(catalogue, "mcp.json").status === "failing",
        "the broken file reported",
      );
      const health = await (await app.request("/healthz")).json();
      assert.equal(health.status, "degraded");
      const file = health.sources.find((source: SourceHealth) => source.kind === "mcp_config");
      const column = broken.split("\n")[2].indexOf(",") + 1;
      assert.match(file.problem, new RegExp(`^mcp\\.json:3:${column}: `), "named alone");
      assert.deepEqual(catalogue.registry.ids(), ids, "the last good servers' tools are served");
      assert.equal(healthOf(catalogue, "alpha").status, "ok");
      assert.ok(messages.some((message) => message.includes("served as it was")));

      await Deno.writeTextFile(files.config, mcpConfig({ alpha: alpha.url }));
      await eventually(() => healthOf(catalogue, "mcp.json").status === "ok", "fixed");
      assert.equal(catalogue.health().status, "ok");
    } finally {
      await close();
    }
  });
});

Deno.test("an MCP config entry that claims a config's namespace is refused at a reload, and the others are applied", async () => {
  await withUpstreams(["alpha", "beta"], async ([alpha, beta]) => {
    const { catalogue, files, close } = await open(mcpConfig({ alpha: alpha.url }));
    try {
      await catalogue.ready();
      await Deno.writeTextFile(files.config, mcpConfig({ git: beta.url, beta: beta.url }));
      await catalogue.reloadMcpConfig();
      await catalogue.ready();
      assert.deepEqual(catalogue.registry.listNamespaces(), ["beta", "git"]);
      assert.deepEqual(
        catalogue.registry.ids().filter((id) => id.startsWith("git:")),
        ["git:git_log"],
        "the config keeps its namespace",
      );
      const file = healthOf(catalogue, "mcp.json");
      assert.equal(file.status, "failing");
      assert.match(
        file.problem!,
        /namespace "git" of .*mcp\.json:3:5 \(mcpServers\.git\) .*git\.yaml/,
      );
    } finally {
      await close();
    }
  });
});

Deno.test("a server's title and instructions describe its namespace, and its tools keep their output schemas", async () => {
  const tools = mcpTools("docs", 2).map((tool) => ({
    ...tool,
    outputSchema: { type: "object", properties: { text: { type: "string" } } },
  }));
  const docs = startUpstream("docs", tools);
  const { catalogue, close } = await open(mcpConfig({ docs: docs.url }));
  try {
    await catalogue.ready();
    const summary = catalogue.registry.summary().find((entry) => entry.name === "docs");
    assert.equal(summary?.description, "The docs server");
    const app = createApp(catalogue, { ...settingsFromEnv(() => undefined), logRequests: false });
    const tool = await (await app.request("/tools/docs:docs_1")).json();
    assert.deepEqual(tool.output_schema, tools[1].outputSchema);
    assert.equal(tool.title, "docs 1");
  } finally {
    await close();
    await docs.stop();
  }
});

Deno.test("where no program may run, a stdio entry is reported as not runnable and the rest is served", async () => {
  await withUpstreams(["alpha"], async ([alpha]) => {
    const text = `{ "mcpServers": {
      "local": { "command": "some-mcp-server", "args": ["--stdio"] },
      "alpha": { "url": ${JSON.stringify(alpha.url)} }
    } }`;
    const { catalogue, close } = await open(text, { canRun: false });
    try {
      await catalogue.ready();
      const local = healthOf(catalogue, "local");
      assert.equal(local.status, "not_runnable");
      assert.equal(local.transport, "stdio");
      assert.match(local.problem!, /cannot be started here/);
      assert.equal(healthOf(catalogue, "alpha").status, "ok");
      assert.equal(catalogue.health().status, "degraded");
      assert.deepEqual(catalogue.registry.listNamespaces(), ["alpha", "git"]);
    } finally {
      await close();
    }
  });
});

Deno.test("a server waiting to begin is pending, and one whose entry goes before its supervisor is made never starts", async () => {
  const messages: string[] = [];
  const upstreams = new Upstreams(registryCore(), {
    timeoutMs: 1000,
    // A server that begins here is at once not runnable, and says so.
    canRun: false,
    report: (message) => messages.push(message),
    readEnv: () => undefined,
  });
  const entry = (namespace: string) =>
    stdioEntry(namespace, { command: "some-mcp-server", args: [] });
  try {
    await upstreams.apply([entry("kept"), entry("gone")]);
    assert.deepEqual(
      upstreams.health().map((
        { name, status, transport, tools },
      ) => [name, status, transport, tools]),
      [["kept", "pending", "stdio", 0], ["gone", "pending", "stdio", 0]],
    );
    upstreams.start();
    // In the same task: the supervisors' code has not loaded yet.
    await upstreams.apply([entry("kept")]);
    await upstreams.ready();
    assert.deepEqual(
      upstreams.health().map(({ name, status }) => [name, status]),
      [["kept", "not_runnable"]],
    );
    assert.ok(messages.some((message) => message.startsWith("Upstream kept: stdio servers")));
    assert.ok(messages.includes("Upstream gone: removed"));
    assert.ok(
      !messages.some((message) => message.startsWith("Upstream gone: stdio")),
      "gone began",
    );
  } finally {
    await upstreams.stop();
  }
});

Deno.test("held upstreams make no timer before the first answer: a process's first timer loads Deno's timers", async () => {
  await withUpstreams(["alpha"], async ([alpha]) => {
    const made: string[] = [];
    const { setTimeout: timeout, setInterval: interval } = globalThis;
    globalThis.setTimeout = ((...args: Parameters<typeof timeout>) => {
      made.push("setTimeout");
      return timeout(...args);
    }) as typeof timeout;
    globalThis.setInterval = ((...args: Parameters<typeof interval>) => {
      made.push("setInterval");
      return interval(...args);
    }) as typeof interval;
    let held: Awaited<ReturnType<typeof open>> | undefined;
    try {
      held = await open(mcpConfig({ alpha: alpha.url }), {
        holdUpstreams: true,
        refreshSeconds: 60,
      });
      assert.equal(made.join(", "), "", "timers made by the start");
      held.catalogue.serving();
      assert.ok(made.includes("setInterval"), "the refresh is polled once the upstreams start");
    } finally {
      globalThis.setTimeout = timeout;
      globalThis.setInterval = interval;
      await held?.close();
    }
  });
});

Deno.test("held upstreams start once the service has answered, or a second after the start when nothing asks", async () => {
  await withUpstreams(["alpha"], async ([alpha]) => {
    const held = await open(mcpConfig({ alpha: alpha.url }), { holdUpstreams: true });
    try {
      const app = createApp(held.catalogue, {
        ...settingsFromEnv(() => undefined),
        logRequests: false,
      });
      assert.equal(healthOf(held.catalogue, "alpha").status, "pending");
      assert.equal(alpha.listCalls, 0, "nothing started before the first answer");
      assert.equal((await app.request("/healthz")).status, 200);
      // Well before the second after which held upstreams start unasked.
      await eventually(() => healthOf(held.catalogue, "alpha").status === "ok", "started", 800);
    } finally {
      await held.close();
    }
    const unasked = await open(mcpConfig({ alpha: alpha.url }), { holdUpstreams: true });
    try {
      assert.equal(healthOf(unasked.catalogue, "alpha").status, "pending");
      await eventually(
        () => healthOf(unasked.catalogue, "alpha").status === "ok",
        "started without a request",
        3000,
      );
    } finally {
      await unasked.close();
    }
  });
});

Deno.test("an entry with a problem is left out and located on /healthz, the others are served; broken later, it keeps its server", async () => {
  await withUpstreams(["alpha", "beta"], async ([alpha, beta]) => {
    const text = (betaUrl: string) =>
      `{\n  "mcpServers": {\n    "alpha": { "url": ${JSON.stringify(alpha.url)} },\n` +
      `    "beta": { "url": ${JSON.stringify(betaUrl)} }\n  }\n}\n`;
    const broken = text("${UNSET_VARIABLE_OF_THE_TEST}/mcp");
    const { catalogue, files, close } = await open(broken, { readEnv: () => undefined });
    try {
      await catalogue.ready();
      assert.deepEqual(catalogue.registry.listNamespaces(), ["alpha", "git"]);
      const file = healthOf(catalogue, "mcp.json");
      assert.equal(file.status, "failing");
      const line = broken.split("\n").findIndex((row) => row.includes('"beta"')) + 1;
      assert.match(
        file.problem!,
        new RegExp(`mcp\\.json:${line}:\\d+: .*UNSET_VARIABLE_OF_THE_TEST`),
      );

      await Deno.writeTextFile(files.config, text(beta.url));
      await catalogue.reloadMcpConfig();
      await catalogue.ready();
      assert.deepEqual(catalogue.registry.listNamespaces(), ["alpha", "beta", "git"]);
      assert.equal(healthOf(catalogue, "mcp.json").status, "ok");

      // Broken again: beta's server runs on as it was, and the problem is said.
      await Deno.writeTextFile(files.config, broken);
      await catalogue.reloadMcpConfig();
      assert.equal(healthOf(catalogue, "mcp.json").status, "failing");
      assert.equal(healthOf(catalogue, "beta").status, "ok");
      assert.deepEqual(catalogue.registry.listNamespaces(), ["alpha", "beta", "git"]);
    } finally {
      await close();
    }
  });
});
