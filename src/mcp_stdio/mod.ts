/**
 * The local MCP server of tool-index, over stdio: an MCP client (Claude Desktop, Claude Code,
 * Cursor) starts it, finds tools with `climax_search` and runs them with `climax_call`, on this
 * machine, never through a shell.
 *
 * It serves the bundled configs, or those of the directory `CONFIG_DIR` names, and the tools of
 * the MCP servers of the MCP config file `MCP_CONFIG` names (stdio programs it starts, and HTTP
 * servers), under the policy file `POLICY_FILE` names, if any: the tools it leaves out can be
 * neither found nor called, its constraints are checked before anything runs, and its executor
 * says where the commands run. The configs and the MCP config file are reloaded when they change.
 * `--classic` lists every tool it can call directly instead of the meta-tools, and the list
 * follows the sources as they list their tools and reload. It needs `--allow-read`
 * (the configs), `--allow-env` (its settings, and `$VAR`s in configs), `--allow-run` (the programs
 * the configs and the MCP config name) and, for HTTP servers, `--allow-net`.
 *
 * @example Run it as an MCP client would
 * ```sh
 * deno run --allow-read --allow-env --allow-run --allow-net jsr:@climax/tool-index/mcp
 * ```
 *
 * @module
 */
// Ranked search reads the related-words table: it comes with the server as a JSON module, which
// works from JSR.
import "../search/bundled_related_words.ts";
import process from "node:process";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { ConfigError } from "../errors.ts";
import type { PolicyConfig } from "../policy_types.ts";
import { LiveCatalogue } from "../catalogue/live.ts";
import { HYBRID_MODE, hybridMode } from "../catalogue/hybrid_mode.ts";
import { BUNDLED_CONFIGS } from "../config/files.ts";
import { loadPolicyFile } from "../catalogue/policy_file.ts";
import {
  SettingsError,
  type SourceSettings,
  sourceSettingsFromEnv,
} from "../catalogue/source_settings.ts";
import { localServer } from "./server.ts";

const USAGE =
  `Usage: deno run --allow-read --allow-env --allow-run --allow-net jsr:@climax/tool-index/mcp [--classic]

Serves the bundled configs, or those of CONFIG_DIR, and the tools of the MCP servers
of MCP_CONFIG, to an MCP client over stdio: climax_search and climax_get find tools,
climax_call runs them on this machine.

Options:
  --classic    List every tool directly instead of the meta-tools (the configs', and those
               of MCP_CONFIG's servers as they list them)
  -h, --help   Show this help

Settings (environment):
  CONFIG_DIR    The directory of configs to serve (default: the bundled ones)
  MCP_CONFIG    An MCP config file (mcpServers, as MCP clients write it): the tools
                of its stdio and HTTP servers are served too
  MCP_SERVERS, MCP_REFRESH_SECONDS, MCP_TIMEOUT_SECONDS
                as for the service (see the README's settings)
  WATCH_CONFIG  0 to read CONFIG_DIR and MCP_CONFIG once instead of on every change
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
let policy: PolicyConfig | undefined;
let catalogue: LiveCatalogue;
let settings: SourceSettings;
try {
  settings = sourceSettingsFromEnv((name) => Deno.env.get(name), true);
  const { configDir, policyFile } = settings;
  policy = policyFile === null ? undefined : await loadPolicyFile(policyFile, configDir, warn);
  const hybrid = hybridMode(configDir ?? BUNDLED_CONFIGS, warn);
  catalogue = await LiveCatalogue.open({
    dir: configDir ?? undefined,
    policy,
    watch: settings.watchConfig,
    upstreams: settings.upstreams,
    mcpConfig: settings.mcpConfig ?? undefined,
    refreshSeconds: settings.refreshSeconds,
    timeoutMs: settings.upstreamTimeoutSeconds * 1000,
    report: warn,
    searchers: { [HYBRID_MODE]: hybrid.searcher },
  });
  hybrid.follow(catalogue.registry);
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof SettingsError)) throw error;
  stop(error.message);
}
const errors = catalogue.fileErrors();
if (errors.length > 0) {
  await catalogue.close();
  stop(errors.map((error) => error.message).join("\n"));
}
const connection = serveStdio(() =>
  localServer(catalogue.registry, {
    classic: args.has("--classic"),
    executor: policy?.executor ?? { type: "local" },
    exposeEnv: false,
    callers: catalogue.callers,
    ready: () => catalogue.ready(),
    callTimeoutMs: settings.callTimeoutSeconds * 1000,
  })
);
// When the client goes (stdin ends) or the process is told to stop, the upstreams' programs
// are stopped before it exits: none outlives it.
// A second signal exits at once; the signal a client sends after closing stdin is a first.
let stopping: Promise<unknown> | undefined;
let signalled = false;
const shutdown = () => {
  stopping ??= Promise.all([connection.close(), catalogue.close()]).finally(() => Deno.exit(0));
};
const onSignal = () => {
  if (signalled) Deno.exit(1);
  signalled = true;
  shutdown();
};
process.stdin.on("end", shutdown);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  try {
    Deno.addSignalListener(signal, onSignal);
  } catch {
    // Where the signal cannot be listened for (SIGTERM on Windows), the default stands.
  }
}
