// Timing, memory and summary helpers of the benchmark reports. Heap figures need
// --v8-flags=--expose-gc.

const gc = (globalThis as { gc?: () => void }).gc;

/** Anything searched by the reports. */
export interface Searcher<Q> {
  search(params: Q): unknown;
}

/** V8 heap plus ArrayBuffers (typed arrays keep their bytes outside the heap), after GC. */
export function heapUsed(): number {
  if (!gc) throw new Error("Run with --v8-flags=--expose-gc to measure the heap");
  for (let i = 0; i < 4; i++) gc();
  const { heapUsed, external } = Deno.memoryUsage();
  return heapUsed + external;
}

/** A build's median time, the heap it keeps, and what it built. */
export interface Build<T> {
  ms: number;
  heap: number;
  value: T;
}

/**
 * Median build times of two builds over `runs` builds each, and the heap each keeps. Their
 * runs alternate, so that a slow spell of a shared machine slows both alike.
 */
export function measureBuilds<A, B>(a: () => A, b: () => B, runs: number): [Build<A>, Build<B>] {
  const timesA: number[] = [];
  const timesB: number[] = [];
  const time = <T>(build: () => T, times: number[]) => {
    gc?.();
    const t0 = performance.now();
    build();
    times.push(performance.now() - t0);
  };
  a();
  b();
  for (let i = 0; i < runs; i++) {
    time(a, timesA);
    time(b, timesB);
  }
  const kept = <T>(build: () => T, times: number[]): Build<T> => {
    const before = heapUsed();
    const value = build();
    return { ms: median(times), heap: heapUsed() - before, value };
  };
  const first = kept(a, timesA);
  return [first, kept(b, timesB)];
}

/** A query's time in µs on `searcher`, the mean of `repeats` runs in a row. */
function timed<Q>(searcher: Searcher<Q>, query: Q, repeats: number): number {
  const t0 = performance.now();
  for (let i = 0; i < repeats; i++) searcher.search(query);
  return ((performance.now() - t0) * 1000) / repeats;
}

/**
 * A query's time in µs on `searcher`, run 4^k times for the smallest k that takes 0.2 ms
 * (4,096 runs at most), and that number of runs.
 */
function calibrated<Q>(searcher: Searcher<Q>, query: Q): { us: number; repeats: number } {
  for (let repeats = 1;; repeats *= 4) {
    const us = timed(searcher, query, repeats);
    if (us * repeats >= 200 || repeats >= 4096) return { us, repeats };
  }
}

/**
 * Per-query time in µs, each query repeated until measurable; p50 and p95 over the queries.
 */
export function measureQueries<Q>(
  searcher: Searcher<Q>,
  queries: readonly Q[],
): { p50: number; p95: number } {
  for (const query of queries) searcher.search(query);
  const times = queries.map((query) => calibrated(searcher, query).us);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/**
 * Per-query time in µs of two searchers over the same queries: each query timed on one, then
 * on the other, in `rounds` rounds, and the fastest of its rounds kept; the p50 over the
 * queries of each. A µs p50 taken once moved by a fifth from run to run on a shared machine;
 * the fastest of several is what the code costs when nothing else runs.
 */
export function measurePaired<Q>(
  a: Searcher<Q>,
  b: Searcher<Q>,
  queries: readonly Q[],
  rounds: number,
): [number, number] {
  const [fastestA, fastestB] = fastestTimes([a, b], queries, rounds);
  return [percentile(fastestA, 0.5), percentile(fastestB, 0.5)];
}

/**
 * Each query's time in µs on each of `searchers`, the fastest of `rounds` rounds in which each
 * query is timed on every searcher in turn, run as many times in a row as the slowest searcher
 * needs to be measurable: by searcher, then by query.
 */
export function fastestTimes<Q>(
  searchers: readonly Searcher<Q>[],
  queries: readonly Q[],
  rounds: number,
): number[][] {
  for (const query of queries) for (const searcher of searchers) searcher.search(query);
  const repeats = queries.map((query) =>
    Math.max(...searchers.map((searcher) => calibrated(searcher, query).repeats))
  );
  const fastest = searchers.map(() => queries.map(() => Infinity));
  for (let round = 0; round < rounds; round++) {
    queries.forEach((query, q) => {
      searchers.forEach((searcher, s) => {
        fastest[s][q] = Math.min(fastest[s][q], timed(searcher, query, repeats[q]));
      });
    });
  }
  return fastest;
}

/** The value at index ⌊p·n⌋ of the n `values` sorted (the largest for p = 1); `values` is kept. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** The median of `values` as `percentile` takes it: of an even count, the upper middle one. */
export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** The first line of each report: the Deno and V8 versions and the cores it ran on. */
export function machine(): string {
  return `Deno ${Deno.version.deno}, V8 ${Deno.version.v8}, ${navigator.hardwareConcurrency} cores`;
}
