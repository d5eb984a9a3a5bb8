/**
 * What a search asks for: the parameters of `ToolIndex.search` and `searchPage`, their
 * defaults, and their checks.
 *
 * @module
 */
import type { ToolIndexEntry } from "../types.ts";
import { describeValue } from "../_json_value.ts";
import {
  DEFAULT_MODE,
  SEARCH_MODE_SPECS,
  SEARCH_MODES,
  type SearchMode,
  type SearchModeSpec,
} from "./search_modes.ts";

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

/** The number of results of a search that gives no `limit`. */
export const DEFAULT_LIMIT = 10;

/** Search parameters checked, defaulted and lowercased where matching ignores case. */
export interface NormalizedParams {
  /** A search mode, or the name of a searcher a registry was given. */
  mode: string;
  /** The query as given, or "" for none. */
  query: string;
  /** The query, lowercased. */
  needle: string;
  category: string;
  cli: string;
  limit: number;
}

/**
 * `params` checked and defaulted; `modes` are the modes it may name.
 *
 * @throws {RangeError} When `limit` is not an integer or a parameter has the wrong type.
 */
export function normalizeParams(
  params: Omit<SearchParams, "mode"> & { mode?: string },
  modes: readonly string[] = SEARCH_MODES,
): NormalizedParams {
  if (params === null || typeof params !== "object") {
    throw new RangeError("Search parameters must be an object");
  }
  const limit = params.limit ?? DEFAULT_LIMIT;
  if (typeof limit !== "number" || !Number.isInteger(limit)) {
    throw new RangeError(`The limit must be an integer, got ${describeValue(limit)}`);
  }
  const mode = params.mode ?? DEFAULT_MODE;
  if (!modes.includes(mode)) {
    throw new RangeError(`The mode must be ${quotedModes(modes)}, got ${String(mode)}`);
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

/** `modes` in quotes, for messages: `"a" or "b"`, `"a", "b" or "c"`. */
export function quotedModes(modes: readonly string[]): string {
  const quoted = modes.map((mode) => `"${mode}"`);
  return quoted.length < 2
    ? quoted.join("")
    : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
}

function lowerText(value: unknown, name: string): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") {
    throw new RangeError(`The ${name} must be a string or null, got ${typeof value}`);
  }
  return value.toLowerCase();
}

/**
 * What a cursor is bound to: every parameter that decides the results and their order. Not the
 * limit: a cursor says where to continue, and the next page may be longer or shorter.
 */
export function pageKey(params: NormalizedParams): string {
  const spec: SearchModeSpec | undefined = SEARCH_MODE_SPECS[params.mode as SearchMode];
  const query = spec?.readsCase ? params.query : params.needle;
  return JSON.stringify([params.mode, query, params.category, params.cli]);
}
