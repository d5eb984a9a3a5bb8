// Load and memory soak of the service: starts `main.ts` with `deno serve` on a free loopback
// port, drives it with wrk for a set time with a mix of requests (bench/soak.lua), samples the
// server's resident memory (VmRSS) every few seconds, and prints a Markdown report.
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
import { serveEntry, type Server } from "../tests/_server.ts";

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

const root = new URL("../", import.meta.url);

try {
  await new Deno.Command("wrk", { args: ["--version"], stdout: "null", stderr: "null" }).output();
} catch {
  console.error("wrk is not installed: apt-get install wrk");
  Deno.exit(2);
}
if (Deno.build.os !== "linux") {
  console.error("The soak reads the server's memory from /proc: it runs on Linux only");
  Deno.exit(2);
}

// --- Random numbers: mulberry32, seeded, so every run sends the same mix.

let state = SEED;
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
/** A whole number from `min` to `max`, both included. */
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const chance = (p: number) => random() < p;

// --- The server, with its stderr kept: there it logs the cause of every 500.

async function startService(): Promise<Server> {
  const server = await serveEntry("main.ts", "/healthz", {}, true);
  const port = Number(new URL(server.base).port);
  if (!(await listensOn(server.pid, port))) {
    await server.stop();
    throw new Error(
      [`Process ${server.pid} does not hold the socket listening on port ${port}`]
        .concat(server.stderr.first).join("\n"),
    );
  }
  return server;
}

/**
 * The output of a command. /proc is read through `cat` and `ls`: Deno reads nothing under /proc
 * without --allow-all, which the soak does not need otherwise.
 */
async function run(command: string, ...args: string[]): Promise<string> {
  const { stdout, success } = await new Deno.Command(command, { args, stderr: "null" }).output();
  if (!success) throw new Error(`${command} ${args.join(" ")} failed`);
  return new TextDecoder().decode(stdout);
}

/**
 * Whether process `pid` holds the socket that listens on `port`: the memory sampled must be
 * the serving process's, not a launcher's that handed the work to another.
 */
async function listensOn(pid: number, port: number): Promise<boolean> {
  // The server listens on 127.0.0.1, so its socket is in the IPv4 table.
  const table = await run("cat", "/proc/net/tcp");
  const listening = new Set<string>();
  for (const line of table.split("\n")) {
    const fields = line.trim().split(/\s+/);
    // local_address is ADDR:PORT in hex; state 0A is LISTEN; field 9 is the socket's inode.
    if (fields[3] === "0A" && parseInt(fields[1].split(":")[1], 16) === port) {
      listening.add(fields[9]);
    }
  }
  const fds = await run("ls", "-l", `/proc/${pid}/fd`);
  return [...fds.matchAll(/socket:\[(\d+)\]/g)].some((match) => listening.has(match[1]));
}

/** Resident memory of the process in MiB. */
async function rssMiB(pid: number): Promise<number> {
  const status = await run("cat", `/proc/${pid}/status`);
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`No VmRSS in /proc/${pid}/status`);
  return Number(kib) / 1024;
}

// --- The request mix.

interface Tool {
  tool_name: string;
  description: string;
  cli_name: string;
  category: string | null;
  tags: string[];
}

/** Every tool of the running service, through /search's pages. */
async function allTools(base: string): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const response = await fetch(
      `${base}/search?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    const page: { results: Tool[]; next_cursor: string | null } = await response.json();
    tools.push(...page.results);
    cursor = page.next_cursor;
  }
  return tools;
}

/** The status classes a request may answer with: 2 for 2xx, and so on. */
type Classes = readonly number[];

interface Line {
  method: string;
  path: string;
  headers: Record<string, string>;
  expect: Classes;
}

const OK: Classes = [2];
const REFUSED: Classes = [4];

/**
 * `LINES` requests built from the service's tools and the agent requests, with `etag` for the
 * conditional ones: about 34% substring searches, 29% ranked, 5% /summary, 15% /tools/{name},
 * 3% conditional and 14% invalid.
 */
function mix(tools: Tool[], agentQueries: string[], etag: string): Line[] {
  const q = encodeURIComponent;
  const names = tools.map((tool) => tool.tool_name);
  const clis = [...new Set(tools.map((tool) => tool.cli_name))];
  const categories = [...new Set(tools.flatMap((tool) => tool.category ?? []))];
  const descriptions = tools.map((tool) => tool.description.split(/[^\p{L}\p{N}]+/u));
  const words = [
    ...new Set([
      ...descriptions.flat(),
      ...names.flatMap((name) => name.split("_")),
      ...tools.flatMap((tool) => tool.tags),
    ].filter((word) => word.length >= 3)),
  ];
  const oddText = [".*", "[", "(a|b)", "\\d+", "café", "ﬁle", "日本語", "🚀", "%", "+", "ß", " "];
  const casing = (text: string) => chance(0.2) ? text.toUpperCase() : text;
  const limit = (p: number) => chance(p) ? `&limit=${between(0, 100)}` : "";
  const filters = (category: number, cli: number) =>
    (chance(category) ? `&category=${q(casing(pick(categories)))}` : "") +
    (chance(cli) ? `&cli=${q(pick(clis))}` : "");
  const typo = (text: string) =>
    text.replace(/\p{L}{5,}/u, (word) => {
      const i = between(0, word.length - 2);
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    });

  /** A slice of `items`, `length` long, at a random place. */
  const span = <T>(items: readonly T[], length: number) => {
    const start = between(0, Math.max(0, items.length - length));
    return items.slice(start, start + length);
  };

  const substring = () => {
    const roll = random();
    const query = roll < 0.5
      ? span([...pick(words)], between(2, 8)).join("")
      : roll < 0.65
      ? span(pick(descriptions), 2).join(" ")
      : roll < 0.75
      ? casing(pick(chance(0.8) ? names : clis))
      : roll < 0.85
      ? pick(oddText) + (chance(0.5) ? pick(words) : "")
      : roll < 0.95
      ? Array.from({ length: between(3, 6) }, () => String.fromCharCode(between(97, 122))).join("")
      : "";
    return `/search?query=${q(query)}${limit(0.6)}${filters(0.25, 0.15)}${
      chance(0.1) ? "&mode=substring" : ""
    }`;
  };

  const ranked = () => {
    const roll = random();
    const agent = pick(agentQueries);
    const query = roll < 0.3
      ? agent
      : roll < 0.4
      ? typo(agent)
      : roll < 0.45
      ? agent.slice(0, between(Math.ceil(agent.length / 2), agent.length - 1))
      : roll < 0.85
      ? pick(["", "how do I ", "I want to ", "please ", "can you ", "show me how to "]) +
        Array.from({ length: between(2, 5) }, () => pick(pick(descriptions))).join(" ")
      : Array.from({ length: between(2, 4) }, () => pick(words)).join(" ");
    return `/search?mode=ranked&query=${q(query)}${limit(0.5)}${filters(0.1, 0.1)}`;
  };

  const summary = () => chance(0.3) ? "/summary" : `/summary?limit=${between(0, 100)}`;
  const tool = () => `/tools/${q(pick(names))}`;

  const invalid = (): Line => {
    const get = (path: string, expect = REFUSED): Line => ({
      method: "GET",
      path,
      headers: {},
      expect,
    });
    const word = q(pick(words));
    switch (between(0, 9)) {
      case 0:
        return get(
          `/search?query=${word}&limit=${
            q(pick(["abc", "-1", "101", "1.5", "1e3", "", "0x10", "9999999999", " 5"]))
          }`,
        );
      case 1:
        return get(`/summary?limit=${pick(["all", "-3", String(between(101, 100_000))])}`);
      case 2:
        return get(
          pick([`/search?qurey=${word}`, `/search?q=${word}`, `/summary?query=${word}`]) +
            `&page=${between(1, 9)}`,
        );
      case 3:
        return get(`/tools/${q(pick(names))}_${between(0, 99_999)}`);
      case 4:
        return get(
          chance(0.7)
            ? `/search?query=${"a".repeat(between(1001, 2000))}`
            : `/search?category=${"c".repeat(between(201, 400))}`,
        );
      case 5:
        // An undecodable value is kept as text (2xx) or refused (4xx); an undecodable name or
        // path is refused.
        return chance(0.5)
          ? get(`/search?query=${pick(["%E0%A4%A", "%zz", "%C3%28", "%"])}${word}`, [2, 4])
          : get(pick([`/tools/%E0%A4%A${word}`, `/search?%zz${word}=1`, `/tools/${word}%`]));
      case 6:
        return {
          method: pick(["POST", "PUT", "DELETE", "PATCH"]),
          path: pick(["/search", "/summary", `/tools/${q(pick(names))}`, "/healthz"]),
          headers: {},
          expect: REFUSED,
        };
      case 7:
        return get(`/search?query=${word}&mode=${pick(["fuzzy", "RANKED", "bm25"])}`);
      case 8:
        return get(
          pick([`/search?query=${word}&cursor=${word}`, `/search?query=${word}&query=${word}`]),
        );
      default:
        return get(`/${word}/${between(0, 99)}`);
    }
  };

  /** A successful GET, asked for compression some of the time. */
  const ok = (path: string): Line => {
    const roll = random();
    const encoding = roll < 0.6
      ? undefined
      : roll < 0.8
      ? "gzip"
      : roll < 0.95
      ? "br"
      : "gzip, deflate, br";
    return {
      method: "GET",
      path,
      headers: encoding ? { "Accept-Encoding": encoding } : {},
      expect: OK,
    };
  };

  const lines: Line[] = [];
  while (lines.length < LINES) {
    const roll = random();
    lines.push(
      roll < 0.34
        ? ok(substring())
        : roll < 0.63
        ? ok(ranked())
        : roll < 0.68
        ? ok(summary())
        : roll < 0.83
        ? ok(tool())
        : roll < 0.86
        ? {
          method: "GET",
          path: pick([substring(), summary(), tool()]),
          headers: { "If-None-Match": etag },
          expect: [3],
        }
        : invalid(),
    );
  }
  return lines;
}

/** The key of a line in the request file, which is also how wrk sends it. */
const lineText = (line: Line) =>
  [line.method, line.path, ...Object.entries(line.headers).map(([k, v]) => `${k}: ${v}`)].join(
    "\t",
  );

/**
 * Sends every distinct line once, a few at a time, and returns those whose status is not in
 * their expected classes.
 */
async function mismatches(base: string, lines: Line[]): Promise<string[]> {
  const distinct = [...new Map(lines.map((line) => [lineText(line), line])).values()];
  const wrong: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < distinct.length) {
      const line = distinct[next++];
      const response = await fetch(`${base}${line.path}`, {
        method: line.method,
        headers: line.headers,
      });
      await response.body?.cancel();
      if (!line.expect.includes(Math.floor(response.status / 100))) {
        wrong.push(`${response.status} for ${lineText(line).slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return wrong;
}

// --- The run.

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
  const tools = await allTools(server.base);
  const agentQueries = (JSON.parse(
    await Deno.readTextFile(new URL("tests/fixtures/agent_queries.json", root)),
  ) as { query: string }[]).map((entry) => entry.query);
  const probe = await fetch(`${server.base}/summary`);
  await probe.body?.cancel();
  const lines = mix(tools, agentQueries, probe.headers.get("ETag") ?? "");
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
      new URL("bench/soak.lua", root).pathname,
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
  return report(JSON.parse(json), idle, samples, lines, server) ? 0 : 1;
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
