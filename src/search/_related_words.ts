// The words WordNet relates to an English word: its synonyms, the words it derives from or
// derives, and the broader words of its first senses ("rental" → "rent", "lease"; "legal" →
// "law"; "apartment" → "flat", "housing"). A request put in other words than a tool's text
// finds the tool by them, at a small weight (`RankingOptions.relatedWeight`). The table is
// written by `deno task related-words` from WordNet 3.0 (see `_related_words.json`'s notice):
// every word, sorted, and for each where its related words stand in the table, `PLACE_DIGITS`
// `DIGITS` a place.
import { relatedWordsTable } from "./related_words_table.ts";

/** The digits of a place in the table, most significant first. */
export const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
/** How many digits each place has. */
export const PLACE_DIGITS = 4;

/** The table's entries (see `RelatedWordsTable.entries`), once a ranked search needs them. */
let entries: Uint8Array | undefined;
/** Each digit's value, by its character code. */
const VALUES = new Uint8Array(128);
for (let i = 0; i < DIGITS.length; i++) VALUES[DIGITS.charCodeAt(i)] = i;
/** The character codes of the space that ends an entry and the bar that ends its word. */
const SPACE = 0x20;
const BAR = 0x7c;

/**
 * The words related to a lowercase word, or to the word it inflects when it is not in the table
 * itself ("classes" → "class", "renting" → "rent"); none when neither is.
 */
export function relatedWords(word: string): string[] {
  // Read in place: the first query pays only for reading the file, if it was not read ahead.
  const table = entries ??= relatedWordsTable().entries;
  for (const base of baseForms(word)) {
    const at = find(table, base);
    if (at < 0) continue;
    const found: string[] = [];
    const end = table.indexOf(SPACE, at);
    for (let i = table.indexOf(BAR, at) + 1; i < end; i += PLACE_DIGITS) {
      let place = 0;
      for (let k = i; k < i + PLACE_DIGITS; k++) place = (place << 6) | VALUES[table[k]];
      found.push(String.fromCharCode(...table.subarray(place, table.indexOf(BAR, place))));
    }
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * Where the entry of `word` starts in `table`, or -1: the table is halved by byte, and the
 * entry around each middle found by the space before it. `low` is always an entry's start and
 * `high` one or the end.
 */
function find(table: Uint8Array, word: string): number {
  let low = 0;
  let high = table.length;
  while (low < high) {
    // A negative index would count from the end: the entry before the first byte is none.
    const before = ((low + high) >>> 1) - 1;
    const start = before < 0 ? 0 : table.lastIndexOf(SPACE, before) + 1;
    const bar = table.indexOf(BAR, start);
    const order = compare(table, start, bar, word);
    if (order === 0) return start;
    if (order < 0) low = table.indexOf(SPACE, bar) + 1;
    else high = start;
  }
  return -1;
}

/**
 * The order of the ASCII word at `table[start, end)` against `word`, as strings compare: below
 * 0 when it sorts first, 0 when the two are the same.
 */
function compare(table: Uint8Array, start: number, end: number, word: string): number {
  const length = Math.min(end - start, word.length);
  for (let i = 0; i < length; i++) {
    const difference = table[start + i] - word.charCodeAt(i);
    if (difference !== 0) return difference;
  }
  return end - start - word.length;
}

/** `word`, then the words it may be a plural or verb form of. */
function* baseForms(word: string): Iterable<string> {
  yield word;
  if (word.endsWith("ies")) yield word.slice(0, -3) + "y";
  if (word.endsWith("es")) yield word.slice(0, -2);
  if (word.endsWith("s")) yield word.slice(0, -1);
  if (word.endsWith("ing")) yield* [word.slice(0, -3), word.slice(0, -3) + "e"];
  if (word.endsWith("ed")) yield* [word.slice(0, -2), word.slice(0, -1)];
}
