/**
 * The local MCP server of tool-index, over stdio: an MCP client (Claude Desktop, Claude Code,
 * Cursor) starts it, finds tools with `climax_search` and runs them with `climax_call`, on this
 * machine, never through a shell.
 *
 * It serves the bundled configs, or those of the directory `CONFIG_DIR` names. `--classic` lists
 * every tool directly instead of the meta-tools. It needs `--allow-read` (the configs),
 * `--allow-env` (its settings, and `$VAR`s in configs) and `--allow-run` (the programs the configs
 * name); no network.
 *
 * @example Run it as an MCP client would
 * ```sh
 * deno run --allow-read --allow-env --allow-run jsr:@climax/tool-index/mcp
 * ```
 *
 * @module
 */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { loadCatalogue } from "../catalogue/load.ts";
import { BUNDLED_CONFIGS } from "../config/files.ts";
import { localServer } from "./server.ts";

const USAGE =
  `Usage: deno run --allow-read --allow-env --allow-run jsr:@climax/tool-index/mcp [--classic]

Serves the bundled configs, or those of CONFIG_DIR, to an MCP client over stdio:
climax_search and climax_get find tools, climax_call runs them on this machine.

Options:
  --classic    List every tool directly instead of the meta-tools
  -h, --help   Show this help

Settings (environment): CONFIG_DIR, the directory of configs to serve.`;

const args = new Set(Deno.args);
if (args.has("--help") || args.has("-h")) {
  console.log(USAGE);
  Deno.exit(0);
}
for (const arg of args) {
  if (arg !== "--classic") {
    console.error(`Unknown option ${arg}\n\n${USAGE}`);
    Deno.exit(2);
  }
}

// Standard output carries the protocol: everything else goes to standard error.
const warn = (message: string) => console.error(message);
const dir = Deno.env.get("CONFIG_DIR") || BUNDLED_CONFIGS;
const catalogue = await loadCatalogue(dir, { warn });
if (catalogue.errors.length > 0) {
  const messages = catalogue.errors.map((error) => error.message).join("\n");
  console.error(`tool-index mcp cannot start:\n${messages}`);
  Deno.exit(1);
}
const registry = catalogue.registry.snapshot();
serveStdio(() =>
  localServer(registry, {
    classic: args.has("--classic"),
    executor: { type: "local" },
    exposeEnv: false,
  })
);
