/**
 * The local MCP server of tool-index, over stdio: an MCP client (Claude Desktop, Claude Code,
 * Cursor) starts it, finds tools with `climax_search` and runs them with `climax_call`, on this
 * machine, never through a shell.
 *
 * It serves the bundled configs, or those of the directory `CONFIG_DIR` names, under the policy
 * file `POLICY_FILE` names, if any: the tools it leaves out can be neither found nor called, its
 * constraints are checked before anything runs, and its executor says where the commands run.
 * `--classic` lists every tool directly instead of the meta-tools. It needs `--allow-read` (the configs),
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
import { ConfigError } from "../errors.ts";
import type { PolicyConfig } from "../policy_types.ts";
import { type Catalogue, loadCatalogue } from "../catalogue/load.ts";
import { loadPolicyFile } from "../catalogue/policy_file.ts";
import { BUNDLED_CONFIGS } from "../config/files.ts";
import { localServer } from "./server.ts";

const USAGE =
  `Usage: deno run --allow-read --allow-env --allow-run jsr:@climax/tool-index/mcp [--classic]

Serves the bundled configs, or those of CONFIG_DIR, to an MCP client over stdio:
climax_search and climax_get find tools, climax_call runs them on this machine.

Options:
  --classic    List every tool directly instead of the meta-tools
  -h, --help   Show this help

Settings (environment):
  CONFIG_DIR    The directory of configs to serve (default: the bundled ones)
  POLICY_FILE   A policy file: which tools are exposed, their arguments' constraints, and
                where the commands run (local, or docker)`;

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
function stop(message: string): never {
  console.error(`tool-index mcp cannot start:\n${message}`);
  Deno.exit(1);
}
const configDir = Deno.env.get("CONFIG_DIR") || null;
const policyFile = Deno.env.get("POLICY_FILE") || null;
let policy: PolicyConfig | undefined;
let catalogue: Catalogue;
try {
  policy = policyFile === null ? undefined : await loadPolicyFile(policyFile, configDir, warn);
  catalogue = await loadCatalogue(configDir ?? BUNDLED_CONFIGS, { warn, policy });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  stop(error.message);
}
if (catalogue.errors.length > 0) stop(catalogue.errors.map((error) => error.message).join("\n"));
const registry = catalogue.registry.snapshot();
serveStdio(() =>
  localServer(registry, {
    classic: args.has("--classic"),
    executor: policy?.executor ?? { type: "local" },
    exposeEnv: false,
  })
);
