// The words WordNet relates to an English word: its synonyms, the words it derives from or
// derives, and the broader words of its first senses ("rental" → "rent", "lease"; "legal" →
// "law"; "apartment" → "flat", "housing"). A request put in other words than a tool's text
// finds the tool by them, at a small weight (`RankingOptions.relatedWeight`). The table is
// written by `deno task related-words` from WordNet 3.0 (see `_related_words.json`'s notice):
// every word, sorted, and for each the numbers of its related words, three `DIGITS` a number.
import table from "./_related_words.json" with { type: "json" };

/**
 * A related word in more tools than this adds nothing: it weighs a quarter of the request's
 * words at most and is common, so it says little, but its long list of tools costs the most to
 * add up. No development set has a related word this common.
 */
const MAX_RELATED_TOOLS = 1000;

/** The digits of a related word's number, most significant first. */
export const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

/** Where each word starts in the table's words, and where its numbers start; made when needed. */
let starts: { words: Int32Array; related: Int32Array } | undefined;
/** Each digit's value, by its character code. */
const VALUES = new Uint8Array(128);
for (let i = 0; i < DIGITS.length; i++) VALUES[DIGITS.charCodeAt(i)] = i;

/**
 * The words related to a lowercase word, or to the word it inflects when it is not in the table
 * itself ("classes" → "class", "renting" → "rent"); none when neither is.
 */
export function relatedWords(word: string): string[] {
  // Found in place rather than split into strings: the first query pays for reading the table,
  // and finding where each word and list starts costs far less than splitting it.
  starts ??= { words: startsOf(table.words), related: startsOf(table.related) };
  const text = table.related;
  for (const base of baseForms(word)) {
    const at = find(base);
    if (at < 0) continue;
    const found: string[] = [];
    for (let i = starts.related[at]; i < starts.related[at + 1] - 1; i += 3) {
      const n = (VALUES[text.charCodeAt(i)] << 12) | (VALUES[text.charCodeAt(i + 1)] << 6) |
        VALUES[text.charCodeAt(i + 2)];
      found.push(wordAt(n));
    }
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * The terms related to the words of a query (as `analyze` finds them), each with its weight: a
 * word's `weight` times `relatedWeight`, shared by the square root of how many of its related
 * terms some tool has, the most any word gives. At a full share each, "files" → "record" put git_commit above git_status
 * for "which files have I modified". A term of `own`, which the query has of itself, is not
 * related; nor one that no tool or more than `MAX_RELATED_TOOLS` have, by `tools`, which
 * counts them in the whole collection, so that each index of several shares alike.
 */
export function relatedTerms(
  words: readonly { readonly weight: number; readonly related: readonly string[] }[],
  relatedWeight: number,
  own: ReadonlySet<string>,
  tools: (term: string) => number,
): Map<string, number> {
  const weights = new Map<string, number>();
  for (const { weight, related } of words) {
    const terms = new Set<string>();
    for (const term of related) {
      const count = own.has(term) ? 0 : tools(term);
      if (count > 0 && count <= MAX_RELATED_TOOLS) terms.add(term);
    }
    const share = relatedWeight * weight / Math.sqrt(terms.size);
    for (const term of terms) weights.set(term, Math.max(weights.get(term) ?? 0, share));
  }
  return weights;
}

/** Where each space-separated item of `text` starts, and one past the end of the last. */
function startsOf(text: string): Int32Array {
  const found = [0];
  for (let i = text.indexOf(" "); i >= 0; i = text.indexOf(" ", i + 1)) found.push(i + 1);
  found.push(text.length + 1);
  return Int32Array.from(found);
}

/** The `n`th word of the table. */
function wordAt(n: number): string {
  return table.words.slice(starts!.words[n], starts!.words[n + 1] - 1);
}

/** The number of `word` in the table, or -1. */
function find(word: string): number {
  let low = 0;
  let high = starts!.words.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (wordAt(middle) < word) low = middle + 1;
    else high = middle;
  }
  return low < starts!.words.length - 1 && wordAt(low) === word ? low : -1;
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
