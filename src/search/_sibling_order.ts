// Near-ties among a run of one config's tools, settled in the order the config lists them.
//
// Two tools of one config that a request matches about equally are told apart by little more
// than their lengths: the words they share are the config's. Their author's order says more: a
// config lists its main tools first (`rsync_sync` before `rsync_preview`, a search before the
// booking that follows it). A run is a config's tools listed one after another (see
// `runStarts`). Among the places a run's tools hold in a ranking by score, a tool goes before a
// later tool of its run that scores less than `RankingOptions.siblingTolerance` above it. The
// places stay the run's: a config's order says nothing of another's tools, which keep theirs.
// Lifting an earlier tool above its later one wherever it stood took places from other
// configs' tools, and cost recall.
//
// Only the earlier tools of a best tool's run can take its place, so only those are looked at,
// scanned back from each best tool: the cheapest of the ways tried. A run's tools are lifted
// pair by pair when they are few, in O(m log m) when they are many, so that a long run of
// near-tied tools stays cheap to settle. What settling costs is in docs/performance.md.

/**
 * The order of ranked tools, given by their places in the three lists (`scores`; `runs`, the
 * run each belongs to, tools with the same key being one run; `orders`, their load orders, all
 * distinct): by score, ties in load order, with each run's tools reordered among the places
 * they hold. There a tool takes the highest score of a later tool of its run that is at least
 * its own and less than `1 + tolerance` times it, and the run's tools go by those scores, ties
 * in load order.
 */
export function settledOrder(
  scores: readonly number[],
  runs: readonly (string | number)[],
  orders: readonly number[],
  tolerance: number,
): number[] {
  return settled(byScore(scores, orders), scores, runs, orders, tolerance);
}

/** The places of `scores`, best first, ties in load order (`orders`). */
function byScore(scores: readonly number[], orders: readonly number[]): number[] {
  return sortedIndices(scores.length, (i, j) => scores[j] - scores[i] || orders[i] - orders[j]);
}

/** `settledOrder`, given the tools' `order` by score. */
function settled(
  order: readonly number[],
  scores: readonly number[],
  runs: readonly (string | number)[],
  orders: readonly number[],
  tolerance: number,
): number[] {
  const result = [...order];
  if (order.length <= PAIRWISE && !anyNearTie(scores, runs, orders, tolerance)) return result;
  for (const held of sharedPlaces(order, runs)) {
    const members = held.map((place) => order[place]);
    const lifted = liftedScores(
      members.map((i) => scores[i]),
      members.map((i) => orders[i]),
      tolerance,
    );
    const ranked = sortedIndices(
      members.length,
      (a, b) => lifted[b] - lifted[a] || orders[members[a]] - orders[members[b]],
    );
    held.forEach((place, k) => result[place] = members[ranked[k]]);
  }
  return result;
}

/**
 * Whether a tool is outscored by a later tool of its run by less than `1 + tolerance` times:
 * else no tool is lifted, and the order by score is settled. Pair by pair, for a page's few.
 */
function anyNearTie(
  scores: readonly number[],
  runs: readonly (string | number)[],
  orders: readonly number[],
  tolerance: number,
): boolean {
  for (let i = 0; i < scores.length; i++) {
    const high = scores[i] * (1 + tolerance);
    for (let j = 0; j < scores.length; j++) {
      if (
        scores[j] > scores[i] && scores[j] < high && orders[j] > orders[i] && runs[j] === runs[i]
      ) {
        return true;
      }
    }
  }
  return false;
}

/** Up to this many tools of one run are lifted pair by pair, and of a ranking grouped so. */
const PAIRWISE = 32;

/**
 * The places in `order` (best first) of the tools of each run that holds two or more of them:
 * pair by pair for the few tools of a page, where a map costs more than it saves.
 */
function sharedPlaces(order: readonly number[], runs: readonly (string | number)[]): number[][] {
  const shared: number[][] = [];
  if (order.length <= PAIRWISE) {
    const grouped = new Uint8Array(order.length);
    for (let place = 0; place < order.length; place++) {
      if (grouped[place] === 1) continue;
      const run = runs[order[place]];
      let held: number[] | undefined;
      for (let other = place + 1; other < order.length; other++) {
        if (grouped[other] === 0 && runs[order[other]] === run) {
          (held ??= [place]).push(other);
          grouped[other] = 1;
        }
      }
      if (held !== undefined) shared.push(held);
    }
    return shared;
  }
  const places = new Map<string | number, number[]>();
  order.forEach((i, place) => {
    const held = places.get(runs[i]);
    if (held === undefined) places.set(runs[i], [place]);
    else held.push(place);
  });
  for (const held of places.values()) if (held.length > 1) shared.push(held);
  return shared;
}

/**
 * For each of one run's tools (their `scores` and load `orders`), the highest score of a
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
  // Few tools, the most a query's best usually hold of one run, are compared pair by pair: for
  // so few, the tree costs more than it saves.
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
 * For each tool of `configs` (each tool's config, by `configKey`, in tool order), the first
 * tool of its run: the tools of its config listed one after another up to it.
 */
export function runStarts(configs: readonly string[]): Int32Array {
  const starts = new Int32Array(configs.length);
  for (let doc = 1; doc < configs.length; doc++) {
    starts[doc] = configs[doc] === configs[doc - 1] ? starts[doc - 1] : doc;
  }
  return starts;
}

/**
 * The tools that near-ties could bring among the `best` (tool numbers, by score alone), with
 * their scores (in `scores`, by tool number), in no order: the best, and the earlier tools of
 * their runs (`runs`, see `runStarts`) that `accept` (when given) accepts and that a later
 * best tool of the run outscores by less than `1 + tolerance` times, as `settledOrder` lifts
 * them. Only those can take a best tool's place: a tool lifted above a later one of its run
 * takes that one's place.
 */
export function nearTheBest(
  scores: Float64Array,
  best: readonly number[],
  runs: Int32Array,
  { tolerance, accept }: { tolerance: number; accept: ((doc: number) => boolean) | null },
): { docs: number[]; scores: number[] } {
  const docs = [...best];
  for (const later of best) {
    const bound = scores[later];
    for (let doc = runs[later]; doc < later; doc++) {
      const score = scores[doc];
      if (score <= 0 || score > bound || bound >= score * (1 + tolerance) || docs.includes(doc)) {
        continue;
      }
      if (accept !== null && !accept(doc)) continue;
      docs.push(doc);
    }
  }
  return { docs, scores: docs.map((doc) => scores[doc]) };
}

/**
 * The tools `docs` (whose scores are `raw`) best first, with the near-ties among a run's tools
 * settled, and the score of each place: the one it had by score alone, whichever of the run's
 * tools holds it. A run is the tools of one config listed together (`runs`, see `runStarts`):
 * two configs that say the same of themselves, with another between, are two runs, as
 * `nearTheBest` finds them.
 */
export function rankedNear(
  docs: readonly number[],
  raw: readonly number[],
  runs: Int32Array,
  tolerance: number,
): { docs: number[]; scores: number[] } {
  const order = byScore(raw, docs);
  const runOf = docs.map((doc) => runs[doc]);
  return {
    docs: settled(order, raw, runOf, docs, tolerance).map((i) => docs[i]),
    scores: order.map((i) => raw[i]),
  };
}

/**
 * 0 to `count` − 1 in the order `compare` gives (a total order): by insertion for the few
 * tools of a page, for which a call of `Array.prototype.sort` costs more than the comparisons.
 */
function sortedIndices(count: number, compare: (i: number, j: number) => number): number[] {
  const order: number[] = [];
  for (let i = 0; i < count; i++) order.push(i);
  if (count > PAIRWISE) return order.sort(compare);
  for (let i = 1; i < count; i++) {
    let at = i;
    while (at > 0 && compare(order[at - 1], i) > 0) {
      order[at] = order[at - 1];
      at--;
    }
    order[at] = i;
  }
  return order;
}
