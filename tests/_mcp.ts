// What the MCP tests share: the headers of every request over Streamable HTTP and the body of
// the first, a tool's answer as a test reads it, and the local MCP server started over stdio as
// a client starts it.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

/** The headers of an MCP client's POST. */
export const MCP_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
};

/** The body of an MCP client's first request, `initialize`. */
export const INITIALIZE: string = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "t", version: "1" },
  },
});

/** A tool's answer as a test reads it: its one text content, and whether it is an error. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; text: string }> {
  const result = await client.callTool({ name, arguments: args });
  const [content] = result.content as { type: string; text: string }[];
  assert.equal(content.type, "text");
  return { isError: result.isError === true, text: content.text };
}

/** The project's root, where the local MCP server is started. */
export const ROOT: string = new URL("../", import.meta.url).pathname;

/** The command of `deno task mcp`, without the program. */
export const MCP_TASK: readonly string[] = [
  "run",
  "--allow-read",
  "--allow-env",
  "--allow-run",
  "--allow-net",
  "src/mcp_stdio/mod.ts",
];

/**
 * Runs `run` with the SDK's client connected to the local MCP server over stdio, started as an
 * MCP client starts it, with `args` and the environment `env` over PATH and HOME.
 */
export async function withStdioServer(
  run: (client: Client) => Promise<void>,
  { env = {}, args = [] }: { env?: Record<string, string>; args?: string[] } = {},
): Promise<void> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: [...MCP_TASK, ...args],
    cwd: ROOT,
    env: { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "", ...env },
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
