// MCP servers as sources, measured in one run (issue 38's figures):
//
// - the start of the service to its first answer with 10 stdio servers in MCP_CONFIG, beside the
//   same start with none, alternating: the start must not wait for them (at most 1.1×); and
//   ranked searches in the first second after it, while the programs start, beside none;
// - how long after a server answers `tools/list` its tools are searchable, each of the 10 at the
//   start and one after each `notifications/tools/list_changed` (p50 under 100 ms);
// - the resident memory of the index process with the 10 servers up, beside none.
//
// The servers are the SDK's own server over stdio (tests/fixtures/stdio_server.ts), 20 tools each;
// with --stamp it writes on stderr when it answered `tools/list` and when it said its tools changed.
//
//   deno run --allow-read --allow-write --allow-env --allow-net --allow-run bench/gateway.ts [runs]
import { LiveCatalogue } from "../src/catalogue/live.ts";
import { serveEntry } from "../support/server.ts";
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

/** The times of ranked searches sent one after another for `ms` milliseconds. */
async function searchesFor(base: string, ms: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + ms;
  for (let i = 0; performance.now() < until; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/search?query=list%20files%20number%20${i}&mode=ranked`);
    await response.body?.cancel();
    times.push(performance.now() - started);
  }
  return times;
}

async function startFigures(config: string): Promise<void> {
  const none: number[] = [];
  const ten: number[] = [];
  const allUp: number[] = [];
  const memory = { none: [] as number[], ten: [] as number[] };
  const searching = { none: [] as number[], ten: [] as number[] };
  // One start of each first, so that every module is compiled and cached before anything is timed.
  await (await serveEntry("main.ts", "/healthz")).stop();
  await (await serveEntry("main.ts", "/healthz", { MCP_CONFIG: config })).stop();
  for (let i = 0; i < runs; i++) {
    const bare = await serveEntry("main.ts", "/healthz");
    none.push(bare.startMs);
    searching.none.push(...await searchesFor(bare.base, 1000));
    await new Promise((resolve) => setTimeout(resolve, 300));
    memory.none.push(await rssMiB(bare.pid));
    await bare.stop();

    const started = performance.now();
    const served = await serveEntry("main.ts", "/healthz", { MCP_CONFIG: config });
    ten.push(served.startMs);
    // Searches answered while the 10 programs start, beside the same searches with none.
    searching.ten.push(...await searchesFor(served.base, 1000));
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
  const p = (values: number[], q: number) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length * q)].toFixed(1);
  console.log(
    `| a ranked \`/search\` in the first second, no upstream: p50 / p95 | ${
      p(searching.none, 0.5)
    } / ${p(searching.none, 0.95)} ms |`,
  );
  console.log(
    `| the same while the ${SERVERS} programs start: p50 / p95 | ${p(searching.ten, 0.5)} / ${
      p(searching.ten, 0.95)
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

/**
 * Times from a stamp a server wrote on stderr to its tools being searchable, in ms: for each of
 * the 10 servers at the start, and for 30 changes of one of them.
 */
async function joinFigures(dir: string): Promise<void> {
  const toolsFile = `${dir}/tools.json`;
  const tools = (generation: number) =>
    JSON.stringify(Array.from({ length: 20 }, (_, i) => ({
      name: `tool_${generation}_${i}`,
      description: `Tool ${i} of generation ${generation}`,
      inputSchema: { type: "object" },
    })));
  await Deno.writeTextFile(toolsFile, tools(0));
  const listed = new Map<string, number>();
  const changed: number[] = [];
  const stdio = (namespace: string, extra: string[]) => ({
    namespace,
    transport: "stdio" as const,
    ...fixture(namespace, [...extra, "--stamp"]),
    env: {},
    cwd: null,
    place: "bench",
  });
  const names = ["live", ...Array.from({ length: SERVERS - 1 }, (_, i) => `s${i}`)];
  const catalogue = await LiveCatalogue.open({
    dir: new URL("../configs/", import.meta.url),
    upstreams: names.map((name) =>
      stdio(name, name === "live" ? ["--tools-file", toolsFile] : ["--tools", "20"])
    ),
    refreshSeconds: 0,
    report: (message) => {
      const stamp = /^\[(\w+)\] (listed|changed) (\d+(?:\.\d+)?)$/.exec(message);
      if (stamp?.[2] === "changed") changed.push(Number(stamp[3]));
      else if (stamp && !listed.has(stamp[1])) listed.set(stamp[1], Number(stamp[3]));
    },
  });
  const searchable = async (id: string) => {
    while (catalogue.registry.getEntry(id) === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return performance.timeOrigin + performance.now();
  };
  const joined = await Promise.all(
    names.map((name) => searchable(name === "live" ? "live:tool_0_0" : `${name}:tool_0`)),
  );
  await catalogue.ready();
  // A stderr line may come after the tools it stamps: wait for them all.
  while (listed.size < SERVERS) await new Promise((resolve) => setTimeout(resolve, 5));
  const atStart = names.map((name, i) => joined[i] - listed.get(name)!).sort((a, b) => a - b);
  const changes: number[] = [];
  for (let generation = 1; generation <= 30; generation++) {
    const before = changed.length;
    await Deno.writeTextFile(toolsFile, tools(generation));
    const at = await searchable(`live:tool_${generation}_0`);
    while (changed.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
    changes.push(at - changed[before]);
  }
  await catalogue.close();
  changes.sort((a, b) => a - b);
  console.log(
    `| each of ${SERVERS} servers' \`tools/list\` answer to its tools searchable, median / slowest (target < 1 s) | ${
      median(atStart).toFixed(1)
    } / ${atStart.at(-1)!.toFixed(1)} ms |`,
  );
  console.log(
    `| \`list_changed\` to the changed tools searchable, p50 / p95 of 30 (target p50 < 100 ms) | ${
      median(changes).toFixed(1)
    } / ${changes[Math.floor(changes.length * 0.95)].toFixed(1)} ms |`,
  );
}
