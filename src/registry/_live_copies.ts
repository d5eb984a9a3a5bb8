// Where a registry's tools have the copy that answers for them among the indexes of its
// search, and which copies each index leaves out of its answers.
import type { Part } from "./_segments.ts";

/**
 * The copy that answers for each of a registry's tools, at most one, among a search's indexes
 * (its parts), and the copies each index leaves out: those of tools that changed, left, or
 * answer from another index now. A change works on a `draft` and leaves this one as it was.
 */
export class Copies {
  /** The index and doc number of each slot's copy; -1 for none. */
  readonly #partOf: Int32Array;
  readonly #docOf: Int32Array;
  /** Each index's copies left out, by doc number; undefined for none. */
  readonly #left: (Uint8Array | undefined)[];
  /** Whether each array of `#left` is this one's own, not shared with the copies drafted from. */
  readonly #own: boolean[];

  private constructor(
    partOf: Int32Array,
    docOf: Int32Array,
    left: (Uint8Array | undefined)[],
  ) {
    this.#partOf = partOf;
    this.#docOf = docOf;
    this.#left = left;
    this.#own = left.map(() => false);
  }

  /** Every tool's copy in `main`, at place 0 of `parts` indexes, of `slots` slots. */
  static of(main: Part, slots: number, parts: number): Copies {
    const partOf = new Int32Array(slots).fill(-1);
    const docOf = new Int32Array(slots).fill(-1);
    main.slots.forEach((position, doc) => {
      partOf[position] = 0;
      docOf[position] = doc;
    });
    return new Copies(partOf, docOf, new Array(parts).fill(undefined));
  }

  /** These copies, over `slots` slots, to change without changing these. */
  draft(slots: number): Copies {
    return new Copies(grown(this.#partOf, slots), grown(this.#docOf, slots), [...this.#left]);
  }

  /** The place in the parts of the index holding the copy of the tool at `position`; -1: none. */
  index(position: number): number {
    return this.#partOf[position];
  }

  /** The doc number of the copy of the tool at `position` in its index. */
  doc(position: number): number {
    return this.#docOf[position];
  }

  /** The copies the index at `index` leaves out, by doc number; undefined for none. */
  left(index: number): Uint8Array | undefined {
    return this.#left[index];
  }

  /** Leaves out the copy of the tool at `position`, which has none then. */
  leave(position: number, parts: readonly (Part | undefined)[]): void {
    const index = this.#partOf[position];
    if (index < 0) return;
    let left = this.#left[index];
    if (left === undefined || !this.#own[index]) {
      left = this.#left[index] = left?.slice() ?? new Uint8Array(parts[index]!.slots.length);
      this.#own[index] = true;
    }
    left[this.#docOf[position]] = 1;
    this.#partOf[position] = -1;
  }

  /**
   * Makes `part`, at `index`, hold the copies of its tools but those of `leftOut` (by doc
   * number), replacing what was there.
   */
  place(index: number, part: Part, leftOut?: Uint8Array): void {
    this.#left[index] = leftOut;
    this.#own[index] = true;
    part.slots.forEach((position, doc) => {
      if (leftOut?.[doc]) return;
      this.#partOf[position] = index;
      this.#docOf[position] = doc;
    });
  }

  /** Drops the index at `index`, whose tools have their copies elsewhere now. */
  drop(index: number): void {
    this.#left[index] = undefined;
    this.#own[index] = true;
  }
}

/** `array` at `length` entries, the new ones -1. */
function grown(array: Int32Array, length: number): Int32Array {
  const copy = new Int32Array(length).fill(-1);
  copy.set(array.subarray(0, Math.min(length, array.length)));
  return copy;
}
