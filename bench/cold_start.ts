// Cold start: process start to the first 200, for the service and for a bare Hono app started
// the same way, alternating, in one run. The service is timed to its health check and, apart,
// to a first ranked search, so that nothing put off to the first real request goes unseen.
// A bare app that validates its one route with zod, as the service must, shows what that
// stack costs before any of the service's own work.
//
//   deno run --allow-read --allow-env --allow-net --allow-run bench/cold_start.ts [runs]
import { serveEntry as serve } from "../support/server.ts";
import { median } from "./_measure.ts";

const runs = Number(Deno.args[0] ?? 15);
const root = new URL("../", import.meta.url).pathname;
const starts: [label: string, entry: string, path: string][] = [
  ["bare Hono, one route", "bench/bare_hono.ts", "/"],
  ["bare Hono, one route whose query zod validates", "bench/bare_hono_zod.ts", "/"],
  ["tool-index (main.ts, bundled configs), to `/healthz`", "main.ts", "/healthz"],
  [
    "tool-index, to a first ranked `/search`",
    "main.ts",
    "/search?query=list%20running%20containers&mode=ranked",
  ],
];
const times: number[][] = starts.map(() => []);

// One start of each first, so that every module is compiled and cached before anything is timed.
for (const [, entry, path] of starts) await (await serve(`${root}${entry}`, path)).stop();
for (let i = 0; i < runs; i++) {
  for (const [s, [, entry, path]] of starts.entries()) {
    const server = await serve(`${root}${entry}`, path);
    times[s].push(server.startMs);
    await server.stop();
  }
}

const [bare, bareZod, service] = times.map(median);
console.log(`\n## Cold start, median of ${runs} (process start to the first 200)\n`);
console.log("| server | median ms | min ms | max ms | ratio to bare Hono |");
console.log("|---|---:|---:|---:|---:|");
for (const [s, [label]] of starts.entries()) {
  const ms = (value: number) => value.toFixed(0);
  console.log(
    `| ${label} | ${ms(median(times[s]))} | ${ms(Math.min(...times[s]))} | ${
      ms(Math.max(...times[s]))
    } | ${(median(times[s]) / bare).toFixed(2)}× |`,
  );
}
console.log(
  `\nThe service starts in ${(service / bareZod).toFixed(2)}× the time of the ` +
    "bare app that validates with zod, which alone takes " +
    `${(bareZod / bare).toFixed(2)}× the bare app's.`,
);
console.log("Target: at most 1.5× the bare app");
// The ToolIndex service before the live catalogue (issue 19) started in 85 ms against the bare
// app's 35 ms in one run: 2.43×. The live catalogue's budget is 1.1× that.
const anchor = 85 / 35;
console.log(
  `Live catalogue: ${(service / bare).toFixed(2)}× the bare app, against ${
    (anchor * 1.1).toFixed(2)
  }× allowed (1.1× the ToolIndex service's ${anchor.toFixed(2)}×): ${
    (service / bare / anchor).toFixed(2)
  }× of it.`,
);
