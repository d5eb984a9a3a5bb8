// stdio MCP servers as sources, really started: the reference servers from npm and PyPI, and
// the SDK's own server (tests/fixtures/stdio_server.ts) for what they cannot do: exit, hang,
// write garbage, list an invalid tool, change its tools, ignore SIGTERM. Each fault leaves the
// rest of the catalogue served and nothing half-applied; no process outlives the index.
import assert from "node:assert/strict";
import { LiveCatalogue, type LiveCatalogueOptions } from "../src/catalogue/live.ts";
import type { McpServerConfig } from "../src/config/mcp_config.ts";
import {
  descendantPids,
  everythingServer,
  faultServer,
  filesystemServer,
  isRunning,
  killProcesses,
  NO_VENV,
  processesMatching,
  stdioEntry,
  timeServer,
} from "./_servers.ts";
import { serveEntry } from "../support/server.ts";
import { eventually, GIT_YAML, healthOf } from "./_live.ts";

interface Opened {
  catalogue: LiveCatalogue;
  messages: string[];
  dir: string;
  close(): Promise<void>;
}

async function open(
  upstreams: McpServerConfig[],
  options: LiveCatalogueOptions = {},
): Promise<Opened> {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/git.yaml`, GIT_YAML);
  const messages: string[] = [];
  const catalogue = await LiveCatalogue.open({
    dir,
    upstreams,
    refreshSeconds: 0,
    timeoutMs: 10_000,
    report: (message) => messages.push(message),
    ...options,
  });
  return {
    catalogue,
    messages,
    dir,
    async close() {
      await catalogue.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** The processes this test process started, by their marker arguments. */
function fixtures(marker: string): number[] {
  return processesMatching(marker);
}

Deno.test("the reference servers from npm and PyPI, started over stdio, are searched beside the configs", async () => {
  const notes = await Deno.makeTempDir();
  const time = timeServer("Europe/Paris");
  const { catalogue, close } = await open([
    stdioEntry("everything", everythingServer()),
    stdioEntry("files", filesystemServer(notes)),
    ...(time === null ? [] : [stdioEntry("time", time)]),
  ], { timeoutMs: 60_000 });
  try {
    await catalogue.ready();
    const { registry } = catalogue;
    assert.equal(healthOf(catalogue, "everything").status, "ok");
    assert.equal(healthOf(catalogue, "files").transport, "stdio");
    assert.ok(registry.getEntry("files:read_text_file"), "the filesystem server's tools");
    assert.ok(registry.getEntry("everything:echo"), "the everything server's tools");
    const summary = registry.summary().find((entry) => entry.name === "everything");
    assert.match(summary!.description, /^Everything Reference Server: /, "its title leads");
    const [first] = registry.search({ query: "read a text file", mode: "ranked", limit: 1 });
    assert.equal(first.id, "files:read_text_file");
    if (time === null) {
      console.warn(`The time server is left out: ${NO_VENV}`);
    } else {
      const [now] = registry.search({ query: "current time", mode: "ranked", limit: 1 });
      assert.equal(now.id, "time:get_current_time");
    }
  } finally {
    await close();
    await Deno.remove(notes, { recursive: true });
  }
});

Deno.test("a stdio server gets the environment its entry names and what a program needs, never the index's own", async () => {
  Deno.env.set("AUTH_TOKEN", "index-secret");
  const { catalogue, messages, close } = await open([
    stdioEntry("probe", faultServer(["--stderr-env"]), { API_KEY: "for-the-server" }),
  ]);
  try {
    await catalogue.ready();
    const line = messages.find((message) => message.startsWith("[probe] env: "));
    assert.ok(line, messages.join("\n"));
    const names = line.slice("[probe] env: ".length).split(" ");
    assert.ok(names.includes("API_KEY"));
    assert.ok(names.includes("PATH"));
    assert.ok(!names.includes("AUTH_TOKEN"), names.join(" "));
    assert.deepEqual(healthOf(catalogue, "probe").stderr, [line.slice("[probe] ".length)]);
  } finally {
    Deno.env.delete("AUTH_TOKEN");
    await close();
  }
});

Deno.test("a command that does not exist, or a server that exits at once, is failing with why, its last lines and the next try; the rest is served", async () => {
  const { catalogue, close } = await open([
    stdioEntry("missing", { command: "no-such-mcp-server-program", args: [] }),
    stdioEntry("quits", faultServer(["--exit-at-once"])),
    stdioEntry("fine", faultServer(["--tools", "3"])),
  ]);
  try {
    await catalogue.ready();
    const missing = healthOf(catalogue, "missing");
    assert.equal(missing.status, "failing");
    assert.match(missing.problem!, /the command "no-such-mcp-server-program" was not found/);
    assert.ok(Date.parse(missing.next_try!) > Date.parse(missing.since!));
    const quits = healthOf(catalogue, "quits");
    assert.equal(quits.status, "failing");
    await eventually(
      () =>
        healthOf(catalogue, "quits").stderr?.some((line) => /exiting at once/.test(line)) ?? false,
      "its last line on /healthz",
    );
    assert.equal(healthOf(catalogue, "fine").status, "ok");
    assert.equal(catalogue.registry.search({ namespace: "fine" }).length, 3);
    assert.equal(catalogue.health().status, "degraded");
  } finally {
    await close();
  }
});

Deno.test("a server that exits after a while keeps its tools, is restarted with backoff, and serves again", async () => {
  const { catalogue, messages, close } = await open([
    stdioEntry("flaky", faultServer(["--tools", "2", "--exit-after", "400"])),
  ]);
  try {
    await catalogue.ready();
    assert.equal(healthOf(catalogue, "flaky").status, "ok");
    await eventually(() => healthOf(catalogue, "flaky").status === "failing", "the exit seen");
    const down = healthOf(catalogue, "flaky");
    assert.equal(down.problem, "the program exited");
    assert.equal(down.tools, 2);
    assert.equal(catalogue.registry.search({ namespace: "flaky" }).length, 2, "tools kept");
    // Restarted after a second: up again, until it exits again.
    await eventually(
      () => messages.filter((message) => message === "Upstream flaky: 2 tools").length >= 2,
      "restarted",
    );
  } finally {
    await close();
  }
});

Deno.test("a server that hangs in initialize, or writes garbage on stdout, is stopped at the timeout and retried", async () => {
  const marker = `marker-${crypto.randomUUID()}`;
  const { catalogue, close } = await open([
    stdioEntry("hangs", faultServer(["--hang-initialize", "--name", marker])),
    stdioEntry("garbage", faultServer(["--garbage"])),
    stdioEntry("odd", faultServer(["--garbage-json"])),
  ], { timeoutMs: 800 });
  try {
    let hanging: number[] = [];
    await eventually(() => (hanging = fixtures(marker)).length === 1, "the program started");
    await catalogue.ready();
    for (const name of ["hangs", "garbage", "odd"]) {
      const health = healthOf(catalogue, name);
      assert.equal(health.status, "failing", name);
      assert.match(health.problem!, /no answer to initialize within 800 ms|not MCP/, name);
    }
    // The hanging program was stopped, not left waiting (a retry starts another).
    await eventually(() => !isRunning(hanging[0]), "the program stopped");
  } finally {
    await close();
  }
});

Deno.test("a tools/list with an invalid tool keeps the last good list and names the problem; a list_changed is applied at once", async () => {
  const dir = await Deno.makeTempDir();
  const toolsFile = `${dir}/tools.json`;
  const tool = (name: string) => ({
    name,
    description: `Does ${name}`,
    inputSchema: { type: "object" },
  });
  await Deno.writeTextFile(toolsFile, JSON.stringify([tool("first"), tool("second")]));
  const { catalogue, close } = await open([
    stdioEntry("changing", faultServer(["--tools-file", toolsFile])),
  ]);
  try {
    await catalogue.ready();
    assert.equal(catalogue.registry.search({ namespace: "changing" }).length, 2);

    await Deno.writeTextFile(toolsFile, JSON.stringify([tool("first"), tool("third")]));
    await eventually(
      () => catalogue.registry.getEntry("changing:third") !== undefined,
      "the changed list applied",
      2000,
    );
    assert.equal(catalogue.registry.getEntry("changing:second"), undefined);

    const content = catalogue.registry.contentVersion;
    await Deno.writeTextFile(
      toolsFile,
      JSON.stringify([tool("first"), { name: "broken", inputSchema: { type: "string" } }]),
    );
    await eventually(() => healthOf(catalogue, "changing").status === "failing", "refused");
    const health = healthOf(catalogue, "changing");
    assert.match(health.problem!, /changing:broken/);
    assert.match(health.problem!, /inputSchema/);
    assert.equal(catalogue.registry.contentVersion, content, "nothing of the bad list is served");
    assert.ok(catalogue.registry.getEntry("changing:third"), "the last good list is");
  } finally {
    await close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("closing the catalogue stops every program, one that ignores SIGTERM included", async () => {
  const marker = `marker-${crypto.randomUUID()}`;
  const { catalogue, close } = await open([
    stdioEntry("polite", faultServer(["--name", marker])),
    stdioEntry("stubborn", faultServer(["--ignore-term", "--name", marker])),
  ]);
  const started = fixtures(marker);
  try {
    await catalogue.ready();
    assert.equal(fixtures(marker).length, 2);
  } finally {
    await close();
  }
  const left = fixtures(marker);
  killProcesses(left);
  assert.deepEqual(left, [], `still running after close: ${left.join(", ")} of ${started}`);
});

Deno.test("a service told to stop while its servers start leaves no process behind", async () => {
  const marker = `marker-${crypto.randomUUID()}`;
  const dir = await Deno.makeTempDir();
  const mcpServers = Object.fromEntries(
    ["a", "b", "c"].map((name) => [name, faultServer(["--name", marker])]),
  );
  mcpServers.stubborn = faultServer(["--ignore-term", "--name", marker]);
  mcpServers.everything = everythingServer();
  await Deno.writeTextFile(`${dir}/mcp.json`, JSON.stringify({ mcpServers }));
  const service = await serveEntry("main.ts", "/healthz", { MCP_CONFIG: `${dir}/mcp.json` }, true);

  // Taken while they start, before the service dies and its children become init's: the
  // service starts them once it has answered.
  let children: number[] = [];
  try {
    const deadline = Date.now() + 10_000;
    while (children.length < 5 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      children = descendantPids(service.pid);
    }
    assert.ok(children.length >= 5, `${children.length} programs started`);
  } finally {
    await service.stop();
  }
  const deadline = Date.now() + 10_000;
  let left = [...children.filter(isRunning), ...fixtures(marker)];
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = [...children.filter(isRunning), ...fixtures(marker)];
  }
  killProcesses(left);
  await Deno.remove(dir, { recursive: true });
  assert.deepEqual(left, [], "processes outlived the service");
});
