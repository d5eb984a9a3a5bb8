/**
 * A 64-bit non-cryptographic hash of a sequence of strings, as 16 hex digits: two independent
 * 32-bit multiply-xor lanes over UTF-16 code units. The same strings give the same hash in any
 * process, which is what lets two instances built from the same configs agree on a `version`.
 */
export class Hash64 {
  #a = 0x811c9dc5;
  #b = 0x01000193;

  /** Feeds one string, with its length so that `["ab", "c"]` and `["a", "bc"]` differ. */
  update(text: string): this {
    let a = this.#a ^ text.length;
    let b = this.#b ^ Math.imul(text.length, 0x27d4eb2f);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
    }
    this.#a = a;
    this.#b = b;
    return this;
  }

  /** The hash of everything fed so far. */
  digest(): string {
    const a = fmix(this.#a ^ Math.imul(this.#b, 0x85ebca6b));
    const b = fmix(this.#b ^ Math.imul(this.#a, 0xc2b2ae35));
    return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
  }
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
