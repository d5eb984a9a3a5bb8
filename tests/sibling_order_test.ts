import assert from "node:assert/strict";
import fc from "./_fast_check.ts";
import { settledOrder } from "../src/search/ranked.ts";

/** The order `settledOrder` makes, worked out by comparing every pair of a source's tools. */
function pairwise(
  scores: readonly number[],
  sources: readonly number[],
  orders: readonly number[],
  tolerance: number,
): number[] {
  const order = scores.map((_, i) => i)
    .sort((i, j) => scores[j] - scores[i] || orders[i] - orders[j]);
  const settled = [...order];
  for (const source of new Set(sources)) {
    const places = order.flatMap((i, place) => sources[i] === source ? [place] : []);
    const members = places.map((place) => order[place]);
    const lifted = members.map((i) =>
      Math.max(
        scores[i],
        ...members.filter((j) =>
          orders[j] > orders[i] && scores[j] >= scores[i] && scores[j] < scores[i] * (1 + tolerance)
        ).map((j) => scores[j]),
      )
    );
    const ranked = members.map((_, k) => k)
      .sort((a, b) => lifted[b] - lifted[a] || orders[members[a]] - orders[members[b]]);
    places.forEach((place, k) => settled[place] = members[ranked[k]]);
  }
  return settled;
}

Deno.test("settledOrder() orders a source's near-ties as comparing every pair of its tools does", () => {
  const tools = fc.array(
    fc.record({
      score: fc.integer({ min: 100, max: 120 }),
      source: fc.integer({ min: 0, max: 2 }),
    }),
    { minLength: 1, maxLength: 150, size: "max" },
  );
  fc.assert(
    fc.property(tools, fc.constantFrom(0.02, 0.05, 0.1), fc.integer(), (list, tolerance, seed) => {
      // Scores near each other, so that many fall within the tolerance; load orders shuffled;
      // sources of more tools than are lifted pair by pair as well as fewer.
      const scores = list.map(({ score }) => score / 100);
      const sources = list.map(({ source }) => source);
      const orders = list.map((_, i) => i)
        .sort((a, b) => ((a * 7919 + seed) % 101) - ((b * 7919 + seed) % 101) || a - b);
      assert.deepEqual(
        settledOrder(scores, sources, orders, tolerance),
        pairwise(scores, sources, orders, tolerance),
      );
    }),
    { numRuns: 500 },
  );
});
