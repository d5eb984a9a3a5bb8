/**
 * What can be read of a `ToolRegistry`: the registry itself, which reads what it holds now, and
 * its snapshots, which keep what it held when they were taken.
 *
 * @module
 */
import type { RegistryEntry, ResolvedRegistryTool, ToolBackend } from "./types.ts";
import type { CLISummary } from "../types.ts";
import type {
  NamespacePage,
  NamespacePageParams,
  RegistrySearchPage,
  RegistrySearchPageParams,
  RegistrySearchParams,
} from "./registry_params.ts";

/** The reads a view delegates to: the same as a view's, from one state of a registry. */
export type RegistryReads = { readonly [K in keyof RegistryView]: RegistryView[K] };

/**
 * What can be read of a registry: a `ToolRegistry` itself, which reads what it holds now, or
 * one of its snapshots, which keeps what it held when taken.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type RegistryView, ToolRegistry } from "@climax/tool-index";
 *
 * const registry = new ToolRegistry();
 * registry.registerConfig({ name: "git", command: "git", tools: [{ name: "git_log", description: "Show commits" }] });
 * const before: RegistryView = registry.snapshot();
 * registry.removeSource("climax", "git");
 * assert.equal(before.size, 1);
 * assert.equal(registry.size, 0);
 * ```
 */
export abstract class RegistryView {
  /** @ignore The reads of the state the view shows: a registry's current one, or a kept one. */
  protected abstract reads(): RegistryReads;

  /** How many tools it holds. */
  get size(): number {
    return this.reads().size;
  }

  /** The monotonic version: one more for every call that changed something, and every refresh. */
  get version(): number {
    return this.reads().version;
  }

  /**
   * A 16-hex-digit hash of everything the registry holds, in order: registries with the same
   * content have the same, in any process. Cursors are bound to it.
   */
  get contentVersion(): string {
    return this.reads().contentVersion;
  }

  /**
   * The modes a search may name: `"substring"`, `"ranked"`, then the modes of the searchers
   * given in the options, in their order.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const exact = { deterministic: true, search: () => [] };
   * assert.deepEqual(new ToolRegistry().modes, ["substring", "ranked"]);
   * assert.deepEqual(new ToolRegistry({ searchers: { exact } }).modes, ["substring", "ranked", "exact"]);
   * ```
   */
  get modes(): readonly string[] {
    return this.reads().modes;
  }

  /**
   * Finds tools as `ToolIndex.search` does, with a `namespace` filter and any searcher given in
   * the options; each result carries its ID.
   *
   * @throws {RangeError} When `limit` is not an integer, a parameter has the wrong type, or
   * `mode` names no search.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("github", [{ name: "search_issues", description: "Search issues", inputSchema: { type: "object" } }]);
   * assert.equal(registry.search({ query: "issues", namespace: "github" })[0].id, "github:search_issues");
   * ```
   */
  search(params?: RegistrySearchParams): RegistryEntry[] {
    return this.reads().search(params);
  }

  /**
   * The results of `search` in pages of `limit`. A cursor is valid only for the same parameters
   * and content: after a change, an earlier cursor is refused with a message that says so.
   *
   * @throws {InvalidCursorError} When `cursor` was not issued for these parameters and content.
   * @throws {NonDeterministicSearcherError} When the mode's searcher is not deterministic.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("s", Array.from({ length: 15 }, (_, i) => ({ name: `tool_${i}`, inputSchema: { type: "object" } })));
   * const first = registry.searchPage({ query: "tool" });
   * const second = registry.searchPage({ query: "tool", cursor: first.next_cursor });
   * assert.equal(first.results.length, 10);
   * assert.equal(second.results.length, 5);
   * assert.equal(second.next_cursor, null);
   * ```
   */
  searchPage(params?: RegistrySearchPageParams): RegistrySearchPage {
    return this.reads().searchPage(params);
  }

  /**
   * Runs what the mode's searcher must do before it can answer (see `Searcher.prepare`), such
   * as encoding the request; resolves at once for a mode that needs nothing. Await it before
   * `search` or `searchPage` with the same parameters.
   *
   * @throws {RangeError} As `search` does.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("github", [{ name: "search_issues", inputSchema: { type: "object" } }]);
   * await registry.prepareSearch({ query: "issues", mode: "ranked" });
   * assert.equal(registry.search({ query: "issues", mode: "ranked" }).length, 1);
   * ```
   */
  prepareSearch(params?: RegistrySearchParams): Promise<void> {
    return this.reads().prepareSearch(params);
  }

  /**
   * The tool with this ID, with the backend the selector picks; `undefined` when there is none.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * assert.equal(new ToolRegistry().getTool("github:search_issues"), undefined);
   * ```
   */
  getTool(id: string): ResolvedRegistryTool | undefined {
    return this.reads().getTool(id);
  }

  /**
   * The search entry of the tool with this ID; `undefined` when there is none.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("github", [{ name: "search_issues", inputSchema: { type: "object" } }]);
   * assert.equal(registry.getEntry("github:search_issues")?.cli_name, "github");
   * ```
   */
  getEntry(id: string): RegistryEntry | undefined {
    return this.reads().getEntry(id);
  }

  /**
   * Every backend of the tool with this ID, in the order their sources came; `undefined` when
   * there is no such tool.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * const tool = { namespace: "dates", name: "today", input_schema: { type: "object" } };
   * registry.register(tool, { kind: "local", id: "today" });
   * registry.register(tool, { kind: "mcp", id: "dates", url: null });
   * assert.deepEqual(registry.getAllBackends("dates:today")?.map((backend) => backend.kind), ["local", "mcp"]);
   * ```
   */
  getAllBackends(id: string): ToolBackend[] | undefined {
    return this.reads().getAllBackends(id);
  }

  /**
   * The IDs of the tools named `name`, in any namespace, in load order: one for a bare name
   * that is unambiguous.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("a", [{ name: "search", inputSchema: { type: "object" } }]);
   * registry.registerMcpTools("b", [{ name: "search", inputSchema: { type: "object" } }]);
   * assert.deepEqual(registry.idsOf("search"), ["a:search", "b:search"]);
   * ```
   */
  idsOf(name: string): string[] {
    return this.reads().idsOf(name);
  }

  /**
   * The IDs a reference names: the ID itself when a tool has it, else those of the tools whose
   * name it is (see `idsOf`). One ID is a match; several are an ambiguous bare name.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("a", [{ name: "search", inputSchema: { type: "object" } }]);
   * assert.deepEqual(registry.lookup("a:search"), ["a:search"]);
   * assert.deepEqual(registry.lookup("search"), ["a:search"]);
   * ```
   */
  lookup(reference: string): string[] {
    return this.reads().lookup(reference);
  }

  /**
   * Every tool's ID, in load order.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * assert.deepEqual(new ToolRegistry().ids(), []);
   * ```
   */
  ids(): string[] {
    return this.reads().ids();
  }

  /**
   * The namespaces, in code-point order.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("github", [{ name: "x", inputSchema: { type: "object" } }]);
   * registry.registerMcpTools("aws", [{ name: "x", inputSchema: { type: "object" } }]);
   * assert.deepEqual(registry.listNamespaces(), ["aws", "github"]);
   * ```
   */
  listNamespaces(): string[] {
    return this.reads().listNamespaces();
  }

  /**
   * The namespaces in pages of `limit` (default 100), in code-point order.
   *
   * @throws {InvalidCursorError} When `cursor` was not issued for this limit and content.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * for (const name of ["a", "b", "c"]) registry.registerMcpTools(name, [{ name: "x", inputSchema: { type: "object" } }]);
   * const first = registry.listNamespacesPage({ limit: 2 });
   * const second = registry.listNamespacesPage({ limit: 2, cursor: first.next_cursor });
   * assert.deepEqual(first.namespaces, ["a", "b"]);
   * assert.deepEqual(second.namespaces, ["c"]);
   * ```
   */
  listNamespacesPage(params?: NamespacePageParams): NamespacePage {
    return this.reads().listNamespacesPage(params);
  }

  /**
   * One overview per namespace, in the load order of their first tools: its name, the
   * description, category and tags of the source of that first tool, and its number of tools.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerConfig({ name: "git", description: "Version control", command: "git", tools: [] });
   * registry.registerMcpTools({ name: "github", description: "GitHub" }, [{ name: "x", inputSchema: { type: "object" } }]);
   * assert.deepEqual(registry.summary().map((cli) => [cli.name, cli.tool_count]), [["github", 1]]);
   * ```
   */
  summary(): CLISummary[] {
    return this.reads().summary();
  }
}
