// The listeners of a registry's changes: each subscription its own, removed once however often
// its unsubscribe runs, and called so that one that throws stops neither the others nor the
// change.
import type { ChangeEvent } from "./types.ts";
import { describeValue } from "../_json_value.ts";

/** The subscribed listeners of one registry. */
export class Listeners {
  readonly #subscriptions = new Set<(event: ChangeEvent) => void>();
  readonly #onError: (error: unknown, event: ChangeEvent) => void;

  constructor(onError: (error: unknown, event: ChangeEvent) => void) {
    this.#onError = onError;
  }

  /**
   * Subscribes `listener`; returns its unsubscribe function.
   *
   * @throws {RangeError} When `listener` is not a function.
   */
  add(listener: (event: ChangeEvent) => void): () => void {
    if (typeof listener !== "function") {
      throw new RangeError(`A change listener must be a function, got ${describeValue(listener)}`);
    }
    // A wrapper of its own, so that the same function subscribed twice is two subscriptions.
    const subscription = (event: ChangeEvent) => listener(event);
    this.#subscriptions.add(subscription);
    return () => {
      this.#subscriptions.delete(subscription);
    };
  }

  /** Calls every listener subscribed now with each event, in order, each event frozen. */
  emit(events: readonly ChangeEvent[]): void {
    for (const event of events) {
      Object.freeze(event);
      for (const listener of [...this.#subscriptions]) {
        try {
          listener(event);
        } catch (error) {
          this.#onError(error, event);
        }
      }
    }
  }
}
