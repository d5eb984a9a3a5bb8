// Throughput on loopback with wrk (Debian: apt-get install wrk): the service's /search and
// /summary beside a bare one-route Hono app, started the same way, in one run; /search once more
// with a new ranked request each time, compressed as clients ask (`new_searches.lua`), which
// the response cache never answers, as an agent's requests seldom repeat; and beside a
// plain Deno server that sends the search's answer, its bytes and headers, with no work behind
// it: issue 41 asks /search for at least 0.9× of that server. The same server once more, reading
// the request's URL and Accept-Encoding first, shows what reading the request costs any server
// whose answer depends on them, as the service's does. Every server is up from the start
// and each round gives each route its share of the time in turn, so that a slow spell of a
// shared machine slows them all alike instead of one.
//
//   deno run --allow-read --allow-write --allow-env --allow-net --allow-run bench/load.ts \
//     [seconds per route] [connections] [rounds]
import { serveEntry as serve, type Server } from "../support/server.ts";
import { median } from "./_measure.ts";
import { requireWrk } from "./_wrk.ts";

const seconds = Number(Deno.args[0] ?? 30);
const connections = Number(Deno.args[1] ?? 50);
const rounds = Number(Deno.args[2] ?? 3);
const root = new URL("../", import.meta.url).pathname;
const SEARCH = "/search?query=commit&limit=10";

await requireWrk();

interface Round {
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

/** One wrk run of `duration` seconds; `script` makes the requests, told `start` where to begin. */
async function wrk(url: string, duration: number, script?: string, start = 0): Promise<Round> {
  const output = await new Deno.Command("wrk", {
    args: [
      "-t1",
      `-c${connections}`,
      `-d${duration}s`,
      "--latency",
      ...(script === undefined ? [] : ["-s", script]),
      url,
      ...(script === undefined ? [] : ["--", String(start)]),
    ],
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

interface Route {
  label: string;
  url: string;
  /** A wrk script that makes each request, when the URL alone does not. */
  script?: string;
  rounds: Round[];
}

const servers: Server[] = [];
const answerFile = await Deno.makeTempFile({ suffix: ".json" });
try {
  const bare = await serve(`${root}bench/bare_hono.ts`, "/");
  servers.push(bare);
  const service = await serve(`${root}main.ts`, "/healthz");
  servers.push(service);
  // As wrk asks, which sends no Accept-Encoding: the answer uncompressed, with its headers, as
  // the service sends it again from its cache (kept at the second request, replayed at the
  // third). Not the first answer, which is written in chunks: a chunked answer costs Deno's
  // server one write where a sized one costs two, so that server would send more than the same.
  const repeat = () =>
    fetch(`${service.base}${SEARCH}`, { headers: { "Accept-Encoding": "identity" } });
  for (let i = 0; i < 2; i++) await (await repeat()).arrayBuffer();
  const answer = await repeat();
  const headers = [...answer.headers].filter(([name]) => !/^(content-length|date)$/i.test(name));
  await Deno.writeTextFile(answerFile, JSON.stringify({ headers, body: await answer.text() }));
  // The same answer with no work behind it, with its headers and without: what sending it costs;
  // and with its headers after reading the request.
  const floors: Server[] = [];
  for (const [bodyOnly, readRequest] of [["0", "0"], ["1", "0"], ["0", "1"]]) {
    const env = { ANSWER_FILE: answerFile, BODY_ONLY: bodyOnly, READ_REQUEST: readRequest };
    const floor = await serve(`${root}bench/static_answer.ts`, "/", env);
    floors.push(floor);
    servers.push(floor);
  }
  const routes: Route[] = [
    { label: "bare Hono `/`", url: `${bare.base}/` },
    { label: `tool-index \`${SEARCH}\``, url: `${service.base}${SEARCH}` },
    { label: "tool-index `/summary`", url: `${service.base}/summary` },
    {
      label: "tool-index `/search`, a new ranked request each time, compressed as clients ask",
      url: service.base,
      script: `${root}bench/new_searches.lua`,
    },
    { label: "plain Deno, the search answer's bytes and headers", url: `${floors[0].base}/` },
    { label: "plain Deno, the search answer's bytes alone", url: `${floors[1].base}/` },
    {
      label: "plain Deno, the bytes and headers after reading the URL and Accept-Encoding",
      url: `${floors[2].base}/`,
    },
  ].map((route) => ({ ...route, rounds: [] }));

  const share = Math.max(1, Math.round(seconds / rounds));
  for (let round = 0; round < rounds; round++) {
    // Each round starts one route later, so that no route always follows the same one.
    for (let k = 0; k < routes.length; k++) {
      const route = routes[(round + k) % routes.length];
      // Each round's new searches start past the last's: 20 ** 5 orders, a million a round.
      route.rounds.push(await wrk(route.url, share, route.script, round * 1_000_000));
    }
  }
  report(routes, share);
} finally {
  for (const server of servers) await server.stop();
  await Deno.remove(answerFile);
}

function report(routes: Route[], share: number): void {
  const total = (route: Route, key: "requests" | "errors") =>
    route.rounds.reduce((sum, round) => sum + round[key], 0);
  const rps = (route: Route) =>
    route.rounds.reduce((sum, round) => sum + round.rps, 0) / route.rounds.length;
  const [bare, search, , fresh, answerFloor, bytesFloor, readingFloor] = routes;
  const anchor = rps(bare);
  console.log(
    `\n## Throughput: wrk, 1 thread, ${connections} connections, ${rounds} rounds of ${share} s ` +
      "per route, loopback\n",
  );
  console.log(
    "| route | requests/s | ratio to bare | ratio to plain, same answer | each round | p50 ms | p99 ms, worst round | requests | errors |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const route of routes) {
    const each = route.rounds.map((round) => round.rps.toFixed(0)).join(" / ");
    const p50 = median(route.rounds.map((round) => round.p50));
    const p99 = Math.max(...route.rounds.map((round) => round.p99));
    console.log(
      `| ${route.label} | ${rps(route).toFixed(0)} | ${(rps(route) / anchor).toFixed(2)}× | ${
        (rps(route) / rps(answerFloor)).toFixed(2)
      }× | ${each} | ${p50.toFixed(2)} | ${p99.toFixed(2)} | ${total(route, "requests")} | ${
        total(route, "errors")
      } |`,
    );
  }
  // Each round's ratio pairs runs made one after the other, which a slow spell weighs on alike.
  const byRound = (floor: Route) =>
    search.rounds.map((round, i) => (round.rps / floor.rounds[i].rps).toFixed(2)).join(" / ");
  console.log(
    `\ntool-index /search reaches ${
      (rps(search) / rps(answerFloor)).toFixed(2)
    }× the plain server that sends the same answer (each round: ${byRound(answerFloor)}), and ${
      (rps(search) / rps(readingFloor)).toFixed(2)
    }× that server when it reads the request's URL and Accept-Encoding first (each round: ${
      byRound(readingFloor)
    }); the plain server reaches ${(rps(answerFloor) / anchor).toFixed(2)}× the bare app, and ${
      (rps(bytesFloor) / anchor).toFixed(2)
    }× with the bytes alone.`,
  );
  console.log(
    `A new ranked search each time, compressed: ${rps(fresh).toFixed(0)} requests/s, ${
      (rps(fresh) / rps(search)).toFixed(2)
    }× the repeated one's, p50 ${median(fresh.rounds.map((round) => round.p50)).toFixed(2)} ms.`,
  );
  console.log(
    "Targets (issue 41): /search at least 0.9× the plain server that sends the same answer, " +
      "p99 under 10 ms, zero errors.",
  );
}
