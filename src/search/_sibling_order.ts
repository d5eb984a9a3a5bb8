// Near-ties among one source's tools, settled in the source's own order.
//
// Two tools of one source that a request matches about equally are told apart by little more
// than their lengths: the words they share are the source's. Their author's order says more: a
// source lists its main tools first (`rsync_sync` before `rsync_preview`, a search before the
// booking that follows it). So, among the places a source's tools hold in a ranking by score, a
// tool goes before a later tool of its source that scores less than
// `RankingOptions.siblingTolerance` above it. The places stay the source's: a source's order
// says nothing of another's tools, which keep theirs. Lifting an earlier tool above its later
// one instead, whatever stood between, took places from other sources' tools: metatool-dev
// among mcp-zero lost 0.002 of R@10, beyond its interval.
//
// Only the earlier tools of each best tool's source can take a best tool's place, so only those
// are looked at: settling made a 2-word query of 10,000 generated tools 15% slower (p50 54.5 µs
// against 47.4, the mean of three alternating runs). Keeping twice as many of the best, and
// every tool near the lowest of them, made it 25% to 45% slower.

/**
 * The order of ranked tools, given by their places in the three lists (`orders`, their load
 * orders, all distinct): by score, ties in load order, with each source's tools reordered
 * among the places they hold. There a tool takes the highest score of a later tool of its
 * source that is at least its own and less than `1 + tolerance` times it, and the source's
 * tools go by those scores, ties in load order.
 */
export function settledOrder(
  scores: readonly number[],
  sources: readonly (string | number)[],
  orders: readonly number[],
  tolerance: number,
): number[] {
  const order = scores.map((_, i) => i);
  order.sort((i, j) => scores[j] - scores[i] || orders[i] - orders[j]);
  // The places of each source's tools in `order`, best first.
  const places = new Map<string | number, number[]>();
  order.forEach((i, place) => {
    const held = places.get(sources[i]);
    if (held === undefined) places.set(sources[i], [place]);
    else held.push(place);
  });
  const settled = [...order];
  for (const held of places.values()) {
    if (held.length < 2) continue;
    const members = held.map((place) => order[place]);
    const lifted = new Map<number, number>();
    for (const i of members) {
      let score = scores[i];
      for (const j of members) {
        if (
          orders[j] > orders[i] && scores[j] >= scores[i] && scores[j] < scores[i] * (1 + tolerance)
        ) {
          score = Math.max(score, scores[j]);
        }
      }
      lifted.set(i, score);
    }
    members.sort((i, j) => lifted.get(j)! - lifted.get(i)! || orders[i] - orders[j]);
    held.forEach((place, k) => settled[place] = members[k]);
  }
  return settled;
}

/**
 * For each tool of `sources` (each tool's source, in tool order), the first tool of the run of
 * tools of its source that it ends: a source's tools are listed together.
 */
export function runStarts(sources: readonly string[]): Int32Array {
  const starts = new Int32Array(sources.length);
  for (let doc = 1; doc < sources.length; doc++) {
    starts[doc] = sources[doc] === sources[doc - 1] ? starts[doc - 1] : doc;
  }
  return starts;
}

/**
 * The tools that near-ties could bring among the `best` (tool numbers, by score alone), with
 * their scores (in `scores`, by tool number), in no order: the best, and the earlier tools of
 * their sources (`runs`, see `runStarts`) that `accept` (when given) accepts and that score
 * less than `1 + tolerance` times less than one of them. Only those can take a best tool's
 * place: a tool lifted above a later one of its source takes that one's place.
 */
export function nearTheBest(
  scores: Float64Array,
  best: readonly number[],
  runs: Int32Array,
  tolerance: number,
  accept: ((doc: number) => boolean) | null,
): { docs: number[]; scores: number[] } {
  const docs = [...best];
  const taken = new Set(best);
  for (const later of best) {
    const low = scores[later] / (1 + tolerance);
    for (let doc = runs[later]; doc < later; doc++) {
      const score = scores[doc];
      if (score <= 0 || score < low || score > scores[later] || taken.has(doc)) continue;
      if (accept !== null && !accept(doc)) continue;
      taken.add(doc);
      docs.push(doc);
    }
  }
  return { docs, scores: docs.map((doc) => scores[doc]) };
}

/**
 * The tools `docs` (whose scores are `raw`) best first, with the near-ties among a source's
 * tools settled, and the score of each place: the one it had by score alone, whichever of the
 * source's tools holds it. A source is a run of tools of one config (`runs`, see `runStarts`):
 * two configs that say the same of themselves, with another between, are two sources, as
 * `nearTheBest` finds them.
 */
export function rankedNear(
  docs: readonly number[],
  raw: readonly number[],
  runs: Int32Array,
  tolerance: number,
): { docs: number[]; scores: number[] } {
  const order = settledOrder(raw, docs.map((doc) => runs[doc]), docs, tolerance);
  return { docs: order.map((i) => docs[i]), scores: [...raw].sort((x, y) => y - x) };
}
