/**
 * The parameters and pages of a `ToolRegistry`'s searches and namespace listings.
 *
 * @module
 */
import type { RegistryEntry } from "./types.ts";
import type { SearchParams } from "../index/search_params.ts";

/**
 * What to search a registry for: the parameters of `ToolIndex.search`, a `namespace` filter,
 * and the mode of any searcher the registry was given.
 *
 * @example
 * ```ts
 * import type { RegistrySearchParams } from "@climax/tool-index";
 *
 * const params: RegistrySearchParams = { query: "open a pull request", mode: "ranked", namespace: "github" };
 * ```
 */
export interface RegistrySearchParams extends Omit<SearchParams, "mode"> {
  /** Only tools of this namespace (case-insensitive exact match, as `cli`). `null` or `""`: any. */
  namespace?: string | null;
  /**
   * `"substring"` (the default) or `"ranked"`, as `ToolIndex.search` takes them, or the name of
   * a searcher given in `ToolRegistryOptions.searchers`.
   */
  mode?: string;
}

/**
 * The parameters of `searchPage`: those of `search` and the cursor of the previous page.
 *
 * @example
 * ```ts
 * import type { RegistrySearchPageParams } from "@climax/tool-index";
 *
 * const next: RegistrySearchPageParams = { query: "issue", limit: 20, cursor: null };
 * ```
 */
export interface RegistrySearchPageParams extends RegistrySearchParams {
  /** `next_cursor` of the previous page; `null` or absent for the first page. */
  cursor?: string | null;
}

/**
 * One page of a registry's search results.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolRegistry } from "@climax/tool-index";
 *
 * const page = new ToolRegistry().searchPage({ query: "x" });
 * assert.deepEqual(page.results, []);
 * assert.equal(page.next_cursor, null);
 * ```
 */
export interface RegistrySearchPage {
  /** At most `limit` results. */
  results: RegistryEntry[];
  /** Pass as `cursor` for the next page; `null` on the last page. */
  next_cursor: string | null;
}

/**
 * The parameters of `listNamespacesPage`.
 *
 * @example
 * ```ts
 * import type { NamespacePageParams } from "@climax/tool-index";
 *
 * const first: NamespacePageParams = { limit: 50 };
 * ```
 */
export interface NamespacePageParams {
  /** Most namespaces to return. Default 100; 0 or less gives none; not an integer: `RangeError`. */
  limit?: number;
  /** `next_cursor` of the previous page; `null` or absent for the first page. */
  cursor?: string | null;
}

/**
 * One page of a registry's namespaces.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolRegistry } from "@climax/tool-index";
 *
 * assert.deepEqual(new ToolRegistry().listNamespacesPage(), { namespaces: [], next_cursor: null });
 * ```
 */
export interface NamespacePage {
  /** At most `limit` namespaces, in code-point order. */
  namespaces: string[];
  /** Pass as `cursor` for the next page; `null` on the last page. */
  next_cursor: string | null;
}
