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
  return means(perQuery(queries, rankings));
}

/** Each measure of each query, in the order of `queries`: what a paired comparison resamples. */
export type PerQuery = { [M in keyof Relevance]: number[] };

/** The measures of each query; `rankings[i]` answers `queries[i]`. */
export function perQuery(
  queries: readonly LabelledQuery[],
  rankings: readonly (readonly string[])[],
): PerQuery {
  const measured: PerQuery = {
    recallAt1: [],
    recallAt5: [],
    recallAt10: [],
    mrrAt10: [],
    ndcgAt10: [],
  };
  queries.forEach(({ relevant }, i) => {
    const ranking = rankings[i];
    measured.recallAt1.push(recallAt(ranking, relevant, 1));
    measured.recallAt5.push(recallAt(ranking, relevant, 5));
    measured.recallAt10.push(recallAt(ranking, relevant, 10));
    measured.mrrAt10.push(reciprocalRankAt(ranking, relevant, 10));
    measured.ndcgAt10.push(ndcgAt(ranking, relevant, 10));
  });
  return measured;
}

/** The mean of each measure of `measured`. */
export function means(measured: PerQuery): Relevance {
  const mean = (values: readonly number[]) =>
    values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  return {
    recallAt1: mean(measured.recallAt1),
    recallAt5: mean(measured.recallAt5),
    recallAt10: mean(measured.recallAt10),
    mrrAt10: mean(measured.mrrAt10),
    ndcgAt10: mean(measured.ndcgAt10),
  };
}

/** A difference of means and its 95% interval. */
export interface Difference {
  mean: number;
  low: number;
  high: number;
}

/**
 * The difference of `a` minus `b`, per-query values of the same queries, averaged over the
 * queries of each set, then over the sets (a macro average; one set is its mean), with a paired
 * bootstrap 95% interval: each set's queries resampled with replacement `samples` times, from a
 * fixed seed, so that a run is repeatable. An interval that holds 0 is a change within noise.
 */
export function pairedBootstrap(
  sets: readonly { a: readonly number[]; b: readonly number[] }[],
  samples = 2000,
  seed = 20_261_123,
): Difference {
  const differences = sets.map(({ a, b }) => a.map((value, i) => value - b[i]));
  const average = (values: readonly number[]) =>
    values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  const mean = average(differences.map(average));
  // A small linear congruential generator: the interval is the same at every run.
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const resampled = new Float64Array(samples);
  for (let s = 0; s < samples; s++) {
    let total = 0;
    for (const values of differences) {
      const n = values.length;
      let sum = 0;
      for (let i = 0; i < n; i++) sum += values[Math.floor(next() * n)];
      total += n === 0 ? 0 : sum / n;
    }
    resampled[s] = total / Math.max(1, differences.length);
  }
  resampled.sort();
  return {
    mean,
    low: resampled[Math.floor(0.025 * samples)],
    high: resampled[Math.ceil(0.975 * samples) - 1],
  };
}
