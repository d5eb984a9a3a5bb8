// The local MCP server with --classic, as an MCP client starts it: every tool it can call listed
// directly (configs, MCP tool lists, MCP_CONFIG's servers once they list), each answering as
// climax_call does, and the list following the sources as they change.
import assert from "node:assert/strict";
import type { Client } from "@modelcontextprotocol/client";
import { callTool as call, withStdioServer as withServer } from "./_mcp.ts";
import { faultServer } from "./_servers.ts";

const HARMLESS = `
name: harmless
command: echo
tools:
  - name: say
    description: Print words to standard output
    args:
      - { name: words, positional: true, required: true, description: What to print }
`;

/** An MCP tool list of the server `weather`, which nothing reaches, with tools named `names`. */
function weatherList(names: string[]): string {
  return JSON.stringify({
    name: "weather",
    description: "Forecasts",
    url: null,
    tools: names.map((name) => ({
      name,
      description: `The ${name} of a place`,
      inputSchema: {
        type: "object",
        properties: { place: { type: "string" } },
        required: ["place"],
      },
    })),
  });
}

/** The names `client` lists, sorted. */
async function listedNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name).sort();
}

/** Resolves at the next notifications/tools/list_changed `client` receives. */
function nextListChange(client: Client): Promise<void> {
  return new Promise((resolve) =>
    client.setNotificationHandler("notifications/tools/list_changed", () => resolve())
  );
}

/** What `promise` resolves to, or a failure saying `what` did not come within 10 s. */
async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not come within 10 s`)), 10_000);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

Deno.test("--classic lists a tool list's tools beside the configs', answers as climax_call does, and follows a reload", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/harmless.yaml`, HARMLESS);
    await Deno.writeTextFile(`${dir}/weather.mcp.json`, weatherList(["forecast", "say"]));
    let metaAnswer = "";
    await withServer(async (client) => {
      metaAnswer = (await call(client, "climax_call", {
        tool_name: "forecast",
        args: { place: "Paris" },
      })).text;
    }, { env: { CONFIG_DIR: dir } });
    await withServer(async (client) => {
      // A name two namespaces share is listed by each tool's ID.
      assert.deepEqual(await listedNames(client), ["forecast", "harmless:say", "weather:say"]);
      const forecast = await call(client, "forecast", { place: "Paris" });
      assert.equal(forecast.isError, true);
      assert.equal(forecast.text, metaAnswer);
      assert.match(forecast.text, /^weather:forecast cannot be called now/);

      const changed = nextListChange(client);
      await Deno.writeTextFile(`${dir}/weather.mcp.json`, weatherList(["forecast", "alerts"]));
      await within(changed, "notifications/tools/list_changed");
      assert.deepEqual(await listedNames(client), ["alerts", "forecast", "say"]);
      const said = await call(client, "say", { words: "by its name again" });
      assert.equal(said.isError, false, said.text);
      assert.equal(said.text, "by its name again");
    }, { env: { CONFIG_DIR: dir }, args: ["--classic"] });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("--classic lists the tools of MCP_CONFIG's server once it lists them, and calls echo by its name", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/configs`);
    await Deno.writeTextFile(`${dir}/configs/harmless.yaml`, HARMLESS);
    await Deno.writeTextFile(
      `${dir}/mcp.json`,
      JSON.stringify({ mcpServers: { fixture: faultServer(["--name", "fixture"]) } }),
    );
    await withServer(async (client) => {
      let names = await listedNames(client);
      const deadline = Date.now() + 10_000;
      while (!names.includes("echo") && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        names = await listedNames(client);
      }
      assert.deepEqual(names, ["big", "crash", "echo", "report", "say", "slow"]);
      const echo = (await client.listTools()).tools.find((tool) => tool.name === "echo")!;
      assert.deepEqual(echo.inputSchema.required, ["message"]);
      const echoed = await call(client, "echo", { message: "straight to the server" });
      assert.equal(echoed.isError, false, echoed.text);
      assert.equal(echoed.text, "straight to the server");
    }, {
      env: { CONFIG_DIR: `${dir}/configs`, MCP_CONFIG: `${dir}/mcp.json` },
      args: ["--classic"],
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
