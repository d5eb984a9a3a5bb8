/**
 * The tool index: built once from configs, then searched, summarised and looked up.
 *
 * @module
 */
import { InvalidCursorError } from "../errors.ts";
import type { PolicyConfig } from "../policy_types.ts";
import type {
  CLImaxConfig,
  CLImaxConfigInput,
  CLISummary,
  ResolvedTool,
  ToolDef,
  ToolIndexEntry,
} from "../types.ts";
import { describeValue } from "../_json_value.ts";
import { optionalFunction, optionsObject } from "../_options.ts";
import { Hash64 } from "../_hash.ts";
import {
  type NormalizedParams,
  normalizeParams,
  pageKey,
  type SearchPage,
  type SearchPageParams,
  type SearchParams,
} from "./search_params.ts";
import { type CollectedTools, collectTools } from "./_collect.ts";
import { readCursor, signCursor } from "./cursor.ts";
import {
  policedEntry,
  policedIndexTools,
  policedResolved,
  type PolicyEntry,
} from "./_policy_tools.ts";
import { ToolSearch } from "./tool_search.ts";

/** Options of `ToolIndex.fromConfigs`. */
export interface ToolIndexOptions {
  /**
   * Receives each warning: a duplicate tool name, or an unknown key in a config given as a
   * plain object. Default: `console.warn`.
   */
  onWarning?: (message: string) => void;
  /** The most tools the index may hold; past it the build stops. Default: `MAX_TOOLS`. */
  maxTools?: number;
  /**
   * A policy (see `parsePolicy`) to apply, as CLImax applies one: a tool it leaves out is not in
   * the index at all (not found, not counted in `summary`); a tool it describes is searched
   * and shown under its description (`get` keeps the tool's own, with `description_override`
   * set); its argument constraints are in `get`'s `arg_constraints` and on the properties of
   * the entry's `input_schema` (`pattern`, `minimum`, `maximum`). A tool or an argument the
   * policy names that the configs do not have is a warning, with its line and column when the
   * policy came from YAML text.
   */
  policy?: PolicyConfig;
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
 * import assert from "node:assert/strict";
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
 * const hits = index.search({ query: "COMMIT" });
 * assert.deepEqual(hits.map((entry) => entry.tool_name), ["git_commit"]);
 * assert.equal(index.summary()[0].tool_count, 2);
 * assert.equal(index.get("git_status")?.base_command, "git");
 * ```
 */
export class ToolIndex {
  readonly #tools: readonly ToolDef[];
  /** The config of each tool, at the tool's position. */
  readonly #owners: readonly CLImaxConfig[];
  /**
   * The entry and the resolved tool of each tool, made the first time they are asked for: most
   * are never returned, and making them all would weigh on the index's heap and build time.
   */
  readonly #entries: (ToolIndexEntry | undefined)[];
  readonly #resolved: (ResolvedTool | undefined)[];
  readonly #positions: ReadonlyMap<string, number>;
  readonly #summaries: readonly CLISummary[];
  readonly #search: ToolSearch;
  /** What a policy gives each tool it exposes, by name; `undefined` without a policy. */
  readonly #policed: ReadonlyMap<string, PolicyEntry> | undefined;
  #contentHash: string | undefined;

  /** @ignore Built by `fromConfigs` only. */
  private constructor(
    { tools, owners, summaries, positions }: CollectedTools,
    policed?: ReadonlyMap<string, PolicyEntry>,
  ) {
    this.#policed = policed;
    this.#tools = tools;
    this.#owners = owners;
    this.#entries = new Array(tools.length);
    this.#resolved = new Array(tools.length);
    this.#positions = positions;
    this.#summaries = summaries;
    this.#search = new ToolSearch(tools, owners);
  }

  /**
   * Builds an index from configs, in order. Each config is validated (so plain objects, as from
   * JSON, are accepted and defaulted) and copied, so later changes to it do not reach the
   * index. When two configs define the same tool name the last wins: the earlier entry leaves
   * its place and a warning is reported.
   *
   * @throws {ConfigError} When a config is not valid, or the configs define more than
   * `maxTools`; or, of the policy's source, when the policy is not valid or constrains an
   * argument of a type its constraint cannot apply to (a pattern on an integer).
   * @throws {RangeError} When `options` is not an object, `onWarning` not a function, or
   * `maxTools` not a whole number.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolIndex } from "@climax/tool-index";
   *
   * const warnings: string[] = [];
   * const index = ToolIndex.fromConfigs([
   *   { name: "a", command: "a", tools: [{ name: "run", description: "Run a" }] },
   *   { name: "b", command: "b", tools: [{ name: "run", description: "Run b" }] },
   * ], { onWarning: (message) => warnings.push(message) });
   * assert.equal(index.size, 1);
   * assert.equal(index.get("run")?.base_command, "b");
   * assert.equal(warnings.length, 1);
   * ```
   */
  static fromConfigs(
    configs: Iterable<CLImaxConfig | CLImaxConfigInput>,
    options?: ToolIndexOptions,
  ): ToolIndex {
    const { onWarning, maxTools, policy } = optionsObject(options);
    const warn = optionalFunction(onWarning, "onWarning") ??
      ((message: string) => console.warn(message));
    if (maxTools !== undefined && !(Number.isInteger(maxTools) && maxTools >= 0)) {
      throw new RangeError(
        `The option maxTools must be a whole number, got ${describeValue(maxTools)}`,
      );
    }
    if (policy === undefined) return new ToolIndex(collectTools(configs, warn, true, maxTools));
    const { collected, policed } = policedIndexTools(configs, policy, warn, maxTools);
    return new ToolIndex(collected, policed);
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
    if (this.#contentHash === undefined) {
      const hash = new Hash64();
      for (const summary of this.#summaries) hash.update(JSON.stringify(summary));
      // Entries not made yet are made for the hash and not kept: keeping them all would undo
      // making them on first return.
      for (let position = 0; position < this.#tools.length; position++) {
        hash.update(JSON.stringify(this.#entries[position] ?? this.#makeEntry(position)));
        hash.update(JSON.stringify(this.#resolved[position] ?? this.#makeResolved(position)));
      }
      this.#contentHash = hash.digest();
    }
    return this.#contentHash;
  }

  /**
   * Finds tools: every filter given must match, at most `limit` of them. In substring mode
   * (the default) results come in config load order and special characters in `query` are
   * literal text; in ranked mode the best match for the query's words comes first.
   *
   * @throws {RangeError} When `limit` is not an integer or a parameter has the wrong type.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
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
   * const branches = index.search({ query: "branch", category: "VCS", limit: 5 });
   * assert.deepEqual(branches.map((entry) => entry.tool_name), ["git_branch"]);
   * const [best] = index.search({ query: "show the commit history", mode: "ranked" });
   * assert.equal(best.tool_name, "git_log");
   * assert.equal(index.search().length, 2); // browse: the first 10 tools, here both
   * ```
   */
  search(params?: SearchParams): ToolIndexEntry[] {
    return this.#collect(normalizeParams(params === undefined ? {} : params), 0, false).results;
  }

  /**
   * Returns the results of `search` in pages of `limit`. `next_cursor` is an opaque URL-safe
   * string that is valid only for the same query, filters and mode (the next page may ask for
   * another `limit`) and an index of the same `version`, in any process.
   *
   * @throws {InvalidCursorError} When `cursor` was not issued for these parameters by an index
   * of this version.
   * @throws {RangeError} When `limit` is not an integer or a parameter has the wrong type.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
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
   * assert.equal(names.length, 25);
   * ```
   */
  searchPage(params?: SearchPageParams): SearchPage {
    const normalized = normalizeParams(params === undefined ? {} : params);
    const key = pageKey(normalized);
    const cursor = params?.cursor;
    if (cursor !== undefined && cursor !== null && typeof cursor !== "string") {
      throw new InvalidCursorError("The cursor must be a string");
    }
    const offset = cursor ? readCursor(cursor, this.version, key) : 0;
    const { results, more } = this.#collect(normalized, offset, true);
    return {
      results,
      next_cursor: more ? signCursor(this.version, key, offset + results.length) : null,
    };
  }

  /**
   * One overview per loaded config, in load order: name, description, tool count, category
   * and tags.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolIndex } from "@climax/tool-index";
   *
   * const index = ToolIndex.fromConfigs([
   *   { name: "git", command: "git", category: "vcs", tools: [] },
   *   { name: "jq", command: "jq", tools: [] },
   * ]);
   * const categories = index.summary().map((cli) => [cli.name, cli.category]);
   * assert.deepEqual(categories, [["git", "vcs"], ["jq", null]]);
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
   * import assert from "node:assert/strict";
   * import { ToolIndex } from "@climax/tool-index";
   *
   * const index = ToolIndex.fromConfigs([{
   *   command: "git",
   *   env: { GIT_PAGER: "cat" },
   *   tools: [{ name: "git_status", description: "Show the working tree status", command: "status" }],
   * }]);
   * assert.deepEqual(index.get("git_status")?.env, { GIT_PAGER: "cat" });
   * assert.equal(index.get("nonexistent_tool"), undefined);
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
   * import assert from "node:assert/strict";
   * import { ToolIndex } from "@climax/tool-index";
   *
   * const index = ToolIndex.fromConfigs([{
   *   name: "git-tools",
   *   command: "git",
   *   tools: [{ name: "git_status", description: "Show the working tree status" }],
   * }]);
   * assert.equal(index.getEntry("git_status")?.cli_name, "git-tools");
   * ```
   */
  getEntry(toolName: string): ToolIndexEntry | undefined {
    const position = this.#positions.get(toolName);
    return position === undefined ? undefined : this.#entryAt(position);
  }

  /**
   * The name of every tool, in index order: what a "did you mean" compares a name with,
   * without making the entries that `search` returns.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolIndex } from "@climax/tool-index";
   *
   * const index = ToolIndex.fromConfigs([{
   *   command: "git",
   *   tools: [
   *     { name: "git_status", description: "Show the working tree status" },
   *     { name: "git_log", description: "Show commits" },
   *   ],
   * }]);
   * assert.deepEqual(index.names(), ["git_status", "git_log"]);
   * ```
   */
  names(): string[] {
    return this.#tools.map((tool) => tool.name);
  }

  #entryAt(position: number): ToolIndexEntry {
    return this.#entries[position] ??= this.#makeEntry(position);
  }

  #resolvedAt(position: number): ResolvedTool {
    return this.#resolved[position] ??= this.#makeResolved(position);
  }

  #makeEntry(position: number): ToolIndexEntry {
    const tool = this.#tools[position];
    return policedEntry(tool, this.#owners[position], this.#policed?.get(tool.name));
  }

  #makeResolved(position: number): ResolvedTool {
    const tool = this.#tools[position];
    return policedResolved(tool, this.#owners[position], this.#policed?.get(tool.name));
  }

  #collect(
    params: NormalizedParams,
    skip: number,
    wantMore: boolean,
  ): { results: ToolIndexEntry[]; more: boolean } {
    if (params.limit <= 0) return { results: [], more: false };
    const found = this.#search.find(params, skip, params.limit + (wantMore ? 1 : 0));
    const more = wantMore && found.length > params.limit;
    if (more) found.length = params.limit;
    const results: ToolIndexEntry[] = [];
    for (const position of found) results.push(this.#entryAt(position));
    return { results, more };
  }
}
