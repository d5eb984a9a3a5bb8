// One cold start timed inside its process, for `bench/cold_start.ts`: the milliseconds spent
// importing the app's modules, starting it, and answering its first request (asking for
// `gzip, br`, as Deno's fetch does), printed as one line of JSON. What Deno does before the
// first line of this module runs is not in it.
//
//   deno run --allow-read --allow-env --allow-net --allow-run bench/_start_probe.ts service|zod <path>
const [app, path] = Deno.args;
const begun = performance.now();
let fetchAnswer: (request: Request) => Response | Promise<Response>;
let imported: number;
let started: number;
if (app === "service") {
  const { startService } = await import("../src/http/start.ts");
  imported = performance.now();
  const service = await startService((name) => Deno.env.get(name));
  started = performance.now();
  fetchAnswer = service.fetch;
} else {
  const { default: bare } = await import("./bare_hono_zod.ts");
  imported = started = performance.now();
  fetchAnswer = bare.fetch;
}
const answer = await fetchAnswer(
  new Request(`http://localhost${path}`, { headers: { "Accept-Encoding": "gzip, br" } }),
);
await answer.arrayBuffer();
const answered = performance.now();
console.log(JSON.stringify({
  status: answer.status,
  import: imported - begun,
  start: started - imported,
  first: answered - started,
}));
