/**
 * The live catalogue: tools from CLImax configs, MCP servers and the library user's own
 * handlers, known by `namespace:name`, changed while it runs, searched as a `ToolIndex` is.
 *
 * @module
 */
import { NotFoundError } from "../errors.ts";
import type {
  BackendKind,
  ChangeEvent,
  McpServerInfo,
  McpTool,
  RegistryToolInput,
  ToolBackend,
  ToolRegistration,
} from "../registry_types.ts";
import type { CLImaxConfig, CLImaxConfigInput } from "../types.ts";
import {
  type ConfigOptions,
  registryOptions,
  type RegistrySettings,
  type ToolRegistryOptions,
} from "./registry_options.ts";
import { bindView, RegistryView } from "./registry_view.ts";
import { checkServer } from "./_backends.ts";
import { addition, applyChange, type Change, hasSource, replacement } from "./_registry_change.ts";
import {
  configRegistrations,
  mcpRegistrations,
  registrationsOf,
  toolRegistration,
} from "./_registry_input.ts";
import { StateReader } from "./_registry_reader.ts";
import { Listeners } from "./_listeners.ts";
import { grantAccess } from "./_registry_trusted.ts";
import { RegistryState, type Slot } from "./_registry_state.ts";

export {
  adoptParts,
  registerValidSources,
  type RegistryParts,
  registryParts,
  type ValidSource,
} from "./_registry_trusted.ts";

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
 * console.log(registry.search({ query: "search" }).map((entry) => entry.id)); // ["git:search", "github:search"]
 * console.log(registry.getTool("github:search")?.backend.kind); // "mcp"
 * ```
 */
export class ToolRegistry extends RegistryView {
  static {
    grantAccess({
      state: (registry) => (registry as ToolRegistry).#state,
      apply: (registry, change) => (registry as ToolRegistry).#apply(change),
      policy: (registry) => (registry as ToolRegistry).#options.policy,
    });
  }

  #state = new RegistryState();
  /** Whether a snapshot holds the current state, which must then be copied before a change. */
  #shared = false;
  readonly #listeners: Listeners;
  readonly #options: RegistrySettings;

  /**
   * Makes an empty registry.
   *
   * @throws {RangeError} When an option has the wrong kind, or a searcher is named as a
   * built-in mode.
   */
  constructor(options?: ToolRegistryOptions) {
    super();
    this.#options = registryOptions(options);
    this.#listeners = new Listeners(this.#options.onListenerError);
    const { settings } = this.#options;
    // One reader for as long as the state object is the same: it reads the state as it is.
    let reader: StateReader | undefined;
    bindView(this, () => {
      if (reader?.state !== this.#state) reader = new StateReader(this.#state, settings);
      return reader;
    });
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
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.register(
   *   { namespace: "dates", name: "today", description: "Today's date", input_schema: { type: "object" } },
   *   { kind: "local", id: "today" },
   * );
   * console.log(registry.getTool("dates:today")?.backend); // { kind: "local", id: "today" }
   * ```
   */
  register(tool: RegistryToolInput, backend: ToolBackend): void {
    this.#apply(addition([toolRegistration(tool, backend, "tool")]));
  }

  /**
   * Registers several tools, all or nothing: when one is not valid, none is registered.
   *
   * @throws {InvalidToolError} When a tool is not valid, or an ID has another definition.
   * @throws {InvalidBackendError} When a backend is not valid.
   * @example
   * ```ts
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMany([
   *   { tool: { namespace: "dates", name: "today", input_schema: { type: "object" } }, backend: { kind: "local", id: "today" } },
   *   { tool: { namespace: "dates", name: "tomorrow", input_schema: { type: "object" } }, backend: { kind: "local", id: "tomorrow" } },
   * ]);
   * console.log(registry.size); // 2
   * ```
   */
  registerMany(registrations: Iterable<ToolRegistration>): void {
    this.#apply(addition(registrationsOf(registrations)));
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
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerConfig({ name: "git", command: "git", tools: [{ name: "git_log", description: "Show commits" }] });
   * console.log(registry.getAllBackends("git:git_log")?.[0].id); // "git"
   * ```
   */
  registerConfig(config: CLImaxConfig | CLImaxConfigInput, options?: ConfigOptions): void {
    this.#apply(addition(configRegistrations(config, options, this.#options).adds));
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
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("github", [
   *   { name: "search_issues", title: "Search issues", inputSchema: { type: "object" } },
   * ]);
   * console.log(registry.listNamespaces()); // ["github"]
   * ```
   */
  registerMcpTools(server: string | McpServerInfo, tools: readonly McpTool[]): void {
    this.#apply(addition(mcpRegistrations(server, tools)));
  }

  /**
   * Removes one backend of a tool; the tool leaves with its last backend.
   *
   * @throws {NotFoundError} When no tool has this ID, or it has no such backend.
   * @example
   * ```ts
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("github", [{ name: "search_issues", inputSchema: { type: "object" } }]);
   * registry.unregisterBackend("github:search_issues", "mcp", "github");
   * console.log(registry.size); // 0
   * ```
   */
  unregisterBackend(id: string, kind: BackendKind, backendId: string): void {
    const slot = this.#slotOf(id);
    if (slot === undefined) throw new NotFoundError(`No tool has the ID ${JSON.stringify(id)}`);
    const matches = (backend: ToolBackend) => backend.kind === kind && backend.id === backendId;
    if (!slot.backends.some(matches)) {
      throw new NotFoundError(`The tool ${id} has no ${kind} backend ${JSON.stringify(backendId)}`);
    }
    this.#apply({
      drops: (tool, backend) => tool === id && matches(backend),
      dropIds: new Set([id]),
      adds: [],
    });
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
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * const tool = (name: string) => ({ tool: { namespace: "dates", name, input_schema: { type: "object" } }, backend: { kind: "local" as const, id: "dates" } });
   * registry.registerMany([tool("today"), tool("tomorrow")]);
   * registry.replaceSource("local", "dates", [tool("yesterday")]);
   * console.log(registry.ids()); // ["dates:yesterday"]
   * ```
   */
  replaceSource(
    kind: BackendKind,
    backendId: string,
    registrations: Iterable<ToolRegistration>,
  ): void {
    this.#apply(replacement(kind, backendId, registrationsOf(registrations)));
  }

  /**
   * Replaces the tools of a config's source (see `registerConfig`) with those of `config`, in
   * one change, under a policy as `registerConfig` is.
   *
   * @throws {ConfigError} When the config is not valid, or the policy does not fit it.
   * @throws {InvalidToolError} When a tool's ID has another definition from another source.
   * @example
   * ```ts
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerConfig({ name: "git", command: "git", tools: [{ name: "git_log", description: "Show commits" }] });
   * registry.replaceConfig({ name: "git", command: "git", tools: [{ name: "git_status", description: "Show the status" }] });
   * console.log(registry.ids()); // ["git:git_status"]
   * ```
   */
  replaceConfig(config: CLImaxConfig | CLImaxConfigInput, options?: ConfigOptions): void {
    const { source, adds } = configRegistrations(config, options, this.#options);
    this.#apply(replacement("climax", source, adds));
  }

  /**
   * Replaces the tools of an MCP server with those of its latest `tools/list` result, in one
   * change.
   *
   * @throws {InvalidToolError} When a tool is not an MCP tool, or its ID has another definition
   * from another source.
   * @example
   * ```ts
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("github", [{ name: "a", inputSchema: { type: "object" } }]);
   * registry.replaceMcpTools("github", [{ name: "b", inputSchema: { type: "object" } }]);
   * console.log(registry.ids()); // ["github:b"]
   * ```
   */
  replaceMcpTools(server: string | McpServerInfo, tools: readonly McpTool[]): void {
    const adds = mcpRegistrations(server, tools);
    this.#apply(replacement("mcp", adds[0]?.backend.id ?? checkServer(server).name, adds));
  }

  /**
   * Removes every backend of kind `kind` and ID `backendId` (a config's source, an MCP server,
   * a handler), and the tools that had no other.
   *
   * @throws {NotFoundError} When no tool has such a backend.
   * @example
   * ```ts
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * registry.registerMcpTools("github", [{ name: "search_issues", inputSchema: { type: "object" } }]);
   * registry.removeSource("mcp", "github");
   * console.log(registry.size); // 0
   * ```
   */
  removeSource(kind: BackendKind, backendId: string): void {
    const change = replacement(kind, backendId, []);
    if (!hasSource(this.#state, kind, backendId)) {
      throw new NotFoundError(`No tool has a ${kind} backend ${JSON.stringify(backendId)}`);
    }
    this.#apply(change);
  }

  /**
   * Moves the version on without a change of content, and tells the listeners (`refreshed`):
   * for a caller that reloaded its sources and wants readers to look again.
   *
   * @returns The new version.
   * @example
   * ```ts
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * console.log(registry.refresh(), registry.refresh()); // 1 2
   * ```
   */
  refresh(): number {
    const state = this.#writable();
    state.version++;
    this.#listeners.emit([{ type: "refreshed", id: null, backend: null, version: state.version }]);
    return state.version;
  }

  /**
   * Calls `listener` with every change, synchronously, after the change and before the call that
   * made it returns. A listener that throws does not stop the change or the other listeners (see
   * `onListenerError`).
   *
   * @returns A function that unsubscribes the listener; calling it again does nothing.
   * @example
   * ```ts
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * const unsubscribe = registry.onChange((event) => console.log(event.type, event.id));
   * registry.registerMcpTools("github", [{ name: "search_issues", inputSchema: { type: "object" } }]); // registered github:search_issues
   * unsubscribe();
   * unsubscribe();
   * ```
   */
  onChange(listener: (event: ChangeEvent) => void): () => void {
    return this.#listeners.add(listener);
  }

  /**
   * A view of what the registry holds now, which later changes do not reach.
   *
   * @example
   * ```ts
   * import { ToolRegistry } from "@climax/tool-index";
   *
   * const registry = new ToolRegistry();
   * const empty = registry.snapshot();
   * registry.registerMcpTools("github", [{ name: "search_issues", inputSchema: { type: "object" } }]);
   * console.log(empty.size, registry.size); // 0 1
   * ```
   */
  snapshot(): RegistryView {
    this.#shared = true;
    const reader = new StateReader(this.#state, this.#options.settings);
    const view = new Snapshot();
    bindView(view, () => reader);
    return view;
  }

  #slotOf(id: string): Slot | undefined {
    const slot = typeof id === "string" ? this.#state.byId.get(id) : undefined;
    return slot === undefined ? undefined : this.#state.slots[slot];
  }

  /** The current state, ready to change: copied first when a snapshot shares it. */
  #writable(): RegistryState {
    if (this.#shared) {
      this.#state = this.#state.clone();
      this.#shared = false;
    }
    return this.#state;
  }

  /** Applies a change (see `applyChange`), then tells the listeners what it changed. */
  #apply(change: Change): void {
    const events = applyChange(this.#state, change, this.#options.maxTools, () => this.#writable());
    if (events !== undefined) this.#listeners.emit(events);
  }
}

/** A view of one state of a registry, which its later changes do not reach. */
class Snapshot extends RegistryView {}
