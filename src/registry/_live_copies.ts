// Which copy of each of a registry's tools answers for it among the segments of its search, and
// which copies each segment leaves out (stale copies: deleted documents).
import type { Segment } from "./_segments.ts";

/**
 * The copy that answers for each of a registry's tools, at most one, among a search's
 * segments, and the copies each segment leaves out: those of tools that changed, left, or
 * answer from another segment now. A change works on a `draft` and leaves this one as it was.
 */
export class LiveCopies {
  /** The segment and doc number of each slot's copy; -1 for none. */
  readonly #segmentOf: Int32Array;
  readonly #docOf: Int32Array;
  /** Each segment's stale copies, by doc number; undefined for none. */
  readonly #stale: (Uint8Array | undefined)[];
  /** Whether each array of `#stale` is this one's own, not shared with the copies drafted from. */
  readonly #own: boolean[];

  private constructor(
    segmentOf: Int32Array,
    docOf: Int32Array,
    stale: (Uint8Array | undefined)[],
  ) {
    this.#segmentOf = segmentOf;
    this.#docOf = docOf;
    this.#stale = stale;
    this.#own = stale.map(() => false);
  }

  /** Every tool's copy in `main`, at place 0 of `segments` segments, of `slots` slots. */
  static of(main: Segment, slots: number, segments: number): LiveCopies {
    const segmentOf = new Int32Array(slots).fill(-1);
    const docOf = new Int32Array(slots).fill(-1);
    main.slots.forEach((position, doc) => {
      segmentOf[position] = 0;
      docOf[position] = doc;
    });
    return new LiveCopies(segmentOf, docOf, new Array(segments).fill(undefined));
  }

  /** These copies, over `slots` slots, to change without changing these. */
  draft(slots: number): LiveCopies {
    return new LiveCopies(
      grown(this.#segmentOf, slots),
      grown(this.#docOf, slots),
      [...this.#stale],
    );
  }

  /** The place among the segments of the one holding the live copy of the slot; -1: none. */
  segmentOf(position: number): number {
    return this.#segmentOf[position];
  }

  /** The doc number of the live copy of the slot `position` in its segment. */
  docOf(position: number): number {
    return this.#docOf[position];
  }

  /** The stale copies of the segment at `at`, by doc number; undefined for none. */
  stale(at: number): Uint8Array | undefined {
    return this.#stale[at];
  }

  /** Makes the live copy of the slot `position` stale; the slot has none then. */
  leave(position: number, segments: readonly (Segment | undefined)[]): void {
    const at = this.#segmentOf[position];
    if (at < 0) return;
    let stale = this.#stale[at];
    if (stale === undefined || !this.#own[at]) {
      stale = this.#stale[at] = stale?.slice() ?? new Uint8Array(segments[at]!.slots.length);
      this.#own[at] = true;
    }
    stale[this.#docOf[position]] = 1;
    this.#segmentOf[position] = -1;
  }

  /**
   * Makes `segment`, at `at`, hold the live copies of its tools but those of `staleDocs` (by doc
   * number), replacing what was there.
   */
  place(at: number, segment: Segment, staleDocs?: Uint8Array): void {
    this.#stale[at] = staleDocs;
    this.#own[at] = true;
    segment.slots.forEach((position, doc) => {
      if (staleDocs?.[doc]) return;
      this.#segmentOf[position] = at;
      this.#docOf[position] = doc;
    });
  }

  /** Drops the segment at `at`, whose tools have their live copies elsewhere now. */
  drop(at: number): void {
    this.#stale[at] = undefined;
    this.#own[at] = true;
  }
}

/** `array` at `length` entries, the new ones -1. */
function grown(array: Int32Array, length: number): Int32Array {
  const copy = new Int32Array(length).fill(-1);
  copy.set(array.subarray(0, Math.min(length, array.length)));
  return copy;
}
