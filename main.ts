/**
 * The tool-index service: builds the index once at cold start from the bundled `configs/` (or
 * the directory named by `CONFIG_DIR`) and the upstream MCP servers of `MCP_CONFIG` and
 * `MCP_SERVERS`, and answers search, summary and get over HTTP and MCP.
 *
 * Run it with `deno task start`, `deno serve main.ts`, or on Deno Deploy, unchanged: the
 * default export is an object with `fetch`.
 *
 * @module
 */
import { StartError, startService } from "./src/http/start.ts";

let app: Awaited<ReturnType<typeof startService>>;
try {
  app = await startService((name) => Deno.env.get(name), { stopOnSignals: true });
} catch (error) {
  if (!(error instanceof StartError)) throw error;
  console.error(error.message);
  Deno.exit(1);
}

export default { fetch: app.fetch };
