// The local MCP server as an MCP client starts it: `deno task mcp`'s command over stdio, driven
// by the SDK's own client, running real, harmless programs.
import assert from "node:assert/strict";
import { callTool as call, ROOT, withStdioServer as withServer } from "./_mcp.ts";
import { MAX_OUTPUT_BYTES } from "../mod.ts";
import { faultServer, killProcesses, processesMatching } from "./_servers.ts";

const HARMLESS = `
name: harmless
command: echo
tools:
  - name: say
    description: Print words to standard output
    args:
      - { name: words, positional: true, required: true, description: What to print }
      - { name: no_newline, type: boolean, flag: "-n", description: No trailing newline }
`;

const PROGRAMS = `
name: programs
command: sh
tools:
  - name: list_dir
    description: List the files of a directory
    command: -c
    args:
      - { name: script, positional: true, required: true }
      - { name: where, cwd: true }
  - name: sleepy
    description: Sleeps past its timeout
    command: -c
    timeout: 0.5
    args:
      - { name: script, positional: true, required: true }
`;

const GIT = `
name: git-version
command: git
tools:
  - name: git_version
    description: Print the version of git
    command: --version
`;

Deno.test("an agent finds git_log among the bundled tools and runs it for the last 5 commits", async () => {
  await withServer(async (client) => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name), [
      "climax_search",
      "climax_get",
      "climax_call",
    ]);
    assert.match(client.getInstructions() ?? "", /climax_call/);
    const found = JSON.parse(
      (await call(client, "climax_search", { query: "the last 5 commits of this repository" }))
        .text,
    );
    const names = found.results.map((entry: { tool_name: string }) => entry.tool_name);
    assert.ok(names.slice(0, 3).includes("git_log"), names.join(", "));
    const ran = await call(client, "climax_call", {
      tool_name: "git_log",
      args: { max_count: 5, oneline: true },
    });
    assert.equal(ran.isError, false, ran.text);
    const expected = new TextDecoder().decode(
      (await new Deno.Command("git", { args: ["log", "--max-count", "5", "--oneline"], cwd: ROOT })
        .output()).stdout,
    ).trim();
    assert.equal(ran.text, expected);
    assert.equal(ran.text.split("\n").length, Math.min(5, expected.split("\n").length));
  });
});

Deno.test("climax_call refuses bad arguments and unknown tools, and runs nothing", async () => {
  await withServer(async (client) => {
    const refused = await call(client, "climax_call", {
      tool_name: "git_log",
      args: { max_count: "many", revision: "--output=/tmp/owned" },
    });
    assert.equal(refused.isError, true);
    assert.match(refused.text, /revision: The value "--output=\/tmp\/owned" begins with "-"/);
    assert.match(refused.text, /max_count: Cannot convert "many" to integer/);
    assert.match(refused.text, /Nothing ran\.$/);
    const unknown = await call(client, "climax_call", { tool_name: "git_lgo" });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /^Unknown tool: git_lgo\. The closest: git:git_log/);
    const misspelt = await call(client, "climax_call", { tool_nme: "git_log" });
    assert.equal(misspelt.isError, true);
    assert.match(misspelt.text, /did you mean "tool_name"/);
  });
});

Deno.test("the local server serves CONFIG_DIR, and --classic lists every tool directly", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/harmless.yaml`, HARMLESS);
    await withServer(async (client) => {
      const said = await call(client, "climax_call", {
        tool_name: "say",
        args: { words: "hello; rm -rf / $(id)" },
      });
      assert.equal(said.text, "hello; rm -rf / $(id)");
    }, { env: { CONFIG_DIR: dir } });
    await withServer(async (client) => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name), ["say"]);
      assert.deepEqual(tools[0].inputSchema.required, ["words"]);
      const said = await call(client, "say", { words: "direct", no_newline: true });
      // Positionals come before flags, as CLImax builds the line: echo prints the "-n" it gets.
      assert.equal(said.text, "direct -n");
    }, { env: { CONFIG_DIR: dir }, args: ["--classic"] });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("climax_call over stdio runs ls, git --version, a sleeper past its timeout and a loud program", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/programs.yaml`, PROGRAMS);
    await Deno.writeTextFile(`${dir}/git.yaml`, GIT);
    await Deno.writeTextFile(`${dir}/marker.txt`, "");
    await withServer(async (client) => {
      const listed = await call(client, "climax_call", {
        tool_name: "list_dir",
        args: { script: "ls", where: dir },
      });
      assert.deepEqual(listed.text.split("\n"), ["git.yaml", "marker.txt", "programs.yaml"]);
      const version = await call(client, "climax_call", { tool_name: "git_version" });
      assert.match(version.text, /^git version \d+\.\d+/);
      const started = performance.now();
      const slept = await call(client, "climax_call", {
        tool_name: "sleepy",
        args: { script: "echo started; sleep 30" },
      });
      assert.ok(
        performance.now() - started < 10_000,
        "stopped at its timeout, not after the sleep",
      );
      assert.equal(
        slept.text,
        "started\n\n[stderr]\nCommand timed out after 0.5s\n\n[exit code: -1]",
      );
      assert.equal(slept.isError, true, "a timed-out run is an error");
      assert.equal(listed.isError, false);
      // A run that exits with another status than 0 is an error, with its status.
      const failed = await call(client, "climax_call", {
        tool_name: "list_dir",
        args: { script: "echo trying; exit 3" },
      });
      assert.equal(failed.isError, true);
      assert.match(failed.text, /\[exit code: 3\]/);
      const loud = await call(client, "climax_call", {
        tool_name: "list_dir",
        args: { script: "head -c 5000000 /dev/zero | tr '\\0' x" },
      });
      const [output, notice] = loud.text.split("\n\n");
      assert.equal(output, "x".repeat(MAX_OUTPUT_BYTES));
      assert.match(notice, /^\[output cut: standard output wrote 5000000 bytes/);
    }, { env: { CONFIG_DIR: dir } });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the local MCP server finds the tools of MCP_CONFIG's servers, and stops their programs when its client goes", async () => {
  const marker = `marker-${crypto.randomUUID()}`;
  const dir = await Deno.makeTempDir();
  const config = `${dir}/mcp.json`;
  await Deno.writeTextFile(
    config,
    JSON.stringify({
      mcpServers: {
        fixture: faultServer(["--name", marker, "--title", "Echo service"]),
        stubborn: faultServer(["--name", marker, "--ignore-term", "--tools", "1"]),
      },
    }),
  );
  try {
    await withServer(async (client) => {
      let found: { results: { tool_name: string; cli_name: string }[] } = { results: [] };
      const deadline = Date.now() + 10_000;
      while (found.results.length === 0 && Date.now() < deadline) {
        found = JSON.parse(
          (await call(client, "climax_search", { query: "echo the message", namespace: "fixture" }))
            .text,
        );
      }
      assert.equal(found.results[0]?.tool_name, "echo");
      const echo = JSON.parse(
        (await call(client, "climax_get", { tool_name: "fixture:echo" })).text,
      );
      assert.equal(echo.output_schema.type, "object");
      assert.equal(echo.backend.kind, "mcp");
      assert.equal(processesMatching(marker).length, 2);
    }, { env: { MCP_CONFIG: config } });
    const deadline = Date.now() + 10_000;
    while (processesMatching(marker).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const left = processesMatching(marker);
    killProcesses(left);
    assert.deepEqual(left, [], "programs outlived the local server");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
