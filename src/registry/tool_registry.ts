/**
 * The live catalogue: tools from CLImax configs, MCP servers and the library user's own
 * handlers, known by `namespace:name`, changed while it runs, searched as a `ToolIndex` is.
 *
 * @module
 */
import type {
  BackendKind,
  ChangeEvent,
  RegistryToolInput,
  ToolBackend,
  ToolRegistration,
} from "./types.ts";
import type { PolicyConfig } from "../policy_types.ts";
import type { CLImaxConfig, CLImaxConfigInput } from "../types.ts";
import type { McpServerInfo, McpTool } from "../mcp_types.ts";
import { describeValue } from "../_json_value.ts";
import { knownPolicy } from "../config/policy/check.ts";
import { validateConfig } from "../config/validate.ts";
import {
  type ConfigOptions,
  registryOptions,
  type RegistrySettings,
  type ToolRegistryOptions,
} from "./registry_options.ts";
import { type RegistryReads, RegistryView } from "./registry_view.ts";
import { RegistryCore } from "./registry_core.ts";
import { registrationsOf, toolRegistration } from "./_user_registrations.ts";

/**
 * A catalogue that changes while it runs (seed 004's tool index): tools are registered from
 * CLImax configs, MCP servers and the library user's own handlers, each reached by one or more
 * backends, and known by the ID `namespace:name` (see `toolId`), so that two servers' `search`
 * tools do not collide. It is searched as a `ToolIndex` is, with a `namespace` filter.
 *
 * Every change is all or nothing: a call with one bad tool throws a typed error and changes
 * nothing. Listeners hear of each change synchronously, before the call returns; `snapshot()`
 * keeps a consistent view while the registry goes on changing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolRegistry } from "@climax/tool-index";
 *
 * const registry = new ToolRegistry();
 * registry.registerConfig({
 *   name: "git",
 *   command: "git",
 *   tools: [{ name: "search", description: "Search the commit history", command: "log -S" }],
 * });
 * registry.registerMcpTools({ name: "github", url: "https://api.githubcopilot.com/mcp/" }, [
 *   { name: "search", description: "Search issues and pull requests", inputSchema: { type: "object" } },
 * ]);
 * assert.deepEqual(registry.search({ query: "search" }).map((entry) => entry.id), ["git:search", "github:search"]);
 * assert.equal(registry.getTool("github:search")?.backend.kind, "mcp");
 * ```
 */
export class ToolRegistry extends RegistryView {
  /** The registry itself, which takes the configs validated here. */
  readonly #core: RegistryCore;
  readonly #options: RegistrySettings;

  /**
   * Makes an empty registry.
   *
   * @throws {RangeError} When an option has the wrong kind, or a searcher is named as a
   * built-in mode.
   */
  constructor(options?: ToolRegistryOptions) {
    super();
    this.#options = registryOptions(options, knownPolicy);
    this.#core = new RegistryCore(this.#options);
  }

  /** @ignore */
  protected override reads(): RegistryReads {
    return this.#core.reads();
  }

  /**
   * Registers one tool, reached by `backend`. A new ID is added; an ID registered already with
   * the same definition gains the backend (or has it replaced, when one of the same kind and ID
   * is there).
   *
   * @throws {InvalidToolError} When the tool is not valid, or its ID has another definition.
   * @throws {InvalidBackendError} When the backend is not valid.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.register(
   *   { namespace: "dates", name: "today", description: "Today's date", input_schema: { type: "object" } },
   *   { kind: "local", id: "today" },
   * );
   * assert.deepEqual(registry.getTool("dates:today")?.backend, { kind: "local", id: "today" });
   * ```
   */
  register(tool: RegistryToolInput, backend: ToolBackend): void {
    this.#core.registerChecked([toolRegistration(tool, backend, "tool")]);
  }

  /**
   * Registers several tools, all or nothing: when one is not valid, none is registered.
   *
   * @throws {InvalidToolError} When a tool is not valid, or an ID has another definition.
   * @throws {InvalidBackendError} When a backend is not valid.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMany([
   *   { tool: { namespace: "dates", name: "today", input_schema: { type: "object" } }, backend: { kind: "local", id: "today" } },
   *   { tool: { namespace: "dates", name: "tomorrow", input_schema: { type: "object" } }, backend: { kind: "local", id: "tomorrow" } },
   * ]);
   * assert.equal(registry.size, 2);
   * ```
   */
  registerMany(registrations: Iterable<ToolRegistration>): void {
    this.#core.registerChecked(registrationsOf(registrations));
  }

  /**
   * Registers the tools of a CLImax config in the namespace `config.name`, each reached by its
   * command line: a backend of kind `climax` whose ID is `source` (default the config's name).
   * Under a policy (`options.policy`, else the registry's), only the tools it exposes.
   *
   * @throws {ConfigError} When the config is not valid, or the policy is not or does not fit it.
   * @throws {InvalidToolError} When a tool's ID has another definition.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerConfig({ name: "git", command: "git", tools: [{ name: "git_log", description: "Show commits" }] });
   * assert.equal(registry.getAllBackends("git:git_log")?.[0].id, "git");
   * ```
   */
  registerConfig(config: CLImaxConfig | CLImaxConfigInput, options?: ConfigOptions): void {
    this.#core.registerValidConfig(...this.#checked(config, options));
  }

  /**
   * Registers the tools of an MCP server's `tools/list` result as they come, in the namespace of
   * the server's name, each reached by a backend of kind `mcp`. It adds: registering a server
   * again adds to its tools (use `replaceMcpTools` to replace them).
   *
   * @throws {InvalidToolError} When a tool is not an MCP tool (no name, an `inputSchema` that is
   * not an object schema), or its ID has another definition.
   * @throws {InvalidBackendError} When the server's details are not valid.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("github", [
   *   { name: "search_issues", title: "Search issues", inputSchema: { type: "object" } },
   * ]);
   * assert.deepEqual(registry.listNamespaces(), ["github"]);
   * ```
   */
  registerMcpTools(server: string | McpServerInfo, tools: readonly McpTool[]): void {
    this.#core.registerMcpTools(server, tools);
  }

  /**
   * Removes one backend of a tool; the tool leaves with its last backend.
   *
   * @throws {NotFoundError} When no tool has this ID, or it has no such backend.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("github", [{ name: "search_issues", inputSchema: { type: "object" } }]);
   * registry.unregisterBackend("github:search_issues", "mcp", "github");
   * assert.equal(registry.size, 0);
   * ```
   */
  unregisterBackend(id: string, kind: BackendKind, backendId: string): void {
    this.#core.unregisterBackend(id, kind, backendId);
  }

  /**
   * Replaces every tool of a source, the backends of kind `kind` and ID `backendId`, with
   * `registrations`, in one change: a tool the source no longer has loses that backend, a tool
   * it still has keeps its place.
   *
   * @throws {InvalidToolError} When a tool is not valid, or an ID has another definition from
   * another source.
   * @throws {InvalidBackendError} When a registration's backend is not of this source.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * const tool = (name: string) => ({ tool: { namespace: "dates", name, input_schema: { type: "object" } }, backend: { kind: "local" as const, id: "dates" } });
   * registry.registerMany([tool("today"), tool("tomorrow")]);
   * registry.replaceSource("local", "dates", [tool("yesterday")]);
   * assert.deepEqual(registry.ids(), ["dates:yesterday"]);
   * ```
   */
  replaceSource(
    kind: BackendKind,
    backendId: string,
    registrations: Iterable<ToolRegistration>,
  ): void {
    this.#core.replaceChecked(kind, backendId, registrationsOf(registrations));
  }

  /**
   * Replaces the tools of a config's source (see `registerConfig`) with those of `config`, in
   * one change, under a policy as `registerConfig` is.
   *
   * @throws {ConfigError} When the config is not valid, or the policy does not fit it.
   * @throws {InvalidToolError} When a tool's ID has another definition from another source.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerConfig({ name: "git", command: "git", tools: [{ name: "git_log", description: "Show commits" }] });
   * registry.replaceConfig({ name: "git", command: "git", tools: [{ name: "git_status", description: "Show the status" }] });
   * assert.deepEqual(registry.ids(), ["git:git_status"]);
   * ```
   */
  replaceConfig(config: CLImaxConfig | CLImaxConfigInput, options?: ConfigOptions): void {
    this.#core.replaceValidConfig(...this.#checked(config, options));
  }

  /**
   * Replaces the tools of an MCP server with those of its latest `tools/list` result, in one
   * change.
   *
   * @throws {InvalidToolError} When a tool is not an MCP tool, or its ID has another definition
   * from another source.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("github", [{ name: "a", inputSchema: { type: "object" } }]);
   * registry.replaceMcpTools("github", [{ name: "b", inputSchema: { type: "object" } }]);
   * assert.deepEqual(registry.ids(), ["github:b"]);
   * ```
   */
  replaceMcpTools(server: string | McpServerInfo, tools: readonly McpTool[]): void {
    this.#core.replaceMcpTools(server, tools);
  }

  /**
   * Removes every backend of kind `kind` and ID `backendId` (a config's source, an MCP server,
   * a handler), and the tools that had no other.
   *
   * @throws {NotFoundError} When no tool has such a backend.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("github", [{ name: "search_issues", inputSchema: { type: "object" } }]);
   * registry.removeSource("mcp", "github");
   * assert.equal(registry.size, 0);
   * ```
   */
  removeSource(kind: BackendKind, backendId: string): void {
    this.#core.removeSource(kind, backendId);
  }

  /**
   * Moves the version on without a change of content, and tells the listeners (`refreshed`):
   * for a caller that reloaded its sources and wants readers to look again.
   *
   * @returns The new version.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * assert.equal(registry.refresh(), 1);
   * assert.equal(registry.refresh(), 2);
   * ```
   */
  refresh(): number {
    return this.#core.refresh();
  }

  /**
   * Calls `listener` with every change, synchronously, after the change and before the call that
   * made it returns. A listener that throws does not stop the change or the other listeners (see
   * `onListenerError`).
   *
   * @returns A function that unsubscribes the listener; calling it again does nothing.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * const heard: string[] = [];
   * const unsubscribe = registry.onChange((event) => heard.push(`${event.type} ${event.id}`));
   * registry.registerMcpTools("github", [{ name: "search_issues", inputSchema: { type: "object" } }]);
   * assert.deepEqual(heard, ["registered github:search_issues"]);
   * unsubscribe();
   * unsubscribe();
   * ```
   */
  onChange(listener: (event: ChangeEvent) => void): () => void {
    return this.#core.onChange(listener);
  }

  /**
   * A view of what the registry holds now, which later changes do not reach.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * const empty = registry.snapshot();
   * registry.registerMcpTools("github", [{ name: "search_issues", inputSchema: { type: "object" } }]);
   * assert.equal(empty.size, 0);
   * assert.equal(registry.size, 1);
   * ```
   */
  snapshot(): RegistryView {
    return this.#core.snapshot();
  }

  /**
   * `config` validated (unknown keys reported to the registry's `onWarning`), the source its
   * backend is named by, and the policy it is registered under.
   *
   * @throws {ConfigError} When the config or the policy is not valid.
   * @throws {RangeError} When `source` is not a non-empty string.
   */
  #checked(
    config: unknown,
    options: ConfigOptions | undefined,
  ): [CLImaxConfig, string, PolicyConfig | undefined] {
    const source: unknown = options?.source;
    if (source !== undefined && (typeof source !== "string" || source === "")) {
      throw new RangeError(
        `The option source must be a non-empty string, got ${describeValue(source)}`,
      );
    }
    const policy = options?.policy === undefined
      ? this.#options.policy
      : knownPolicy(options.policy);
    const valid = validateConfig(config, {
      source: source ?? "config",
      onWarning: this.#options.warn,
    });
    return [valid, source ?? valid.name, policy];
  }
}
