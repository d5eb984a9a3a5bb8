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
// Only the earlier tools of a best tool's source can take its place, so only those are looked
// at. A source's tools are lifted pair by pair when they are few, in O(m log m) when they are
// many: pair by pair, a query of one 10,000-tool source of near-tied tools took 500 ms, 5.5 ms
// this way (0.3 ms without settling). Settling made a 2-word query of 10,000 generated tools 15%
// slower (p50 54.5 µs against 47.4, the mean of three alternating runs). Keeping twice as many
// of the best, and every tool near the lowest of them, made it 25% to 45% slower; scanning each
// run of a source's tools once, back from its last best tool, 15% slower than scanning it for
// each best tool.

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
    const lifted = liftedScores(
      members.map((i) => scores[i]),
      members.map((i) => orders[i]),
      tolerance,
    );
    const ranked = members.map((_, k) => k);
    ranked.sort((a, b) => lifted[b] - lifted[a] || orders[members[a]] - orders[members[b]]);
    held.forEach((place, k) => settled[place] = members[ranked[k]]);
  }
  return settled;
}

/** Up to this many tools of one source are lifted pair by pair. */
const PAIRWISE = 32;

/**
 * For each of one source's tools (their `scores` and load `orders`), the highest score of a
 * later tool that is at least its own and less than `1 + tolerance` times it, or its own: the
 * tools taken latest first, the scores of those already taken counted in a Fenwick tree over
 * their ranks, where the highest below a bound is found in O(log m).
 */
function liftedScores(
  scores: readonly number[],
  orders: readonly number[],
  tolerance: number,
): number[] {
  const m = scores.length;
  const lifted = [...scores];
  // Few tools, the most a query's best usually hold of one source, are compared pair by pair:
  // the tree cost a 2-word query of 10,000 generated tools 15% more.
  if (m <= PAIRWISE) {
    for (let i = 0; i < m; i++) {
      const high = scores[i] * (1 + tolerance);
      for (let j = 0; j < m; j++) {
        const score = scores[j];
        if (orders[j] > orders[i] && score >= lifted[i] && score < high) lifted[i] = score;
      }
    }
    return lifted;
  }
  const byScore = scores.map((_, i) => i).sort((a, b) => scores[a] - scores[b]);
  const ascending = byScore.map((i) => scores[i]);
  const rank = new Int32Array(m);
  byScore.forEach((i, r) => rank[i] = r);
  const tree = new Int32Array(m + 1);
  let top = 1;
  while (top * 2 <= m) top *= 2;
  const latestFirst = scores.map((_, i) => i).sort((a, b) => orders[b] - orders[a]);
  for (const i of latestFirst) {
    const high = scores[i] * (1 + tolerance);
    // How many scores are below `high`, and how many of those belong to later tools.
    let below = 0;
    let end = m;
    while (below < end) {
      const middle = (below + end) >>> 1;
      if (ascending[middle] < high) below = middle + 1;
      else end = middle;
    }
    let count = 0;
    for (let x = below; x > 0; x -= x & -x) count += tree[x];
    if (count > 0) {
      // The rank of the count-th lowest later score: the highest of them below `high`.
      let at = 0;
      for (let step = top; step > 0; step >>= 1) {
        if (at + step <= m && tree[at + step] < count) {
          at += step;
          count -= tree[at];
        }
      }
      if (ascending[at] >= scores[i]) lifted[i] = ascending[at];
    }
    for (let x = rank[i] + 1; x <= m; x += x & -x) tree[x]++;
  }
  return lifted;
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
 * their sources (`runs`, see `runStarts`) that `accept` (when given) accepts and that a later
 * best tool of the source outscores by less than `1 + tolerance` times, as `settledOrder`
 * lifts them. Only those can take a best tool's place: a tool lifted above a later one of its
 * source takes that one's place.
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
    const bound = scores[later];
    for (let doc = runs[later]; doc < later; doc++) {
      const score = scores[doc];
      if (score <= 0 || score > bound || bound >= score * (1 + tolerance) || taken.has(doc)) {
        continue;
      }
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
