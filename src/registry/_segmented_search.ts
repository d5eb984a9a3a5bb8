// The searches of a registry's tools: the same substring and ranked searches as a ToolIndex's,
// answering with slots, over segments. A change does not rebuild them. The segment built last
// over every tool (the main one) stays; the tools that changed or came since are indexed apart,
// in at most two small segments (the deltas): a recent one, rebuilt at each change, and an older
// one, into which the recent one is folded when it grows. A tool's copy in a segment that no
// longer has it as it is, is stale (a deleted document), left out of that segment's answers. A
// search merges its segments' answers as its mode says: by score, ties in load order, or in load
// order.
//
// Ranking scores as a fresh build would. A segment stores each tool's saturated frequency of a
// term, before rarity; a query multiplies in the rarity of the term among the tools there are
// now, the same for every segment. Length normalisation reads a source's average field lengths,
// stepped (`configAverages`): when a change moves them a step, the source's other tools are
// indexed again with it (they move), and when the average over all tools moves a step,
// everything is. A moved tool's text is as it was, so its copy where it was still answers
// substring searches and browsing, which then need not look at the moved copies. A delta
// quantises on the steps of the segments beside it, so that its tools tie with theirs where one
// index would tie them; where a change moves a term's highest score, they can differ. When the
// deltas grow past a share of the tools, everything is built again as one segment.
import {
  analyzeQuery,
  configKey,
  type CorpusStats,
  inverseDocumentFrequency,
  steppedAverage,
} from "../search/ranked.ts";
import { needleKeys } from "../search/substring.ts";
import type { NormalizedParams } from "../index/search_params.ts";
import { SEARCH_MODE_SPECS, type SearchMode } from "../index/search_modes.ts";
import type { SearchTables } from "../index/tool_search.ts";
import { addLengths, remeasure } from "./_source_averages.ts";
import { LiveCopies } from "./_live_copies.ts";
import type { ToolTemplate } from "./registrations.ts";
import {
  buildSegment,
  count,
  type InLoadOrder,
  mergeInLoadOrder,
  mergeSettled,
  nthBest,
  type RankedAnswer,
  type Segment,
  type Slots,
  slotsOf,
} from "./_segments.ts";

/**
 * The most tools the deltas may hold before everything is built again as one segment: a
 * sixteenth of the tools. Past it, an answer merges from much more than one segment.
 */
function deltaLimit(tools: number): number {
  return tools >> 4;
}

/**
 * The most tools the recent delta may hold before it is folded into the older one: it is
 * rebuilt at every change, at a cost that grows with its tools.
 */
function recentLimit(tools: number): number {
  return Math.max(64, Math.min(512, tools >> 6));
}

/** The place of the main segment in `#segments`, then of the older delta and the recent one. */
const MAIN = 0;
const OLDER = 1;
const RECENT = 2;

/** What a registry's search is made of, beside its segments: see `RegistrySearch`. */
interface SearchState {
  /** The main segment, then the older delta and the recent one, when there are. */
  readonly segments: readonly (Segment | undefined)[];
  readonly ranked: LiveCopies;
  readonly listed: LiveCopies;
  readonly staleTerms: ReadonlyMap<string, number>;
  readonly owned: ReadonlyMap<string, Float64Array>;
  readonly totals: Float64Array;
  /** How many tools there are. */
  readonly tools: number;
}

/** Finds a registry's tools by their slots. */
export class RegistrySearch {
  /** The main segment, then the older delta and the recent one, when there are. */
  readonly #segments: readonly (Segment | undefined)[];
  /** The copy of each tool that a ranked search answers with; the others are stale. */
  readonly #ranked: LiveCopies;
  /**
   * The copy of each tool that a search in load order answers with. It is the ranked one but
   * for a tool that moved (see `update`): its text is as it was, so its copy in the segment it
   * moved from still answers substring searches, and the copy it moved to is left out of them.
   */
  readonly #listed: LiveCopies;
  /** How many stale copies have each term. */
  readonly #staleTerms: ReadonlyMap<string, number>;
  /**
   * The average field lengths that the tools of each source with tools in a delta are scored
   * with, by `configKey`: every tool there is of such a source. A source not here has all its
   * tools in the main segment, scored with the averages of its build.
   */
  readonly #owned: ReadonlyMap<string, Float64Array>;
  /** The sum of each field's lengths over the tools there are. */
  readonly #totals: Float64Array;
  /** The rarity of a term among the tools there are now. */
  readonly #rarity: (term: string) => number;
  /** How many tools there are now have a term, in whichever segment. */
  readonly #frequency: (term: string) => number;

  private constructor(state: SearchState) {
    const { segments, staleTerms, tools } = state;
    this.#segments = segments;
    this.#ranked = state.ranked;
    this.#listed = state.listed;
    this.#staleTerms = staleTerms;
    this.#owned = state.owned;
    this.#totals = state.totals;
    const frequency = (term: string) =>
      segments.reduce((sum, segment) => sum + (segment?.own.docFrequency(term) ?? 0), 0) -
      (staleTerms.get(term) ?? 0);
    this.#rarity = (term) => inverseDocumentFrequency(tools, frequency(term));
    this.#frequency = frequency;
  }

  /**
   * Indexes the tools of `slots` (holes left out) as one segment, or adopts the `tables` of one
   * built earlier from the same tools.
   *
   * @throws {RangeError} When `tables` do not fit the tools.
   */
  static build(slots: Slots, tables?: SearchTables): RegistrySearch {
    const positions: number[] = [];
    for (let position = 0; position < slots.length; position++) {
      if (slots[position] !== undefined) positions.push(position);
    }
    positions.sort((a, b) => slots[a]!.order - slots[b]!.order);
    const main = buildSegment(slots, positions, { tables });
    const totals = main.own.averages.map((average) => Math.round(average * positions.length));
    const copies = LiveCopies.of(main, slots.length, RECENT + 1);
    return new RegistrySearch({
      segments: [main, undefined, undefined],
      ranked: copies,
      listed: copies,
      staleTerms: new Map(),
      owned: new Map(),
      totals,
      tools: positions.length,
    });
  }

  /**
   * The search of `slots`, which are this search's after changes to the slots at `touched`:
   * the tools that changed, moved or came indexed apart, in a delta; or everything built again.
   * A changed or removed tool's old copy is stale. A moved tool's old copy is stale to ranking
   * only: it still answers searches in load order, and its new copy does not (`#listed`).
   * `tools` is how many tools `slots` hold.
   */
  update(slots: Slots, touched: Iterable<number>, tools: number): RegistrySearch {
    const segments = this.#segments;
    const ranked = this.#ranked.draft(slots.length);
    const listed = this.#listed.draft(slots.length);
    const staled: ToolTemplate[] = [];
    const changed: number[] = [];
    // Marks the copy of the tool at `position` that ranking answers with stale.
    const leave = (position: number) => {
      staled.push(segments[ranked.segmentOf(position)]!.templates[ranked.docOf(position)]);
      ranked.leave(position, segments);
    };
    for (const position of new Set(touched)) {
      const slot = slots[position];
      const at = ranked.segmentOf(position);
      if (at >= 0) {
        const { templates, orders } = segments[at]!;
        const doc = ranked.docOf(position);
        if (slot !== undefined && templates[doc] === slot.template && orders[doc] === slot.order) {
          continue;
        }
        leave(position);
        listed.leave(position, segments);
      }
      if (slot !== undefined) changed.push(position);
    }
    if (changed.length === 0 && staled.length === 0) return this;

    const totals = this.#totals.slice();
    addLengths(totals, staled, -1);
    addLengths(totals, changed.map((position) => slots[position]!.template), 1);
    const averages = totals.map((total) => total / Math.max(1, tools));
    // Every source's averages are blended with the average of all tools, on its steps: when
    // that moves a step, every tool is scored again.
    const mainAverages = segments[MAIN]!.own.averages;
    if (
      averages.some((average, field) =>
        steppedAverage(average) !== steppedAverage(mainAverages[field])
      )
    ) {
      return RegistrySearch.build(slots);
    }
    // The sources whose tools changed are measured again over all their tools. When that moves
    // their averages (`configAverages` steps them), their other tools are indexed again too.
    const { sources, moved } = remeasure({
      segments,
      ranked,
      slots,
      staled,
      changed,
      averages,
      owned: this.#owned,
    });
    for (const position of moved) leave(position);
    changed.push(...moved);

    const live = (at: number) => {
      const positions: number[] = [];
      segments[at]?.slots.forEach((position, doc) => {
        if (!ranked.stale(at)?.[doc]) positions.push(position);
      });
      return positions;
    };
    const older = live(OLDER);
    const recent = live(RECENT);
    if (older.length + recent.length + changed.length > deltaLimit(tools)) {
      return RegistrySearch.build(slots);
    }
    // The recent delta takes the changes; past its limit, it is folded into the older one.
    const folding = recent.length + changed.length > recentLimit(tools);
    const target = folding ? OLDER : RECENT;
    const merged = folding ? [OLDER, RECENT] : [RECENT];
    const rebuilt = [...(folding ? older : []), ...recent, ...changed]
      .sort((a, b) => slots[a]!.order - slots[b]!.order);

    const staleTerms = new Map(this.#staleTerms);
    count(staleTerms, staled, 1);
    // The stale copies of the segments rebuilt leave with them.
    for (const at of merged) {
      const gone = segments[at]?.templates.filter((_, doc) => ranked.stale(at)?.[doc]) ?? [];
      count(staleTerms, gone, -1);
    }
    const next = [...segments];
    for (const at of merged) next[at] = undefined;
    // A moved tool whose listed copy stays in a segment not rebuilt is unlisted in the new one:
    // left out of its load-order searches, and of its substring index so as not to be walked
    // there.
    let unlisted: Uint8Array | undefined;
    rebuilt.forEach((position, doc) => {
      const at = listed.segmentOf(position);
      if (at < 0 || merged.includes(at)) return;
      unlisted ??= new Uint8Array(rebuilt.length);
      unlisted[doc] = 1;
    });
    // The new segment is scored with the main segment's field averages and on the other
    // segments' steps; rarity is not built in, a query reads it as it is then.
    const others = next.filter((segment) => segment !== undefined);
    const owned = new Map(this.#owned);
    for (const [key, measured] of sources) {
      if (measured === undefined) owned.delete(key);
      else owned.set(key, measured);
    }
    const corpus: CorpusStats = {
      averages: mainAverages,
      configAverages: (config) => owned.get(configKey(config)),
      highest: (term) => Math.max(0, ...others.map((segment) => segment.own.highest(term))),
    };
    const built = buildSegment(slots, rebuilt, { corpus, main: segments[MAIN], unlisted });
    next[target] = built;
    for (const at of merged) {
      ranked.drop(at);
      listed.drop(at);
    }
    ranked.place(target, built);
    listed.place(target, built, unlisted);
    return new RegistrySearch({ segments: next, ranked, listed, staleTerms, owned, totals, tools });
  }

  /** The tables of the one segment over every tool; undefined while there are deltas. */
  get tables(): SearchTables | undefined {
    const segments = this.#segments;
    const whole = segments[OLDER] === undefined && segments[RECENT] === undefined;
    return whole ? segments[MAIN]!.search.tables : undefined;
  }

  /**
   * The slots of the tools `params` finds, in the order of the results, leaving out the first
   * `skip`: `count` of them at most. A ranked search with words to rank by puts the score of
   * each place in `scoresOut`.
   */
  find(params: NormalizedParams, skip: number, count: number, scoresOut?: number[]): number[] {
    const segments = this.#segments;
    const main = segments[MAIN]!;
    // Every change leaves a delta (see `update`): a search without one is one segment of every
    // tool, none of them stale.
    if (segments[OLDER] === undefined && segments[RECENT] === undefined) {
      const options = scoresOut === undefined ? undefined : { scores: scoresOut };
      return slotsOf(main, main.search.find(params, skip, count, options), 0);
    }
    const { merge } = SEARCH_MODE_SPECS[params.mode as SearchMode];
    if (merge === "load_order" || params.query.trim() === "") {
      return this.#inLoadOrder(params, skip, count);
    }
    // Each segment's best `skip + count`, merged, hold the merged best `skip + count`; with the
    // tools that near-ties among a config's tools could bring among them, which are settled
    // over all the segments, as one index would.
    const want = skip + count;
    const answers: RankedAnswer[] = [];
    // A ranked query's words and stems, found once for every segment.
    const words = analyzeQuery(params.query);
    // Whether related words alone may answer is decided over every segment, as one index would;
    // asked only of a segment none of whose tools matches a word of the request itself.
    let matched: boolean | undefined;
    const ownMatched = () =>
      matched ??= segments.some((segment, at) =>
        segment?.search.matchesOwnWord(params, words, {
          stale: this.#ranked.stale(at),
          frequency: this.#frequency,
        })
      );
    // The merged `want`-th best scores at least as high as the main segment's, asked first: a
    // delta is not asked for tools that near-ties could not bring above that.
    let least = 0;
    for (let at = 0; at < segments.length; at++) {
      const segment = segments[at];
      if (segment === undefined) continue;
      const scores: number[] = [];
      const docs = segment.search.find(params, 0, want, {
        stale: this.#ranked.stale(at),
        scores,
        rarity: this.#rarity,
        frequency: this.#frequency,
        words,
        unsettled: least,
        ownMatched,
      });
      if (at === MAIN) least = Math.max(0, nthBest(scores, want));
      if (docs.length > 0) answers.push({ segment, docs, scores });
    }
    // A ranked search with words to rank by gives a score with each tool; a query without one
    // browses, in load order.
    const scored = answers.every(({ docs, scores }) => scores.length === docs.length) &&
      answers.some(({ scores }) => scores.length > 0);
    if (!scored) {
      let found: InLoadOrder = { slots: [], orders: [] };
      for (const { segment, docs } of answers) {
        found = mergeInLoadOrder(found, segment, docs, want);
      }
      return found.slots.slice(skip);
    }
    const merged = mergeSettled(answers, want);
    scoresOut?.push(...merged.scores.slice(skip));
    return merged.slots.slice(skip);
  }

  /**
   * The slots of a search in load order (a substring search, or browsing) while there are
   * deltas. The main segment, the largest, is asked first; once `skip + count` tools are found,
   * a delta's tools that come after the last of them are not wanted, and each segment lists its
   * tools in load order, so a delta is asked only for those before it, and not at all when no
   * block of its tools before it is on every list of the needle's n-grams (see
   * `SubstringIndex.mayHold`): most substring hits find nothing in a delta. A filtered search is
   * bounded so too, for a moved tool's copy in a delta has no text there.
   */
  #inLoadOrder(params: NormalizedParams, skip: number, count: number): number[] {
    const segments = this.#segments;
    const want = skip + count;
    // A literal needle's n-grams are worked out once, and a segment that lacks one is not
    // searched.
    const keys = params.needle === "" ? undefined : needleKeys(params.needle);
    const literal = keys !== undefined && params.category === "" && params.cli === "";
    const main = segments[MAIN]!;
    // The n-gram with the shortest list in the main segment, which its scan walks, or one in no
    // tool there, is the first a delta is checked for: most misses end there.
    const rarest = keys === undefined ? undefined : main.search.substring.rarest(keys);
    const docs = rarest !== undefined && rarest < 0
      ? []
      : main.search.find(params, 0, want, { stale: this.#listed.stale(MAIN), keys, rarest });
    const first = rarest === undefined ? 0 : rarest < 0 ? -1 - rarest : rarest;
    // The main segment's last tool found, when it found all that are wanted: a delta's tools
    // after it are not wanted.
    const last = docs.length === want ? docs[want - 1] : -1;
    // The deltas' tools found, merged in load order; none yet.
    let found: InLoadOrder | undefined;
    for (let at = OLDER; at <= RECENT; at++) {
      const segment = segments[at];
      if (segment === undefined) continue;
      const below = last < 0 ? segment.orders.length : segment.before![last];
      if (below === 0) continue;
      if (keys !== undefined && !segment.search.substring.mayHold(keys, below, first)) continue;
      const stale = this.#listed.stale(at);
      const deltaDocs = literal
        ? segment.search.substring.collect(params.needle, keys, want, { below, stale })
        : segment.search.find(params, 0, want, { stale, keys, below });
      if (deltaDocs.length === 0) continue;
      found = mergeInLoadOrder(found ?? { slots: [], orders: [] }, segment, deltaDocs, want);
    }
    if (found === undefined) return slotsOf(main, docs, skip);
    return mergeInLoadOrder(found, main, docs, want).slots.slice(skip);
  }
}
