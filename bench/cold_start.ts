// Cold start: process start to the first 200, for the service and for a bare Hono app started
// the same way, alternating, in one run. The service is timed to its health check and, apart,
// to a first ranked search, so that nothing put off to the first real request goes unseen.
// A bare app that validates its one route with zod shows what loading zod costs: the service
// puts it off until a request needs it. That app is issue 41's anchor: the service may take at
// most 1.25× its time to `/healthz` and 1.35× to a first ranked `/search`.
//
// The anchor of issue 19's budget, the ToolIndex service before the live catalogue (commit
// de93a0c), runs beside them from a temporary git worktree, timed the same two ways: the live
// catalogue may take at most 1.1× its time. Each ratio is the median of the ratios of the starts
// made one after the other, so that a slow spell of a shared machine weighs on both alike.
//
// Then where the time goes: the same starts timed inside their processes (`_start_probe.ts`),
// importing the modules, starting and answering the first request, the zod app beside them;
// and a second start and answer in each process, whose code has run once already.
//
//   deno run --allow-read --allow-write --allow-env --allow-net --allow-run bench/cold_start.ts [runs]
import { serveEntry as serve } from "../support/server.ts";
import { checkout } from "../support/checkout.ts";
import { BUNDLED_CONFIGS } from "../src/config/files.ts";
import { readCompiledCatalogue } from "../src/catalogue/compiled.ts";
import { median } from "./_measure.ts";

const runs = Number(Deno.args[0] ?? 31);
if (await readCompiledCatalogue(BUNDLED_CONFIGS) === undefined) {
  console.warn(
    "configs/_catalogue.json is stale: the service will parse the YAML configs at each start, " +
      "which no deployment does. Run `deno task catalogue` first.",
  );
}
const ANCHOR = "de93a0c";
const SEARCH = "/search?query=list%20running%20containers&mode=ranked";

const anchor = await checkout(ANCHOR).catch((error) => {
  console.warn(`The anchor is left out: ${error.message}`);
  return undefined;
});

interface Start {
  label: string;
  entry: string;
  path: string;
  cwd?: string;
}
const starts: Start[] = [
  { label: "bare Hono, one route", entry: "bench/bare_hono.ts", path: "/" },
  {
    label: "bare Hono, one route whose query zod validates",
    entry: "bench/bare_hono_zod.ts",
    path: "/",
  },
  {
    label: "tool-index (main.ts, bundled configs), to `/healthz`",
    entry: "main.ts",
    path: "/healthz",
  },
  { label: "tool-index, to a first ranked `/search`", entry: "main.ts", path: SEARCH },
];
if (anchor) {
  starts.push(
    {
      label: `anchor (the ToolIndex service, ${ANCHOR}), to \`/healthz\``,
      entry: "main.ts",
      path: "/healthz",
      cwd: anchor.folder,
    },
    {
      label: "anchor, to a first ranked `/search`",
      entry: "main.ts",
      path: SEARCH,
      cwd: anchor.folder,
    },
  );
}
const times: number[][] = starts.map(() => []);

try {
  // One start of each first, so that every module is compiled and cached before anything is
  // timed.
  for (const { entry, path, cwd } of starts) {
    await (await serve(entry, path, {}, false, cwd)).stop();
  }
  for (let i = 0; i < runs; i++) {
    for (const [s, { entry, path, cwd }] of starts.entries()) {
      const server = await serve(entry, path, {}, false, cwd);
      times[s].push(server.startMs);
      await server.stop();
    }
  }
} finally {
  await anchor?.close();
}

/** The median of the ratios of the `a`th start's times to the `b`th's, run by run. */
const ratio = (a: number, b: number) => median(times[a].map((ms, i) => ms / times[b][i]));

console.log(`\n## Cold start, median of ${runs} (process start to the first 200)\n`);
console.log("| server | median ms | min ms | max ms | ratio to bare Hono | ratio to the zod app |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const [s, { label }] of starts.entries()) {
  const ms = (value: number) => value.toFixed(0);
  console.log(
    `| ${label} | ${ms(median(times[s]))} | ${ms(Math.min(...times[s]))} | ${
      ms(Math.max(...times[s]))
    } | ${ratio(s, 0).toFixed(2)}× | ${ratio(s, 1).toFixed(2)}× |`,
  );
}
const [toHealth, toSearch] = [ratio(2, 1), ratio(3, 1)];
const verdict = (value: number, most: number) => value <= most ? "met" : "not met";
console.log(
  `\nAgainst the bare app whose route zod validates (itself ${ratio(1, 0).toFixed(2)}× the ` +
    `bare app), issue 41's anchor: ${toHealth.toFixed(2)}× to \`/healthz\` (at most 1.25×: ` +
    `${verdict(toHealth, 1.25)}), ${toSearch.toFixed(2)}× to a first ranked \`/search\` (at ` +
    `most 1.35×: ${verdict(toSearch, 1.35)}).`,
);
if (anchor) {
  console.log(
    `Live catalogue against the ToolIndex service, at most 1.1× allowed: ${
      ratio(2, 4).toFixed(2)
    }× to \`/healthz\`, ${ratio(3, 5).toFixed(2)}× to a first ranked \`/search\`.`,
  );
  console.log(
    "(Neither compresses its health answer. The anchor compresses its first search, and a " +
      "process's first compressed answer sets up Deno's streams; the service sends its first " +
      "answer as it is.)",
  );
}

/** What `_start_probe.ts` prints of one start, and of a second one in the same process. */
interface Phases {
  status: number;
  import: number;
  start: number;
  first: number;
  startAgain: number;
  firstAgain: number;
}

/** One start of `app` timed inside its process, answering `path` first. */
async function probe(app: "service" | "zod", path: string): Promise<Phases> {
  const { stdout } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-env",
      "--allow-net",
      "--allow-run",
      "bench/_start_probe.ts",
      app,
      path,
    ],
    env: { LOG_REQUESTS: "0" },
    stderr: "null",
  }).output();
  const phases: Phases = JSON.parse(new TextDecoder().decode(stdout));
  if (phases.status !== 200) throw new Error(`${app} answered ${path} with ${phases.status}`);
  return phases;
}

const probes = [
  { label: "bare Hono, one route whose query zod validates", app: "zod", path: "/" },
  { label: "tool-index, to `/healthz`", app: "service", path: "/healthz" },
  { label: "tool-index, to a first ranked `/search`", app: "service", path: SEARCH },
] as const;
const phases: Phases[][] = probes.map(() => []);
for (let i = 0; i < runs; i++) {
  for (const [p, { app, path }] of probes.entries()) phases[p].push(await probe(app, path));
}
console.log(`\n## Inside the process, median of ${runs} (after Deno's own start)\n`);
console.log(
  "| app | importing ms | starting ms | first answer ms | in all ms | starting again ms | " +
    "answering again ms |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|");
const inProcess = (p: number, part: (phase: Phases) => number) => median(phases[p].map(part));
for (const [p, { label }] of probes.entries()) {
  const of = (part: (phase: Phases) => number) => inProcess(p, part).toFixed(1);
  console.log(
    `| ${label} | ${of((x) => x.import)} | ${of((x) => x.start)} | ${of((x) => x.first)} | ${
      of((x) => x.import + x.start + x.first)
    } | ${of((x) => x.startAgain)} | ${of((x) => x.firstAgain)} |`,
  );
}
const beyondZod = (p: number) =>
  (inProcess(p, (x) => x.import + x.start + x.first) - inProcess(0, (x) => x.import + x.first))
    .toFixed(1);
const zodMs = median(times[1]);
console.log(
  `\nThe targets leave the service ${(0.25 * zodMs).toFixed(1)} ms beyond the zod app's start ` +
    `to \`/healthz\` and ${(0.35 * zodMs).toFixed(1)} ms to a first ranked \`/search\`; in ` +
    `process it takes ${beyondZod(1)} and ${beyondZod(2)} ms beyond it. Started again in the ` +
    "same process, where its code has run once, it starts in " +
    `${inProcess(1, (x) => x.startAgain).toFixed(1)} ms and answers in ` +
    `${inProcess(1, (x) => x.firstAgain).toFixed(1)} (a ranked search in ` +
    `${inProcess(2, (x) => x.firstAgain).toFixed(1)}): the rest of a first start and answer is ` +
    "code running for the first time in the process.",
);
