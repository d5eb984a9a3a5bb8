// The words WordNet relates to an English word: its synonyms, the words it derives from or
// derives, and the broader words of its first senses ("rental" → "rent", "lease"; "legal" →
// "law"; "apartment" → "flat", "housing"). A request put in other words than a tool's text
// finds the tool by them, at a small weight (`RankingOptions.relatedWeight`). The table is
// written by `deno task related-words` from WordNet 3.0 (see `_related_words.json`'s notice):
// every word, sorted, and for each the numbers of its related words, three `DIGITS` a number.
import { type RelatedWordsTable, relatedWordsTable } from "./related_words_table.ts";

/** The digits of a related word's number, most significant first. */
export const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

/** The table, once a ranked search needs it. */
let table: RelatedWordsTable | undefined;
/** Each digit's value, by its character code. */
const VALUES = new Uint8Array(128);
for (let i = 0; i < DIGITS.length; i++) VALUES[DIGITS.charCodeAt(i)] = i;

/**
 * The words related to a lowercase word, or to the word it inflects when it is not in the table
 * itself ("classes" → "class", "renting" → "rent"); none when neither is.
 */
export function relatedWords(word: string): string[] {
  // Read in place, by where each word and list starts: the first query pays for reading it.
  table ??= relatedWordsTable();
  const text = table.related;
  for (const base of baseForms(word)) {
    const at = find(base);
    if (at < 0) continue;
    const found: string[] = [];
    for (let i = table.relatedStarts[at]; i < table.relatedStarts[at + 1] - 1; i += 3) {
      const n = (VALUES[text.charCodeAt(i)] << 12) | (VALUES[text.charCodeAt(i + 1)] << 6) |
        VALUES[text.charCodeAt(i + 2)];
      found.push(wordAt(n));
    }
    if (found.length > 0) return found;
  }
  return [];
}

/** The `n`th word of the table. */
function wordAt(n: number): string {
  return table!.words.slice(table!.wordStarts[n], table!.wordStarts[n + 1] - 1);
}

/** The number of `word` in the table, or -1. */
function find(word: string): number {
  let low = 0;
  let high = table!.wordStarts.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (wordAt(middle) < word) low = middle + 1;
    else high = middle;
  }
  return low < table!.wordStarts.length - 1 && wordAt(low) === word ? low : -1;
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
