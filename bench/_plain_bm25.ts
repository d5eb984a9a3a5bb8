// The anchor of ranked search's speed on real requests: the plain Okapi BM25 a search engineer
// writes first. One inverted index over a tool's name, description, CLI, category and tags as a
// single field; lower-cased words, English stop words out, Porter stems (the `stemmer` package);
// k1 1.2, b 0.75; no completion, no correction, no related words, no field weights. It sorts the
// tools that match, as most search libraries do; or, stricter, keeps only the best few as they
// come (`topOnly`).
import { stemmer } from "npm:stemmer@2.0.1";
import type { CLImaxConfigInput, SearchParams } from "../mod.ts";

const K1 = 1.2;
const B = 0.75;
const WORD = /[a-z0-9]+/g;
const STOP_WORDS = new Set(
  ("a an and are as at be but by can do does for from had has have how i if in into is it its " +
    "me my no not of on or our so such that the their then there these they this to was we what " +
    "when where which who will with would you your").split(" "),
);

/** The terms of `text`: lower-cased words, stop words out, stemmed. */
function terms(text: string): string[] {
  const out: string[] = [];
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    if (!STOP_WORDS.has(word)) out.push(stemmer(word));
  }
  return out;
}

/** A term's tools and how often each has it. */
interface Postings {
  docs: number[];
  counts: number[];
}

/** Okapi BM25 over the tools of `configs`, answering with tool names. */
export class PlainBm25 {
  readonly #names: string[] = [];
  readonly #postings = new Map<string, Postings>();
  /** Each tool's `k1 · (1 − b + b · length / average)`. */
  readonly #norms: Float64Array;
  readonly #scores: Float64Array;
  readonly #topOnly: boolean;

  constructor(configs: Iterable<CLImaxConfigInput>, { topOnly = false } = {}) {
    this.#topOnly = topOnly;
    const lengths: number[] = [];
    for (const config of configs) {
      for (const tool of config.tools) {
        const doc = this.#names.length;
        this.#names.push(tool.name);
        const words = terms(
          [
            tool.name,
            tool.description ?? "",
            config.name,
            config.category ?? "",
            ...(config.tags ?? []),
          ]
            .join(" "),
        );
        lengths.push(words.length);
        const counts = new Map<string, number>();
        for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
        for (const [word, count] of counts) {
          let postings = this.#postings.get(word);
          if (postings === undefined) this.#postings.set(word, postings = { docs: [], counts: [] });
          postings.docs.push(doc);
          postings.counts.push(count);
        }
      }
    }
    const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, lengths.length);
    this.#norms = Float64Array.from(lengths, (length) => K1 * (1 - B + (B * length) / average));
    this.#scores = new Float64Array(lengths.length);
  }

  /** The names of the best `limit` tools for `query`, best first. */
  search({ query, limit = 10 }: SearchParams): string[] {
    const scores = this.#scores;
    const touched: number[] = [];
    const n = this.#names.length;
    for (const term of new Set(terms(query ?? ""))) {
      const postings = this.#postings.get(term);
      if (postings === undefined) continue;
      const { docs, counts } = postings;
      const idf = Math.log(1 + (n - docs.length + 0.5) / (docs.length + 0.5));
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i];
        if (scores[doc] === 0) touched.push(doc);
        scores[doc] += (idf * counts[i] * (K1 + 1)) / (counts[i] + this.#norms[doc]);
      }
    }
    if (!this.#topOnly) {
      touched.sort((a, b) => scores[b] - scores[a] || a - b);
      const names = touched.slice(0, limit).map((doc) => this.#names[doc]);
      for (const doc of touched) scores[doc] = 0;
      return names;
    }
    // The best `limit`, best first, ties in tool order: kept sorted by insertion as they come.
    const best: number[] = [];
    const before = (a: number, b: number) =>
      scores[a] > scores[b] || (scores[a] === scores[b] && a < b);
    for (const doc of touched) {
      if (best.length === limit && !before(doc, best[limit - 1])) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && before(doc, best[at - 1])) {
        best[at] = best[at - 1];
        at--;
      }
      best[at] = doc;
    }
    for (const doc of touched) scores[doc] = 0;
    return best.map((doc) => this.#names[doc]);
  }
}
