// Calling a tool through the registry: found by its ID or a bare name, its arguments checked
// against its input schema, then sent to the backend the selector picks, or, when that one is
// down, to the next. Each kind of backend is reached by a caller its user gives (an MCP server's
// connection, a command line run here, a handler): the call path knows none of them.
import type { RegistryView } from "../registry/registry_view.ts";
import type { BackendKind, BackendSelector, RegistryTool, ToolBackend } from "../registry/types.ts";
import { preferredBackend } from "../registry/registry_options.ts";
import { lookupTool } from "../registry/tool_lookup.ts";
import { isPlainObject } from "../_json_value.ts";
import { BackendUnavailableError } from "../errors.ts";
import { schemaArgumentProblems } from "./schema_arguments.ts";

/**
 * What a call answers, as MCP's `tools/call` result: the server's own answer, or an error result
 * (`isError: true`) with one sentence saying why and what to do.
 *
 * @example
 * ```ts
 * import type { CallResult } from "@climax/tool-index";
 *
 * const failed: CallResult = { content: [{ type: "text", text: "Unknown tool: x." }], isError: true };
 * ```
 */
export interface CallResult {
  /** The content blocks: text, images, audio, resource links, embedded resources. */
  content: unknown[];
  /** The structured answer, for a tool with an output schema. */
  structuredContent?: Record<string, unknown>;
  /** Whether the call failed. */
  isError?: boolean;
  /** Metadata: `tool-index/backend` says which backend served the call. */
  _meta?: Record<string, unknown>;
  /** Any other field of the server's answer, passed on as it is. */
  [key: string]: unknown;
}

/**
 * What a caller is given beside the tool and its arguments.
 *
 * @example
 * ```ts
 * import type { CallContext } from "@climax/tool-index";
 *
 * const context: CallContext = { signal: AbortSignal.timeout(1000), timeoutMs: 1000 };
 * ```
 */
export interface CallContext {
  /** Aborts when the client cancels the call, or at the timeout. */
  signal: AbortSignal;
  /** The most milliseconds the call may take. */
  timeoutMs: number;
  /** Receives the progress the backend reports, when the client asked for it. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

/**
 * Calls one tool through one backend of its kind; throws `BackendUnavailableError` when down.
 *
 * @example
 * ```ts
 * import type { BackendCaller } from "@climax/tool-index";
 *
 * const today: BackendCaller = () =>
 *   Promise.resolve({ content: [{ type: "text", text: new Date().toISOString().slice(0, 10) }] });
 * ```
 */
export type BackendCaller = (
  backend: ToolBackend,
  tool: RegistryTool,
  args: Record<string, unknown>,
  context: CallContext,
) => Promise<CallResult>;

/**
 * How calls are made.
 *
 * @example
 * ```ts
 * import { type CallOptions, MAX_ANSWER_BYTES } from "@climax/tool-index";
 *
 * const options: CallOptions = { callers: {}, timeoutMs: 30_000, maxAnswerBytes: MAX_ANSWER_BYTES };
 * ```
 */
export interface CallOptions {
  /** The caller of each kind of backend that can be called here. */
  callers: Partial<Record<BackendKind, BackendCaller>>;
  /** Why a kind without a caller cannot be called here, and where it can. */
  notHere?: Partial<Record<BackendKind, string>>;
  /** The most milliseconds a call may take. */
  timeoutMs: number;
  /** The most bytes of an answer (as JSON): a larger one is refused, saying so. */
  maxAnswerBytes: number;
  /** Aborts when the client cancels the call. */
  signal?: AbortSignal;
  /** Receives the progress the backend reports. */
  onProgress?: CallContext["onProgress"];
  /**
   * Ranks the backends after the one the registry picks, for the call to go to the next when one
   * is down: the one it picks of those left comes next. Default `preferredBackend`.
   */
  selectBackend?: BackendSelector;
}

/**
 * The most bytes of a call's answer, as JSON, that is passed on: 4 MiB.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_ANSWER_BYTES } from "@climax/tool-index";
 *
 * assert.equal(MAX_ANSWER_BYTES, 4194304);
 * ```
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * The metadata key that names the backend that served a call.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BACKEND_META_KEY } from "@climax/tool-index";
 *
 * assert.equal(BACKEND_META_KEY, "tool-index/backend");
 * ```
 */
export const BACKEND_META_KEY = "tool-index/backend";

/**
 * Calls the tool `reference` names (its ID, or a name only one namespace has) with `args`.
 * Nothing is sent when the tool is unknown or the arguments do not fit its input schema; a
 * backend that is down passes the call to the next. Every failure is an error result.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolRegistry } from "@climax/tool-index";
 * import { callTool } from "./call_tool.ts";
 *
 * const registry = new ToolRegistry();
 * registry.register(
 *   { namespace: "dates", name: "today", input_schema: { type: "object" } },
 *   { kind: "local", id: "today" },
 * );
 * const result = await callTool(registry, "today", {}, {
 *   callers: { local: () => Promise.resolve({ content: [{ type: "text", text: "2026-11-27" }] }) },
 *   timeoutMs: 1000,
 *   maxAnswerBytes: 1024,
 * });
 * assert.deepEqual(result.content, [{ type: "text", text: "2026-11-27" }]);
 * assert.deepEqual(result._meta, { "tool-index/backend": { kind: "local", id: "today" } });
 * ```
 */
export async function callTool(
  registry: RegistryView,
  reference: string,
  args: unknown,
  options: CallOptions,
): Promise<CallResult> {
  const found = lookupTool(registry, reference);
  if (found.kind === "ambiguous") {
    return failure(
      `Tools of several namespaces are named ${reference}: call one by its ID (${
        found.ids.join(", ")
      }).`,
    );
  }
  if (found.kind === "missing") {
    return failure(
      `Unknown tool: ${reference}.${
        found.closest.length > 0 ? ` The closest: ${found.closest.join(", ")}.` : ""
      } Find tools with climax_search.`,
    );
  }
  const { id } = found;
  const given = args ?? {};
  if (typeof given !== "object" || Array.isArray(given) || !isPlainObject(given)) {
    return failure(
      `The arguments of ${id} must be an object of names and values. Nothing was sent.`,
    );
  }
  const chosen = registry.getTool(id)!;
  const rank = options.selectBackend ?? preferredBackend;
  const backends = [chosen.backend];
  const rest = registry.getAllBackends(id)!.filter((backend) => backend !== chosen.backend);
  while (rest.length > 0) backends.push(...rest.splice(rest.indexOf(rank(rest)), 1));
  const down: string[] = [];
  let checked = false;
  for (const backend of backends) {
    const caller = options.callers[backend.kind];
    if (caller === undefined) {
      down.push(options.notHere?.[backend.kind] ?? `${backend.kind} tools cannot be called here`);
      continue;
    }
    // A command line's arguments are checked, and coerced, by CLImax's own rules when it runs;
    // those of any other are checked against the input schema before the first is sent.
    if (backend.kind !== "climax" && !checked) {
      checked = true;
      const schema = registry.getEntry(id)!.input_schema;
      const problems = schemaArgumentProblems(schema, given as Record<string, unknown>);
      if (problems.length > 0) {
        return failure(`${problems.join("; ")}. Nothing was sent; see climax_get ${id}.`);
      }
    }
    const outcome = await within(
      options,
      (signal) =>
        caller(backend, chosen.tool, given as Record<string, unknown>, {
          signal,
          timeoutMs: options.timeoutMs,
          onProgress: options.onProgress,
        }),
    );
    if (outcome === "cancelled") return failure(`The call of ${id} was cancelled.`);
    if (outcome === "timed out") {
      return failure(
        `${id} did not answer within ${options.timeoutMs / 1000} s: try again, or ask for less.`,
      );
    }
    if (outcome instanceof Error) {
      if (!(outcome instanceof BackendUnavailableError)) {
        return failure(`The call of ${id} failed: ${outcome.message}.`);
      }
      down.push(outcome.message);
      continue;
    }
    const bytes = new TextEncoder().encode(JSON.stringify(outcome)).length;
    if (bytes > options.maxAnswerBytes) {
      return failure(
        `The answer of ${id} is ${bytes} bytes, over the limit of ${options.maxAnswerBytes}: ask for less.`,
      );
    }
    const served = { kind: backend.kind, id: backend.id };
    return { ...outcome, _meta: { ...outcome._meta, [BACKEND_META_KEY]: served } };
  }
  return failure(`${id} cannot be called now: ${down.join("; ")}.`);
}

/**
 * What `call` answers within the options' timeout and before their signal aborts: its result, the
 * error it threw, or which of the two ended it first. Its signal aborts then too, and its timer is
 * cleared whichever way it ends.
 */
async function within(
  { timeoutMs, signal: cancel }: CallOptions,
  call: (signal: AbortSignal) => Promise<CallResult>,
): Promise<CallResult | Error | "cancelled" | "timed out"> {
  const controller = new AbortController();
  let ended: (why: "cancelled" | "timed out") => void = () => {};
  const stop = new Promise<"cancelled" | "timed out">((resolve) => ended = resolve);
  const end = (why: "cancelled" | "timed out") => {
    controller.abort(why);
    ended(why);
  };
  const timer = setTimeout(() => end("timed out"), timeoutMs);
  const onCancel = () => end("cancelled");
  if (cancel?.aborted) onCancel();
  cancel?.addEventListener("abort", onCancel, { once: true });
  try {
    return await Promise.race([
      call(controller.signal).catch((error) =>
        error instanceof Error ? error : new Error(String(error))
      ),
      stop,
    ]);
  } finally {
    clearTimeout(timer);
    cancel?.removeEventListener("abort", onCancel);
  }
}

function failure(message: string): CallResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
