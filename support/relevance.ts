// Relevance measures of ranked tool lists against labelled queries, as `../shared/eval/`
// defines them: Recall@1/5/10, MRR@10 and nDCG@10 with binary gains, the relevant tools as the
// ideal ranking, averaged over all queries.

/** One labelled query: the tools that answer it. */
export interface LabelledQuery {
  id: string;
  query: string;
  relevant: string[];
}

/** The measures, each a mean over queries, from 0 to 1. */
export interface Relevance {
  recallAt1: number;
  recallAt5: number;
  recallAt10: number;
  mrrAt10: number;
  ndcgAt10: number;
}

/** The share of `relevant` among the first `k` of `ranking`. */
export function recallAt(
  ranking: readonly string[],
  relevant: readonly string[],
  k: number,
): number {
  if (relevant.length === 0) return 0;
  const top = new Set(ranking.slice(0, k));
  return relevant.filter((name) => top.has(name)).length / relevant.length;
}

/** 1 / the rank of the first relevant tool within the first `k`, or 0. */
export function reciprocalRankAt(
  ranking: readonly string[],
  relevant: readonly string[],
  k: number,
): number {
  const wanted = new Set(relevant);
  const rank = ranking.slice(0, k).findIndex((name) => wanted.has(name));
  return rank < 0 ? 0 : 1 / (rank + 1);
}

/** Discounted cumulative gain of the first `k`, over that of the ideal ranking. */
export function ndcgAt(ranking: readonly string[], relevant: readonly string[], k: number): number {
  const wanted = new Set(relevant);
  let dcg = 0;
  ranking.slice(0, k).forEach((name, i) => {
    if (wanted.has(name)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(k, wanted.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

/** The mean of each measure over the queries; `rankings[i]` answers `queries[i]`. */
export function relevance(
  queries: readonly LabelledQuery[],
  rankings: readonly (readonly string[])[],
): Relevance {
  const total: Relevance = { recallAt1: 0, recallAt5: 0, recallAt10: 0, mrrAt10: 0, ndcgAt10: 0 };
  queries.forEach(({ relevant }, i) => {
    const ranking = rankings[i];
    total.recallAt1 += recallAt(ranking, relevant, 1);
    total.recallAt5 += recallAt(ranking, relevant, 5);
    total.recallAt10 += recallAt(ranking, relevant, 10);
    total.mrrAt10 += reciprocalRankAt(ranking, relevant, 10);
    total.ndcgAt10 += ndcgAt(ranking, relevant, 10);
  });
  const n = Math.max(1, queries.length);
  return {
    recallAt1: total.recallAt1 / n,
    recallAt5: total.recallAt5 / n,
    recallAt10: total.recallAt10 / n,
    mrrAt10: total.mrrAt10 / n,
    ndcgAt10: total.ndcgAt10 / n,
  };
}
