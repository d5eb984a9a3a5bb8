// The floor of the service benchmarks: a plain Deno server, no Hono and no logic, that sends
// the bytes and headers recorded in ANSWER_FILE (written by load.ts from a real answer).
const { headers, body } = JSON.parse(await Deno.readTextFile(Deno.env.get("ANSWER_FILE")!));
const bytes = new TextEncoder().encode(body);

export default { fetch: () => new Response(bytes, { headers }) };
