// Literal substring search over many short texts, in text order, without scanning them all.
//
// Every text's distinct characters and distinct trigrams go into one hashed table of posting
// lists (ascending text numbers, laid out back to back in one Int32Array). A needle's texts
// must appear in the posting list of each of its trigrams (or, for one or two characters, of
// each character), so the shortest such list is the only one walked, and each text on it is
// confirmed with `includes`. Hash collisions only lengthen lists, so answers are always exactly
// those of a linear scan.

/** Separates the fields of one text; n-grams that contain it are not indexed. */
export const FIELD_SEPARATOR = "\u0000";
const SEPARATOR_CODE = 0;
/** Characters below this are marked in a bitmap while a text is read. */
const ASCII_END = 128;

/** Decides, for a text number, whether it may be in the results. */
export type Accept = (text: number) => boolean;

/** The tables of a built index, which restore it without building it again. */
export interface SubstringTables {
  /** Where each bucket's posting list starts in `postings`; one more entry at the end. */
  offsets: Uint32Array;
  /** Every bucket's text numbers, back to back. */
  postings: Int32Array;
}

/** What a `scan` may be told beyond its needle, when a search of several indexes worked it out. */
export interface ScanBounds {
  /** The needle's `needleKeys`. */
  keys?: readonly number[];
  /** The first text number not wanted: the scan stops there. Default: every text. */
  below?: number;
  /** What `rarest(keys)` found in this index: the place of the n-gram whose list is walked. */
  rarest?: number;
}

/**
 * Checks that `tables` are laid out as a built index's are: what adopting them needs, told
 * without adopting them.
 *
 * @throws {RangeError} When they are not.
 */
export function checkSubstringTables({ offsets, postings }: SubstringTables): void {
  const buckets = offsets.length - 1;
  if (buckets < 1 || (buckets & (buckets - 1)) !== 0 || offsets[buckets] !== postings.length) {
    throw new RangeError("The substring tables are not those of a built index");
  }
}

/** Finds the texts that hold a literal substring, by their numbers, in ascending order. */
export class SubstringIndex {
  readonly #texts: readonly string[];
  readonly #mask: number;
  readonly #offsets: Uint32Array;
  readonly #postings: Int32Array;
  /** How many texts, in order, make one of the 64 blocks of `#blocks`. */
  readonly #blockSize: number;
  /**
   * Two words for each bucket, bit j of the pair set when a text of block j is on its list;
   * made when `mayHold` is first asked about the texts below an end.
   */
  #blocks: Int32Array | undefined;

  /**
   * Indexes `texts`, or adopts the `tables` of an index built earlier from the same texts.
   *
   * @throws {RangeError} When `tables` are not laid out as a built index's are.
   */
  constructor(texts: readonly string[], tables: SubstringTables = buildTables(texts)) {
    checkSubstringTables(tables);
    const { offsets, postings } = tables;
    const buckets = offsets.length - 1;
    this.#texts = texts;
    this.#mask = buckets - 1;
    this.#offsets = offsets;
    this.#postings = postings;
    this.#blockSize = Math.max(1, Math.ceil(texts.length / 64));
  }

  /** The tables of this index, for restoring it elsewhere with the same texts. */
  get tables(): SubstringTables {
    return { offsets: this.#offsets, postings: this.#postings };
  }

  /**
   * The place in `keys` (a needle's `needleKeys`, at least one) of the n-gram with the shortest
   * list, where a scan walks; `-1 - place` for the first n-gram in no text, when no text holds
   * the needle.
   */
  rarest(keys: readonly number[]): number {
    const offsets = this.#offsets;
    const mask = this.#mask;
    let rarest = 0;
    let length = Infinity;
    for (let i = 0; i < keys.length; i++) {
      const bucket = keys[i] & mask;
      const size = offsets[bucket + 1] - offsets[bucket];
      if (size === 0) return -1 - i;
      if (size < length) {
        rarest = i;
        length = size;
      }
    }
    return rarest;
  }

  /**
   * Whether some text below `end` may hold the needle whose `needleKeys` are `keys`: false when
   * one of its n-grams is in no text. Short of the last text, the texts are taken in 64 blocks
   * in order: false also when no block below `end` has a text on each n-gram's list. That no
   * text before a point holds all of a needle's n-grams is what most searches of a small index
   * after a larger one find. The n-gram at `first` is looked at first: the one most likely to
   * be missing, as far as the caller knows.
   */
  mayHold(keys: readonly number[], end: number = this.#texts.length, first = 0): boolean {
    const mask = this.#mask;
    if (end >= this.#texts.length) {
      const offsets = this.#offsets;
      for (let i = -1; i < keys.length; i++) {
        const bucket = keys[i < 0 ? first : i] & mask;
        if (offsets[bucket] === offsets[bucket + 1]) return false;
      }
      return true;
    }
    const blocks = this.#blocks ??= blockBits(this.#offsets, this.#postings, this.#blockSize);
    // The blocks that start below `end`, as the bits of two words.
    const wanted = Math.ceil(end / this.#blockSize);
    let low = wanted >= 32 ? -1 : (1 << wanted) - 1;
    let high = wanted >= 64 ? -1 : wanted <= 32 ? 0 : (1 << (wanted - 32)) - 1;
    for (let i = -1; i < keys.length && (low | high) !== 0; i++) {
      const at = (keys[i < 0 ? first : i] & mask) << 1;
      low &= blocks[at];
      high &= blocks[at + 1];
    }
    return (low | high) !== 0;
  }

  /** Bytes held by the posting lists and their offsets. */
  get byteLength(): number {
    return this.#offsets.byteLength + this.#postings.byteLength;
  }

  /**
   * Calls `visit` with each text number below `bounds.below`, in ascending order, whose text
   * contains `needle` and which `accept` takes, until `visit` returns false; only among those of
   * `driver`, ascending, when it is given. `needle` must already be lowercased.
   */
  scan(
    needle: string,
    accept: Accept,
    visit: (text: number) => boolean,
    driver?: ArrayLike<number>,
    bounds?: ScanBounds,
  ): void {
    const keys = bounds?.keys ?? needleKeys(needle) ?? [];
    const end = bounds?.below ?? this.#texts.length;
    const rarest = bounds?.rarest;
    // The shortest list, found by its bounds: a view of each list looked at would be an object
    // made per n-gram, which cost a query a quarter of its time.
    let from = 0;
    let to = -1;
    if (keys.length > 0) {
      const place = rarest ?? this.rarest(keys);
      if (place < 0) return;
      const bucket = keys[place] & this.#mask;
      from = this.#offsets[bucket];
      to = this.#offsets[bucket + 1];
    }
    const texts = this.#texts;
    const postings = this.#postings;
    if (driver !== undefined && (to < 0 || driver.length < to - from)) {
      // A text of the driver that the shortest list lacks cannot hold the needle: the list,
      // ascending as the driver is, is searched from where the last text left it, and only the
      // texts on both are searched for the needle.
      let at = from;
      for (let i = 0; i < driver.length; i++) {
        const text = driver[i];
        if (text >= end) return;
        if (to >= 0) {
          at = seek(postings, at, to, text);
          if (at === to) return;
          if (postings[at] !== text) continue;
        }
        if (accept(text) && texts[text].includes(needle) && !visit(text)) return;
      }
      return;
    }
    if (to < 0) {
      for (let text = 0; text < end; text++) {
        if (accept(text) && texts[text].includes(needle) && !visit(text)) return;
      }
      return;
    }
    for (let i = from; i < to; i++) {
      const text = postings[i];
      if (text >= end) return;
      if (accept(text) && texts[text].includes(needle) && !visit(text)) return;
    }
  }

  /**
   * The text numbers below `bounds.below`, in ascending order, whose text contains `needle` (its
   * `needleKeys` being `keys`, at least one) and whose byte in `bounds.stale` is 0: `want` of
   * them at most. A `scan` with no filter and no call per text, for the small indexes a
   * registry asks after its main one.
   */
  collect(
    needle: string,
    keys: readonly number[],
    want: number,
    bounds: { below?: number; stale?: Uint8Array } = {},
  ): number[] {
    const { below: end = this.#texts.length, stale } = bounds;
    const found: number[] = [];
    const place = this.rarest(keys);
    if (place < 0) return found;
    const bucket = keys[place] & this.#mask;
    const to = this.#offsets[bucket + 1];
    const texts = this.#texts;
    const postings = this.#postings;
    for (let i = this.#offsets[bucket]; i < to && found.length < want; i++) {
      const text = postings[i];
      if (text >= end) break;
      if ((stale === undefined || stale[text] === 0) && texts[text].includes(needle)) {
        found.push(text);
      }
    }
    return found;
  }
}

/**
 * The first place in `list[from..to)` (ascending) whose value is `value` or more; `to` for none.
 * It gallops: a text a little further on costs a few steps, one far on a binary search.
 */
function seek(list: Int32Array, from: number, to: number, value: number): number {
  if (from >= to || list[from] >= value) return from;
  let step = 1;
  let low = from;
  while (low + step < to && list[low + step] < value) {
    low += step;
    step <<= 1;
  }
  let high = Math.min(to, low + step);
  // list[low] < value, and list[high] >= value or high === to.
  while (high - low > 1) {
    const mid = (low + high) >>> 1;
    if (list[mid] < value) low = mid;
    else high = mid;
  }
  return high;
}

/**
 * The hashes of the n-grams whose lists a needle's texts must be on: its trigrams, or its
 * characters when it is shorter than a trigram. Any index takes them, masked to its size, so
 * one search over several indexes works them out once. Undefined for a needle that holds the
 * field separator: no indexed n-gram crosses fields, so only a check of each field answers it.
 * The separator is looked for in the same walk as the n-grams, not by a search of its own.
 */
export function needleKeys(needle: string): number[] | undefined {
  const keys: number[] = [];
  for (let i = 0; i < needle.length; i++) {
    if (needle.charCodeAt(i) === SEPARATOR_CODE) return undefined;
    if (i + 2 < needle.length) {
      keys.push(
        trigramBucket(needle.charCodeAt(i), needle.charCodeAt(i + 1), needle.charCodeAt(i + 2)),
      );
    }
  }
  if (keys.length > 0) return keys;
  for (let i = 0; i < needle.length; i++) keys.push(charBucket(needle.charCodeAt(i)));
  return keys;
}

/**
 * The tables of `texts`: every text's distinct characters and trigrams, hashed into buckets,
 * with each bucket's posting list. A function of its own, not the constructor's body: the
 * engine optimises the same loops less well in a constructor.
 */
function buildTables(texts: readonly string[]): SubstringTables {
  let chars = 0;
  for (const text of texts) chars += text.length;
  // About one bucket per four distinct n-grams expected, within 2^10..2^21.
  const buckets = 1 << Math.min(21, Math.max(10, Math.ceil(Math.log2(chars / 4 + 1))));
  const mask = buckets - 1;

  // One pass hashes each text's n-grams and records its distinct buckets, text after text;
  // the posting lists are then filled from that record without hashing again.
  const counts = new Uint32Array(buckets + 1);
  const lastText = new Int32Array(buckets).fill(-1);
  const asciiBuckets = new Int32Array(ASCII_END);
  for (let c = 0; c < ASCII_END; c++) asciiBuckets[c] = charBucket(c) & mask;
  // The ASCII characters of a text, as bits: most characters repeat within a text, and
  // setting a bit costs less than an unpredictable check of the table for each of them.
  const ascii = new Int32Array(ASCII_END / 32);
  let record = new Int32Array(Math.max(1024, chars));
  let recorded = 0;
  const ends = new Uint32Array(texts.length);
  for (let t = 0; t < texts.length; t++) {
    const text = texts[t];
    // Each character adds at most two n-grams.
    if (recorded + 2 * text.length > record.length) {
      const grown = new Int32Array(Math.max(record.length * 2, recorded + 2 * text.length));
      grown.set(record.subarray(0, recorded));
      record = grown;
    }
    ascii.fill(0);
    let a = SEPARATOR_CODE;
    let b = SEPARATOR_CODE;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < ASCII_END) {
        ascii[c >>> 5] |= 1 << (c & 31);
      } else {
        const bucket = charBucket(c) & mask;
        if (lastText[bucket] !== t) {
          lastText[bucket] = t;
          counts[bucket + 1]++;
          record[recorded++] = bucket;
        }
      }
      if (a !== SEPARATOR_CODE && b !== SEPARATOR_CODE && c !== SEPARATOR_CODE) {
        const bucket = trigramBucket(a, b, c) & mask;
        if (lastText[bucket] !== t) {
          lastText[bucket] = t;
          counts[bucket + 1]++;
          record[recorded++] = bucket;
        }
      }
      a = b;
      b = c;
    }
    ascii[SEPARATOR_CODE >>> 5] &= ~(1 << (SEPARATOR_CODE & 31));
    for (let word = 0; word < ascii.length; word++) {
      for (let bits = ascii[word]; bits !== 0; bits &= bits - 1) {
        const bucket = asciiBuckets[(word << 5) | (31 - Math.clz32(bits & -bits))];
        if (lastText[bucket] !== t) {
          lastText[bucket] = t;
          counts[bucket + 1]++;
          record[recorded++] = bucket;
        }
      }
    }
    ends[t] = recorded;
  }
  for (let i = 1; i <= buckets; i++) counts[i] += counts[i - 1];
  const postings = new Int32Array(recorded);
  const cursor = counts.slice(0, buckets);
  for (let t = 0, r = 0; t < texts.length; t++) {
    for (const end = ends[t]; r < end; r++) postings[cursor[record[r]]++] = t;
  }
  return { offsets: counts, postings };
}

/** For each bucket, two words with a bit for each block of `size` texts on its list. */
function blockBits(offsets: Uint32Array, postings: Int32Array, size: number): Int32Array {
  const bits = new Int32Array(2 * (offsets.length - 1));
  for (let bucket = 0; bucket + 1 < offsets.length; bucket++) {
    for (let at = offsets[bucket]; at < offsets[bucket + 1]; at++) {
      const block = Math.floor(postings[at] / size);
      bits[2 * bucket + (block >> 5)] |= 1 << (block & 31);
    }
  }
  return bits;
}

function charBucket(c: number): number {
  return mix(Math.imul(c ^ 0x5bd1e995, 0x27d4eb2f));
}

function trigramBucket(a: number, b: number, c: number): number {
  return mix(Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d));
}

function mix(h: number): number {
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}
