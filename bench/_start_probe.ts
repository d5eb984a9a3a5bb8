// One cold start timed inside its process, for `bench/cold_start.ts`: the milliseconds spent
// importing the app's modules, starting it, and answering its first request (asking for
// `gzip, br`, as Deno's fetch does), printed as one line of JSON. What Deno does before the
// first line of this module runs is not in it. Then the same once more in the same process,
// where every function the first start and answer ran has run before: a second service started
// and answering the same request (the zod app, which has no start, answers it again). What the
// second takes is the work itself; what the first takes beyond it, running code for the first
// time in the process.
//
//   deno run --allow-read --allow-env --allow-net --allow-run bench/_start_probe.ts service|zod <path>
const [app, path] = Deno.args;

/** Milliseconds to make the app, and to answer `path` with it. */
async function timed(
  make: () => Promise<(request: Request) => Response | Promise<Response>>,
): Promise<{ status: number; start: number; first: number }> {
  const begun = performance.now();
  const fetchAnswer = await make();
  const started = performance.now();
  const answer = await fetchAnswer(
    new Request(`http://localhost${path}`, { headers: { "Accept-Encoding": "gzip, br" } }),
  );
  await answer.arrayBuffer();
  return { status: answer.status, start: started - begun, first: performance.now() - started };
}

const begun = performance.now();
let make: () => Promise<(request: Request) => Response | Promise<Response>>;
if (app === "service") {
  const { startService } = await import("../src/http/start.ts");
  make = async () => (await startService((name) => Deno.env.get(name))).fetch;
} else {
  const { default: bare } = await import("./bare_hono_zod.ts");
  make = () => Promise.resolve(bare.fetch);
}
const imported = performance.now() - begun;
const once = await timed(make);
// What the first start leaves until it has answered (registering its sources, checking its
// code, reading the related-words table) is done before the second one is timed.
await new Promise((resolve) => setTimeout(resolve, 100));
const again = await timed(make);
console.log(JSON.stringify({
  status: once.status === 200 ? again.status : once.status,
  import: imported,
  start: once.start,
  first: once.first,
  startAgain: again.start,
  firstAgain: again.first,
}));
