// One index over some of a registry's slots (the main index, or a delta), and what a search
// of several of them does with their answers.
import {
  type CorpusStats,
  DEFAULT_RANKING,
  distinctTerms,
  type IndexStats,
  settledOrder,
} from "../search/ranked.ts";
import type { ToolTemplate } from "./_registrations.ts";
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
export interface Part {
  readonly search: ToolSearch;
  /** The slot, definition and load order of each of its tools. */
  readonly slots: Int32Array;
  readonly templates: readonly ToolTemplate[];
  readonly orders: Float64Array;
  /** The statistics of its own tools. */
  readonly own: IndexStats;
  /**
   * For a delta, by doc number of the main index: how many of the delta's tools come before
   * that tool of the main index, or are it, in load order.
   */
  readonly before?: Int32Array;
}

/**
 * The index of the tools at `positions` of `slots` (in load order), scored within `corpus`, or
 * adopting the `tables` of one built earlier from the same tools; those marked in `unlisted`
 * (by their place in `positions`) out of its substring index (see `ToolSearch`).
 */
export function part(
  slots: Slots,
  positions: readonly number[],
  corpus?: CorpusStats,
  tables?: SearchTables,
  main?: Part,
  unlisted?: Uint8Array,
): Part {
  const templates = positions.map((position) => slots[position]!.template);
  const search = new ToolSearch(
    templates.map((template) => template.ranked),
    templates.map((template) => template.owner),
    tables,
    corpus,
    unlisted,
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

/**
 * The slots and load orders of two lists in load order merged, `want` at most: the first given
 * as slots and orders, the second as doc numbers of `part`.
 */
export function mergeInLoadOrder(
  slots: number[],
  orders: number[],
  part: Part,
  docs: readonly number[],
  want: number,
): [number[], number[]] {
  const mergedSlots: number[] = [];
  const mergedOrders: number[] = [];
  let a = 0;
  let b = 0;
  while (mergedSlots.length < want && (a < slots.length || b < docs.length)) {
    const order = b < docs.length ? part.orders[docs[b]] : Infinity;
    if (a < slots.length && orders[a] < order) {
      mergedSlots.push(slots[a]);
      mergedOrders.push(orders[a++]);
    } else {
      mergedSlots.push(part.slots[docs[b++]]);
      mergedOrders.push(order);
    }
  }
  return [mergedSlots, mergedOrders];
}

/**
 * The slots of `part`'s tools at `docs`, leaving out the first `skip`, in the array `docs` was.
 * Its length is set only when it changes: setting it on every search, and a second array,
 * made a fresh registry's substring hit 1.14 µs against 1.08 (p50 of each query's fastest).
 */
export function slotsOf(part: Part, docs: number[], skip: number): number[] {
  for (let k = skip; k < docs.length; k++) docs[k - skip] = part.slots[docs[k]];
  if (skip > 0) docs.length -= skip;
  return docs;
}

/**
 * The slots of the best `want` of several indexes' ranked answers (`docs` of `parts`, with
 * their `scores`, each holding every tool near-ties could bring among its best: see
 * `RankedIndex.rank`), with the near-ties among a source's tools settled over all of them, as
 * each index settles them. A source's tools in two indexes (an edited source's unchanged and
 * changed tools) are settled as two sources: settling them as one needs, for the best of one
 * index, the earlier tools of their source in another, which that index does not return, and a
 * longer page could then have found what a shorter one did not. After 100 edits of 10,000
 * generated tools, 98.7% of the top tens are a fresh build's, against 99.0% without settling,
 * and 100% of every development set's.
 */
export function mergeSettled(
  parts: readonly Part[],
  docs: readonly (readonly number[])[],
  scores: readonly (readonly number[])[],
  want: number,
): number[] {
  // The lowest of the best `want` by score alone, and the tools near enough to it to be settled
  // among them.
  const tolerance = DEFAULT_RANKING.siblingTolerance;
  const low = nthBest(scores.flat(), want) / (1 + tolerance);
  const raw: number[] = [];
  const sources: number[] = [];
  const orders: number[] = [];
  const slots: number[] = [];
  parts.forEach((part, k) => {
    docs[k].forEach((doc, i) => {
      if (scores[k][i] < low) return;
      raw.push(scores[k][i]);
      // An index's sources apart from another's: tool numbers are below 2^31 (an Int32Array's).
      sources.push(k * 2 ** 31 + part.search.sourceOf(doc));
      orders.push(part.orders[doc]);
      slots.push(part.slots[doc]);
    });
  });
  return settledOrder(raw, sources, orders, tolerance).slice(0, want).map((i) => slots[i]);
}

/** The `n`th highest of `scores`; -1, below every score, when there are fewer. */
export function nthBest(scores: readonly number[], n: number): number {
  return scores.length < n ? -1 : Float64Array.from(scores).sort()[scores.length - n];
}
