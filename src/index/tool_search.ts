// The searches of an index, over the positions of its tools: the substring index, the ranked
// index and the exact filters; the search mode's engine answers (see `search_modes.ts`).
import { checkSubstringTables, SubstringIndex, type SubstringTables } from "../search/substring.ts";
import {
  type AnalyzedWord,
  checkRankedTables,
  type CorpusStats,
  type IndexStats,
  type RankedConfig,
  RankedIndex,
  type RankedTables,
  type RankedTool,
} from "../search/ranked.ts";
import type { NormalizedParams } from "./search_params.ts";
import {
  type FindOptions,
  type IndexEngines,
  type IndexQuery,
  SEARCH_MODE_SPECS,
  type SearchMode,
  walk,
} from "./search_modes.ts";
import { fieldsInclude, searchTexts } from "./_fields.ts";
import { buildFilter, type Filter } from "./_filters.ts";

/** The tables of both searches, which restore them without building them again. */
export interface SearchTables {
  /** The tables of the substring search. */
  substring: SubstringTables;
  /** The tables of the ranked search. */
  ranked: RankedTables;
}

/** How an index's searches are made, beyond its tools. */
export interface ToolSearchOptions {
  /** The tables of the searches built earlier from the same tools, adopted instead. */
  tables?: SearchTables;
  /** The larger collection the tools are one part of, which ranking scores them within. */
  corpus?: CorpusStats;
  /**
   * The tools, by position, left out of the substring index; browsing and needles holding the
   * field separator still find them, so a search is to pass them as `stale` too.
   */
  unlisted?: Uint8Array;
}

/** Finds tools by their position in the index. */
export class ToolSearch {
  readonly #tools: readonly RankedTool[];
  readonly #owners: readonly RankedConfig[];
  readonly #substring: SubstringIndex;
  readonly #categories: ReadonlyMap<string, Filter>;
  readonly #categoryOf: Int32Array;
  readonly #clis: ReadonlyMap<string, Filter>;
  readonly #cliOf: Int32Array;
  readonly #ranked: RankedIndex;
  /** The engines the search modes run, over these tools. */
  readonly #engines: IndexEngines;

  /**
   * Checks that `tables` are laid out as those of the searches of `toolCount` tools are: what
   * adopting them needs, told without adopting them.
   *
   * @throws {RangeError} When they are not.
   */
  static checkTables(tables: SearchTables, toolCount: number): void {
    checkSubstringTables(tables.substring);
    checkRankedTables(tables.ranked, toolCount);
  }

  /**
   * Indexes `tools`, each with its config at the same position in `owners`.
   *
   * @throws {RangeError} When `options.tables` do not fit the tools.
   */
  constructor(
    tools: readonly RankedTool[],
    owners: readonly RankedConfig[],
    { tables, corpus, unlisted }: ToolSearchOptions = {},
  ) {
    this.#tools = tools;
    this.#owners = owners;
    this.#substring = new SubstringIndex(searchTexts(tools, owners, unlisted), tables?.substring);
    [this.#categories, this.#categoryOf] = buildFilter(owners, (config) => config.category);
    [this.#clis, this.#cliOf] = buildFilter(owners, (config) => config.name);
    this.#ranked = new RankedIndex(tools, owners, { tables: tables?.ranked, corpus });
    this.#engines = {
      size: tools.length,
      substring: this.#substring,
      ranked: this.#ranked,
      fieldsInclude: (doc, needle) => fieldsInclude(tools[doc], owners[doc], needle),
    };
  }

  /** What ranking knows of these tools, for the collection they are one part of. */
  get stats(): IndexStats {
    return this.#ranked.stats;
  }

  /** The tables of both searches, for restoring them elsewhere from the same tools. */
  get tables(): SearchTables {
    return { substring: this.#substring.tables, ranked: this.#ranked.tables };
  }

  /** The run of the tool at `position` whose near-ties ranking settles: see `RankedIndex`. */
  runOf(position: number): number {
    return this.#ranked.runOf(position);
  }

  /** The positions of the tools whose config has the name `name`, in any case, in order. */
  positionsOfCli(name: string): Int32Array | undefined {
    return this.#clis.get(name.toLowerCase())?.positions;
  }

  /**
   * The substring index of these tools, which a registry asks directly: whether a needle may be
   * in its first tools, its rarest n-gram, and its matches with no filter.
   */
  get substring(): SubstringIndex {
    return this.#substring;
  }

  /**
   * The positions of the tools that `params` finds, in the order of the results, leaving out
   * the first `skip`: `count` of them at most.
   */
  find(params: NormalizedParams, skip: number, count: number, options?: FindOptions): number[] {
    const found: number[] = [];
    const stale = options?.stale;
    const filters = this.#filters(params, stale);
    if (filters === null) return found;
    const { category, cli, passes, accept, filtered } = filters;
    let skipped = 0;
    const below = options?.below ?? Infinity;
    // Whether a tool is stale is asked once it holds the needle, not of each tool looked at.
    const visit = (text: number) => {
      if (text >= below) return false;
      if (stale !== undefined && stale[text] !== 0) return true;
      if (skipped < skip) skipped++;
      else found.push(text);
      return found.length < count;
    };

    let driver: Int32Array | undefined = category?.positions;
    if (cli && (driver === undefined || cli.positions.length < driver.length)) {
      driver = cli.positions;
    }
    const query: IndexQuery = {
      query: params.query,
      needle: params.needle,
      skip,
      count,
      passes,
      accept: filtered ? accept : null,
      visit,
      found,
      driver,
      options,
    };
    // Only the built-in modes reach an index: a registry runs its user's searchers itself.
    const engines = this.#engines;
    return SEARCH_MODE_SPECS[params.mode as SearchMode].find(engines, query) ??
      walk(engines, query, () => true);
  }

  /**
   * Whether a tool that `params`' filters take, and that is not stale, matches a word of `words`
   * itself: see `RankedIndex.matchesOwnWord`.
   */
  matchesOwnWord(
    params: NormalizedParams,
    words: readonly AnalyzedWord[],
    { stale, frequency }: Pick<FindOptions, "stale" | "frequency"> = {},
  ): boolean {
    const filters = this.#filters(params, stale);
    if (filters === null) return false;
    return this.#engines.ranked.matchesOwnWord(
      words,
      filters.filtered ? filters.accept : null,
      frequency,
    );
  }

  /** The filters of `params`, made; null when one matches no tool. */
  #filters(params: NormalizedParams, stale: Uint8Array | undefined): {
    category: Filter | undefined;
    cli: Filter | undefined;
    passes: (text: number) => boolean;
    accept: (text: number) => boolean;
    filtered: boolean;
  } | null {
    const category = this.#filter(this.#categories, params.category);
    const cli = this.#filter(this.#clis, params.cli);
    if (category === null || cli === null) return null;
    const categoryOf = this.#categoryOf;
    const cliOf = this.#cliOf;
    const categoryId = category?.id ?? -1;
    const cliId = cli?.id ?? -1;
    // One function for every search, with or without stale tools: a scan given one of two
    // functions calls them, where it inlines one.
    const passes = (text: number) =>
      (categoryId < 0 || categoryOf[text] === categoryId) && (cliId < 0 || cliOf[text] === cliId);
    const accept = (text: number) => (stale === undefined || stale[text] === 0) && passes(text);
    const filtered = categoryId >= 0 || cliId >= 0 || stale !== undefined;
    return { category, cli, passes, accept, filtered };
  }

  /** undefined: no filter; null: a filter that nothing matches. */
  #filter(filters: ReadonlyMap<string, Filter>, value: string): Filter | null | undefined {
    if (value === "") return undefined;
    return filters.get(value) ?? null;
  }
}
