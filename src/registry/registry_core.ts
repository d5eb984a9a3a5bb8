// The registry itself, as seed 004 describes it, but for configs, which it takes validated: a
// `ToolRegistry` is this and the validation of what a library user gives it. The service holds
// one of these directly, for the configs it registers were validated when they were read (or
// compiled), so that a cold start loads no zod.
import { NotFoundError } from "../errors.ts";
import type { PolicyConfig } from "../policy_types.ts";
import type { BackendKind, ChangeEvent, ToolBackend } from "./types.ts";
import type { CLImaxConfig, CLISummary } from "../types.ts";
import type { McpServerInfo, McpTool } from "../mcp_types.ts";
import { policyOrigin } from "../config/policy/origin.ts";
import type { SearchTables } from "../index/tool_search.ts";
import {
  registryOptions,
  type RegistrySettings,
  type ToolRegistryOptions,
} from "./registry_options.ts";
import { RegistryView } from "./registry_view.ts";
import {
  type CheckedRegistration,
  mcpRegistrations,
  validConfigRegistrations,
} from "./registrations.ts";
import { checkServer } from "./_backend_kinds.ts";
import { addition, applyChange, type Change, hasSource, replacement } from "./_change.ts";
import { StateReader } from "./_reader.ts";
import { Listeners } from "./_listeners.ts";
import { RegistryState, type Slot } from "./_state.ts";
import { RegistrySearch } from "./_segmented_search.ts";

/** What a registry's search is made of beyond its tools: enough to restore it elsewhere. */
export interface RegistryParts extends SearchTables {
  /** The registry's content hash, its `contentVersion`. */
  contentHash: string;
}

/**
 * What a registry holds, told without reading its tools: what the first answers of a service,
 * its health check first, read of it.
 */
export interface RegistryFacts {
  /** Its `size`. */
  size: number;
  /** Its `contentVersion`. */
  contentVersion: string;
  /** Its `summary()`. */
  summary: readonly CLISummary[];
}

/**
 * A registry whose configs come validated (see `ToolRegistry`, which documents every method):
 * `registerValidConfig` and `replaceValidConfig` take a config that `validateConfig` (or a
 * parser) made, and its policy is one that `validatePolicy` (or `parsePolicy`) made.
 */
export class RegistryCore extends RegistryView {
  #state = new RegistryState();
  /** The first content, put off by `deferLoad` until more than its facts is read. */
  #deferred: { load: () => void; facts: RegistryFacts } | undefined;
  /** Whether the deferred content is being loaded: no listener is told of its changes. */
  #loading = false;
  /** Whether a snapshot holds the current state, which must then be copied before a change. */
  #shared = false;
  /** The reader of `#state`: one for as long as the state object is the same. */
  #reader: StateReader | undefined;
  readonly #listeners: Listeners;
  readonly #options: RegistrySettings;

  /** An empty registry with the settings that `registryOptions` made. */
  constructor(options: RegistrySettings) {
    super();
    this.#options = options;
    this.#listeners = new Listeners(options.onListenerError);
  }

  /**
   * The reads of the registry's state as it is now; public here, so that a view of the core (a
   * `ToolRegistry`) reads through it.
   */
  override reads(): StateReader {
    const state = this.#current;
    if (this.#reader?.state !== state) {
      this.#reader = new StateReader(state, this.#options.settings);
    }
    return this.#reader;
  }

  /** How many tools it holds; told by the facts of a deferred load without loading it. */
  override get size(): number {
    return this.#deferred?.facts.size ?? super.size;
  }

  /** Its monotonic version; a deferred load, one change, counts as made. */
  override get version(): number {
    return this.#deferred === undefined ? super.version : this.#state.version + 1;
  }

  /** Its content's hash; told by the facts of a deferred load without loading it. */
  override get contentVersion(): string {
    return this.#deferred?.facts.contentVersion ?? super.contentVersion;
  }

  /** One summary per CLI; told by the facts of a deferred load without loading it. */
  override summary(): CLISummary[] {
    const facts = this.#deferred?.facts;
    if (facts === undefined) return super.summary();
    return facts.summary.map((cli) => ({ ...cli, tags: [...cli.tags] }));
  }

  /** What the registry holds now, as a deferred load would tell it (see `deferLoad`). */
  facts(): RegistryFacts {
    const { size, contentVersion } = this;
    return { size, contentVersion, summary: this.summary() };
  }

  /**
   * Puts off registering the registry's first content, at least one tool, until more than
   * `size`, `version`, `contentVersion` or `summary()` is read, or it is changed: `load`
   * registers it then, in one change, and no listener is told of it, as if it had been there
   * from the start. Meanwhile `facts`, which must be what `load` makes, answer those reads. For
   * a cold start, whose first answer, a health check, needs no more.
   *
   * @throws {RangeError} When the registry has held anything, a load is put off already, or
   * `facts` name no tool.
   */
  deferLoad(load: () => void, facts: RegistryFacts): void {
    if (this.#deferred !== undefined || this.#state.version !== 0 || facts.size < 1) {
      throw new RangeError("Only an empty registry's first tools can be put off");
    }
    this.#deferred = { load, facts };
  }

  /** The policy of every config registered (see `ToolRegistryOptions.policy`), validated. */
  get policy(): PolicyConfig | undefined {
    return this.#options.policy;
  }

  /**
   * Registers checked registrations, all or nothing, in one change (see
   * `ToolRegistry.registerMany`): the registrations of many sources at once, for a cold start.
   */
  registerChecked(registrations: readonly CheckedRegistration[]): void {
    this.#apply(addition(registrations));
  }

  /**
   * Registers the tools of a validated config as `ToolRegistry.registerConfig` does, reached by
   * the source `source`, under `policy` (default the registry's).
   */
  registerValidConfig(
    config: CLImaxConfig,
    source: string,
    policy: PolicyConfig | undefined = this.#options.policy,
  ): void {
    this.#apply(addition(validConfigRegistrations(config, source, policy)));
  }

  /** See `ToolRegistry.registerMcpTools`. */
  registerMcpTools(server: string | McpServerInfo, tools: readonly McpTool[]): void {
    this.#apply(addition(mcpRegistrations(server, tools, this.#options.policy)));
  }

  /** See `ToolRegistry.unregisterBackend`. */
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

  /** Replaces a source's tools with checked registrations (see `ToolRegistry.replaceSource`). */
  replaceChecked(
    kind: BackendKind,
    backendId: string,
    registrations: readonly CheckedRegistration[],
  ): void {
    this.#apply(replacement(kind, backendId, registrations));
  }

  /**
   * Replaces the tools of the source `source` with those of a validated config, as
   * `ToolRegistry.replaceConfig` does, under `policy` (default the registry's).
   */
  replaceValidConfig(
    config: CLImaxConfig,
    source: string,
    policy: PolicyConfig | undefined = this.#options.policy,
  ): void {
    this.#apply(replacement("climax", source, validConfigRegistrations(config, source, policy)));
  }

  /** See `ToolRegistry.replaceMcpTools`. */
  replaceMcpTools(server: string | McpServerInfo, tools: readonly McpTool[]): void {
    const adds = mcpRegistrations(server, tools, this.#options.policy);
    this.#apply(replacement("mcp", adds[0]?.backend.id ?? checkServer(server).name, adds));
  }

  /** See `ToolRegistry.removeSource`. */
  removeSource(kind: BackendKind, backendId: string): void {
    const change = replacement(kind, backendId, []);
    if (!hasSource(this.#current, kind, backendId)) {
      throw new NotFoundError(`No tool has a ${kind} backend ${JSON.stringify(backendId)}`);
    }
    this.#apply(change);
  }

  /** See `ToolRegistry.refresh`. */
  refresh(): number {
    const state = this.#writable();
    state.version++;
    this.#listeners.emit([{ type: "refreshed", id: null, backend: null, version: state.version }]);
    return state.version;
  }

  /** See `ToolRegistry.onChange`. */
  onChange(listener: (event: ChangeEvent) => void): () => void {
    return this.#listeners.add(listener);
  }

  /**
   * The tables of the registry's search and its content hash: built afresh as one index over
   * every tool when changes were indexed apart.
   */
  searchParts(): RegistryParts {
    const state = this.#current;
    const tables = state.search.tables ?? RegistrySearch.build(state.slots).tables!;
    return { contentHash: state.contentHash, ...tables };
  }

  /**
   * Takes `parts`, which a registry given the same sources by the same code had, instead of
   * building its search. Nothing checks that the sources were the same: only for a compiled
   * catalogue whose hashes matched.
   *
   * @throws {RangeError} When `parts` do not fit the registry's tools.
   */
  adoptSearchParts(parts: RegistryParts): void {
    const { contentHash, ...tables } = parts;
    this.#current.adopt(tables, contentHash);
  }

  /**
   * Registers the tools put off by `deferLoad`, and makes the search of the parts adopted by
   * `adoptSearchParts`, now, if they still wait for the first read or search: a caller with
   * time to spare spares that read the wait.
   */
  makeAdoptedSearch(): void {
    this.#current.makeAdoptedSearch();
  }

  /**
   * Builds the search and the content hash again from the tools when next needed, instead of
   * those adopted by `adoptSearchParts`: for parts that other code made. A snapshot keeps
   * what it has.
   */
  rebuildSearch(): void {
    this.#writable().forgetSearch();
  }

  /** See `ToolRegistry.snapshot`. */
  snapshot(): RegistryView {
    const state = this.#current;
    this.#shared = true;
    return new Snapshot(new StateReader(state, this.#options.settings));
  }

  #slotOf(id: string): Slot | undefined {
    const state = this.#current;
    const slot = typeof id === "string" ? state.byId.get(id) : undefined;
    return slot === undefined ? undefined : state.slots[slot];
  }

  /** The state, once the content put off by `deferLoad`, if any, is loaded. */
  get #current(): RegistryState {
    const deferred = this.#deferred;
    if (deferred !== undefined) {
      this.#deferred = undefined;
      this.#loading = true;
      try {
        deferred.load();
      } catch (error) {
        // Registering is all or nothing: the facts still tell what the registry is to hold.
        this.#deferred = deferred;
        throw error;
      } finally {
        this.#loading = false;
      }
    }
    return this.#state;
  }

  /** The current state, ready to change: copied first when a snapshot shares it. */
  #writable(): RegistryState {
    const state = this.#current;
    if (this.#shared) {
      this.#state = state.clone();
      this.#shared = false;
    }
    return this.#state;
  }

  /** Applies a change (see `applyChange`), then tells the listeners what it changed. */
  #apply(change: Change): void {
    const state = this.#current;
    const events = applyChange(state, change, this.#options.maxTools, () => this.#writable());
    if (events !== undefined && !this.#loading) this.#listeners.emit(events);
  }
}

/** A view of one state of a registry, which its later changes do not reach. */
class Snapshot extends RegistryView {
  readonly #reader: StateReader;

  constructor(reader: StateReader) {
    super();
    this.#reader = reader;
  }

  protected override reads(): StateReader {
    return this.#reader;
  }
}

/**
 * A registry core with `options` checked and defaulted as `ToolRegistry` checks them, but for
 * the policy, which must be one that `validatePolicy` or `parsePolicy` made.
 *
 * @throws {RangeError} When an option has the wrong kind, or the policy was not validated.
 */
export function registryCore(options?: ToolRegistryOptions): RegistryCore {
  return new RegistryCore(registryOptions(options, (policy) => {
    if (policyOrigin(policy) === undefined) {
      throw new RangeError("A registry core takes only a policy that was validated");
    }
    return policy as PolicyConfig;
  }));
}
