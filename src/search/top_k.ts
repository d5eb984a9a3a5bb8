// The best few of many scored tools, kept in a heap as they come.

/** The `size` best (score, tool) pairs: higher score first, then lower tool number. */
export class TopK {
  readonly #size: number;
  readonly #scores: number[] = [];
  readonly #docs: number[] = [];

  constructor(size: number) {
    this.#size = size;
  }

  /** Whether (a, x) ranks below (b, y). */
  static #worse(a: number, x: number, b: number, y: number): boolean {
    return a < b || (a === b && x > y);
  }

  /** Whether it holds `size` pairs. */
  get full(): boolean {
    return this.#scores.length === this.#size;
  }

  /** The lowest score kept when full; -1 (below every score) until then. */
  get floor(): number {
    return this.#scores.length < this.#size ? -1 : this.#scores[0];
  }

  /** Keeps (score, doc) if it is among the best so far. */
  offer(score: number, doc: number): void {
    const scores = this.#scores;
    const docs = this.#docs;
    if (scores.length < this.#size) {
      // Sift up: the root holds the worst kept pair.
      let i = scores.length;
      scores.push(score);
      docs.push(doc);
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!TopK.#worse(score, doc, scores[parent], docs[parent])) break;
        scores[i] = scores[parent];
        docs[i] = docs[parent];
        i = parent;
      }
      scores[i] = score;
      docs[i] = doc;
      return;
    }
    if (this.#size === 0 || !TopK.#worse(scores[0], docs[0], score, doc)) return;
    let i = 0;
    const n = scores.length;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && TopK.#worse(scores[right], docs[right], scores[left], docs[left])
        ? right
        : left;
      if (!TopK.#worse(scores[child], docs[child], score, doc)) break;
      scores[i] = scores[child];
      docs[i] = docs[child];
      i = child;
    }
    scores[i] = score;
    docs[i] = doc;
  }

  /**
   * The kept tools, best first, leaving out the first `skip`; their scores are appended to
   * `scores` when it is given.
   */
  sorted(skip: number, scores?: number[]): number[] {
    const order = this.#docs.map((_, i) => i);
    order.sort((i, j) => this.#scores[j] - this.#scores[i] || this.#docs[i] - this.#docs[j]);
    const kept = order.slice(skip);
    if (scores !== undefined) { for (const i of kept) scores.push(this.#scores[i]); }
    return kept.map((i) => this.#docs[i]);
  }
}
