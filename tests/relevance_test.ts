import assert from "node:assert/strict";
import {
  ndcgAt,
  pairedBootstrap,
  recallAt,
  reciprocalRankAt,
  relevance,
} from "../support/relevance.ts";

Deno.test("recallAt() counts the relevant tools among the first k", () => {
  assert.equal(recallAt(["a", "b", "c"], ["c"], 2), 0);
  assert.equal(recallAt(["a", "b", "c"], ["c"], 3), 1);
  assert.equal(recallAt(["a", "b", "c"], ["a", "z"], 3), 0.5);
  assert.equal(recallAt([], ["a"], 10), 0);
});

Deno.test("reciprocalRankAt() is one over the rank of the first relevant tool", () => {
  assert.equal(reciprocalRankAt(["a", "b", "c"], ["c", "b"], 10), 1 / 2);
  assert.equal(reciprocalRankAt(["a", "b", "c"], ["c"], 2), 0);
});

Deno.test("ndcgAt() discounts by log2 of the rank and normalises by the ideal order", () => {
  assert.equal(ndcgAt(["a"], ["a"], 10), 1);
  // One relevant tool at rank 2: (1 / log2 3) / (1 / log2 2).
  assert.ok(Math.abs(ndcgAt(["x", "a"], ["a"], 10) - 1 / Math.log2(3)) < 1e-12);
  // Two relevant, found at ranks 1 and 3: (1 + 1/2) / (1 + 1/log2 3).
  const expected = (1 + 1 / 2) / (1 + 1 / Math.log2(3));
  assert.ok(Math.abs(ndcgAt(["a", "x", "b"], ["a", "b"], 10) - expected) < 1e-12);
  assert.equal(ndcgAt(["x", "a"], ["a"], 1), 0);
});

Deno.test("relevance() averages every measure over the queries", () => {
  const measured = relevance([
    { id: "1", query: "q1", relevant: ["a"] },
    { id: "2", query: "q2", relevant: ["b"] },
  ], [["a"], ["x", "x", "x", "x", "x", "b"]]);
  assert.equal(measured.recallAt1, 0.5);
  assert.equal(measured.recallAt5, 0.5);
  assert.equal(measured.recallAt10, 1);
  assert.equal(measured.mrrAt10, (1 + 1 / 6) / 2);
});

Deno.test("pairedBootstrap() puts 0 inside the interval of noise and outside that of a real change", () => {
  const base: number[] = Array.from({ length: 400 }, (_, i) => (i * 7919) % 13 < 6 ? 1 : 0);
  const same = pairedBootstrap([{ a: base, b: base }]);
  assert.deepEqual(same, { mean: 0, low: 0, high: 0 });
  // Better on a fifth of the queries, never worse.
  const better = base.map((value, i) => i % 5 === 0 ? 1 : value);
  const gain = pairedBootstrap([{ a: better, b: base }]);
  assert.ok(gain.mean > 0 && gain.low > 0, JSON.stringify(gain));
  assert.ok(gain.low <= gain.mean && gain.mean <= gain.high);
  // Better on one query, worse on another: within noise.
  const swapped = [...base];
  swapped[0] = 1 - swapped[0];
  swapped[1] = 1 - swapped[1];
  const noise = pairedBootstrap([{ a: swapped, b: base }]);
  assert.ok(noise.low <= 0 && noise.high >= 0, JSON.stringify(noise));
  // A macro average weighs each set alike, whatever its size.
  const macro = pairedBootstrap([{ a: [1, 1], b: [0, 0] }, { a: base, b: base }]);
  assert.equal(macro.mean, 0.5);
  assert.equal(pairedBootstrap([{ a: better, b: base }]).low, gain.low, "repeatable");
});
