// The words of an agent's request, each with how much it says about the tool that is meant.
//
// Requests carry debris besides their words: file paths, URLs, quoted arguments and shell
// variables, whose parts are common words ("home", "test", "project") that name no tool; and
// contraction clitics ("I'm", "Apple's") that leave single letters found in hundreds of tools.
// A clitic is dropped; the words of a path, URL, quoted text or variable count for less
// (`RankingOptions.debrisWeight`), except for what does say what is meant: a file's extension
// ("report.pdf") and a URL's scheme ("s3://", "https://"). So do the words that only frame a
// request ("please help me", "I need", "I'm looking for"): they are in many tools' texts
// ("helps you", "if needed") without saying which tool is meant (`requestWeight`).
import { relatedWords } from "./_related_words.ts";
import { splitWords, type Vocabulary } from "./_words.ts";

/** A word of a request and the weight of its terms. */
export interface QueryWord {
  word: string;
  weight: number;
}

/** A word of a query that ranking reads, weighed, with the term it is indexed under. */
export interface AnalyzedWord extends QueryWord {
  /** The term of the word ("containers" → "contain"). */
  readonly term: string;
  /**
   * The terms of the words WordNet relates to the word (`relatedWords`), when the ranking weighs
   * them; none else.
   */
  readonly related: readonly string[];
}

/** How much the debris and the request-framing words of a query count. */
export interface QueryWeights {
  /** Weight of the words of a path, URL, quoted text or shell variable. */
  readonly debrisWeight: number;
  /** Weight of the words that only frame a request (`REQUEST_WORDS`). */
  readonly requestWeight: number;
  /** Weight of the words related to a request's words: 0 looks none up. */
  readonly relatedWeight: number;
}

/**
 * Words that frame a request rather than say what it is for: asking, wanting and needing. Not
 * the verbs of a task ("find", "show", "get", "list"), which tools are named and described by.
 */
const REQUEST_WORDS: ReadonlySet<string> = new Set(
  ["please", "kindly", "help", "assist", "want", "wish", "need", "like", "looking"],
);

/** A word's term and its related words' terms, as a vocabulary has them. */
interface WordTerms {
  /** Whether the vocabulary leaves the word out. */
  readonly stop: boolean;
  /** Whether the word only frames a request (`REQUEST_WORDS`). */
  readonly framing: boolean;
  readonly term: string;
  related: readonly string[] | undefined;
}

/**
 * The words each vocabulary has analysed lately. Requests repeat the same few thousand words,
 * and a word's stem and the stems of its related words cost more than the rest of a search.
 */
const analysedWords = new WeakMap<Vocabulary, Map<string, WordTerms>>();
/** How many words a vocabulary remembers before it starts again: a few hundred KiB. */
const MAX_ANALYSED_WORDS = 8192;

/** The words of `query` that `vocabulary` does not leave out, each with its term. */
export function analyze(
  query: string,
  weights: QueryWeights,
  vocabulary: Vocabulary,
): AnalyzedWord[] {
  let known = analysedWords.get(vocabulary);
  if (known === undefined) analysedWords.set(vocabulary, known = new Map());
  const analyzed: AnalyzedWord[] = [];
  for (const { word, weight } of queryWords(query, weights.debrisWeight)) {
    let terms = known.get(word);
    if (terms === undefined) {
      if (known.size === MAX_ANALYSED_WORDS) known.clear();
      known.set(
        word,
        terms = {
          stop: vocabulary.isStopWord(word),
          framing: REQUEST_WORDS.has(word),
          term: vocabulary.termOf(word),
          related: undefined,
        },
      );
    }
    if (terms.stop) continue;
    analyzed.push({
      word,
      weight: terms.framing ? weight * weights.requestWeight : weight,
      term: terms.term,
      related: weights.relatedWeight > 0
        ? terms.related ??= relatedWords(word).map((other) => vocabulary.termOf(other))
        : [],
    });
  }
  return analyzed;
}

/** A quoted span: a quote mark at a word's start, up to the matching mark at a word's end. */
const QUOTED = /(?<![\p{L}\p{N}])(["'`“‘])(.+?)(["'`”’])(?![\p{L}\p{N}])/gu;
/** A mark that may open a quoted span. */
const QUOTE_MARK = /["'`“‘]/;
const CLOSING: Readonly<Record<string, string>> = {
  '"': '"',
  "'": "'",
  "`": "`",
  "“": "”",
  "‘": "’",
};
/** A contraction's clitic at the end of a word: "it's", "I'm", "we're", "don't". */
const CLITIC = /(?<=\p{L})['’](?:s|m|d|t|re|ve|ll)$/iu;
/** What is not part of a word or path at either end of a chunk: brackets, commas, full stops. */
const EDGE = /^[([{<,;:!?.]+|[)\]}>,;:!?.]+$/gu;
/** A chunk that is a path, a URL, a remote location or a shell variable. */
const DEBRIS = /[/\\$]|^~|^[\w.-]+@[\w.-]+:/u;
/** A URL's scheme. */
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//iu;
/** A file's extension at the end of a path: one to five letters or digits after a dot. */
const EXTENSION = /[^/\\.]\.([a-z][a-z0-9]{0,4})$/iu;

/**
 * The words of `query`, in order, each weighted: 1 for the words of the request, `debris` for
 * those of a path, URL, quoted text or shell variable, 1 again for a URL's scheme and for the
 * extension of a file named in debris. A clitic is no word.
 */
export function queryWords(query: string, debris: number): QueryWord[] {
  const words: QueryWord[] = [];
  let at = 0;
  // Most requests quote nothing: they are not matched against `QUOTED`, whose classes of letters
  // and digits the engine compiles when first used.
  for (const match of QUOTE_MARK.test(query) ? query.matchAll(QUOTED) : []) {
    if (CLOSING[match[1]] !== match[3]) continue;
    chunks(query.slice(at, match.index), 1, debris, words);
    chunks(match[2], debris, debris, words);
    at = match.index + match[0].length;
  }
  chunks(query.slice(at), 1, debris, words);
  return words;
}

/** Appends the words of each whitespace-separated chunk of `text`. */
function chunks(text: string, weight: number, debris: number, out: QueryWord[]): void {
  for (const raw of text.split(/\s+/u)) {
    const plain = plainWord(raw);
    if (plain !== undefined) {
      out.push({ word: plain, weight });
      continue;
    }
    const chunk = raw.replace(EDGE, "").replace(CLITIC, "");
    if (chunk === "") continue;
    if (weight !== debris && !DEBRIS.test(chunk)) {
      for (const word of splitWords(chunk)) out.push({ word, weight });
      continue;
    }
    const scheme = SCHEME.exec(chunk)?.[1];
    if (scheme !== undefined) {
      for (const word of splitWords(scheme)) out.push({ word, weight: 1 });
    }
    const rest = scheme === undefined ? chunk : chunk.slice(scheme.length + 3);
    for (const word of splitWords(rest)) out.push({ word, weight: debris });
    const extension = EXTENSION.exec(rest)?.[1];
    if (extension !== undefined) out.push({ word: extension.toLowerCase(), weight: 1 });
  }
}

/**
 * The one word of a chunk that is a plain word ("files", "Show", "bucket,"): ASCII letters and
 * digits, only the first letter a capital, and nothing before it or after it but what `EDGE`
 * strips; undefined for any other chunk, which the expressions above take apart. Most of a
 * request's chunks are plain, and this costs a tenth of them.
 */
function plainWord(chunk: string): string | undefined {
  let end = chunk.length;
  while (end > 0 && TRAILING_EDGE.includes(chunk[end - 1])) end--;
  if (end === 0) return undefined;
  let lower = false;
  for (let i = 0; i < end; i++) {
    const c = chunk.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) continue;
    if (i === 0 && c >= 65 && c <= 90) {
      lower = true;
      continue;
    }
    return undefined;
  }
  const word = end === chunk.length ? chunk : chunk.slice(0, end);
  return lower ? word.toLowerCase() : word;
}

/** The characters `EDGE` strips from a chunk's end. */
const TRAILING_EDGE = ")]}>,;:!?.";
