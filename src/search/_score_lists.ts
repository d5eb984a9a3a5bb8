// The loops a ranked query spends its time in: adding a term's posting list into the scores of
// the tools, and finding the best of them. A list holds, per tool, the gap from the previous
// tool as a little-endian base-128 varint, then the tool's score byte. Each loop is written out
// for each kind of query and list: a test of the kind, a decoding function or a callback per
// posting each slowed every ranked query. A list of two bytes a tool has no gap of more than one
// byte (a "short" list): the common words' lists, the longest, are read without decoding varints.

import type { TopK } from "./top_k.ts";

/** The posting lists of an index: see `RankedTables`. */
export interface Lists {
  readonly postings: Uint8Array;
  /**
   * A view of `postings` that reads a short list's gap and score byte as one little-endian
   * 16-bit number: one load a tool rather than two.
   */
  readonly pairs: DataView;
  /** Where each term's list starts in `postings`; one more entry at the end. */
  readonly offsets: Uint32Array;
  /** How many tools each term's list holds. */
  readonly docFrequency: Uint32Array;
}

/** The lists of `postings`, `offsets` and `docFrequency` (see `Lists`), made once an index. */
export function listsOf(
  postings: Uint8Array,
  offsets: Uint32Array,
  docFrequency: Uint32Array,
): Lists {
  const pairs = new DataView(postings.buffer, postings.byteOffset, postings.byteLength);
  return { postings, pairs, offsets, docFrequency };
}

/** Whether the list of the term numbered `id` is short: two bytes a tool, each gap one byte. */
function isShort(offsets: Uint32Array, docFrequency: Uint32Array, id: number): boolean {
  return offsets[id + 1] - offsets[id] === 2 * docFrequency[id];
}

/**
 * Adds each list of `ids` (term numbers) to `scores`, by tool, `steps` at the same position
 * times its score bytes; and when `touched` is given, notes there each tool it gives its first
 * score (every step is positive, so a zero score marks an untouched tool). Returns how many it
 * noted.
 */
export function addLists(
  { postings, pairs: view, offsets, docFrequency }: Lists,
  ids: readonly number[],
  steps: readonly number[],
  scores: Float64Array,
  touched: Int32Array | null,
): number {
  let count = 0;
  for (let t = 0; t < ids.length; t++) {
    const id = ids[t];
    const step = steps[t];
    const start = offsets[id];
    const end = offsets[id + 1];
    let doc = -1;
    if (isShort(offsets, docFrequency, id)) {
      if (touched === null) {
        for (let p = start; p < end; p += 2) {
          const pair = view.getUint16(p, true);
          doc += pair & 255;
          scores[doc] += step * (pair >>> 8);
        }
        continue;
      }
      for (let p = start; p < end; p += 2) {
        const pair = view.getUint16(p, true);
        doc += pair & 255;
        if (scores[doc] === 0) touched[count++] = doc;
        scores[doc] += step * (pair >>> 8);
      }
      continue;
    }
    if (touched === null) {
      for (let p = start; p < end;) {
        let byte = postings[p++];
        let gap = byte & 127;
        for (let shift = 7; byte >= 128; shift += 7) {
          byte = postings[p++];
          gap |= (byte & 127) << shift;
        }
        doc += gap;
        scores[doc] += step * postings[p++];
      }
      continue;
    }
    for (let p = start; p < end;) {
      let byte = postings[p++];
      let gap = byte & 127;
      for (let shift = 7; byte >= 128; shift += 7) {
        byte = postings[p++];
        gap |= (byte & 127) << shift;
      }
      doc += gap;
      if (scores[doc] === 0) touched[count++] = doc;
      scores[doc] += step * postings[p++];
    }
  }
  return count;
}

/**
 * Adds the list of the term numbered `id` to `scores`, `step` times its score bytes, as the
 * last list of a query, and offers `heap` each of its tools that then scores above `least` and
 * that `kept` (when given) keeps, in tool order as `offerAll` does. Where every other list
 * together adds less to a tool than the lowest score kept, the tools this list lacks cannot
 * make the cut, and the scores of the rest of the tools need not be read. Adding and offering
 * in one walk spares decoding the list twice.
 */
export function addListOffering(
  { postings, pairs: view, offsets, docFrequency }: Lists,
  id: number,
  step: number,
  scores: Float64Array,
  heap: TopK,
  least: number,
  kept: ((doc: number) => boolean) | null,
): void {
  const start = offsets[id];
  const end = offsets[id + 1];
  let cut = least;
  let doc = -1;
  // The inner loops hold no call: it leaves them to offer a tool. A call inside made V8 read the
  // arrays' bounds again at every posting.
  if (isShort(offsets, docFrequency, id)) {
    for (let p = start; p < end;) {
      let score = -1;
      for (; p < end; p += 2) {
        const pair = view.getUint16(p, true);
        doc += pair & 255;
        const added = scores[doc] + step * (pair >>> 8);
        scores[doc] = added;
        if (added > cut) {
          score = added;
          p += 2;
          break;
        }
      }
      if (score < 0 || (kept !== null && !kept(doc))) continue;
      heap.offer(score, doc);
      cut = Math.max(least, heap.floor);
    }
    return;
  }
  for (let p = start; p < end;) {
    let score = -1;
    while (p < end) {
      let byte = postings[p++];
      let gap = byte & 127;
      for (let shift = 7; byte >= 128; shift += 7) {
        byte = postings[p++];
        gap |= (byte & 127) << shift;
      }
      doc += gap;
      const added = scores[doc] + step * postings[p++];
      scores[doc] = added;
      if (added > cut) {
        score = added;
        break;
      }
    }
    if (score < 0 || (kept !== null && !kept(doc))) continue;
    heap.offer(score, doc);
    cut = Math.max(least, heap.floor);
  }
}

/** Tools are scanned for the best in blocks of 2 ** BLOCK_BITS. */
const BLOCK_BITS = 6;

/**
 * Offers `heap` every tool of `scores` (of `docCount` tools) that scores above `least` and that
 * `kept` (when given) keeps. Tools come in order, so a later tool that only ties the lowest
 * kept score does not make the cut; nor does any tool of a block whose best score does not,
 * which a query whose lists cover much of a large index then skips. `blocks` has room for a
 * best score per block.
 */
export function offerAll(
  scores: Float64Array,
  docCount: number,
  blocks: Float64Array,
  heap: TopK,
  least: number,
  kept: ((doc: number) => boolean) | null,
): void {
  const blockCount = blocksFor(docCount);
  for (let block = 0, doc = 0; block < blockCount; block++) {
    let best = 0;
    for (const end = Math.min(docCount, doc + (1 << BLOCK_BITS)); doc < end; doc++) {
      if (scores[doc] > best) best = scores[doc];
    }
    blocks[block] = best;
  }
  let cut = least;
  for (let block = 0; block < blockCount; block++) {
    if (blocks[block] <= cut) continue;
    const end = Math.min(docCount, (block + 1) << BLOCK_BITS);
    for (let doc = block << BLOCK_BITS; doc < end; doc++) {
      const score = scores[doc];
      if (score <= cut) continue;
      if (kept !== null && !kept(doc)) continue;
      heap.offer(score, doc);
      cut = Math.max(least, heap.floor);
    }
  }
}

/**
 * Offers `heap` each of the first `count` tools of `touched` that scores at least `least` and
 * that `kept` keeps. They come out of order, so an equal score is settled by `offer`.
 */
export function offerTouched(
  scores: Float64Array,
  touched: Int32Array,
  count: number,
  heap: TopK,
  least: number,
  kept: ((doc: number) => boolean) | null,
): void {
  const start = least > 0 ? least : -1;
  let floor = start;
  // The inner loop holds no call, as in `addListOffering`.
  for (let i = 0; i < count;) {
    let doc = -1;
    for (; i < count; i++) {
      if (scores[touched[i]] >= floor) {
        doc = touched[i++];
        break;
      }
    }
    // The filters are the dearer test, so they wait until the score could make the cut.
    if (doc < 0 || (kept !== null && !kept(doc))) continue;
    heap.offer(scores[doc], doc);
    floor = Math.max(start, heap.floor);
  }
}

/** How many blocks of `offerAll` `docCount` tools make. */
export function blocksFor(docCount: number): number {
  return (docCount >>> BLOCK_BITS) + 1;
}
