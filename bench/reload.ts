// Hot reload and upstream failure, end to end: the service (`deno serve main.ts`) watching a
// copy of the bundled configs, timed from the write of an edited file to the first search that
// finds the edit, over a socket; and an upstream MCP server (the SDK's own, on loopback) that
// goes down, timed to the /healthz that reports it, its tools still served.
//
//   deno run --allow-read --allow-write --allow-env --allow-net --allow-run bench/reload.ts [edits]
import { serveEntry } from "../support/server.ts";
import { createMcpHandler, Server } from "@modelcontextprotocol/server";
import { machine, percentile } from "./_measure.ts";

const edits = Number(Deno.args[0] ?? 20);
const bundled = new URL("../configs/", import.meta.url);
const dir = await Deno.makeTempDir();
for await (const entry of Deno.readDir(bundled)) {
  if (entry.name.endsWith(".yaml")) {
    await Deno.copyFile(new URL(entry.name, bundled), `${dir}/${entry.name}`);
  }
}

// An upstream of 50 tools in pages of 20.
const tools = Array.from({ length: 50 }, (_, i) => ({
  name: `lookup_${i}`,
  description: `Looks up record ${i}`,
  inputSchema: { type: "object" as const },
}));
const handler = createMcpHandler(() => {
  const server = new Server({ name: "records", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const page = tools.slice(start, start + 20);
    return {
      tools: page,
      ...(start + 20 < tools.length ? { nextCursor: String(start + 20) } : {}),
    };
  });
  return server;
});
const upstream = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen() {} },
  ({ url, method, headers, body }) => handler.fetch(new Request(url, { method, headers, body })),
);

const refreshSeconds = 1;
const service = await serveEntry("main.ts", "/healthz", {
  CONFIG_DIR: dir,
  WATCH_CONFIG: "1",
  MCP_SERVERS: JSON.stringify({ records: `http://127.0.0.1:${upstream.addr.port}/mcp` }),
  MCP_REFRESH_SECONDS: String(refreshSeconds),
});
const get = async (path: string) => await (await fetch(`${service.base}${path}`)).json();

/** Milliseconds from now until `done` holds of what `path` answers, polling every 5 ms. */
async function until(path: string, done: (body: Record<string, unknown>) => boolean) {
  const started = performance.now();
  for (;;) {
    if (done(await get(path))) return performance.now() - started;
    if (performance.now() - started > 30_000) throw new Error(`${path} never changed`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const reloads: number[] = [];
try {
  const file = `${dir}/jq.yaml`;
  const original = await Deno.readTextFile(file);
  for (let i = 0; i < edits; i++) {
    const word = `reloadmarker${i}`;
    // The first tool's description, a quoted string, begins with the word.
    await Deno.writeTextFile(file, original.replace(/\n {4}description: "/, `$&${word} `));
    reloads.push(
      await until(`/search?query=${word}`, (body) => (body.results as unknown[]).length > 0),
    );
  }
  await upstream.shutdown();
  const degraded = await until("/healthz", (body) => body.status === "degraded");
  const served = (await get("/search?namespace=records&limit=100")).results.length;

  console.log(`\n## Hot reload and upstream failure, over a socket (${machine()})\n`);
  console.log("| measure | p50 ms | p95 ms | max ms |");
  console.log("|---|---:|---:|---:|");
  console.log(
    `| an edited config found by search (${edits} edits) | ${
      percentile(reloads, 0.5).toFixed(0)
    } | ${percentile(reloads, 0.95).toFixed(0)} | ${Math.max(...reloads).toFixed(0)} |`,
  );
  console.log(
    `\nAn upstream gone: /healthz said degraded ${degraded.toFixed(0)} ms after it went ` +
      `(refreshing every ${refreshSeconds} s), with ${served} of its ${tools.length} tools still served.`,
  );
  console.log("Target: an edit served within a second; a dead upstream keeps its tools.");
} finally {
  await service.stop();
  await Deno.remove(dir, { recursive: true });
}
