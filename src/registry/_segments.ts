// One segment of a registry's search (the main segment, or a delta): an index over some of its
// slots; and what a search of several segments does with their answers.
import {
  type CorpusStats,
  DEFAULT_RANKING,
  distinctTerms,
  type IndexStats,
  settledOrder,
} from "../search/ranked.ts";
import type { ToolTemplate } from "./registrations.ts";
import { type SearchTables, ToolSearch } from "../index/tool_search.ts";

/** A registry's slots as its search reads them: a hole where a tool left. */
export type Slots =
  readonly ({ readonly template: ToolTemplate; readonly order: number } | undefined)[];

/** The distinct terms of each definition, found once. */
const termsOf = new WeakMap<ToolTemplate, readonly string[]>();

function terms(template: ToolTemplate): readonly string[] {
  let found = termsOf.get(template);
  if (found === undefined) {
    found = distinctTerms(template.ranked, template.owner);
    termsOf.set(template, found);
  }
  return found;
}

/** One index over some of the slots. */
export interface Segment {
  readonly search: ToolSearch;
  /** The slot, definition and load order of each of its tools, by doc number. */
  readonly slots: Int32Array;
  readonly templates: readonly ToolTemplate[];
  readonly orders: Float64Array;
  /** The statistics of its own tools. */
  readonly own: IndexStats;
  /**
   * For a delta, by doc number of the main segment: how many of the delta's tools come before
   * that tool of the main segment, or are it, in load order.
   */
  readonly before?: Int32Array;
}

/** How a segment is built, beyond its tools. */
export interface SegmentOptions {
  /** The collection its tools are scored within; by default, its own tools. */
  corpus?: CorpusStats;
  /** The tables of a segment built earlier from the same tools, adopted instead of building. */
  tables?: SearchTables;
  /** The main segment, for a delta: see `Segment.before`. */
  main?: Segment;
  /** Its tools, by doc number, left out of its substring index (see `ToolSearchOptions`). */
  unlisted?: Uint8Array;
}

/** The segment of the tools at `positions` of `slots`, in load order. */
export function buildSegment(
  slots: Slots,
  positions: readonly number[],
  { corpus, tables, main, unlisted }: SegmentOptions = {},
): Segment {
  const templates = positions.map((position) => slots[position]!.template);
  const search = new ToolSearch(
    templates.map((template) => template.ranked),
    templates.map((template) => template.owner),
    { tables, corpus, unlisted },
  );
  const orders = Float64Array.from(positions, (position) => slots[position]!.order);
  return {
    search,
    slots: Int32Array.from(positions),
    templates,
    orders,
    own: search.stats,
    before: main === undefined ? undefined : countsBefore(main.orders, orders),
  };
}

/**
 * For each of the load orders `main`, how many of `delta` are not past it: both ascending, so
 * one walk of the two finds them all.
 */
function countsBefore(main: Float64Array, delta: Float64Array): Int32Array {
  const before = new Int32Array(main.length);
  let count = 0;
  for (let doc = 0; doc < main.length; doc++) {
    while (count < delta.length && delta[count] <= main[doc]) count++;
    before[doc] = count;
  }
  return before;
}

/** Counts each term of `templates` into `counts`, `sign` times. */
export function count(
  counts: Map<string, number>,
  templates: Iterable<ToolTemplate>,
  sign: number,
): void {
  for (const template of templates) {
    for (const term of terms(template)) counts.set(term, (counts.get(term) ?? 0) + sign);
  }
}

/** Tools found, in load order: their slots, and the load order of each. */
export interface InLoadOrder {
  slots: number[];
  orders: number[];
}

/**
 * `merged` and the tools `docs` of `segment` (both in load order) merged, `want` at most.
 */
export function mergeInLoadOrder(
  merged: InLoadOrder,
  segment: Segment,
  docs: readonly number[],
  want: number,
): InLoadOrder {
  const { slots, orders } = merged;
  const mergedSlots: number[] = [];
  const mergedOrders: number[] = [];
  let a = 0;
  let b = 0;
  while (mergedSlots.length < want && (a < slots.length || b < docs.length)) {
    const order = b < docs.length ? segment.orders[docs[b]] : Infinity;
    if (a < slots.length && orders[a] < order) {
      mergedSlots.push(slots[a]);
      mergedOrders.push(orders[a++]);
    } else {
      mergedSlots.push(segment.slots[docs[b++]]);
      mergedOrders.push(order);
    }
  }
  return { slots: mergedSlots, orders: mergedOrders };
}

/**
 * The slots of `segment`'s tools at `docs`, leaving out the first `skip`, in the array `docs`
 * was: a search of one segment makes no second array.
 */
export function slotsOf(segment: Segment, docs: number[], skip: number): number[] {
  for (let k = skip; k < docs.length; k++) docs[k - skip] = segment.slots[docs[k]];
  if (skip > 0) docs.length -= skip;
  return docs;
}

/** One segment's ranked answer: the tools it found, by doc number, and the score of each. */
export interface RankedAnswer {
  readonly segment: Segment;
  readonly docs: readonly number[];
  readonly scores: readonly number[];
}

/**
 * The slots of the best `want` of several segments' ranked answers (each holding every tool
 * near-ties could bring among its best: see `RankOptions.unsettled`), with the near-ties among
 * a config's tools settled over all of them, as one index settles them. A config's tools in two
 * segments (an edited source's unchanged and changed tools) are settled as two runs: settling
 * them as one needs, for the best of one segment, the earlier tools of their config in another,
 * which that segment does not return, and a longer page could then find what a shorter did not.
 * Each slot comes with its tool's score.
 */
export function mergeSettled(
  answers: readonly RankedAnswer[],
  want: number,
): { slots: number[]; scores: number[] } {
  // The lowest of the best `want` by score alone, and the tools near enough to it to be settled
  // among them.
  const tolerance = DEFAULT_RANKING.siblingTolerance;
  const low = nthBest(answers.flatMap((answer) => answer.scores), want) / (1 + tolerance);
  const raw: number[] = [];
  const runs: number[] = [];
  const orders: number[] = [];
  const slots: number[] = [];
  answers.forEach(({ segment, docs, scores }, k) => {
    docs.forEach((doc, i) => {
      if (scores[i] < low) return;
      raw.push(scores[i]);
      // One segment's runs apart from another's: doc numbers are below 2^31 (an Int32Array's).
      runs.push(k * 2 ** 31 + segment.search.runOf(doc));
      orders.push(segment.orders[doc]);
      slots.push(segment.slots[doc]);
    });
  });
  const order = settledOrder(raw, runs, orders, tolerance).slice(0, want);
  return { slots: order.map((i) => slots[i]), scores: order.map((i) => raw[i]) };
}

/** The `n`th highest of `scores`; -1, below every score, when there are fewer. */
export function nthBest(scores: readonly number[], n: number): number {
  return scores.length < n ? -1 : Float64Array.from(scores).sort()[scores.length - n];
}
