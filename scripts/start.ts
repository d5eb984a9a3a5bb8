// `deno task start`: serves main.ts on PORT (default 8000), which `deno serve` cannot read, and
// reloads the config directory's files when they change unless WATCH_CONFIG says otherwise.
const port = Deno.env.get("PORT") ?? "8000";
if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) {
  console.error(`PORT must be a port number from 0 to 65535, got "${port}"`);
  Deno.exit(1);
}
if (Deno.env.get("WATCH_CONFIG") === undefined) Deno.env.set("WATCH_CONFIG", "1");
// Imported once the environment is set: the service reads its settings as it is imported.
const { default: service } = await import("../main.ts");
Deno.serve({ port: Number(port) }, service.fetch);
