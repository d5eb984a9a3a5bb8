// A live catalogue's directory: files edited, broken, fixed, added, removed and renamed while it
// serves, each change applied whole, a file that does not load keeping its last good version.
import assert from "node:assert/strict";
import { LiveCatalogue } from "../src/catalogue/live.ts";
import type { SourceHealth } from "../src/catalogue/served.ts";

const gitYaml = (description: string) =>
  `name: git
command: git
tools:
  - name: git_log
    description: ${description}
    command: log
  - name: git_status
    description: Show the working tree status
    command: status
`;

const toolList = (server: string, names: string[]) =>
  JSON.stringify(
    {
      name: server,
      description: `The ${server} server`,
      url: `https://${server}.example/mcp`,
      tools: names.map((name) => ({
        name,
        description: `Does ${name}`,
        inputSchema: { type: "object" },
      })),
    },
    null,
    2,
  );

interface Opened {
  dir: string;
  catalogue: LiveCatalogue;
  messages: string[];
  write(name: string, text: string): Promise<void>;
  close(): Promise<void>;
}

async function open(files: Record<string, string>, watch = false): Promise<Opened> {
  const dir = await Deno.makeTempDir();
  const write = (name: string, text: string) => Deno.writeTextFile(`${dir}/${name}`, text);
  for (const [name, text] of Object.entries(files)) await write(name, text);
  const messages: string[] = [];
  const catalogue = await LiveCatalogue.open({
    dir,
    watch,
    debounceMs: 50,
    report: (message) => messages.push(message),
  });
  return {
    dir,
    catalogue,
    messages,
    write,
    async close() {
      catalogue.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

function fileHealth(catalogue: LiveCatalogue, name: string): SourceHealth | undefined {
  return catalogue.health().sources.find((source) =>
    source.kind === "file" && source.name === name
  );
}

/** Waits, polling, until `done()`; false if it is not by the deadline. */
async function eventually(done: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

Deno.test("a watched directory's edited file is served without a restart", async () => {
  const { catalogue, write, close } = await open({ "git.yaml": gitYaml("Show commits") }, true);
  try {
    await write("git.yaml", gitYaml("Show the commit history, newest first"));
    assert.ok(
      await eventually(() => catalogue.registry.search({ query: "newest first" }).length === 1),
      "the edit was not applied",
    );
  } finally {
    await close();
  }
});

Deno.test("an edit that does not load keeps the previous version, says where, and is reported until fixed", async () => {
  const { catalogue, messages, write, close } = await open({
    "git.yaml": gitYaml("Show commits"),
  });
  try {
    const content = catalogue.registry.contentVersion;
    await write("git.yaml", "name: git\ncommand: git\ntools:\n  - name: git_log\n    args: 3\n");
    await catalogue.reload();
    assert.equal(catalogue.registry.contentVersion, content, "the previous version is served");
    assert.equal(catalogue.registry.getEntry("git:git_log")?.description, "Show commits");
    const broken = fileHealth(catalogue, "git.yaml")!;
    assert.equal(broken.status, "failing");
    assert.equal(broken.tools, 2);
    assert.match(broken.problem!, /^git\.yaml:5:11: tools\[0\]\.args: /m);
    assert.equal(catalogue.health().status, "degraded");
    assert.equal(catalogue.fileErrors().length, 1);
    // The operator's log has the ConfigError with the file's path, line and column.
    assert.ok(
      messages.some((message) => message.includes("/git.yaml:5:11: tools[0].args: ")),
      messages.join("\n"),
    );

    // Reloading the same broken text reports it once.
    const reported = messages.length;
    await catalogue.reload();
    assert.equal(messages.length, reported);
    assert.equal(fileHealth(catalogue, "git.yaml")!.since, broken.since);

    await write("git.yaml", gitYaml("Show the commit history"));
    await catalogue.reload();
    assert.deepEqual(fileHealth(catalogue, "git.yaml"), {
      kind: "file",
      name: "git.yaml",
      status: "ok",
      tools: 2,
    });
    assert.equal(
      catalogue.registry.getEntry("git:git_log")?.description,
      "Show the commit history",
    );
    assert.equal(catalogue.health().status, "ok");
  } finally {
    await close();
  }
});

Deno.test("an added file is served, a removed file's tools go, and an unchanged reload changes nothing", async () => {
  const { catalogue, write, dir, close } = await open({ "git.yaml": gitYaml("Show commits") });
  try {
    const { registry } = catalogue;
    const version = registry.version;
    await catalogue.reload();
    assert.equal(registry.version, version, "nothing changed, nothing applied");

    await write("search.mcp.json", toolList("search", ["web_search", "image_search"]));
    await catalogue.reload();
    assert.deepEqual(registry.listNamespaces(), ["git", "search"]);
    assert.deepEqual(registry.getAllBackends("search:web_search"), [{
      kind: "mcp",
      id: "search",
      url: "https://search.example/mcp",
    }]);

    await Deno.remove(`${dir}/git.yaml`);
    await catalogue.reload();
    assert.deepEqual(registry.listNamespaces(), ["search"]);
    assert.equal(fileHealth(catalogue, "git.yaml"), undefined);
  } finally {
    await close();
  }
});

Deno.test("a tool list whose server is renamed moves its tools to the new namespace", async () => {
  const { catalogue, write, close } = await open({
    "git.yaml": gitYaml("Show commits"),
    "s.mcp.json": toolList("search", ["web_search"]),
  });
  try {
    await write("s.mcp.json", toolList("finder", ["web_search", "find"]));
    await catalogue.reload();
    assert.deepEqual(catalogue.registry.ids(), [
      "git:git_log",
      "git:git_status",
      "finder:web_search",
      "finder:find",
    ]);
  } finally {
    await close();
  }
});

Deno.test("a file whose tools clash with another file's is held back until the clash goes", async () => {
  const { catalogue, write, dir, close } = await open({ "a.yaml": gitYaml("Show commits") });
  try {
    // The same namespace and tool name, with another definition.
    await write("b.yaml", gitYaml("Another history"));
    await catalogue.reload();
    const held = fileHealth(catalogue, "b.yaml")!;
    assert.equal(held.status, "failing");
    assert.equal(held.tools, 0);
    assert.match(held.problem!, /git:git_log/);
    assert.equal(catalogue.registry.getEntry("git:git_log")?.description, "Show commits");

    await Deno.remove(`${dir}/a.yaml`);
    await catalogue.reload();
    assert.equal(fileHealth(catalogue, "b.yaml")?.status, "ok");
    assert.equal(catalogue.registry.getEntry("git:git_log")?.description, "Another history");
  } finally {
    await close();
  }
});

Deno.test("without watching, edits wait for reload()", async () => {
  const { catalogue, write, close } = await open({ "git.yaml": gitYaml("Show commits") });
  try {
    await write("git.yaml", gitYaml("Edited"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(catalogue.registry.getEntry("git:git_log")?.description, "Show commits");
    await catalogue.reload();
    assert.equal(catalogue.registry.getEntry("git:git_log")?.description, "Edited");
  } finally {
    await close();
  }
});

Deno.test("a directory that goes away keeps the catalogue and is reported", async () => {
  const { catalogue, dir, close } = await open({ "git.yaml": gitYaml("Show commits") });
  try {
    const moved = `${dir}-moved`;
    await Deno.rename(dir, moved);
    try {
      await catalogue.reload();
      assert.equal(catalogue.registry.size, 2);
      const gone = catalogue.health().sources.find((source) => source.kind === "directory");
      assert.equal(gone?.status, "failing");
      assert.match(gone!.problem!, /Directory not found/);
    } finally {
      await Deno.rename(moved, dir);
    }
    await catalogue.reload();
    assert.equal(catalogue.health().status, "ok");
  } finally {
    await close();
  }
});

Deno.test("a file held back by a clash loads in the same reload that frees it, whatever the file order", async () => {
  const { catalogue, write, close } = await open({ "z.yaml": gitYaml("Show commits") });
  try {
    await write("b.yaml", gitYaml("Another history"));
    await catalogue.reload();
    assert.equal(fileHealth(catalogue, "b.yaml")?.status, "failing");
    // z.yaml, after b.yaml in name order, moves to another namespace: b.yaml is let in at once.
    await write("z.yaml", gitYaml("Show commits").replace("name: git", "name: git2"));
    await catalogue.reload();
    assert.equal(fileHealth(catalogue, "b.yaml")?.status, "ok");
    assert.equal(catalogue.registry.getEntry("git:git_log")?.description, "Another history");
    assert.equal(catalogue.registry.getEntry("git2:git_log")?.description, "Show commits");
    assert.equal(catalogue.health().status, "ok");
  } finally {
    await close();
  }
});

Deno.test("a file that clashed at the start is let in once the clash goes", async () => {
  const { catalogue, write, close } = await open({
    "a.yaml": gitYaml("Show commits"),
    "b.yaml": gitYaml("Another history"),
  });
  try {
    assert.equal(fileHealth(catalogue, "b.yaml")?.status, "failing");
    await write("a.yaml", gitYaml("Show commits").replace("name: git", "name: git2"));
    await catalogue.reload();
    assert.equal(fileHealth(catalogue, "b.yaml")?.status, "ok");
    assert.equal(catalogue.registry.getEntry("git:git_log")?.description, "Another history");
  } finally {
    await close();
  }
});

Deno.test("an edit made while the catalogue starts is served once it has started", async () => {
  const { startUpstream, mcpTools } = await import("./_upstream.ts");
  const upstream = startUpstream("slow", mcpTools("slow", 1));
  upstream.behaviour = "hang";
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/git.yaml`, gitYaml("Show commits"));
  let catalogue: LiveCatalogue | undefined;
  try {
    const opening = LiveCatalogue.open({
      dir,
      watch: true,
      debounceMs: 50,
      upstreams: [{
        namespace: "slow",
        transport: "http",
        url: upstream.url,
        headers: {},
        place: "MCP_SERVERS (slow)",
      }],
      timeoutMs: 600,
      report: () => {},
    });
    // The upstream hangs, which the start does not wait for; the file changes as it starts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Deno.writeTextFile(`${dir}/git.yaml`, gitYaml("Edited while starting"));
    catalogue = await opening;
    const opened = catalogue;
    assert.ok(
      await eventually(() =>
        opened.registry.getEntry("git:git_log")?.description === "Edited while starting"
      ),
      "the edit was lost",
    );
  } finally {
    await catalogue?.close();
    await upstream.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the reload log counts tools in words: 1 tool, 2 tools", async () => {
  const opened = await open({ "git.yaml": gitYaml("Show commits") });
  try {
    await opened.write("one.mcp.json", toolList("one", ["only"]));
    await opened.catalogue.reload();
    assert.ok(opened.messages.includes("Added one.mcp.json: 1 tool"), opened.messages.join("\n"));
    await opened.write("one.mcp.json", toolList("one", ["only", "other"]));
    await opened.catalogue.reload();
    assert.ok(
      opened.messages.includes("Reloaded one.mcp.json: 2 tools"),
      opened.messages.join("\n"),
    );
  } finally {
    await opened.close();
  }
});
