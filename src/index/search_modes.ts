/**
 * The search modes, each registered once: the engine that answers it over one index, how a
 * registry merges the answers of its segments, and how it is named to people and to agents.
 * A new mode is one entry here and the engine it runs.
 *
 * @module
 */
import { FIELD_SEPARATOR, type SubstringIndex } from "../search/substring.ts";
import type { AnalyzedWord, RankedIndex } from "../search/ranked.ts";

/** How `search` matches `query`. */
export type SearchMode = "substring" | "ranked";

/**
 * What a search of one index leaves out, and what it hands back beside the tools it finds. A
 * registry gives these to each of its segments; a `ToolIndex` gives none.
 */
export interface FindOptions {
  /** The tools to leave out (stale copies): those whose byte is not 0. */
  stale?: Uint8Array;
  /** Receives the score of each tool a ranked search answers: see `RankOptions.scoresOut`. */
  scores?: number[];
  /** A term's rarity in the whole collection, for a ranked search: see `RankOptions.rarity`. */
  rarity?: (term: string) => number;
  /** How many tools of the whole collection have a term: see `RankOptions.frequency`. */
  frequency?: (term: string) => number;
  /** The ranked query's words, when a search of several segments has them (`analyzeQuery`). */
  words?: readonly AnalyzedWord[];
  /** Leaves near-ties for the caller to settle: see `RankOptions.unsettled`. */
  unsettled?: number;
  /** Whether a tool of the whole collection matches a query word: see `RankOptions.ownMatched`. */
  ownMatched?: () => boolean;
  /** The `needleKeys` of the query's needle, when a search of several segments has them. */
  keys?: readonly number[];
  /** The place in `keys` of the n-gram whose list a substring search walks: see `rarest`. */
  rarest?: number;
  /** In a search in tool order (not ranked), the first tool not wanted: the walk stops there. */
  below?: number;
}

/** The engines of one index, as a mode's search reads them. */
export interface IndexEngines {
  /** How many tools the index holds. */
  readonly size: number;
  readonly substring: SubstringIndex;
  readonly ranked: RankedIndex;
  /** Whether one of the searched fields of the tool `doc` holds `needle` (lowercased). */
  fieldsInclude(doc: number, needle: string): boolean;
}

/** One search of one index, with its filters made, as a mode's engine runs it. */
export interface IndexQuery {
  /** The query, lowercased as `needle`. */
  readonly query: string;
  readonly needle: string;
  /** How many of the first tools found to leave out, and how many to find after them. */
  readonly skip: number;
  readonly count: number;
  /** Whether the tool `doc` passes the filters (stale or not). */
  readonly passes: (doc: number) => boolean;
  /** Whether it passes the filters and is not stale; `null` when every tool does. */
  readonly accept: ((doc: number) => boolean) | null;
  /**
   * Takes a tool found in tool order into `found` (past the first `skip`); false once no more
   * are wanted.
   */
  readonly visit: (doc: number) => boolean;
  /** What `visit` has taken. */
  readonly found: number[];
  /** The tools of the narrowest filter, in order, when a filter is given. */
  readonly driver: Int32Array | undefined;
  readonly options: FindOptions | undefined;
}

/** One search mode. */
export interface SearchModeSpec {
  /**
   * How a registry merges the answers of its segments: by `score`, best first, or in
   * `load_order`, as one index lists its tools.
   */
  readonly merge: "score" | "load_order";
  /**
   * Whether its engine reads the query's case ("getUser" is two words to ranking), so that a
   * cursor is bound to the query as given, not lowercased.
   */
  readonly readsCase: boolean;
  /** What the browse page's choice of mode calls it. */
  readonly label: string;
  /** What it does, for an agent choosing it: a clause that starts with its name in quotes. */
  readonly description: string;
  /**
   * The tools `query` finds with the mode's engine, in the order of the results; undefined
   * when the query gives the engine nothing to search by, and the index then browses: every
   * tool that passes the filters, in load order.
   */
  find(engines: IndexEngines, query: IndexQuery): number[] | undefined;
}

/** Every search mode, by name: the type makes the compiler hold the table to `SearchMode`. */
export const SEARCH_MODE_SPECS: { readonly [M in SearchMode]: SearchModeSpec } = {
  substring: {
    merge: "load_order",
    readsCase: false,
    label: "the exact text",
    description: "'substring' finds the literal text, in config order",
    find: (engines, query) => {
      const { needle } = query;
      if (needle === "") return undefined;
      // Only a field by field check keeps a needle with the separator from matching across two.
      if (needle.includes(FIELD_SEPARATOR)) {
        return walk(engines, query, (doc) => engines.fieldsInclude(doc, needle));
      }
      engines.substring.scan(needle, query.passes, query.visit, query.driver, query.options);
      return query.found;
    },
  },
  ranked: {
    merge: "score",
    readsCase: true,
    label: "by relevance",
    description:
      "'ranked' orders tools by relevance to the words of a natural-language request, best first, so use it for anything longer than one keyword",
    // A request without a word to rank by ("how do I", "!!!") is answered by no tool; only no
    // request at all browses.
    find: (engines, { query, accept, skip, count, options }) =>
      query.trim() === "" ? undefined : engines.ranked.rank(options?.words ?? query, count, {
        accept,
        skip,
        scoresOut: options?.scores,
        rarity: options?.rarity,
        frequency: options?.frequency,
        unsettled: options?.unsettled,
        ownMatched: options?.ownMatched,
      }),
  },
};

/** The search modes, in the order messages and choices list them. */
export const SEARCH_MODES: readonly [SearchMode, ...SearchMode[]] = Object.freeze(
  Object.keys(SEARCH_MODE_SPECS) as [SearchMode, ...SearchMode[]],
);

/** The mode of a search that names none. */
export const DEFAULT_MODE: SearchMode = "substring";

/**
 * Every tool that passes the filters and `matches`, in tool order, as `query.visit` takes them:
 * how an index browses, and answers what its engines cannot.
 */
export function walk(
  engines: IndexEngines,
  query: IndexQuery,
  matches: (doc: number) => boolean,
): number[] {
  const { driver, passes, visit, found } = query;
  const total = driver?.length ?? engines.size;
  for (let i = 0; i < total; i++) {
    const doc = driver ? driver[i] : i;
    if (passes(doc) && matches(doc) && !visit(doc)) break;
  }
  return found;
}
