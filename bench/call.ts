// What the index adds to a call (issue 39's figures): `climax_call` of `echo` through the index
// beside the same call made by a client connected to the server directly, over stdio (the local
// MCP server, `deno task mcp`, in front of the SDK's server as a program) and over HTTP (the
// service, `deno serve main.ts`, in front of the SDK's server on loopback). One call at a time
// for the latency (p50 and p99 added), then 16 in flight for calls per second.
//
//   deno run --allow-read --allow-write --allow-env --allow-net --allow-run bench/call.ts [calls]
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { serveEntry } from "../support/server.ts";
import { MCP_TASK } from "../tests/_mcp.ts";
import { percentile } from "./_measure.ts";

const calls = Number(Deno.args[0] ?? 2000);
const IN_FLIGHT = 16;
const SECONDS = 5;
const ROOT = new URL("../", import.meta.url).pathname;
const FIXTURE = new URL("../tests/fixtures/stdio_server.ts", import.meta.url).pathname;
const fixture = {
  command: Deno.execPath(),
  args: ["run", "--allow-read", "--allow-env", FIXTURE, "--name", "fixture"],
};

/** A call of echo: through the index (`climax_call`) or directly. */
type Call = (message: string) => Promise<unknown>;

function direct(client: Client): Call {
  return (message) => client.callTool({ name: "echo", arguments: { message } });
}

function throughIndex(client: Client): Call {
  return (message) =>
    client.callTool({
      name: "climax_call",
      arguments: { tool_name: "fixture:echo", args: { message } },
    });
}

/** The time of each of `calls` calls made one after another, after 200 to warm up, in ms. */
async function latencies(call: Call): Promise<number[]> {
  for (let i = 0; i < 200; i++) await call(`warm ${i}`);
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await call(`call ${i}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** Calls answered per second with `IN_FLIGHT` in flight for `SECONDS`. */
async function throughput(call: Call): Promise<number> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async (_, lane) => {
    while (performance.now() < until) {
      await call(`lane ${lane}`);
      done++;
    }
  }));
  return done / SECONDS;
}

interface Row {
  label: string;
  direct: { times: number[]; perSecond: number };
  index: { times: number[]; perSecond: number };
}

async function measure(label: string, viaDirect: Call, viaIndex: Call): Promise<Row> {
  return {
    label,
    direct: { times: await latencies(viaDirect), perSecond: await throughput(viaDirect) },
    index: { times: await latencies(viaIndex), perSecond: await throughput(viaIndex) },
  };
}

const rows: Row[] = [];
const dir = await Deno.makeTempDir();
try {
  // stdio: the SDK's server as a program, and the local MCP server in front of it.
  const server = new Client({ name: "bench", version: "1.0.0" });
  await server.connect(new StdioClientTransport({ ...fixture, stderr: "ignore" }));
  await Deno.writeTextFile(`${dir}/stdio.json`, JSON.stringify({ mcpServers: { fixture } }));
  const index = new Client({ name: "bench", version: "1.0.0" });
  await index.connect(
    new StdioClientTransport({
      command: Deno.execPath(),
      args: [...MCP_TASK],
      cwd: ROOT,
      env: {
        PATH: Deno.env.get("PATH") ?? "",
        HOME: Deno.env.get("HOME") ?? "",
        MCP_CONFIG: `${dir}/stdio.json`,
      },
      stderr: "ignore",
    }),
  );
  rows.push(await measure("stdio", direct(server), throughIndex(index)));
  await index.close();
  await server.close();

  // HTTP: the SDK's server on loopback, and the service in front of it.
  const handler = createMcpHandler(() => {
    const mcp = new McpServer({ name: "fixture", version: "1.0.0" });
    mcp.registerTool("echo", {
      description: "Answers the message it is given",
      inputSchema: z.object({ message: z.string() }),
    }, ({ message }) => ({ content: [{ type: "text", text: message }] }));
    return mcp;
  });
  const upstream = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    // Without the request's own signal, which Deno aborts once the answer is sent.
    ({ url, method, headers, body }) => handler.fetch(new Request(url, { method, headers, body })),
  );
  const url = `http://127.0.0.1:${upstream.addr.port}/mcp`;
  await Deno.writeTextFile(
    `${dir}/http.json`,
    JSON.stringify({ mcpServers: { fixture: { type: "http", url } } }),
  );
  const service = await serveEntry("main.ts", "/healthz", { MCP_CONFIG: `${dir}/http.json` });

  const httpDirect = new Client({ name: "bench", version: "1.0.0" });
  await httpDirect.connect(new StreamableHTTPClientTransport(new URL(url)));
  const httpIndex = new Client({ name: "bench", version: "1.0.0" });
  await httpIndex.connect(new StreamableHTTPClientTransport(new URL(`${service.base}/mcp`)));
  rows.push(await measure("HTTP", direct(httpDirect), throughIndex(httpIndex)));
  await httpIndex.close();
  await httpDirect.close();
  await service.stop();
  await upstream.shutdown();
} finally {
  await Deno.remove(dir, { recursive: true });
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
console.log(
  `\n## What the index adds to a call of echo (${calls} calls; ${IN_FLIGHT} in flight)\n`,
);
console.log(
  "| upstream | direct p50 / p99 | through the index p50 / p99 | added p50 (target ≤ 1 ms) / p99 (≤ 5 ms) | calls/s direct / through, ratio |",
);
console.log("|---|---:|---:|---:|---:|");
for (const { label, direct, index } of rows) {
  const p = (times: number[], q: number) => percentile(times, q);
  console.log(
    `| ${label} | ${ms(p(direct.times, 0.5))} / ${ms(p(direct.times, 0.99))} | ${
      ms(p(index.times, 0.5))
    } / ${ms(p(index.times, 0.99))} | ${ms(p(index.times, 0.5) - p(direct.times, 0.5))} / ${
      ms(p(index.times, 0.99) - p(direct.times, 0.99))
    } | ${direct.perSecond.toFixed(0)} / ${index.perSecond.toFixed(0)}, ${
      (index.perSecond / direct.perSecond).toFixed(2)
    }× |`,
  );
}
