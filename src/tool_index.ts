/**
 * The tool index: built once from configs, then searched, summarised and looked up.
 *
 * @module
 */
import { ConfigError, InvalidCursorError } from "./errors.ts";
import { buildInputSchema } from "./input_schema.ts";
import {
  type CLImaxConfig,
  type CLImaxConfigInput,
  type CLISummary,
  type ResolvedTool,
  type ToolDef,
  type ToolIndexEntry,
  validateConfig,
} from "./models.ts";
import { MAX_TOOLS } from "./limits.ts";
import { deepFreeze } from "./_freeze.ts";
import { describeValue } from "./_json_value.ts";
import { optionalFunction, optionsObject } from "./_options.ts";
import { Hash64 } from "./_hash.ts";
import { FIELD_SEPARATOR, SubstringIndex, type SubstringTables } from "./search/_substring.ts";
import { DEFAULT_RANKING, RankedIndex, type RankedTables } from "./search/_ranked.ts";

/** The private constructor, for the builders of this module that are not methods. */
let buildFrom: (collected: CollectedTools, parts?: IndexParts) => ToolIndex;
/** The private fields that `indexParts` reads. */
let partsOf: (index: ToolIndex) => IndexParts;

/** What a built index holds beyond its tools: enough to restore it without building it. */
export interface IndexParts {
  /** The index's `version`. */
  version: string;
  /** The tables of the substring search. */
  substring: SubstringTables;
  /** The tables of the ranked search. */
  ranked: RankedTables;
}

/** Options of `ToolIndex.fromConfigs`. */
export interface ToolIndexOptions {
  /**
   * Receives each warning: a duplicate tool name, or an unknown key in a config given as a
   * plain object. Default: `console.warn`.
   */
  onWarning?: (message: string) => void;
  /** The most tools the index may hold; past it the build stops. Default: `MAX_TOOLS`. */
  maxTools?: number;
}

/** How `search` matches `query`. */
export type SearchMode = "substring" | "ranked";

/** What to search for. Every filter given must match (AND); none given browses the index. */
export interface SearchParams {
  /**
   * In substring mode, a case-insensitive literal substring of the tool name, description, CLI
   * name, category or a tag. In ranked mode, words (an agent's request, keywords) to rank the
   * tools by. `null` or `""` matches every tool, in load order.
   */
  query?: string | null;
  /** Case-insensitive exact match of the config's category. `null` or `""`: any. */
  category?: string | null;
  /** Case-insensitive exact match of the config's name. `null` or `""`: any. */
  cli?: string | null;
  /** Most results to return. Default 10; 0 or less gives none; not an integer: `RangeError`. */
  limit?: number;
  /**
   * `"substring"` (the default) is the spec's search, in load order. `"ranked"` returns the
   * tools that share a word with the query (in any form: "containers" finds "container"; an
   * unfinished last word or a typo in a longer word are forgiven), best first by BM25F over
   * the tool's name, description, CLI, category, tags and arguments, ties in load order.
   */
  mode?: SearchMode;
}

/** The parameters of `searchPage`: those of `search` and the cursor of the previous page. */
export interface SearchPageParams extends SearchParams {
  /** `next_cursor` of the previous page; `null` or absent for the first page. */
  cursor?: string | null;
}

/** One page of search results. */
export interface SearchPage {
  /** At most `limit` results. */
  results: ToolIndexEntry[];
  /** Pass as `cursor` for the next page; `null` on the last page. */
  next_cursor: string | null;
}

const DEFAULT_LIMIT = 10;

interface Filter {
  id: number;
  positions: Int32Array;
}

interface NormalizedParams {
  mode: SearchMode;
  /** The query as given, or "" for none. */
  query: string;
  /** The query, lowercased. */
  needle: string;
  category: string;
  cli: string;
  limit: number;
}

/**
 * An immutable, in-memory index of the tools of CLImax configs, for progressive discovery:
 * agents search it and fetch the one tool they need instead of loading every definition.
 *
 * Everything it returns is frozen, and arrays are new on each call, so nothing a caller does
 * to a result changes the index.
 *
 * @example
 * ```ts
 * import { parseConfig, ToolIndex } from "@climax/tool-index";
 *
 * const git = parseConfig(`
 * name: git-tools
 * command: git
 * category: vcs
 * tags: [version-control]
 * tools:
 *   - name: git_commit
 *     description: Record staged changes as a new commit
 *     command: commit
 *     args:
 *       - { name: message, flag: "-m", required: true }
 *   - name: git_status
 *     description: Show the working tree status
 *     command: status
 * `);
 * const index = ToolIndex.fromConfigs([git]);
 * console.log(index.search({ query: "COMMIT" }).map((entry) => entry.tool_name)); // ["git_commit"]
 * console.log(index.summary()[0].tool_count); // 2
 * console.log(index.get("git_status")?.base_command); // "git"
 * ```
 */
export class ToolIndex {
  static {
    buildFrom = (collected, parts) => new ToolIndex(collected, parts);
    partsOf = (index) => ({
      version: index.version,
      substring: index.#substring.tables,
      ranked: index.#ranked.tables,
    });
  }

  readonly #tools: readonly ToolDef[];
  /** The config of each tool, at the tool's position. */
  readonly #owners: readonly CLImaxConfig[];
  /**
   * The entry and the resolved tool of each tool, made the first time they are asked for:
   * most are never returned, and making them all cost 100,000 tools a third of the heap the
   * index keeps and a tenth to a quarter of its build time.
   */
  readonly #entries: (ToolIndexEntry | undefined)[];
  readonly #resolved: (ResolvedTool | undefined)[];
  readonly #positions: ReadonlyMap<string, number>;
  readonly #summaries: readonly CLISummary[];
  readonly #texts: readonly string[];
  readonly #substring: SubstringIndex;
  readonly #categories: ReadonlyMap<string, Filter>;
  readonly #categoryOf: Int32Array;
  readonly #clis: ReadonlyMap<string, Filter>;
  readonly #cliOf: Int32Array;
  readonly #ranked: RankedIndex;
  #version: string | undefined;

  private constructor(
    { tools, owners, summaries, positions }: CollectedTools,
    parts?: IndexParts,
  ) {
    this.#tools = tools;
    this.#owners = owners;
    this.#entries = new Array(tools.length);
    this.#resolved = new Array(tools.length);
    const texts = searchTexts(tools, owners);
    this.#positions = positions;
    this.#summaries = summaries;
    this.#texts = texts;
    this.#substring = new SubstringIndex(texts, parts?.substring);
    [this.#categories, this.#categoryOf] = buildFilter(owners, (config) => config.category);
    [this.#clis, this.#cliOf] = buildFilter(owners, (config) => config.name);
    this.#ranked = new RankedIndex(tools, owners, DEFAULT_RANKING, parts?.ranked);
    this.#version = parts?.version;
  }

  /**
   * Builds an index from configs, in order. Each config is validated (so plain objects, as from
   * JSON, are accepted and defaulted) and copied, so later changes to it do not reach the
   * index. When two configs define the same tool name the last wins: the earlier entry leaves
   * its place and a warning is reported.
   *
   * @throws {ConfigError} When a config is not valid, or the configs define more than `maxTools`.
   * @throws {RangeError} When `options` is not an object, `onWarning` not a function, or
   * `maxTools` not a whole number.
   * @example
   * ```ts
   * import { ToolIndex } from "@climax/tool-index";
   *
   * const warnings: string[] = [];
   * const index = ToolIndex.fromConfigs([
   *   { name: "a", command: "a", tools: [{ name: "run", description: "Run a" }] },
   *   { name: "b", command: "b", tools: [{ name: "run", description: "Run b" }] },
   * ], { onWarning: (message) => warnings.push(message) });
   * console.log(index.size, index.get("run")?.base_command, warnings.length); // 1 "b" 1
   * ```
   */
  static fromConfigs(
    configs: Iterable<CLImaxConfig | CLImaxConfigInput>,
    options?: ToolIndexOptions,
  ): ToolIndex {
    const { onWarning, maxTools } = optionsObject(options);
    const warn = optionalFunction(onWarning, "onWarning") ??
      ((message: string) => console.warn(message));
    if (maxTools !== undefined && !(Number.isInteger(maxTools) && maxTools >= 0)) {
      throw new RangeError(
        `The option maxTools must be a whole number, got ${describeValue(maxTools)}`,
      );
    }
    return new ToolIndex(collectTools(configs, warn, true, maxTools));
  }

  /** How many tools the index holds. */
  get size(): number {
    return this.#tools.length;
  }

  /**
   * A 16-hex-digit hash of everything the index holds. Two indexes built from the same
   * configs have the same version in any process; any change to what they hold changes it.
   */
  get version(): string {
    if (this.#version === undefined) {
      const hash = new Hash64();
      for (const summary of this.#summaries) hash.update(JSON.stringify(summary));
      // Entries not made yet are made for the hash and not kept: keeping them all would undo
      // making them on first return.
      for (let position = 0; position < this.#tools.length; position++) {
        const tool = this.#tools[position];
        const config = this.#owners[position];
        hash.update(JSON.stringify(this.#entries[position] ?? toolEntry(tool, config)));
        hash.update(JSON.stringify(this.#resolved[position] ?? resolvedTool(tool, config)));
      }
      this.#version = hash.digest();
    }
    return this.#version;
  }

  /**
   * Finds tools: every filter given must match, at most `limit` of them. In substring mode
   * (the default) results come in config load order and special characters in `query` are
   * literal text; in ranked mode the best match for the query's words comes first.
   *
   * @throws {RangeError} When `limit` is not an integer or a parameter has the wrong type.
   * @example
   * ```ts
   * import { ToolIndex } from "@climax/tool-index";
   *
   * const index = ToolIndex.fromConfigs([{
   *   name: "git-tools",
   *   command: "git",
   *   category: "vcs",
   *   tools: [
   *     { name: "git_branch", description: "List, create or delete branches" },
   *     { name: "git_log", description: "Show commits" },
   *   ],
   * }]);
   * index.search({ query: "branch", category: "VCS", limit: 5 }); // [git_branch's entry]
   * index.search({ query: "show the commit history", mode: "ranked" })[0].tool_name; // "git_log"
   * index.search(); // browse: the first 10 tools
   * ```
   */
  search(params: SearchParams = {}): ToolIndexEntry[] {
    return this.#collect(normalize(params), 0, false).results;
  }

  /**
   * Returns the results of `search` in pages of `limit`. `next_cursor` is an opaque URL-safe
   * string that is valid only for the same parameters and an index of the same `version`, in
   * any process.
   *
   * @throws {InvalidCursorError} When `cursor` was not issued for these parameters by an index
   * of this version.
   * @throws {RangeError} When `limit` is not an integer or a parameter has the wrong type.
   * @example
   * ```ts
   * import { ToolIndex } from "@climax/tool-index";
   *
   * const tools = Array.from({ length: 25 }, (_, i) => ({ name: `tool_${i}`, description: "A tool" }));
   * const index = ToolIndex.fromConfigs([{ command: "x", tools }]);
   * const names: string[] = [];
   * let cursor: string | null = null;
   * do {
   *   const page = index.searchPage({ query: "tool", limit: 10, cursor });
   *   names.push(...page.results.map((entry) => entry.tool_name));
   *   cursor = page.next_cursor;
   * } while (cursor !== null);
   * console.log(names.length); // 25
   * ```
   */
  searchPage(params: SearchPageParams = {}): SearchPage {
    const normalized = normalize(params);
    const key = pageKey(normalized);
    const cursor = params.cursor;
    if (cursor !== undefined && cursor !== null && typeof cursor !== "string") {
      throw new InvalidCursorError("The cursor must be a string");
    }
    const offset = cursor ? this.#readCursor(cursor, key) : 0;
    const { results, more } = this.#collect(normalized, offset, true);
    return {
      results,
      next_cursor: more ? this.#cursor(offset + results.length, key) : null,
    };
  }

  /**
   * One overview per loaded config, in load order: name, description, tool count, category
   * and tags.
   *
   * @example
   * ```ts
   * import { ToolIndex } from "@climax/tool-index";
   *
   * const index = ToolIndex.fromConfigs([
   *   { name: "git", command: "git", category: "vcs", tools: [] },
   *   { name: "jq", command: "jq", tools: [] },
   * ]);
   * console.log(index.summary().map((cli) => [cli.name, cli.category])); // [["git", "vcs"], ["jq", null]]
   * ```
   */
  summary(): CLISummary[] {
    return [...this.#summaries];
  }

  /**
   * The tool with exactly this name, with its config's command, environment, working
   * directory and global arguments; `undefined` when there is none.
   *
   * @example
   * ```ts
   * import { ToolIndex } from "@climax/tool-index";
   *
   * const index = ToolIndex.fromConfigs([{
   *   command: "git",
   *   env: { GIT_PAGER: "cat" },
   *   tools: [{ name: "git_status", description: "Show the working tree status", command: "status" }],
   * }]);
   * console.log(index.get("git_status")?.env); // { GIT_PAGER: "cat" }
   * console.log(index.get("nonexistent_tool")); // undefined
   * ```
   */
  get(toolName: string): ResolvedTool | undefined {
    const position = this.#positions.get(toolName);
    return position === undefined ? undefined : this.#resolvedAt(position);
  }

  /**
   * The search entry of the tool with exactly this name, input schema included; `undefined`
   * when there is none.
   *
   * @example
   * ```ts
   * import { ToolIndex } from "@climax/tool-index";
   *
   * const index = ToolIndex.fromConfigs([{
   *   name: "git-tools",
   *   command: "git",
   *   tools: [{ name: "git_status", description: "Show the working tree status" }],
   * }]);
   * console.log(index.getEntry("git_status")?.cli_name); // "git-tools"
   * ```
   */
  getEntry(toolName: string): ToolIndexEntry | undefined {
    const position = this.#positions.get(toolName);
    return position === undefined ? undefined : this.#entryAt(position);
  }

  #entryAt(position: number): ToolIndexEntry {
    return this.#entries[position] ??= toolEntry(this.#tools[position], this.#owners[position]);
  }

  #resolvedAt(position: number): ResolvedTool {
    return this.#resolved[position] ??= resolvedTool(
      this.#tools[position],
      this.#owners[position],
    );
  }

  #collect(
    params: NormalizedParams,
    skip: number,
    wantMore: boolean,
  ): { results: ToolIndexEntry[]; more: boolean } {
    const results: ToolIndexEntry[] = [];
    if (params.limit <= 0) return { results, more: false };
    const category = this.#filter(this.#categories, params.category);
    const cli = this.#filter(this.#clis, params.cli);
    if (category === null || cli === null) return { results, more: false };

    const categoryOf = this.#categoryOf;
    const cliOf = this.#cliOf;
    const categoryId = category?.id ?? -1;
    const cliId = cli?.id ?? -1;
    const accept = (text: number) =>
      (categoryId < 0 || categoryOf[text] === categoryId) && (cliId < 0 || cliOf[text] === cliId);
    const want = params.limit + (wantMore ? 1 : 0);
    let skipped = 0;
    const visit = (text: number) => {
      if (skipped < skip) skipped++;
      else results.push(this.#entryAt(text));
      return results.length < want;
    };

    let driver: Int32Array | undefined = category?.positions;
    if (cli && (driver === undefined || cli.positions.length < driver.length)) {
      driver = cli.positions;
    }
    const ranked = params.mode === "ranked";
    const needle = ranked ? "" : params.needle;
    const filtered = categoryId >= 0 || cliId >= 0;
    // A ranked query without a word to rank by (only stop words, or no letter or digit) browses.
    const best = ranked
      ? this.#ranked.rank(params.query, filtered ? accept : null, skip, want)
      : undefined;
    if (best !== undefined) {
      for (const text of best) results.push(this.#entryAt(text));
    } else if (needle !== "" && !needle.includes(FIELD_SEPARATOR)) {
      this.#substring.scan(needle, accept, visit, driver);
    } else {
      // No query, or one holding the field separator, which only a per-field check answers.
      const matches = needle === ""
        ? () => true
        : (text: number) => fieldsInclude(this.#tools[text], this.#owners[text], needle);
      const count = driver?.length ?? this.#tools.length;
      for (let i = 0; i < count; i++) {
        const text = driver ? driver[i] : i;
        if (accept(text) && matches(text) && !visit(text)) break;
      }
    }
    const more = wantMore && results.length > params.limit;
    if (more) results.length = params.limit;
    return { results, more };
  }

  /** undefined: no filter; null: a filter that nothing matches. */
  #filter(filters: ReadonlyMap<string, Filter>, value: string): Filter | null | undefined {
    if (value === "") return undefined;
    return filters.get(value) ?? null;
  }

  #cursor(offset: number, key: string): string {
    return `${offset.toString(36)}.${
      new Hash64().update(this.version).update(key).update(String(offset)).digest()
    }`;
  }

  #readCursor(cursor: string, key: string): number {
    const match = /^([0-9a-z]{1,10})\.([0-9a-f]{16})$/.exec(cursor);
    if (match !== null) {
      const offset = parseInt(match[1], 36);
      if (this.#cursor(offset, key) === cursor) return offset;
    }
    throw new InvalidCursorError(
      "The cursor was not issued for these search parameters by this version of the index",
    );
  }
}

/**
 * Builds an index from configs that are valid already, such as those of a compiled catalogue,
 * which were validated when it was compiled: validating them again would only cost a cold
 * start time. Not for configs from anywhere else. The index takes the configs as its own,
 * without copying them: nothing may change them afterwards. With `parts`, the index built
 * from the same configs by the same code when the catalogue was compiled, the index is
 * restored from them: decoding them takes a fraction of the time of building them again.
 *
 * @throws {RangeError} When `parts` do not fit the configs' tools.
 */
export function indexOfValidConfigs(
  configs: readonly CLImaxConfig[],
  warn: (message: string) => void,
  parts?: IndexParts,
): ToolIndex {
  return buildFrom(collectTools(configs, warn, false), parts);
}

/** The parts of `index` that `indexOfValidConfigs` restores it from. */
export function indexParts(index: ToolIndex): IndexParts {
  return partsOf(index);
}

/** What an index is built from: its tools, in order, and what goes with each. */
export interface CollectedTools {
  tools: ToolDef[];
  /**
   * The config of each tool, at the tool's position. Its tags, environment and global
   * arguments are frozen, since every entry and resolved tool of the config shares them.
   */
  owners: CLImaxConfig[];
  summaries: CLISummary[];
  /** The position of each tool, by name. */
  positions: Map<string, number>;
}

/**
 * Validates configs (unless `validate` is false) and lays out their tools in index order: a
 * repeated tool name replaces the earlier tool, which leaves its place, with a warning.
 */
export function collectTools(
  configs: Iterable<CLImaxConfig | CLImaxConfigInput>,
  warn: (message: string) => void,
  validate = true,
  maxTools: number = MAX_TOOLS,
): CollectedTools {
  if (typeof (configs as Partial<Iterable<unknown>> | null)?.[Symbol.iterator] !== "function") {
    throw new ConfigError("configs", [{
      path: "",
      message: `Expected a list of configs, got ${describeValue(configs)}`,
    }]);
  }
  // Until a tool is replaced, slots are positions, so this map is also the index's name map.
  const slotOf = new Map<string, number>();
  const collected: CollectedTools = { tools: [], owners: [], summaries: [], positions: slotOf };
  const { tools, owners } = collected;
  /** Slots of tools that a later tool of the same name replaced. */
  const replaced = new Set<number>();
  let position = 0;
  for (const input of configs) {
    const config = validate
      ? validateConfig(input, { source: `configs[${position}]`, onWarning: warn })
      : input as CLImaxConfig;
    position++;
    deepFreeze(config.tags);
    deepFreeze(config.env);
    deepFreeze(config.global_args);
    collected.summaries.push(Object.freeze({
      name: config.name,
      description: config.description,
      tool_count: config.tools.length,
      category: config.category,
      tags: config.tags,
    }));
    for (const tool of config.tools) {
      const previous = slotOf.get(tool.name);
      if (previous !== undefined) {
        warn(
          `Duplicate tool name "${tool.name}": the tool from "${config.name}" replaces the one from "${
            owners[previous].name
          }"`,
        );
        replaced.add(previous);
      }
      if (tools.length - replaced.size >= maxTools) {
        throw new ConfigError("configs", [{
          path: "",
          message: `The configs define more than ${maxTools} tools, the most an index may hold`,
        }]);
      }
      slotOf.set(tool.name, tools.length);
      tools.push(tool);
      owners.push(config);
    }
  }
  if (replaced.size > 0) {
    const keep = (_: unknown, slot: number) => !replaced.has(slot);
    collected.tools = tools.filter(keep);
    collected.owners = owners.filter(keep);
    collected.positions = new Map(collected.tools.map((tool, position) => [tool.name, position]));
  }
  return collected;
}

const NO_CONSTRAINTS = Object.freeze({});

function toolEntry(tool: ToolDef, config: CLImaxConfig): ToolIndexEntry {
  return Object.freeze({
    tool_name: tool.name,
    description: tool.description,
    cli_name: config.name,
    category: config.category,
    tags: config.tags,
    input_schema: deepFreeze(buildInputSchema(tool.args)),
  });
}

function resolvedTool(tool: ToolDef, config: CLImaxConfig): ResolvedTool {
  return Object.freeze({
    tool: deepFreeze(tool),
    base_command: config.command,
    env: config.env,
    working_dir: config.working_dir,
    global_args: config.global_args,
    description_override: null,
    arg_constraints: NO_CONSTRAINTS,
  });
}

function normalize(params: SearchParams): NormalizedParams {
  if (params === null || typeof params !== "object") {
    throw new RangeError("Search parameters must be an object");
  }
  const limit = params.limit ?? DEFAULT_LIMIT;
  if (typeof limit !== "number" || !Number.isInteger(limit)) {
    throw new RangeError(`The limit must be an integer, got ${describeValue(limit)}`);
  }
  const mode = params.mode ?? "substring";
  if (mode !== "substring" && mode !== "ranked") {
    throw new RangeError(`The mode must be "substring" or "ranked", got ${String(mode)}`);
  }
  const needle = lowerText(params.query, "query");
  return {
    mode,
    query: needle === "" ? "" : params.query!,
    needle,
    category: lowerText(params.category, "category"),
    cli: lowerText(params.cli, "cli"),
    limit,
  };
}

function lowerText(value: unknown, name: string): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") {
    throw new RangeError(`The ${name} must be a string or null, got ${typeof value}`);
  }
  return value.toLowerCase();
}

function pageKey(params: NormalizedParams): string {
  // Ranking reads case changes ("getUser"), so a ranked query is bound as given.
  const query = params.mode === "ranked" ? params.query : params.needle;
  return JSON.stringify([params.mode, query, params.category, params.cli, params.limit]);
}

/**
 * The searched fields of each tool in one lowercased string. Lowercasing the joined fields is
 * lowercasing each: the separator is neither a letter nor ignorable in case mapping, so it
 * ends a word just as the end of a field does (which is all the final sigma looks at). The
 * fields of a config, which all its tools share, are joined once for all of them.
 */
function searchTexts(tools: readonly ToolDef[], owners: readonly CLImaxConfig[]): string[] {
  const texts: string[] = [];
  let config: CLImaxConfig | undefined;
  let shared = "";
  for (let position = 0; position < tools.length; position++) {
    if (owners[position] !== config) {
      config = owners[position];
      shared = FIELD_SEPARATOR + configFields(config).join(FIELD_SEPARATOR);
    }
    const tool = tools[position];
    // The tool's own fields, as `searchFields` lists them.
    texts.push((tool.name + FIELD_SEPARATOR + tool.description + shared).toLowerCase());
  }
  return texts;
}

function searchFields(tool: ToolDef, config: CLImaxConfig): string[] {
  return [tool.name, tool.description, ...configFields(config)];
}

function configFields(config: CLImaxConfig): string[] {
  const fields = [config.name];
  if (config.category) fields.push(config.category);
  fields.push(...config.tags);
  return fields;
}

function fieldsInclude(tool: ToolDef, config: CLImaxConfig, needle: string): boolean {
  return searchFields(tool, config).some((field) => field.toLowerCase().includes(needle));
}

function buildFilter(
  owners: readonly CLImaxConfig[],
  valueOf: (config: CLImaxConfig) => string | null,
): [Map<string, Filter>, Int32Array] {
  const lists = new Map<string, number[]>();
  const idOf = new Int32Array(owners.length).fill(-1);
  const ids = new Map<string, number>();
  owners.forEach((config, position) => {
    const value = valueOf(config);
    if (!value) return;
    const key = value.toLowerCase();
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
      lists.set(key, []);
    }
    idOf[position] = id;
    lists.get(key)!.push(position);
  });
  const filters = new Map<string, Filter>();
  for (const [key, positions] of lists) {
    filters.set(key, { id: ids.get(key)!, positions: Int32Array.from(positions) });
  }
  return [filters, idOf];
}
