// `deno task start`: serves main.ts on HOST and PORT (default 127.0.0.1:8000), which `deno serve`
// cannot read, and reloads the config directory's files when they change unless WATCH_CONFIG
// says otherwise. Loopback by default: the service has no auth and allows every origin unless
// told otherwise, so reaching it from other machines is the operator's choice (HOST=0.0.0.0).
const hostname = Deno.env.get("HOST") ?? "127.0.0.1";
// A name or an address, IPv6 in its bare form: what Deno.serve takes as `hostname`.
if (!/^[A-Za-z0-9.:-]{1,253}$/.test(hostname)) {
  console.error(`HOST must be a host name or an IP address such as 0.0.0.0, got "${hostname}"`);
  Deno.exit(1);
}
const port = Deno.env.get("PORT") ?? "8000";
if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) {
  console.error(`PORT must be a port number from 0 to 65535, got "${port}"`);
  Deno.exit(1);
}
// A service that calls tools (through the MCP servers it names) answers other machines only
// behind a token: without one, anyone who can reach the address could call them.
const loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].includes(hostname.toLowerCase());
const calls = Boolean(Deno.env.get("MCP_CONFIG") || Deno.env.get("MCP_SERVERS"));
if (!loopback && calls && !Deno.env.get("AUTH_TOKEN")) {
  console.error(
    `HOST=${hostname} lets other machines call the tools of the MCP servers this index names: ` +
      "set AUTH_TOKEN (clients then send Authorization: Bearer <token>), or listen on 127.0.0.1",
  );
  Deno.exit(1);
}
if (Deno.env.get("WATCH_CONFIG") === undefined) Deno.env.set("WATCH_CONFIG", "1");
// Imported once the environment is set: the service reads its settings as it is imported.
const { default: service } = await import("../main.ts");
Deno.serve({ hostname, port: Number(port) }, service.fetch);
