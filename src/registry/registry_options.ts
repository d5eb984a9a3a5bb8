/**
 * The options of a `ToolRegistry`, and its default backend selector.
 *
 * @module
 */
import { MAX_TOOLS } from "../limits.ts";
import type { PolicyConfig } from "../policy_types.ts";
import type { BackendSelector, ChangeEvent, Searcher, ToolBackend } from "./types.ts";
import { describeValue } from "../_json_value.ts";
import { optionalFunction, optionsObject } from "../_options.ts";
import { SEARCH_MODES } from "../index/search_modes.ts";
import { KIND_PREFERENCE } from "./_backend_kinds.ts";
import type { ReaderSettings } from "./_reader.ts";

/** Options of a `ToolRegistry`. */
export interface ToolRegistryOptions {
  /**
   * Receives each warning, such as an unknown key in a config given as a plain object.
   * Default: `console.warn`.
   */
  onWarning?: (message: string) => void;
  /**
   * Picks the backend `getTool` returns. Default `preferredBackend`: a local handler first, then
   * a CLImax command line, then an MCP server; among backends of one kind, the one whose source
   * came first.
   */
  selectBackend?: BackendSelector;
  /** Searchers of one's own, each a search mode by the name it is given here. */
  searchers?: Readonly<Record<string, Searcher>>;
  /**
   * Whether `searchPage` refuses a searcher that is not deterministic, whose pages could repeat
   * or skip tools. Default `true`.
   */
  requireDeterministicSearcher?: boolean;
  /** Receives what a change listener threw; the change and the other listeners go on. */
  onListenerError?: (error: unknown, event: ChangeEvent) => void;
  /** The most tools the registry may hold; past it a change is refused. Default `MAX_TOOLS`. */
  maxTools?: number;
  /**
   * A policy (see `parsePolicy`) applied to every config registered or replaced, as
   * `ToolIndex.fromConfigs` applies one: a tool it leaves out is not registered; one it exposes
   * is searched and shown under its description, with its constraints on its input schema, and
   * its `climax` backend carries `description_override` and `arg_constraints`. MCP tools are
   * governed by its `servers` section alone: those it denies are not registered. The registry
   * sees one config at a time, so it reports none of the policy's warnings: `checkPolicy`
   * against every config does.
   */
  policy?: PolicyConfig;
}

/**
 * Options of `ToolRegistry.registerConfig` and `replaceConfig`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type ConfigOptions, parsePolicy, ToolRegistry } from "@climax/tool-index";
 *
 * const options: ConfigOptions = { source: "git.yaml", policy: parsePolicy("tools: { git_log: {} }") };
 * const registry = new ToolRegistry();
 * registry.registerConfig({
 *   name: "git",
 *   command: "git",
 *   tools: [
 *     { name: "git_log", description: "Show commits" },
 *     { name: "git_push", description: "Push commits" },
 *   ],
 * }, options);
 * assert.deepEqual(registry.ids(), ["git:git_log"]);
 * ```
 */
export interface ConfigOptions {
  /** The ID of the tools' `climax` backend, such as the file; default the config's name. */
  source?: string;
  /** A policy for this config instead of the registry's (see `ToolRegistryOptions.policy`). */
  policy?: PolicyConfig;
}

/**
 * The default backend selector: a local handler first (no process, no network), then a CLImax
 * command line, then an MCP server; among backends of one kind, the one whose source came first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { preferredBackend } from "@climax/tool-index";
 *
 * const picked = preferredBackend([
 *   { kind: "mcp", id: "github", url: null },
 *   { kind: "local", id: "github_cache" },
 * ]);
 * assert.equal(picked.kind, "local");
 * ```
 */
export function preferredBackend(backends: readonly ToolBackend[]): ToolBackend {
  for (const kind of KIND_PREFERENCE) {
    const found = backends.find((backend) => backend.kind === kind);
    if (found !== undefined) return found;
  }
  return backends[0];
}

/** What a registry makes of its options. */
export interface RegistrySettings {
  settings: ReaderSettings;
  warn: (message: string) => void;
  onListenerError: (error: unknown, event: ChangeEvent) => void;
  maxTools: number;
  /** The policy of every config registered, validated. */
  policy: PolicyConfig | undefined;
}

/**
 * `options` checked and defaulted, the policy by `readPolicy`.
 *
 * @throws {RangeError} When an option has the wrong kind, or a searcher is named as a built-in
 * mode.
 * @throws {ConfigError} When `readPolicy` finds the policy not valid.
 */
export function registryOptions(
  options: ToolRegistryOptions | undefined,
  readPolicy: (policy: unknown) => PolicyConfig,
): RegistrySettings {
  const given = optionsObject(options);
  const maxTools = given.maxTools ?? MAX_TOOLS;
  if (!Number.isInteger(maxTools) || maxTools < 0) {
    throw new RangeError(
      `The option maxTools must be a whole number, got ${describeValue(maxTools)}`,
    );
  }
  const searchers = new Map<string, Searcher>();
  for (const [mode, searcher] of Object.entries(optionsObject(given.searchers))) {
    if ((SEARCH_MODES as readonly string[]).includes(mode)) {
      throw new RangeError(`The searcher "${mode}" has the name of a built-in mode`);
    }
    if (typeof searcher?.search !== "function" || typeof searcher.deterministic !== "boolean") {
      throw new RangeError(
        `The searcher "${mode}" must have a search function and a deterministic flag`,
      );
    }
    searchers.set(mode, searcher);
  }
  return {
    settings: {
      searchers,
      modes: Object.freeze([...SEARCH_MODES, ...searchers.keys()]),
      selectBackend: optionalFunction(given.selectBackend, "selectBackend") ?? preferredBackend,
      requireDeterministicSearcher: given.requireDeterministicSearcher ?? true,
    },
    warn: optionalFunction(given.onWarning, "onWarning") ??
      ((message: string) => console.warn(message)),
    onListenerError: optionalFunction(given.onListenerError, "onListenerError") ??
      ((error: unknown, event: ChangeEvent) =>
        console.error(`A change listener failed on a "${event.type}" event:`, error)),
    maxTools,
    policy: given.policy === undefined ? undefined : readPolicy(given.policy),
  };
}
