/**
 * The data model of the live catalogue, `ToolRegistry`: tools known by `namespace:name`, the
 * backends that reach them, MCP tools as servers list them, change events and searchers.
 * Interfaces only; data fields keep snake_case, as everything a client reads does.
 *
 * @module
 */
import type { ArgConstraint, ToolArg, ToolDef, ToolIndexEntry } from "../types.ts";

/** How a backend reaches a tool: by running a CLImax command line, over MCP, or in process. */
export type BackendKind = "climax" | "mcp" | "local";

/**
 * A tool reached by running its CLImax command line: what `ToolIndex.get` resolves, with the
 * config it comes from as its `id`.
 *
 * @example
 * ```ts
 * import type { ClimaxBackend } from "@climax/tool-index";
 *
 * const backend: ClimaxBackend = {
 *   kind: "climax",
 *   id: "git",
 *   tool: { name: "git_status", description: "Show the working tree status", command: "status", args: [], timeout: null },
 *   base_command: "git",
 *   env: {},
 *   working_dir: null,
 *   global_args: [],
 * };
 * ```
 */
export interface ClimaxBackend {
  /** `"climax"`. */
  kind: "climax";
  /** The source: the config's name, or the file it was read from. */
  id: string;
  /** The tool's definition in the config. */
  tool: ToolDef;
  /** The config's base command. */
  base_command: string;
  /** The config's environment variables. */
  env: Record<string, string>;
  /** The config's working directory, or `null`. */
  working_dir: string | null;
  /** The config's global arguments. */
  global_args: ToolArg[];
  /**
   * The description a policy gives the tool (what its entry shows), or `null`; present only
   * when the config was registered under a policy.
   */
  description_override?: string | null;
  /** A policy's constraints of the tool's arguments; present only under a policy. */
  arg_constraints?: Record<string, ArgConstraint>;
}

/**
 * A tool reached through an MCP server.
 *
 * @example
 * ```ts
 * import type { McpBackend } from "@climax/tool-index";
 *
 * const backend: McpBackend = { kind: "mcp", id: "github", url: "https://api.githubcopilot.com/mcp/" };
 * ```
 */
export interface McpBackend {
  /** `"mcp"`. */
  kind: "mcp";
  /** The server's name. */
  id: string;
  /** Where the server answers, or `null` when the library user reaches it another way. */
  url: string | null;
}

/**
 * A tool that the library user runs in process, by a handler of this name.
 *
 * @example
 * ```ts
 * import type { LocalBackend } from "@climax/tool-index";
 *
 * const backend: LocalBackend = { kind: "local", id: "format_date" };
 * ```
 */
export interface LocalBackend {
  /** `"local"`. */
  kind: "local";
  /** The name of the handler. */
  id: string;
}

/**
 * How a tool is reached. A tool may have several, one of each `kind` and `id`.
 *
 * @example
 * ```ts
 * import type { ToolBackend } from "@climax/tool-index";
 *
 * const backends: ToolBackend[] = [
 *   { kind: "mcp", id: "github", url: null },
 *   { kind: "local", id: "github_cache" },
 * ];
 * ```
 */
export type ToolBackend = ClimaxBackend | McpBackend | LocalBackend;

/**
 * A tool as a registry holds it: its definition, the same for every backend that reaches it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolRegistry } from "@climax/tool-index";
 *
 * const registry = new ToolRegistry();
 * registry.registerMcpTools("github", [
 *   { name: "search_issues", description: "Search issues", inputSchema: { type: "object" } },
 * ]);
 * assert.equal(registry.getTool("github:search_issues")?.tool.namespace, "github");
 * ```
 */
export interface RegistryTool {
  /** `namespace:name`; see `toolId` for a namespace that holds `:` or `%`. */
  id: string;
  /** The source's name: a config's `name`, or an MCP server's. */
  namespace: string;
  /** The tool's name in its namespace. */
  name: string;
  /** A name for people, or `null`. */
  title: string | null;
  /** What the tool does. */
  description: string;
  /** The JSON Schema of the tool's arguments. */
  input_schema: Record<string, unknown>;
  /** Hints about the tool's behaviour, or `null`. */
  annotations: Record<string, unknown> | null;
  /** The JSON Schema of its structured result (an MCP tool's `outputSchema`), or `null`. */
  output_schema: Record<string, unknown> | null;
  /** The category of its source, or `null`. */
  category: string | null;
  /** The tags of its source. */
  tags: string[];
}

/**
 * A tool to register: its namespace and name, and what defaults leave out.
 *
 * @example
 * ```ts
 * import { ToolRegistry, type ToolRegistration } from "@climax/tool-index";
 *
 * const registration: ToolRegistration = {
 *   tool: { namespace: "dates", name: "format_date", input_schema: { type: "object" } },
 *   backend: { kind: "local", id: "format_date" },
 * };
 * new ToolRegistry().registerMany([registration]);
 * ```
 */
export interface RegistryToolInput {
  /** See {@linkcode RegistryTool.namespace}. */
  namespace: string;
  /** See {@linkcode RegistryTool.name}. */
  name: string;
  /** See {@linkcode RegistryTool.title}. Default `null`. */
  title?: string | null;
  /** See {@linkcode RegistryTool.description}. Default `""`. */
  description?: string;
  /** See {@linkcode RegistryTool.input_schema}: an object schema. */
  input_schema: Record<string, unknown>;
  /** See {@linkcode RegistryTool.annotations}. Default `null`. */
  annotations?: Record<string, unknown> | null;
  /** See {@linkcode RegistryTool.output_schema}: an object schema. Default `null`. */
  output_schema?: Record<string, unknown> | null;
  /** See {@linkcode RegistryTool.category}. Default `null`. */
  category?: string | null;
  /** See {@linkcode RegistryTool.tags}. Default `[]`. */
  tags?: readonly string[];
}

/**
 * One tool and one backend that reaches it, for `registerMany`.
 *
 * @example
 * ```ts
 * import type { ToolRegistration } from "@climax/tool-index";
 *
 * const registration: ToolRegistration = {
 *   tool: { namespace: "dates", name: "today", input_schema: { type: "object" } },
 *   backend: { kind: "local", id: "today" },
 * };
 * ```
 */
export interface ToolRegistration {
  /** The tool. */
  tool: RegistryToolInput;
  /** How it is reached. */
  backend: ToolBackend;
}

/**
 * What a registry's search returns for one tool: the entry `ToolIndex.search` returns, with
 * `cli_name` the namespace, and the tool's ID.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolRegistry } from "@climax/tool-index";
 *
 * const registry = new ToolRegistry();
 * registry.registerConfig({ name: "git", command: "git", tools: [{ name: "git_log", description: "Show commits" }] });
 * const [entry] = registry.search({ query: "commits", mode: "ranked" });
 * assert.equal(entry.id, "git:git_log");
 * assert.equal(entry.cli_name, "git");
 * ```
 */
export interface RegistryEntry extends ToolIndexEntry {
  /** The tool's ID, `namespace:name`. */
  id: string;
}

/**
 * A tool with the backend the registry's selector picks for it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolRegistry } from "@climax/tool-index";
 *
 * const registry = new ToolRegistry();
 * registry.registerConfig({ name: "git", command: "git", tools: [{ name: "git_log", description: "Show commits" }] });
 * const found = registry.getTool("git:git_log");
 * assert.equal(found?.backend.kind, "climax");
 * ```
 */
export interface ResolvedRegistryTool {
  /** The tool's definition. */
  tool: RegistryTool;
  /** The backend the selector picked. */
  backend: ToolBackend;
}

/**
 * What changed: a new tool, a tool that gained a backend or a new definition, a backend that
 * left (the tool keeps others), a tool that left with its last backend, or `refresh()`.
 */
export type ChangeType =
  | "registered"
  | "updated"
  | "backend_removed"
  | "tool_removed"
  | "refreshed";

/**
 * One change of a registry, as `onChange` listeners receive it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type ChangeEvent, ToolRegistry } from "@climax/tool-index";
 *
 * const registry = new ToolRegistry();
 * const seen: ChangeEvent[] = [];
 * registry.onChange((event) => seen.push(event));
 * registry.registerMcpTools("github", [{ name: "search_issues", inputSchema: { type: "object" } }]);
 * assert.equal(seen[0].type, "registered");
 * assert.equal(seen[0].id, "github:search_issues");
 * assert.equal(seen[0].version, 1);
 * ```
 */
export interface ChangeEvent {
  /** What changed. */
  type: ChangeType;
  /** The tool's ID; `null` for `refreshed`. */
  id: string | null;
  /** The backend that came or went (for `updated`, the one registered); `null` for `refreshed`. */
  backend: ToolBackend | null;
  /** The registry's version after the change. Every event of one call carries the same. */
  version: number;
}

/**
 * One tool as a `Searcher` sees it: its ID, the text of its searched fields and its entry.
 *
 * @example
 * ```ts
 * import type { SearchDoc } from "@climax/tool-index";
 *
 * const byLength = (docs: readonly SearchDoc[]) => [...docs].sort((a, b) => a.text.length - b.text.length);
 * ```
 */
export interface SearchDoc {
  /** The tool's ID. */
  id: string;
  /** The tool's name, title, description, namespace, category and tags, joined by spaces. */
  text: string;
  /** What a search returns for the tool. */
  entry: RegistryEntry;
}

/**
 * One place of ranked search's answer, for a `Searcher` that builds on it.
 *
 * @example
 * ```ts
 * import type { RankedHit } from "@climax/tool-index";
 *
 * const hit: RankedHit = { id: "docker:docker_ps", score: 7.5 };
 * ```
 */
export interface RankedHit {
  /** The tool's ID. */
  id: string;
  /** Ranked search's score for the place: higher is better; only its ratio to others means much. */
  score: number;
}

/**
 * What a registry hands a `Searcher` beside the tools.
 *
 * @example
 * ```ts
 * import type { SearchContext, SearchDoc } from "@climax/tool-index";
 *
 * // Ranked search's order, then the tools it does not find.
 * const rankedFirst = (docs: readonly SearchDoc[], context: SearchContext) => {
 *   const ranked = context.ranked(docs.length).map((hit) => hit.id);
 *   return [...ranked, ...docs.map((doc) => doc.id).filter((id) => !ranked.includes(id))];
 * };
 * ```
 */
export interface SearchContext {
  /**
   * The best `limit` of the same tools by ranked search of the same query, best first, with
   * each place's score; none when the query has no word to rank by.
   */
  ranked(limit: number): readonly RankedHit[];
}

/**
 * A search of one's own, plugged into a registry as a mode of its own. It gets the tools that
 * pass the filters, in load order, and returns the IDs of the ones it finds, best first.
 * `deterministic` promises the same answer for the same query and tools, which paging needs.
 * A search that needs to wait for something (a model to encode the request) does it in `prepare`,
 * which `ToolRegistry.prepareSearch` runs, so that `search` stays synchronous.
 *
 * @example
 * ```ts
 * import { type Searcher, ToolRegistry } from "@climax/tool-index";
 *
 * const exactName: Searcher = {
 *   deterministic: true,
 *   search: (query, limit, docs) =>
 *     docs.filter((doc) => doc.entry.tool_name === query).slice(0, limit).map((doc) => doc.id),
 * };
 * const registry = new ToolRegistry({ searchers: { exact: exactName } });
 * ```
 */
export interface Searcher {
  /** Whether it answers the same query over the same tools the same way every time. */
  readonly deterministic: boolean;
  /** The IDs of the tools of `docs` that `query` finds, best first, at most `limit`. */
  search(
    query: string,
    limit: number,
    docs: readonly SearchDoc[],
    context: SearchContext,
  ): readonly string[];
  /** Gets ready to search `docs` for `query`; resolves once `search` can answer it. */
  prepare?(query: string, docs: readonly SearchDoc[]): Promise<void>;
}

/**
 * Picks the backend `getTool` returns among a tool's backends (in the order their sources came,
 * never empty).
 *
 * @example
 * ```ts
 * import { type BackendSelector, ToolRegistry } from "@climax/tool-index";
 *
 * const newest: BackendSelector = (backends) => backends[backends.length - 1];
 * const registry = new ToolRegistry({ selectBackend: newest });
 * ```
 */
export type BackendSelector = (backends: readonly ToolBackend[]) => ToolBackend;
