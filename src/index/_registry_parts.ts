// A registry's built search, taken out and put back: what a compiled catalogue carries so that a
// cold start adopts the search instead of building it. The registry grants this module alone a
// reader of its private state.
import { RegistrySearch } from "./_registry_search.ts";
import type { RegistryState } from "./_registry_state.ts";
import type { SearchTables } from "./_tool_search.ts";

/** What a registry's search is made of beyond its tools: enough to restore it elsewhere. */
export interface RegistryParts extends SearchTables {
  /** The registry's `contentVersion`. */
  version: string;
}

let stateOf: (registry: object) => RegistryState = () => {
  throw new TypeError("The registry has not granted access to its state");
};

/** Called once by `ToolRegistry`, with the reader of its private state. */
export function grantStateAccess(read: (registry: object) => RegistryState): void {
  stateOf = read;
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
