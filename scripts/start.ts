// `deno task start`: serves main.ts on PORT (default 8000), which `deno serve` cannot read.
import service from "../main.ts";

const port = Deno.env.get("PORT") ?? "8000";
if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) {
  console.error(`PORT must be a port number from 0 to 65535, got "${port}"`);
  Deno.exit(1);
}
Deno.serve({ port: Number(port) }, service.fetch);
