// Throughput on loopback with wrk (Debian: apt-get install wrk): the service's /search and
// /summary beside a bare one-route Hono app, started the same way, in one run.
//
//   deno run --allow-read --allow-env --allow-net --allow-run bench/load.ts [seconds] [connections]
import { serveEntry as serve } from "../tests/_server.ts";

const seconds = Number(Deno.args[0] ?? 30);
const connections = Number(Deno.args[1] ?? 50);
const root = new URL("../", import.meta.url).pathname;

try {
  await new Deno.Command("wrk", { args: ["--version"], stdout: "null", stderr: "null" }).output();
} catch {
  console.error("wrk is not installed: apt-get install wrk");
  Deno.exit(2);
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

/** Milliseconds from wrk's latency notation (`812.00us`, `1.20ms`, `2.01s`). */
function ms(value: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(value);
  if (!match) throw new Error(`Unexpected latency ${value}`);
  const n = Number(match[1]);
  return match[2] === "us" ? n / 1000 : match[2] === "ms" ? n : n * 1000;
}

async function wrk(url: string): Promise<Result> {
  const output = await new Deno.Command("wrk", {
    args: ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", url],
    stdout: "piped",
  }).output();
  const text = new TextDecoder().decode(output.stdout);
  const number = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: ms(/^\s+50%\s+(\S+)/m.exec(text)![1]),
    p99: ms(/^\s+99%\s+(\S+)/m.exec(text)![1]),
    requests: number(/(\d+) requests in/),
    errors: socketErrors + number(/Non-2xx or 3xx responses: (\d+)/),
  };
}

const rows: [string, Result][] = [];
/** Runs wrk on `url` and adds its row to the table. */
async function measure(label: string, url: string): Promise<Result> {
  const result = await wrk(url);
  rows.push([label, result]);
  return result;
}

let bareResult: Result;
const bare = await serve(`${root}bench/bare_hono.ts`, "/");
try {
  bareResult = await measure("bare Hono `/`", `${bare.base}/`);
} finally {
  await bare.stop();
}
const SEARCH = "/search?query=commit&limit=10";
const answerFile = await Deno.makeTempFile({ suffix: ".json" });
let searchResult: Result;
const service = await serve(`${root}main.ts`, "/healthz");
try {
  searchResult = await measure(`tool-index \`${SEARCH}\``, `${service.base}${SEARCH}`);
  await measure("tool-index `/summary`", `${service.base}/summary`);
  const answer = await fetch(`${service.base}${SEARCH}`);
  const headers = [...answer.headers].filter(([name]) => !/^(content-length|date)$/i.test(name));
  await Deno.writeTextFile(answerFile, JSON.stringify({ headers, body: await answer.text() }));
} finally {
  await service.stop();
}
// The same answer with no work behind it, with its headers and without: what sending it costs.
const floors: Result[] = [];
try {
  for (const [name, bodyOnly] of [["bytes and headers", "0"], ["bytes alone", "1"]]) {
    const env = { ANSWER_FILE: answerFile, BODY_ONLY: bodyOnly };
    const floor = await serve(`${root}bench/static_answer.ts`, "/", env);
    try {
      floors.push(await measure(`plain Deno, the search answer's ${name}`, `${floor.base}/`));
    } finally {
      await floor.stop();
    }
  }
} finally {
  await Deno.remove(answerFile);
}
const [answerFloor, bytesFloor] = floors;

const anchor = bareResult.rps;
console.log(
  `\n## Throughput: wrk, 1 thread, ${connections} connections, ${seconds} s each, loopback\n`,
);
console.log("| route | requests/s | ratio to bare | p50 ms | p99 ms | requests | errors |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const [name, r] of rows) {
  console.log(
    `| ${name} | ${r.rps.toFixed(0)} | ${(r.rps / anchor).toFixed(2)}× | ${r.p50.toFixed(2)} | ${
      r.p99.toFixed(2)
    } | ${r.requests} | ${r.errors} |`,
  );
}
console.log(
  `\ntool-index /search reaches ${
    (searchResult.rps / answerFloor.rps).toFixed(2)
  }× the plain server that sends the same answer; that server reaches ${
    (answerFloor.rps / anchor).toFixed(2)
  }× the bare app, and ${(bytesFloor.rps / anchor).toFixed(2)}× with the bytes alone.`,
);
console.log("Targets: at least 0.7× the bare app's requests/s, p99 under 10 ms, zero errors.");
