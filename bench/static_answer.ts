// The floor of the service benchmarks: a plain Deno server, no Hono and no logic, that sends
// the bytes and headers recorded in ANSWER_FILE (written by load.ts from a real answer), or
// the bytes alone with BODY_ONLY=1. It sends clones of one Response, the cheapest way Deno
// has to send the same answer again: a clone shares the bytes and skips header validation.
// With READ_REQUEST=1 it first reads what any server that answers by URL and encoding must
// read, the request's URL and its Accept-Encoding, and sends the same answer whatever they say.
const { headers, body } = JSON.parse(await Deno.readTextFile(Deno.env.get("ANSWER_FILE")!));
const answer = new Response(
  new TextEncoder().encode(body),
  Deno.env.get("BODY_ONLY") === "1" ? {} : { headers },
);

const fetch = Deno.env.get("READ_REQUEST") === "1"
  ? (request: Request) => {
    // Read and dropped: reading them is the cost measured.
    void request.url;
    void request.headers.get("accept-encoding");
    return answer.clone();
  }
  : () => answer.clone();

export default { fetch };
