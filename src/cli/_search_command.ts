// `search`: what an agent gets for a query, from the same ToolIndex the service builds.
import { ToolIndex } from "../index/tool_index.ts";
import { ToolRegistry } from "../registry/tool_registry.ts";
import type { McpToolList } from "../config/mcp_tool_list.ts";
import type { CLImaxConfig, ToolIndexEntry } from "../types.ts";
import { DEFAULT_LIMIT, quotedModes, type SearchParams } from "../index/search_params.ts";
import { DEFAULT_MODE } from "../index/search_modes.ts";
import type { RegistrySearchParams } from "../registry/registry_params.ts";
import type { ToolRegistryOptions } from "../registry/registry_options.ts";
import { type EmptySearchHint, emptySearchHint } from "../index/ranked_hint.ts";
import { isServiceMode, SERVICE_MODES } from "../catalogue/served_modes.ts";
import { ModelFileError } from "../hybrid/mod.ts";
import { createHybridSearcher, HYBRID_MODE, readStoredVectors } from "../catalogue/hybrid_mode.ts";
import { BUNDLED_CONFIGS } from "../config/files.ts";
import { parseCommandArgs, UsageError } from "./_args.ts";
import { type Command, LOCAL, PROGRAM } from "./_command.ts";
import { EXIT_OK, EXIT_USAGE, type Io } from "./_io.ts";
import { loadInputs, type Sources } from "./_inputs.ts";
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
  const filters = { query, category: values.category, cli: values.cli, limit: Number(limit) };
  // A browse, and a page of no tools, are alike in every mode: no table is loaded for them.
  const found = mode === HYBRID_MODE && query.trim() !== "" && filters.limit > 0
    ? await hybridSearch(loaded, inputs.length === 0, { ...filters, mode }, io)
    : indexSearch(loaded, { ...filters, mode: mode === HYBRID_MODE ? DEFAULT_MODE : mode });
  if ("status" in found) return found.status;
  const { results } = found;
  const hint = {
    ranked: "Hint: the query's words rank tools; search with --mode ranked to see them.",
    summary: "Hint: no tool matches these words; list shows what there is.",
    none: undefined,
  }[found.hint ?? "none"];

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

/** The tools a search found, and where a search that found none points. */
interface Found {
  results: ToolIndexEntry[];
  hint: EmptySearchHint | null;
}

/**
 * A search of the index's modes: of an index of the configs alone, as CLImax's server builds
 * one, or, with MCP tool lists among them, of a registry of both, as the service holds them.
 */
function indexSearch({ configs, toolLists }: Sources, params: SearchParams): Found {
  const index = toolLists.length === 0
    ? ToolIndex.fromConfigs(configs, { onWarning: () => {} })
    : entriesOf(registryOf(configs, toolLists));
  const results = index.search(params);
  return { results, hint: emptySearchHint((p) => index.search(p), params, results.length) };
}

/**
 * A hybrid search, as the service's: a registry of the sources with its hybrid searcher, which
 * loads the token table, takes the bundled tools' vectors as `deno task catalogue` stored them
 * and encodes the others now. A table that cannot be read is a file that cannot be read.
 */
async function hybridSearch(
  { configs, toolLists }: Sources,
  bundled: boolean,
  params: RegistrySearchParams,
  io: Io,
): Promise<Found | { status: number }> {
  let registry: ToolRegistry;
  try {
    const vectors = bundled ? readStoredVectors(BUNDLED_CONFIGS, io.err) : undefined;
    const searcher = await createHybridSearcher(vectors);
    registry = registryOf(configs, toolLists, { [HYBRID_MODE]: searcher });
    await registry.prepareSearch(params);
  } catch (error) {
    if (!(error instanceof ModelFileError)) throw error;
    const remote = !LOCAL && error.cause instanceof Deno.errors.NotCapable
      ? "; from JSR, hybrid search reads its table over the network: add --allow-net=jsr.io"
      : "";
    io.err(`Hybrid search cannot load: ${error.message}${remote}`);
    return { status: EXIT_USAGE };
  }
  const results = entriesOf(registry).search(params);
  return { results, hint: emptySearchHint((p) => registry.search(p), params, results.length) };
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
function entriesOf(
  registry: ToolRegistry,
): { search(params: RegistrySearchParams): ToolIndexEntry[] } {
  return {
    search: (params) => registry.search(params).map(({ id: _id, ...entry }) => entry),
  };
}
