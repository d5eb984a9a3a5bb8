// The searches of a registry's tools: the same substring and ranked searches as a ToolIndex's,
// answering with slots. A change does not rebuild them. The index built last over every tool
// (the main one) stays; the tools that changed or came since are indexed apart, in at most two
// small indexes (the deltas): a recent one, rebuilt at each change, and an older one, into which
// the recent one is folded when it grows. A tool's copies in an index that no longer has it as
// it is are left out of that index's answers (they are stale). The answers are merged: in load
// order for the substring search, by score for ranking, ties in load order.
//
// Ranking scores as a fresh build would. An index stores each tool's saturated frequency of a
// term, before rarity; a query multiplies in the rarity of the term among the tools there are
// now, the same for every index. Length normalisation reads a source's average field lengths,
// stepped (`configAverages`): when a change moves them a step, the source's other tools are
// indexed again with it (they move), and when the average over all tools moves a step,
// everything is. A moved tool's text is as it was: its copy where it was still answers
// substring searches and browsing. With each edit moving a 100-tool source, answering them
// from the moved copies made substring hits after 100 edits of 10,000 tools 1.24× a
// ToolIndex's and filtered ones 1.31×, against 1.17× and 1.17× (p50 of each query's fastest,
// the mean of six runs; filtered ones took 1.15× once checked as `#inLoadOrder` says). A
// delta quantises on the steps of the indexes beside it, so that its tools tie with theirs
// where one index would tie them; where a change moves a term's highest score, they can differ.
// When the deltas grow past a share of the tools, everything is built again as one index.
import {
  analyzeQuery,
  configKey,
  type CorpusStats,
  inverseDocumentFrequency,
  steppedAverage,
} from "../search/ranked.ts";
import { addLengths, remeasure } from "./_source_averages.ts";
import { Copies } from "./_live_copies.ts";
import { needleKeys } from "../search/substring.ts";
import type { NormalizedParams } from "../index/search_params.ts";
import type { ToolTemplate } from "./_registrations.ts";
import type { SearchTables } from "../index/tool_search.ts";
import {
  count,
  mergeInLoadOrder,
  mergeSettled,
  nthBest,
  type Part,
  part,
  type Slots,
  slotsOf,
} from "./_segments.ts";

/**
 * The most tools the deltas may hold before everything is built again as one index: a
 * sixteenth of the tools. Past it, an answer merges from much more than one index.
 */
function deltaLimit(tools: number): number {
  return tools >> 4;
}

/**
 * The most tools the recent delta may hold before it is folded into the older one: rebuilding
 * it at every change costs about 12 µs a tool.
 */
function recentLimit(tools: number): number {
  return Math.max(64, Math.min(512, tools >> 6));
}

/** The place of the main index in `#parts`, then of the older delta and the recent one. */
const MAIN = 0;
const OLDER = 1;
const RECENT = 2;

/** Finds a registry's tools by their slots. */
export class RegistrySearch {
  /** The main index, then the older delta and the recent one, when there are. */
  readonly #parts: readonly (Part | undefined)[];
  /** The copy of each tool that a ranked search answers with; the others are stale. */
  readonly #ranked: Copies;
  /**
   * The copy of each tool that a search in load order answers with. It is the ranked one but
   * for a tool that moved (see `update`): its text is as it was, so its copy in the index it
   * moved from still answers substring searches, and the copy it moved to is left out of them.
   */
  readonly #listed: Copies;
  /** How many stale tools have each term. */
  readonly #staleTerms: ReadonlyMap<string, number>;
  /**
   * The average field lengths that the tools of each source with tools in a delta are scored
   * with, by `configKey`: every tool there is of such a source. A source not here has all its
   * tools in the main index, scored with the averages of its build.
   */
  readonly #owned: ReadonlyMap<string, Float64Array>;
  /** The sum of each field's lengths over the tools there are. */
  readonly #totals: Float64Array;
  /** The rarity of a term among the tools there are now. */
  readonly #rarity: (term: string) => number;
  /** How many tools there are now have a term, in whichever index. */
  readonly #frequency: (term: string) => number;

  private constructor(
    parts: readonly (Part | undefined)[],
    ranked: Copies,
    listed: Copies,
    staleTerms: ReadonlyMap<string, number>,
    owned: ReadonlyMap<string, Float64Array>,
    totals: Float64Array,
    tools: number,
  ) {
    this.#parts = parts;
    this.#ranked = ranked;
    this.#listed = listed;
    this.#staleTerms = staleTerms;
    this.#owned = owned;
    this.#totals = totals;
    const frequency = (term: string) =>
      parts.reduce((sum, part) => sum + (part?.own.docFrequency(term) ?? 0), 0) -
      (staleTerms.get(term) ?? 0);
    this.#rarity = (term) => inverseDocumentFrequency(tools, frequency(term));
    this.#frequency = frequency;
  }

  /**
   * Indexes the tools of `slots` (holes left out) as one index, or adopts the `tables` of one
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
    const main = part(slots, positions, undefined, tables);
    const totals = main.own.averages.map((average) => Math.round(average * positions.length));
    const copies = Copies.of(main, slots.length, RECENT + 1);
    return new RegistrySearch(
      [main, undefined, undefined],
      copies,
      copies,
      new Map(),
      new Map(),
      totals,
      positions.length,
    );
  }

  /**
   * The search of `slots`, which are this search's after changes to the slots at `touched`:
   * the tools that changed, moved or came indexed apart, in a delta; or everything built again.
   * A changed or removed tool's old copy is stale. A moved tool's old copy is stale to ranking
   * only: it still answers searches in load order, and its new copy does not (`#listed`).
   * `tools` is how many tools `slots` hold.
   */
  update(slots: Slots, touched: Iterable<number>, tools: number): RegistrySearch {
    const parts = this.#parts;
    const ranked = this.#ranked.draft(slots.length);
    const listed = this.#listed.draft(slots.length);
    const staled: ToolTemplate[] = [];
    const changed: number[] = [];
    // Marks the copy of the tool at `position` that ranking answers with stale.
    const leave = (position: number) => {
      staled.push(parts[ranked.index(position)]!.templates[ranked.doc(position)]);
      ranked.leave(position, parts);
    };
    for (const position of new Set(touched)) {
      const slot = slots[position];
      const index = ranked.index(position);
      if (index >= 0) {
        const { templates, orders } = parts[index]!;
        const doc = ranked.doc(position);
        if (slot !== undefined && templates[doc] === slot.template && orders[doc] === slot.order) {
          continue;
        }
        leave(position);
        listed.leave(position, parts);
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
    const mainAverages = parts[MAIN]!.own.averages;
    if (
      averages.some((average, field) =>
        steppedAverage(average) !== steppedAverage(mainAverages[field])
      )
    ) {
      return RegistrySearch.build(slots);
    }
    // The sources whose tools changed are measured again over all their tools. When that moves
    // their averages (`configAverages` steps them), their other tools are indexed again too.
    const { sources, moved } = remeasure(
      parts,
      ranked,
      slots,
      staled,
      changed,
      averages,
      this.#owned,
    );
    for (const position of moved) leave(position);
    changed.push(...moved);

    const live = (index: number) => {
      const positions: number[] = [];
      parts[index]?.slots.forEach((position, doc) => {
        if (!ranked.left(index)?.[doc]) positions.push(position);
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
    // The stale tools of the indexes rebuilt leave with them.
    for (const index of merged) {
      const gone = parts[index]?.templates.filter((_, doc) => ranked.left(index)?.[doc]) ?? [];
      count(staleTerms, gone, -1);
    }
    const next = [...parts];
    for (const index of merged) next[index] = undefined;
    // A moved tool whose listed copy stays in an index not rebuilt is unlisted in the new one:
    // left out of its load-order searches, and of its substring index so as not to be walked
    // there. Walked and passed over, filtered searches after 100 edits of 10,000 tools took
    // 1.19× a ToolIndex's, against 1.17× (the mean of six runs of each, before the check that
    // `#inLoadOrder` describes).
    let unlisted: Uint8Array | undefined;
    rebuilt.forEach((position, doc) => {
      const index = listed.index(position);
      if (index < 0 || merged.includes(index)) return;
      unlisted ??= new Uint8Array(rebuilt.length);
      unlisted[doc] = 1;
    });
    // The new index is scored with the main index's field averages and on the other indexes'
    // steps; rarity is not built in, a query reads it as it is then.
    const others = next.filter((part) => part !== undefined);
    const owned = new Map(this.#owned);
    for (const [key, measured] of sources) {
      if (measured === undefined) owned.delete(key);
      else owned.set(key, measured);
    }
    const corpus: CorpusStats = {
      averages: mainAverages,
      configAverages: (config) => owned.get(configKey(config)),
      highest: (term) => Math.max(0, ...others.map((part) => part.own.highest(term))),
    };
    const built = part(slots, rebuilt, corpus, undefined, parts[MAIN], unlisted);
    next[target] = built;
    for (const index of merged) {
      ranked.drop(index);
      listed.drop(index);
    }
    ranked.place(target, built);
    listed.place(target, built, unlisted);
    return new RegistrySearch(next, ranked, listed, staleTerms, owned, totals, tools);
  }

  /** The tables of the one index over every tool; undefined while changes are indexed apart. */
  get tables(): SearchTables | undefined {
    const parts = this.#parts;
    const whole = parts[OLDER] === undefined && parts[RECENT] === undefined;
    return whole ? parts[MAIN]!.search.tables : undefined;
  }

  /**
   * The slots of the tools `params` finds, in the order of the results, leaving out the first
   * `skip`: `count` of them at most.
   */
  find(params: NormalizedParams, skip: number, count: number): number[] {
    const parts = this.#parts;
    const main = parts[MAIN]!;
    // Every change leaves a delta (see `update`): a search without one is one index of every
    // tool, none of them stale.
    if (parts[OLDER] === undefined && parts[RECENT] === undefined) {
      return slotsOf(main, main.search.find(params, skip, count), 0);
    }
    if (params.mode !== "ranked" || params.query.trim() === "") {
      return this.#inLoadOrder(params, skip, count);
    }
    // Each index's best `skip + count`, merged, hold the merged best `skip + count`; with the
    // tools that near-ties among a source's tools could bring among them, which are settled
    // over all the indexes, as one index would.
    const want = skip + count;
    const found: Part[] = [];
    const docs: number[][] = [];
    const scores: number[][] = [];
    // A ranked query's words and stems, found once for every index: each index parsing and
    // stemming it again made a 3-word query after 100 edits of 10,000 tools 12% slower (mean
    // 76 µs against 89, three runs each).
    const words = analyzeQuery(params.query);
    // The merged `want`-th best scores at least as high as the main index's, asked first: a
    // delta is not asked for tools that near-ties could not bring above that.
    let least = 0;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (part === undefined) continue;
      const partScores: number[] = [];
      const partDocs = part.search.find(params, 0, want, {
        stale: this.#ranked.left(i),
        scores: partScores,
        rarity: this.#rarity,
        frequency: this.#frequency,
        words,
        unsettled: least,
      });
      if (i === MAIN) least = Math.max(0, nthBest(partScores, want));
      if (partDocs.length === 0) continue;
      found.push(part);
      docs.push(partDocs);
      scores.push(partScores);
    }
    // A ranked search with words to rank by gives a score with each tool; any other search
    // answers in load order.
    const ranked = scores.every((partScores, k) => partScores.length === docs[k].length) &&
      scores.some((partScores) => partScores.length > 0);
    if (!ranked) {
      let slots: number[] = [];
      let orders: number[] = [];
      for (let k = 0; k < found.length; k++) {
        [slots, orders] = mergeInLoadOrder(slots, orders, found[k], docs[k], want);
      }
      return slots.slice(skip);
    }
    return mergeSettled(found, docs, scores, want).slice(skip);
  }

  /**
   * The slots of a search in load order (a substring search, or browsing) while changes are
   * indexed apart. The main index, the largest, is asked first; once `skip + count` tools are
   * found, a delta's tools that come after the last of them are not wanted, and each index
   * lists its tools in load order, so a delta is asked only for those before it, and not at
   * all when no block of its tools before it is on every list of the needle's n-grams (see
   * `SubstringIndex.mayHold`). Of 300 substring hits after 100 edits of 10,000 tools, one finds
   * a tool in a delta; 252 asked one without these bounds, 16 do with them. A filtered search
   * is checked so too, now that a moved tool's copy in a delta has no text there: filtered
   * searches after those edits took 1.15× a ToolIndex's with the check, 1.17× without it (p50
   * of each query's fastest, the mean of fourteen runs).
   */
  #inLoadOrder(params: NormalizedParams, skip: number, count: number): number[] {
    const parts = this.#parts;
    const want = skip + count;
    // A literal needle's n-grams are worked out once, and an index that lacks one is not
    // searched: three indexes asked in full made a substring miss cost three times a
    // ToolIndex's.
    const keys = params.needle === "" ? undefined : needleKeys(params.needle);
    const literal = keys !== undefined && params.category === "" && params.cli === "";
    const main = parts[MAIN]!;
    // The n-gram with the shortest list in the main index, which its scan walks, or one in no
    // tool there, is the first a delta is checked for. Most misses end there: after 100 edits
    // of 10,000 tools, a miss took 0.39 µs when each index looked at the n-grams in the
    // needle's order, 0.32 this way, against a ToolIndex's 0.28 (p50 of each query's fastest).
    const rarest = keys === undefined ? undefined : main.search.substring.rarest(keys);
    const docs = rarest !== undefined && rarest < 0
      ? []
      : main.search.find(params, 0, want, { stale: this.#listed.left(MAIN), keys, rarest });
    const first = rarest === undefined ? 0 : rarest < 0 ? -1 - rarest : rarest;
    // The main index's last tool found, when it found all that are wanted: a delta's tools
    // after it are not wanted.
    const last = docs.length === want ? docs[want - 1] : -1;
    // The deltas' tools found, merged in load order, with their load orders; none yet.
    let slots: number[] | undefined;
    let orders: number[] | undefined;
    for (let i = OLDER; i <= RECENT; i++) {
      const part = parts[i];
      if (part === undefined) continue;
      const below = last < 0 ? part.orders.length : part.before![last];
      if (below === 0) continue;
      if (keys !== undefined && !part.search.substring.mayHold(keys, below, first)) continue;
      const found = literal
        ? part.search.substring.collect(params.needle, keys, below, want, this.#listed.left(i))
        : part.search.find(params, 0, want, { stale: this.#listed.left(i), keys, below });
      if (found.length === 0) continue;
      [slots, orders] = mergeInLoadOrder(slots ?? [], orders ?? [], part, found, want);
    }
    if (slots === undefined || orders === undefined) return slotsOf(main, docs, skip);
    return mergeInLoadOrder(slots, orders, main, docs, want)[0].slice(skip);
  }
}
