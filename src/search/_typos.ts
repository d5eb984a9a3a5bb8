// Bounded edit distance for typo tolerance: whether two words are at most a few edits apart,
// answered without filling the whole table. One edit is checked in a single pass; for more,
// only the band of cells within `max` of the diagonal can hold a small enough distance, and
// the check stops as soon as a whole row of the band exceeds it. Adjacent transpositions
// count as one edit, as a typist would count them.

let rows = new Uint16Array(0);

/** Whether `a` becomes `b` with at most `max` insertions, deletions, substitutions or swaps. */
export function withinEdits(a: string, b: string, max: number): boolean {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > max) return false;
  if (max <= 1) return max === 1 ? withinOneEdit(a, b) : a === b;
  const width = n + 1;
  if (rows.length < 3 * width) rows = new Uint16Array(3 * width * 2);
  const outside = max + 1;
  // Three rows of the table, rotating: two back (for swaps), the previous, the current.
  let before = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j <= n; j++) {
    rows[before + j] = outside;
    rows[previous + j] = Math.min(j, outside);
  }
  for (let i = 1; i <= m; i++) {
    rows.fill(outside, current, current + width);
    if (i <= max) rows[current] = i;
    let rowBest = rows[current];
    const ai = a.charCodeAt(i - 1);
    const to = Math.min(n, i + max);
    for (let j = Math.max(1, i - max); j <= to; j++) {
      const bj = b.charCodeAt(j - 1);
      let best = Math.min(
        rows[previous + j] + 1,
        rows[current + j - 1] + 1,
        rows[previous + j - 1] + (ai === bj ? 0 : 1),
      );
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        best = Math.min(best, rows[before + j - 2] + 1);
      }
      if (best > outside) best = outside;
      rows[current + j] = best;
      if (best < rowBest) rowBest = best;
    }
    if (rowBest > max) return false;
    [before, previous, current] = [previous, current, before];
  }
  return rows[previous + n] <= max;
}

function withinOneEdit(a: string, b: string): boolean {
  if (a.length < b.length) [a, b] = [b, a];
  // Compared in place, without the strings of their tails: a query's unknown word is compared
  // with every term of about its length.
  const m = a.length;
  const n = b.length;
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return true;
  let j = 1;
  while (j <= n - i && a.charCodeAt(m - j) === b.charCodeAt(n - j)) j++;
  // a[i, m - j] and b[i, n - j] are what differs, inclusive; one edit changes at most one
  // character of each, or swaps two neighbours.
  const restA = m - j - i + 1;
  const restB = n - j - i + 1;
  if (m > n) return restA <= 1 && restB <= 0;
  if (restA <= 1) return true;
  return restA === 2 && a.charCodeAt(i) === b.charCodeAt(i + 1) &&
    a.charCodeAt(i + 1) === b.charCodeAt(i);
}
