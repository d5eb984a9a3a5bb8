// What a compiled catalogue does with a registry that no other caller may, to spare a cold start
// work done when the catalogue was compiled: take its built search out and put it back, and
// register configs without validating them again. The registry grants this module alone a
// reader of its private state and its private way of applying a change.
import type { PolicyConfig } from "../policy_types.ts";
import type { CLImaxConfig, McpServerInfo, McpTool } from "../types.ts";
import { addition, type Change } from "./_change.ts";
import { mcpRegistrations, validConfigRegistrations } from "./_registrations.ts";
import { RegistrySearch } from "./_segmented_search.ts";
import type { RegistryState } from "./_state.ts";
import type { SearchTables } from "../index/tool_search.ts";

/** What a registry's search is made of beyond its tools: enough to restore it elsewhere. */
export interface RegistryParts extends SearchTables {
  /** The registry's `contentVersion`. */
  version: string;
}

/** What a registry grants: a reader of its state, its way of applying a change, its policy. */
export interface RegistryAccess {
  state(registry: object): RegistryState;
  apply(registry: object, change: Change): void;
  policy(registry: object): PolicyConfig | undefined;
}

let access: RegistryAccess | undefined;

/** Called once by `ToolRegistry`. */
export function grantAccess(granted: RegistryAccess): void {
  access = granted;
}

function stateOf(registry: object): RegistryState {
  return access!.state(registry);
}

/**
 * The tables of `registry`'s search and its content version: built afresh as one index over
 * every tool when changes were indexed apart.
 */
export function registryParts(registry: object): RegistryParts {
  const state = stateOf(registry);
  const tables = state.search.tables ?? RegistrySearch.build(state.slots).tables!;
  return { version: state.contentVersion, ...tables };
}

/**
 * Makes `registry` take `parts`, which a registry built from the same sources by the same code
 * had, instead of building its search. Nothing checks that the sources were the same: only for
 * a compiled catalogue whose hashes matched.
 *
 * @throws {RangeError} When `parts` do not fit the registry's tools.
 */
export function adoptParts(registry: object, parts: RegistryParts): void {
  const { version, ...tables } = parts;
  stateOf(registry).adopt(tables, version);
}

/** A source of a compiled catalogue: a config validated already, or an MCP tool list. */
export type ValidSource =
  | { readonly config: CLImaxConfig; readonly source: string }
  | { readonly server: McpServerInfo; readonly tools: readonly McpTool[] };

/**
 * Registers `sources`, in order, in one change, as `registerConfig` and `registerMcpTools` do
 * one by one (under the registry's policy), but without validating the configs again: for those of a compiled catalogue,
 * validated when it was compiled. Not for configs from anywhere else: the registry takes their
 * parts as its own, without copying them. One change rather than one per source, and no second
 * validation, take a cold start of the bundled catalogue from about 10 ms of registering to 5.
 *
 * @throws {InvalidToolError} When a tool's ID has another definition.
 */
export function registerValidSources(registry: object, sources: readonly ValidSource[]): void {
  const policy = access!.policy(registry);
  const adds = sources.flatMap((source) =>
    "config" in source
      ? validConfigRegistrations(source.config, source.source, policy)
      : mcpRegistrations(source.server, source.tools)
  );
  access!.apply(registry, addition(adds));
}
