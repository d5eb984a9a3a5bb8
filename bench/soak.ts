// Load and memory soak of the service: starts `main.ts` with `deno serve` on a free loopback
// port, drives it with wrk for a set time with a mix of requests (built by _soak_mix.ts, sent by
// soak.lua), samples the server's resident memory (VmRSS) every few seconds, and prints a
// Markdown report.
//
//   deno task soak [--duration 300] [--connections 50] [--threads 1] [--sample 5]
//   deno run --allow-read --allow-write --allow-env --allow-net --allow-run bench/soak.ts ...
//
// Needs wrk with Lua scripting (Debian: apt-get install wrk) and Linux, for /proc.
//
// Options: --duration seconds of load (default 300), --connections wrk keeps open (50),
// --threads of wrk (1: on a small machine wrk and the server share the cores), --sample seconds
// between two RSS samples (5).
//
// The mix, 20,000 requests generated from the running service's own tools with a fixed seed:
// substring searches (fragments of the tools' words, phrases, regex characters, unicode, misses,
// limits, category and cli filters), ranked searches (the agent requests of
// tests/fixtures/agent_queries.json, with typos and unfinished words, and generated sentences),
// /summary, /tools/{name} for real names, conditional GETs (304), some answers asked for gzip or
// brotli, and invalid requests: bad limit, unknown parameter, unknown tool, too-long query or
// filter, broken percent-encoding, wrong method, bad mode or cursor, unknown path. Half the
// requests go to the first 500 lines, which stay in the service's response cache (1,000
// answers); the other half are drawn from all 20,000, which keep evicting each other, so the
// cache is always full and always churning. Before the load, every distinct request is sent once
// and must answer the status class it is meant to (2xx, 304, or 4xx for the invalid ones), so
// that the 4xx counted under load are the invalid requests and nothing else; if one does not,
// the soak stops there with exit code 1.
//
// Pass criteria, each printed with its value: no 5xx; no socket error (connect, read, write,
// timeout); and a flat memory line: every RSS sample after the warm-up is within ±10% of the last
// sample. The warm-up is the first 60 s of the load, or the first half of a run shorter than two
// minutes, so that a short check still judges its second half. Under load the RSS climbs for 20
// to 50 s, while V8 sizes its heap and the allocator its arenas (the response cache is full
// before that: the check before the load fills it). Exit code 0 when every criterion passes, 1
// when one fails, 2 when the soak cannot run.
import { parseArgs } from "node:util";
import type { Server } from "../support/server.ts";
import { generateMix, type Line, lineText, mismatches } from "./_soak_mix.ts";
import { rssMiB, startService } from "./_soak_server.ts";
import { requireWrk } from "./_wrk.ts";

const WARM_UP_SECONDS = 60;
const RSS_TOLERANCE = 0.1;
const LINES = 20_000;
const HOT_LINES = 500;
const HOT_SHARE = 0.5;
const SEED = 7;

/** The command line, or exit 2 with parseArgs's message on an unknown or malformed option. */
function commandLine() {
  try {
    return parseArgs({
      options: {
        duration: { type: "string", default: "300" },
        connections: { type: "string", default: "50" },
        threads: { type: "string", default: "1" },
        sample: { type: "string", default: "5" },
      },
    }).values;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    Deno.exit(2);
  }
}
const options = commandLine();

/** A positive whole number of the option, or exit 2. */
function positive(name: keyof typeof options): number {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`--${name} must be a positive whole number, not ${options[name]}`);
    Deno.exit(2);
  }
  return value;
}

const duration = positive("duration");
const connections = positive("connections");
const threads = positive("threads");
const sampleSeconds = positive("sample");

await requireWrk();
if (Deno.build.os !== "linux") {
  console.error("The soak reads the server's memory from /proc: it runs on Linux only");
  Deno.exit(2);
}

// --- The run.

/** The JSON line soak.lua prints when wrk is done; times in microseconds. */
interface WrkResult {
  duration_us: number;
  requests: number;
  bytes: number;
  p50_us: number;
  p99_us: number;
  max_us: number;
  /** Responses of status class 1xx to 5xx. */
  status: [number, number, number, number, number];
  connect: number;
  read: number;
  write: number;
  timeout: number;
}

interface Sample {
  seconds: number;
  mib: number;
}

/** Waits `ms`, or less if `until` settles first. */
async function sleep(ms: number, until: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    new Promise((resolve) => timer = setTimeout(resolve, ms)),
    until.catch(() => undefined),
  ]);
  clearTimeout(timer);
}

/** Generates the mix, checks it, runs wrk while sampling RSS, reports; the exit code. */
async function soak(server: Server, requestFile: string): Promise<number> {
  const idle = await rssMiB(server.pid);
  const lines = await generateMix(server.base, { count: LINES, seed: SEED });
  await Deno.writeTextFile(requestFile, lines.map(lineText).join("\n") + "\n");

  console.error(`Checking the ${new Set(lines.map(lineText)).size} distinct requests of the mix…`);
  const wrong = await mismatches(server.base, lines);
  if (wrong.length > 0) {
    console.error(
      `${wrong.length} requests of the mix did not answer as intended:\n${
        wrong.slice(0, 20).join("\n")
      }`,
    );
    return 1;
  }

  console.error(`wrk for ${duration} s…`);
  const started = performance.now();
  const samples: Sample[] = [{ seconds: 0, mib: await rssMiB(server.pid) }];
  let running = true;
  const output = new Deno.Command("wrk", {
    args: [
      `-t${threads}`,
      `-c${connections}`,
      `-d${duration}s`,
      "-s",
      new URL("soak.lua", import.meta.url).pathname,
      server.base,
      "--",
      requestFile,
      String(HOT_LINES),
      String(HOT_SHARE),
      String(SEED),
    ],
    stdout: "piped",
    stderr: "piped",
  }).output().finally(() => running = false);
  for (let n = 1; running; n++) {
    await sleep(started + n * sampleSeconds * 1000 - performance.now(), output);
    const seconds = (performance.now() - started) / 1000;
    // The end sample replaces a periodic one taken just before wrk stopped.
    const last = samples[samples.length - 1];
    if (!running && samples.length > 1 && seconds - last.seconds < sampleSeconds / 2) {
      samples.pop();
    }
    samples.push({ seconds, mib: await rssMiB(server.pid) });
  }
  const { stdout, stderr, success } = await output;
  const text = new TextDecoder().decode(stdout);
  const json = /^SOAK (\{.*\})$/m.exec(text)?.[1];
  if (!success || json === undefined) {
    console.error(`wrk failed:\n${text}${new TextDecoder().decode(stderr)}`);
    return 2;
  }
  return report(JSON.parse(json) as WrkResult, idle, samples, lines, server) ? 0 : 1;
}

let server: Server;
try {
  server = await startService();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  Deno.exit(2);
}
const requestFile = await Deno.makeTempFile({ prefix: "soak-", suffix: ".tsv" });
let code: number;
try {
  code = await soak(server, requestFile);
} finally {
  await server.stop();
  await Deno.remove(requestFile);
}
Deno.exit(code);

/** Prints the Markdown report and says whether every criterion passed. */
function report(
  result: WrkResult,
  idle: number,
  samples: Sample[],
  lines: Line[],
  server: Server,
): boolean {
  const seconds = result.duration_us / 1e6;
  const [, ok, notModified, refused, failed] = result.status;
  const socketErrors = result.connect + result.read + result.write + result.timeout;
  const warmUp = Math.min(WARM_UP_SECONDS, duration / 2);
  const end = samples[samples.length - 1].mib;
  // By the second shown: a timer may fire a fraction of a millisecond early, and the sample
  // taken for t = 60 s belongs after a 60 s warm-up.
  const warming = (sample: Sample) => Math.round(sample.seconds) < warmUp;
  const after = samples.filter((sample) => !warming(sample));
  const deviation = Math.max(...after.map((sample) => Math.abs(sample.mib / end - 1)));
  const all = samples.map((sample) => sample.mib);
  const share = (count: number) => `${(100 * count / result.requests).toFixed(1)}%`;
  const invalid = lines.filter((line) => line.expect.includes(4)).length;
  const distinct = new Set(lines.map(lineText)).size;

  console.log(
    `## Soak: wrk, ${threads} thread(s), ${connections} connections, ${duration} s, loopback\n`,
  );
  console.log(
    `Mix: ${LINES} requests (${distinct} distinct, ${invalid} invalid), half of them to the first ${HOT_LINES}; server pid ${server.pid}.\n`,
  );
  console.log("| measure | value |");
  console.log("|---|---:|");
  console.log(`| requests | ${result.requests} |`);
  console.log(`| requests/s | ${(result.requests / seconds).toFixed(0)} |`);
  console.log(`| p50 latency | ${(result.p50_us / 1000).toFixed(2)} ms |`);
  console.log(`| p99 latency | ${(result.p99_us / 1000).toFixed(2)} ms |`);
  console.log(`| max latency | ${(result.max_us / 1000).toFixed(2)} ms |`);
  console.log(`| received | ${(result.bytes / 2 ** 20).toFixed(0)} MiB |`);
  console.log(`| 2xx | ${ok} (${share(ok)}) |`);
  console.log(`| 3xx (conditional GETs) | ${notModified} (${share(notModified)}) |`);
  console.log(`| 4xx (the invalid requests, expected) | ${refused} (${share(refused)}) |`);
  console.log(`| 5xx | ${failed} |`);
  console.log(
    `| socket errors | ${socketErrors} (connect ${result.connect}, read ${result.read}, write ${result.write}, timeout ${result.timeout}) |`,
  );

  console.log(`\n### Server RSS, sampled every ${sampleSeconds} s\n`);
  console.log(
    `${idle.toFixed(1)} MiB idle after the start; t = 0 is after the mix check, as wrk starts.\n`,
  );
  console.log("| t (s) | RSS (MiB) | vs end |");
  console.log("|---:|---:|---:|");
  for (const sample of samples) {
    const mark = warming(sample) ? " (warm-up)" : "";
    console.log(
      `| ${sample.seconds.toFixed(0)}${mark} | ${sample.mib.toFixed(1)} | ${
        ((sample.mib / end - 1) * 100).toFixed(1)
      }% |`,
    );
  }
  console.log(
    `\nRSS min ${Math.min(...all).toFixed(1)} MiB, max ${Math.max(...all).toFixed(1)} MiB, end ${
      end.toFixed(1)
    } MiB; after the warm-up (t ≥ ${warmUp.toFixed(0)} s): ${
      Math.min(...after.map((s) => s.mib)).toFixed(1)
    } to ${Math.max(...after.map((s) => s.mib)).toFixed(1)} MiB.`,
  );

  const criteria: [string, string, boolean][] = [
    ["no 5xx", String(failed), failed === 0],
    ["no socket error", String(socketErrors), socketErrors === 0],
    [
      `RSS after the warm-up within ±${RSS_TOLERANCE * 100}% of its end value`,
      `${(deviation * 100).toFixed(1)}% at most`,
      deviation <= RSS_TOLERANCE,
    ],
  ];
  console.log("\n### Criteria\n");
  console.log("| criterion | value | pass |");
  console.log("|---|---:|---|");
  for (const [name, value, pass] of criteria) {
    console.log(`| ${name} | ${value} | ${pass ? "yes" : "**no**"} |`);
  }
  if (server.stderr.count > 0) {
    console.log(`\nThe server wrote ${server.stderr.count} lines to stderr; the first ones:\n`);
    console.log("```\n" + server.stderr.first.join("\n") + "\n```");
  }
  const passed = criteria.every(([, , pass]) => pass);
  console.log(`\n${passed ? "PASS" : "FAIL"}`);
  return passed;
}
