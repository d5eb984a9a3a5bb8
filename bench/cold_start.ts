// Cold start: process start to the first 200, for the service and for a bare Hono app started
// the same way, alternating, in one run.
//
//   deno run --allow-read --allow-env --allow-net --allow-run bench/cold_start.ts [runs]
import { serveEntry as serve } from "../tests/_server.ts";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const runs = Number(Deno.args[0] ?? 15);
const root = new URL("../", import.meta.url).pathname;
const service: number[] = [];
const bare: number[] = [];

// One start of each first, so both are compiled and cached before anything is timed.
for (const [entry, path] of [["main.ts", "/healthz"], ["bench/bare_hono.ts", "/"]]) {
  await (await serve(`${root}${entry}`, path)).stop();
}
for (let i = 0; i < runs; i++) {
  const a = await serve(`${root}main.ts`, "/healthz");
  service.push(a.startMs);
  await a.stop();
  const b = await serve(`${root}bench/bare_hono.ts`, "/");
  bare.push(b.startMs);
  await b.stop();
}

const ours = median(service);
const anchor = median(bare);
console.log(`\n## Cold start, median of ${runs} (process start to the first 200)\n`);
console.log("| server | median ms | min ms | max ms |");
console.log("|---|---:|---:|---:|");
console.log(
  `| bare Hono, one route | ${anchor.toFixed(0)} | ${Math.min(...bare).toFixed(0)} | ${
    Math.max(...bare).toFixed(0)
  } |`,
);
console.log(
  `| tool-index (main.ts, bundled configs) | ${ours.toFixed(0)} | ${
    Math.min(...service).toFixed(0)
  } | ${Math.max(...service).toFixed(0)} |`,
);
console.log(`\nRatio: ${(ours / anchor).toFixed(2)}× the bare app (target: at most 1.5×)`);
