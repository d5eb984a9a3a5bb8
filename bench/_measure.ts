// Timing and memory helpers of the benchmark reports. Heap figures need --v8-flags=--expose-gc.

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

/** Median build time over `runs` builds, and the heap the last build keeps. */
export function measureBuild<T>(
  build: () => T,
  runs: number,
): { ms: number; heap: number; value: T } {
  const times: number[] = [];
  let value = build();
  for (let i = 0; i < runs; i++) {
    value = undefined as T;
    gc?.();
    const t0 = performance.now();
    value = build();
    times.push(performance.now() - t0);
  }
  value = undefined as T;
  const before = heapUsed();
  value = build();
  const heap = heapUsed() - before;
  return { ms: percentile(times, 0.5), heap, value };
}

/**
 * Per-query time in µs, each query repeated until measurable; p50 and p95 over the queries.
 */
export function measureQueries<Q>(
  searcher: Searcher<Q>,
  queries: readonly Q[],
): { p50: number; p95: number } {
  for (const query of queries) searcher.search(query);
  const times = queries.map((query) => {
    let repeats = 1;
    for (;;) {
      const t0 = performance.now();
      for (let i = 0; i < repeats; i++) searcher.search(query);
      const elapsed = performance.now() - t0;
      if (elapsed >= 0.2 || repeats >= 4096) return (elapsed * 1000) / repeats;
      repeats *= 4;
    }
  });
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}
