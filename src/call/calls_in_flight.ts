// Calls in flight, by the client that asked and the JSON-RPC id it asked with: where a client's
// cancellation comes apart from its call (a POST of its own to a stateless server), that pair
// finds the call; the id alone does not, as ids repeat across clients.

/** A JSON-RPC request's id. */
export type RequestId = string | number;

/**
 * The calls in flight of every client, each with what aborts it.
 *
 * @example Cancelling a call by its client and request id
 * ```ts
 * import assert from "node:assert/strict";
 * import { CallsInFlight } from "./calls_in_flight.ts";
 *
 * const calls = new CallsInFlight();
 * const call = calls.run("client-a", 1, (signal) =>
 *   new Promise<string>((resolve) => signal.addEventListener("abort", () => resolve("stopped"))));
 * calls.cancel("client-b", 1);
 * calls.cancel("client-a", 1);
 * assert.equal(await call, "stopped");
 * ```
 */
export class CallsInFlight {
  #calls = new Map<string, Set<AbortController>>();

  /** Runs `call`, whose signal aborts when `client` cancels its request `id`. */
  async run<T>(
    client: string,
    id: RequestId,
    call: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const key = callKey(client, id);
    const controller = new AbortController();
    const calls = this.#calls.get(key) ?? new Set();
    calls.add(controller);
    this.#calls.set(key, calls);
    try {
      return await call(controller.signal);
    } finally {
      calls.delete(controller);
      if (calls.size === 0) this.#calls.delete(key);
    }
  }

  /** Cancels request `id` of `client`; a call that has ended, or never was, is no matter. */
  cancel(client: string, id: RequestId): void {
    for (const controller of this.#calls.get(callKey(client, id)) ?? []) controller.abort();
  }
}

function callKey(client: string, id: RequestId): string {
  // The id's type is kept: "1" and 1 are two requests.
  return `${client}\n${typeof id}:${id}`;
}
