// `search`: what an agent gets for a query, from the same ToolIndex the service builds.
import { ToolIndex } from "../index/tool_index.ts";
import { ToolRegistry } from "../registry/tool_registry.ts";
import type { McpToolList } from "../config/mcp_tool_list.ts";
import type { CLImaxConfig, ToolIndexEntry } from "../types.ts";
import { DEFAULT_LIMIT, quotedModes, type SearchParams } from "../index/search_params.ts";
import { DEFAULT_MODE, SEARCH_MODES, type SearchMode } from "../index/search_modes.ts";
import { emptySearchHint } from "../index/ranked_hint.ts";
import { parseCommandArgs, UsageError } from "./_args.ts";
import { type Command, PROGRAM } from "./_command.ts";
import { EXIT_OK, type Io } from "./_io.ts";
import { loadInputs } from "./_inputs.ts";
import { renderTable } from "./_table.ts";

const USAGE = `${PROGRAM} search [--mode ${
  SEARCH_MODES.join("|")
}] [--category C] [--cli N] [--limit K] [--json] <query> [file or directory]...`;

function isMode(mode: string): mode is SearchMode {
  return (SEARCH_MODES as readonly string[]).includes(mode);
}

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
                   ranked: the tools sharing a word with the query, best first
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
  if (!isMode(mode)) {
    throw new UsageError(`The mode must be ${quotedModes()}, got "${mode}"`);
  }
  const limit = values.limit ?? String(DEFAULT_LIMIT);
  if (!/^\d+$/.test(limit)) {
    throw new UsageError(`The limit must be a whole number, got "${limit}"`);
  }

  const loaded = await loadInputs(inputs, io);
  if ("status" in loaded) return loaded.status;
  const index = searchable(loaded.configs, loaded.toolLists);
  const params = { query, category: values.category, cli: values.cli, limit: Number(limit), mode };
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

/**
 * What the search runs on: an index of the configs alone, as CLImax's server builds one, or,
 * with MCP tool lists among them, a registry of both, as the service holds them.
 */
function searchable(
  configs: CLImaxConfig[],
  toolLists: readonly McpToolList[],
): { search(params: SearchParams): ToolIndexEntry[] } {
  if (toolLists.length === 0) return ToolIndex.fromConfigs(configs, { onWarning: () => {} });
  const registry = new ToolRegistry({ onWarning: () => {} });
  for (const config of configs) registry.registerConfig(config);
  for (const { tools, ...server } of toolLists) registry.registerMcpTools(server, tools);
  // The entries as an index gives them: CLImax's fields, without the registry's ID.
  return {
    search: (params) => registry.search(params).map(({ id: _id, ...entry }) => entry),
  };
}
