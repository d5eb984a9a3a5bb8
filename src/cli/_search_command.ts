// `search`: what an agent gets for a query, from the same ToolIndex the service builds.
import { ToolIndex } from "../index/tool_index.ts";
import { ToolRegistry } from "../registry/tool_registry.ts";
import type { McpToolList } from "../config/mcp_tool_list.ts";
import type { CLImaxConfig, ToolIndexEntry } from "../types.ts";
import { DEFAULT_LIMIT, quotedModes } from "../index/search_params.ts";
import { DEFAULT_MODE } from "../index/search_modes.ts";
import type { RegistrySearchParams } from "../registry/registry_params.ts";
import type { ToolRegistryOptions } from "../registry/registry_options.ts";
import { emptySearchHint } from "../index/ranked_hint.ts";
import { isServiceMode, SERVICE_MODES, type ServiceMode } from "../catalogue/served_modes.ts";
import { createHybridSearcher, HYBRID_MODE, readStoredVectors } from "../catalogue/hybrid_mode.ts";
import { BUNDLED_CONFIGS } from "../config/files.ts";
import { parseCommandArgs, UsageError } from "./_args.ts";
import { type Command, PROGRAM } from "./_command.ts";
import { EXIT_OK, type Io } from "./_io.ts";
import { loadInputs } from "./_inputs.ts";
import { renderTable } from "./_table.ts";

const USAGE = `${PROGRAM} search [--mode ${
  SERVICE_MODES.join("|")
}] [--category C] [--cli N] [--limit K] [--json] <query> [file or directory]...`;

/** The `search` command. */
export const searchCommand: Command = {
  name: "search",
  summary: "Search the tools as an agent does",
  usage: USAGE,
  help: `Search the tools of configs as an agent does, and show what it would get.

Usage: ${USAGE}

With no file or directory, searches the bundled configs. An empty query ("")
with --category or --cli browses. Results print as a table (tool, CLI, category,
description), or as the JSON array of entries, input schemas included, with --json.

Options:
  --mode MODE      substring (default): a case-insensitive literal substring of the
                   tool name, description, CLI name, category or a tag, in load order;
                   ranked: the tools sharing a word with the query, best first;
                   hybrid: the query's words weighed with their meaning, so that a tool
                   that says the same in other words is found too, and nothing when no
                   tool comes near
  --category C     Only tools of this category (case-insensitive, exact)
  --cli N          Only tools of the CLI with this name (case-insensitive, exact)
  --limit K        At most K results (default ${DEFAULT_LIMIT})
  --json           Print the results as JSON
  -h, --help       Show this help

Exit status: 0 searched (even with no result), 1 an invalid config, 2 a usage error
or a file that cannot be read.`,
  run: search,
};

async function search(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    mode: { type: "string" },
    category: { type: "string" },
    cli: { type: "string" },
    limit: { type: "string" },
    json: { type: "boolean" },
  });
  if (values.help) {
    io.out(searchCommand.help);
    return EXIT_OK;
  }
  const [query, ...inputs] = positionals;
  if (query === undefined) {
    throw new UsageError('Give a query, or "" to browse with --category or --cli');
  }
  const mode = values.mode ?? DEFAULT_MODE;
  if (!isServiceMode(mode)) {
    throw new UsageError(`The mode must be ${quotedModes(SERVICE_MODES)}, got "${mode}"`);
  }
  const limit = values.limit ?? String(DEFAULT_LIMIT);
  if (!/^\d+$/.test(limit)) {
    throw new UsageError(`The limit must be a whole number, got "${limit}"`);
  }

  const loaded = await loadInputs(inputs, io);
  if ("status" in loaded) return loaded.status;
  const params = { query, category: values.category, cli: values.cli, limit: Number(limit), mode };
  const index = mode === HYBRID_MODE
    ? await hybridSearchable(loaded.configs, loaded.toolLists, inputs.length === 0, params, io)
    : searchable(loaded.configs, loaded.toolLists);
  const results = index.search(params);
  const hint = {
    ranked: "Hint: the query's words rank tools; search with --mode ranked to see them.",
    summary: "Hint: no tool matches these words; list shows what there is.",
    none: undefined,
  }[emptySearchHint((p) => index.search(p), params, results.length) ?? "none"];

  if (values.json) {
    io.out(JSON.stringify(results, null, 2));
    if (hint !== undefined) io.err(hint);
  } else if (results.length === 0) {
    io.out("No tool matches.");
    if (hint !== undefined) io.out(hint);
  } else {
    const { color } = io;
    const rows = results.map((entry) => [
      entry.tool_name,
      entry.cli_name,
      entry.category ?? "",
      entry.description,
    ]);
    const columns = [
      { header: "tool", style: color.green },
      { header: "cli" },
      { header: "category" },
      { header: "description", wrap: true },
    ];
    for (const line of renderTable(columns, rows, io.width, color.bold)) io.out(line);
  }
  return EXIT_OK;
}

/** The parameters of a search of the command line, in any mode the service offers. */
interface CliSearchParams extends RegistrySearchParams {
  mode: ServiceMode;
}

/** What a search runs on: the entries as an index gives them, CLImax's fields. */
interface Searchable {
  search(params: CliSearchParams): ToolIndexEntry[];
}

/**
 * What a search of the index's modes runs on: an index of the configs alone, as CLImax's server
 * builds one, or, with MCP tool lists among them, a registry of both, as the service holds them.
 */
function searchable(configs: CLImaxConfig[], toolLists: readonly McpToolList[]): Searchable {
  if (toolLists.length > 0) return entriesOf(registryOf(configs, toolLists));
  const index = ToolIndex.fromConfigs(configs, { onWarning: () => {} });
  return {
    search: (params) => {
      if (params.mode === HYBRID_MODE) throw new RangeError("An index has no hybrid mode");
      return index.search({ ...params, mode: params.mode });
    },
  };
}

/**
 * A registry of the configs and tool lists with the service's hybrid searcher, prepared for
 * `params`: the bundled tools' vectors as `deno task catalogue` stored them, the others encoded
 * now, as the service encodes a source's tools when it registers.
 */
async function hybridSearchable(
  configs: CLImaxConfig[],
  toolLists: readonly McpToolList[],
  bundled: boolean,
  params: CliSearchParams,
  io: Io,
): Promise<Searchable> {
  const vectors = bundled ? readStoredVectors(BUNDLED_CONFIGS, io.err) : undefined;
  const searcher = await createHybridSearcher(vectors);
  const registry = registryOf(configs, toolLists, { [HYBRID_MODE]: searcher });
  await registry.prepareSearch(params);
  return entriesOf(registry);
}

function registryOf(
  configs: CLImaxConfig[],
  toolLists: readonly McpToolList[],
  searchers?: ToolRegistryOptions["searchers"],
): ToolRegistry {
  const registry = new ToolRegistry({ onWarning: () => {}, searchers });
  for (const config of configs) registry.registerConfig(config);
  for (const { tools, ...server } of toolLists) registry.registerMcpTools(server, tools);
  return registry;
}

/** The entries as an index gives them: CLImax's fields, without the registry's ID. */
function entriesOf(registry: ToolRegistry): Searchable {
  return {
    search: (params) => registry.search(params).map(({ id: _id, ...entry }) => entry),
  };
}
