// The searches of an index, over the positions of its tools: the substring index, the ranked
// index and the exact filters, and which of them answers a search.
import { FIELD_SEPARATOR, SubstringIndex, type SubstringTables } from "../search/substring.ts";
import {
  type AnalyzedWord,
  type CorpusStats,
  DEFAULT_RANKING,
  type IndexStats,
  type RankedConfig,
  RankedIndex,
  type RankedTables,
  type RankedTool,
} from "../search/ranked.ts";
import type { NormalizedParams } from "./search_params.ts";
import { fieldsInclude, searchTexts } from "./_fields.ts";
import { buildFilter, type Filter } from "./_filters.ts";

/** The tables of both searches, which restore them without building them again. */
export interface SearchTables {
  /** The tables of the substring search. */
  substring: SubstringTables;
  /** The tables of the ranked search. */
  ranked: RankedTables;
}

/** What a search leaves out, and what it tells beside the positions it finds. */
export interface FindOptions {
  /** The positions to leave out: those whose byte is not 0. */
  stale?: Uint8Array;
  /**
   * When given, a ranked search appends the score of each place it answers: by score alone,
   * whichever of a source's tools its near-ties put there (see `RankedIndex.rank`).
   */
  scores?: number[];
  /** A term's rarity in the whole collection, for a ranked search: see `RankedIndex.rank`. */
  rarity?: (term: string) => number;
  /** How many tools of the whole collection have a term: see `RankedIndex.rank`. */
  frequency?: (term: string) => number;
  /** The ranked query's words, when a search of several indexes has them (`analyzeQuery`). */
  words?: readonly AnalyzedWord[];
  /**
   * For a ranked search of several indexes: every tool that the near-ties among a source's
   * tools could bring among the best, with its own score, for the caller to settle; none that
   * scores below this over 1 plus the tolerance, which the caller knows cannot be brought
   * among the best (0 for no bound).
   */
  unsettled?: number;
  /** The `needleKeys` of the query's needle, when a search of several indexes has them. */
  keys?: readonly number[];
  /** The place in `keys` of the n-gram whose list a substring search walks: see `rarest`. */
  rarest?: number;
  /**
   * In a search in position order (not ranked), the first position not wanted: the walk stops
   * there.
   */
  below?: number;
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

  /**
   * Indexes `tools`, each with its config at the same position in `owners`, or adopts the
   * `tables` of the searches built earlier from the same tools. With `corpus`, ranking scores
   * the tools as part of that larger collection. The tools marked in `unlisted` are left out of
   * the substring index; browsing and needles holding the field separator still find them, so
   * a search is to pass them as `stale` too.
   *
   * @throws {RangeError} When `tables` do not fit the tools.
   */
  constructor(
    tools: readonly RankedTool[],
    owners: readonly RankedConfig[],
    tables?: SearchTables,
    corpus?: CorpusStats,
    unlisted?: Uint8Array,
  ) {
    this.#tools = tools;
    this.#owners = owners;
    this.#substring = new SubstringIndex(searchTexts(tools, owners, unlisted), tables?.substring);
    [this.#categories, this.#categoryOf] = buildFilter(owners, (config) => config.category);
    [this.#clis, this.#cliOf] = buildFilter(owners, (config) => config.name);
    this.#ranked = new RankedIndex(tools, owners, DEFAULT_RANKING, tables?.ranked, corpus);
  }

  /** What ranking knows of these tools, for the collection they are one part of. */
  get stats(): IndexStats {
    return this.#ranked.stats;
  }

  /** The tables of both searches, for restoring them elsewhere from the same tools. */
  get tables(): SearchTables {
    return { substring: this.#substring.tables, ranked: this.#ranked.tables };
  }

  /** The source of the tool at `position`, as ranking settles near-ties: see `RankedIndex`. */
  sourceOf(position: number): number {
    return this.#ranked.sourceOf(position);
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
    const category = this.#filter(this.#categories, params.category);
    const cli = this.#filter(this.#clis, params.cli);
    if (category === null || cli === null) return found;

    const categoryOf = this.#categoryOf;
    const cliOf = this.#cliOf;
    const categoryId = category?.id ?? -1;
    const cliId = cli?.id ?? -1;
    const stale = options?.stale;
    // One function for every search, with or without stale tools: a search that passed one of
    // two to the scan left it calling them, not inlining them, and a registry's substring hits
    // took a fifth longer.
    const passes = (text: number) =>
      (categoryId < 0 || categoryOf[text] === categoryId) && (cliId < 0 || cliOf[text] === cliId);
    const accept = (text: number) => (stale === undefined || stale[text] === 0) && passes(text);
    let skipped = 0;
    const below = options?.below ?? Infinity;
    // A substring search asks whether a tool is stale once it holds the needle, not of each
    // tool it looks at: after 100 edits of 10,000 tools, substring hits took 1.15× a
    // ToolIndex's and filtered ones 1.14×, against 1.17× and 1.16× (p50 of each query's
    // fastest, the mean of six alternating runs).
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
    const ranked = params.mode === "ranked";
    const needle = ranked ? "" : params.needle;
    const filtered = categoryId >= 0 || cliId >= 0 || stale !== undefined;
    // A ranked query without a word to rank by (only stop words, or no letter or digit) browses.
    const best = ranked
      ? this.#ranked.rank(
        options?.words ?? params.query,
        filtered ? accept : null,
        skip,
        count,
        options?.scores,
        options?.rarity,
        options?.frequency,
        options?.unsettled,
      )
      : undefined;
    if (best !== undefined) return best;
    if (needle !== "" && !needle.includes(FIELD_SEPARATOR)) {
      this.#substring.scan(
        needle,
        passes,
        visit,
        driver,
        options?.keys,
        options?.below,
        options?.rarest,
      );
      return found;
    }
    // No query, or one holding the field separator, which only a per-field check answers.
    const matches = needle === ""
      ? () => true
      : (text: number) => fieldsInclude(this.#tools[text], this.#owners[text], needle);
    const total = driver?.length ?? this.#tools.length;
    for (let i = 0; i < total; i++) {
      const text = driver ? driver[i] : i;
      if (passes(text) && matches(text) && !visit(text)) break;
    }
    return found;
  }

  /** undefined: no filter; null: a filter that nothing matches. */
  #filter(filters: ReadonlyMap<string, Filter>, value: string): Filter | null | undefined {
    if (value === "") return undefined;
    return filters.get(value) ?? null;
  }
}
