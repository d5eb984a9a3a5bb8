// The local MCP server as an MCP client starts it: `deno task mcp`'s command over stdio, driven
// by the SDK's own client, running real, harmless programs.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const ROOT = new URL("../", import.meta.url).pathname;
const TASK = ["run", "--allow-read", "--allow-env", "--allow-run", "src/mcp_stdio/mod.ts"];

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

async function withServer(
  run: (client: Client) => Promise<void>,
  options: { env?: Record<string, string>; args?: string[] } = {},
) {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: [...TASK, ...(options.args ?? [])],
    cwd: ROOT,
    env: { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "", ...options.env },
    stderr: "pipe",
  });
  const client = new Client({ name: "tool-index-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    await run(client);
  } finally {
    await client.close();
  }
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const [content] = result.content as { type: string; text: string }[];
  return { isError: result.isError === true, text: content.text };
}

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
