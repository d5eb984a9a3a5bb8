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

/** The table's text (see `RelatedWordsTable.entries`), once a ranked search needs it. */
let entries: string | undefined;
/** Each digit's value, by its character code. */
const VALUES = new Uint8Array(128);
for (let i = 0; i < DIGITS.length; i++) VALUES[DIGITS.charCodeAt(i)] = i;

/**
 * The words related to a lowercase word, or to the word it inflects when it is not in the table
 * itself ("classes" → "class", "renting" → "rent"); none when neither is.
 */
export function relatedWords(word: string): string[] {
  // Read in place: the first query pays only for reading the file.
  const text = entries ??= relatedWordsTable().entries;
  for (const base of baseForms(word)) {
    const at = find(text, base);
    if (at < 0) continue;
    const found: string[] = [];
    const end = text.indexOf(" ", at);
    for (let i = text.indexOf("|", at) + 1; i < end; i += PLACE_DIGITS) {
      let place = 0;
      for (let k = i; k < i + PLACE_DIGITS; k++) place = (place << 6) | VALUES[text.charCodeAt(k)];
      found.push(text.slice(place, text.indexOf("|", place)));
    }
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * Where the entry of `word` starts in `text`, or -1: the text is halved by character, and the
 * entry around each middle found by the space before it. `low` is always an entry's start and
 * `high` one or the end.
 */
function find(text: string, word: string): number {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const start = text.lastIndexOf(" ", ((low + high) >>> 1) - 1) + 1;
    const bar = text.indexOf("|", start);
    const found = text.slice(start, bar);
    if (found === word) return start;
    if (found < word) low = text.indexOf(" ", bar) + 1;
    else high = start;
  }
  return -1;
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
