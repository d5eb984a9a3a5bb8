// MCP servers as sources, measured in one run (issue 38's figures):
//
// - the start of the service to its first answer with 10 stdio servers in MCP_CONFIG, beside the
//   same start with none, alternating: the start must not wait for them (at most 1.1×);
// - how long after a server answers `tools/list` its tools are searchable, at the start and
//   after each `notifications/tools/list_changed` (p50 under 100 ms);
// - the resident memory of the index process with the 10 servers up, beside none.
//
// The servers are the SDK's own server over stdio (tests/fixtures/stdio_server.ts), 20 tools each;
// with --stamp it writes on stderr when it answered `tools/list` and when it said its tools changed.
//
//   deno run --allow-read --allow-write --allow-env --allow-net --allow-run bench/gateway.ts [runs]
import { LiveCatalogue } from "../src/catalogue/live.ts";
import { freePort, type Server, startServer } from "../support/server.ts";
import { median } from "./_measure.ts";
import { rssMiB } from "./_soak_server.ts";

const runs = Number(Deno.args[0] ?? 15);
const SERVERS = 10;
const FIXTURE = new URL("../tests/fixtures/stdio_server.ts", import.meta.url).pathname;

/** The command line of one fixture server. */
function fixture(name: string, extra: string[]): { command: string; args: string[] } {
  return {
    command: Deno.execPath(),
    args: ["run", "--allow-read", "--allow-env", FIXTURE, "--name", name, ...extra],
  };
}

const dir = await Deno.makeTempDir();
try {
  const config = `${dir}/mcp.json`;
  const mcpServers = Object.fromEntries(
    Array.from({ length: SERVERS }, (_, i) => [`s${i}`, fixture(`s${i}`, ["--tools", "20"])]),
  );
  await Deno.writeTextFile(config, JSON.stringify({ mcpServers }));
  await startFigures(config);
  await joinFigures(dir);
} finally {
  await Deno.remove(dir, { recursive: true });
}

/** `deno serve main.ts` with the service's permissions and programs allowed, on a free port. */
function serve(env: Record<string, string>): Promise<Server> {
  const port = freePort();
  const args = ["serve", "--allow-read", "--allow-env", "--allow-net", "--allow-run"];
  return startServer(
    [...args, "--host", "127.0.0.1", "--port", String(port), "main.ts"],
    port,
    "/healthz",
    env,
  );
}

async function startFigures(config: string): Promise<void> {
  const none: number[] = [];
  const ten: number[] = [];
  const allUp: number[] = [];
  const memory = { none: [] as number[], ten: [] as number[] };
  // One start of each first, so that every module is compiled and cached before anything is timed.
  await (await serve({})).stop();
  await (await serve({ MCP_CONFIG: config })).stop();
  for (let i = 0; i < runs; i++) {
    const bare = await serve({});
    none.push(bare.startMs);
    await new Promise((resolve) => setTimeout(resolve, 300));
    memory.none.push(await rssMiB(bare.pid));
    await bare.stop();

    const started = performance.now();
    const served = await serve({ MCP_CONFIG: config });
    ten.push(served.startMs);
    for (;;) {
      const health = await (await fetch(`${served.base}/healthz`)).json();
      const up = health.sources.filter((source: { kind: string; status: string }) =>
        source.kind === "mcp_server" && source.status === "ok"
      ).length;
      if (up === SERVERS) {
        break;
      }
      if (performance.now() - started > 60_000) {
        throw new Error("the servers did not come up");
      }
      await new Promise((resolve) =>
        setTimeout(resolve, 5)
      );
    }
    allUp.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 300));
    memory.ten.push(await rssMiB(served.pid));
    await served.stop();
  }
  const ratios = ten.map((ms, i) => ms / none[i]);
  console.log(`\n## MCP servers as sources (${runs} alternating starts, medians)\n`);
  console.log("| figure | value |");
  console.log("|---|---:|");
  console.log(`| start to the first \`/healthz\`, no upstream | ${median(none).toFixed(0)} ms |`);
  console.log(
    `| the same with ${SERVERS} stdio servers in MCP_CONFIG | ${median(ten).toFixed(0)} ms |`,
  );
  console.log(
    `| ratio (median of the paired ratios; target ≤ 1.1) | ${median(ratios).toFixed(2)}× |`,
  );
  console.log(
    `| start to all ${SERVERS} servers' tools served (not waited for by the start) | ${
      median(allUp).toFixed(0)
    } ms |`,
  );
  console.log(
    `| index process memory (RSS), no upstream | ${median(memory.none).toFixed(0)} MiB |`,
  );
  console.log(
    `| index process memory (RSS), ${SERVERS} servers up | ${median(memory.ten).toFixed(0)} MiB (${
      (median(memory.ten) / median(memory.none)).toFixed(2)
    }×) |`,
  );
}

/** Times from a stamp the server wrote on stderr to its tools being searchable, in ms. */
async function joinFigures(dir: string): Promise<void> {
  const toolsFile = `${dir}/tools.json`;
  const tools = (generation: number) =>
    JSON.stringify(Array.from({ length: 20 }, (_, i) => ({
      name: `tool_${generation}_${i}`,
      description: `Tool ${i} of generation ${generation}`,
      inputSchema: { type: "object" },
    })));
  await Deno.writeTextFile(toolsFile, tools(0));
  const stamps: { listed: number[]; changed: number[] } = { listed: [], changed: [] };
  const catalogue = await LiveCatalogue.open({
    dir: new URL("../configs/", import.meta.url),
    upstreams: [{
      namespace: "live",
      transport: "stdio",
      ...fixture("live", ["--tools-file", toolsFile, "--stamp"]),
      env: {},
      cwd: null,
      place: "bench",
    }],
    refreshSeconds: 0,
    report: (message) => {
      const stamp = /^\[live\] (listed|changed) (\d+(?:\.\d+)?)$/.exec(message);
      if (stamp) stamps[stamp[1] as "listed" | "changed"].push(Number(stamp[2]));
    },
  });
  const searchable = async (id: string) => {
    while (catalogue.registry.getEntry(id) === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return performance.timeOrigin + performance.now();
  };
  const joined = await searchable("live:tool_0_0");
  await catalogue.ready();
  // The stderr line may come after the tools: wait for it.
  while (stamps.listed.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const atStart = joined - stamps.listed[0];
  const changes: number[] = [];
  for (let generation = 1; generation <= 30; generation++) {
    const before = stamps.changed.length;
    await Deno.writeTextFile(toolsFile, tools(generation));
    const at = await searchable(`live:tool_${generation}_0`);
    while (stamps.changed.length === before) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    changes.push(at - stamps.changed[before]);
  }
  await catalogue.close();
  changes.sort((a, b) => a - b);
  console.log(
    `| a server's \`tools/list\` answer to its tools searchable, at the start (target < 1 s) | ${
      atStart.toFixed(1)
    } ms |`,
  );
  console.log(
    `| \`list_changed\` to the changed tools searchable, p50 / p95 of 30 (target p50 < 100 ms) | ${
      median(changes).toFixed(1)
    } / ${changes[Math.floor(changes.length * 0.95)].toFixed(1)} ms |`,
  );
}
