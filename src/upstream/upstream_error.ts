// Why an upstream MCP server could not be used, in words for an operator: what /healthz and
// the log show, never the server's URL (it may name hosts of a private network).

/**
 * Why an upstream MCP server could not be started, reached or listed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { UpstreamError } from "./upstream_error.ts";
 *
 * const error = new UpstreamError("docs", "no answer within 10000 ms");
 * assert.equal(error.message, "docs: no answer within 10000 ms");
 * ```
 */
export class UpstreamError extends Error {
  /** The namespace of the server. */
  readonly namespace: string;
  /** What failed, in words for an operator, without the server's URL. */
  readonly reason: string;

  /** Makes the error, whose message is the namespace and the reason. */
  constructor(namespace: string, reason: string, options?: ErrorOptions) {
    super(`${namespace}: ${reason}`, options);
    this.name = "UpstreamError";
    this.namespace = namespace;
    this.reason = reason;
  }
}

/**
 * A call an upstream server did not answer in time: the server may be well, only slow.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { UpstreamError, UpstreamTimeoutError } from "./upstream_error.ts";
 *
 * const error = new UpstreamTimeoutError("docs", "no answer within 30000 ms");
 * assert.ok(error instanceof UpstreamError);
 * ```
 */
export class UpstreamTimeoutError extends UpstreamError {
  /** Makes the error, whose message is the namespace and the reason. */
  constructor(namespace: string, reason: string, options?: ErrorOptions) {
    super(namespace, reason, options);
    this.name = "UpstreamTimeoutError";
  }
}

/**
 * What went wrong, in the words of `error` and of its causes (a failed fetch says only "fetch
 * failed", and its cause why), with every text of `hidden` replaced by `its URL`.
 */
export function describeFailure(error: unknown, hidden: readonly string[] = []): string {
  const words: string[] = [];
  for (let at = error, depth = 0; at !== undefined && depth < 4; depth++) {
    // The SDK's HTTP errors keep the status apart from their words.
    const status = (at as { data?: { status?: unknown } } | null)?.data?.status;
    const message = at instanceof SyntaxError
      ? `the answer is not JSON-RPC (${at.message})`
      : at instanceof Error
      ? (typeof status === "number" ? `HTTP ${status}: ${at.message}` : at.message)
      : String(at);
    if (message !== "" && !words.some((word) => word.includes(message))) words.push(message);
    at = at instanceof Error ? at.cause : undefined;
  }
  let text = words.join(": ");
  for (const secret of hidden) if (secret !== "") text = text.replaceAll(secret, "its URL");
  return text;
}
