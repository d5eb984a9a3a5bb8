/**
 * Plain data (as from JSON) → the validated, fully defaulted models of `types.ts`.
 *
 * @module
 */
import type {
  CLImaxConfig,
  CLISummary,
  ResolvedTool,
  ToolArg,
  ToolDef,
  ToolIndexEntry,
} from "../types.ts";
import { type ValidateOptions, validateOptions } from "../_options.ts";
import type { SourceMap } from "./yaml/data_path.ts";
import { modelSchemas } from "./model_schemas.ts";
import { argFindings } from "./arg_checks.ts";
import { copyPlainConfig } from "./_fast_copy.ts";
import { type CheckOptions, validateData } from "./zod_validate.ts";

export type { ValidateOptions } from "../_options.ts";
export type { LibraryWarningCode } from "./arg_checks.ts";
export type { CodedWarning } from "./zod_validate.ts";

/**
 * The file (or `source` option) each config validated here came from, so that a message about
 * it met later, such as the duplicate-tool warning of an index, can name the file and not only
 * the config's `name`, which is "climax" unless set. Held weakly: a config let go is forgotten.
 */
const origins = new WeakMap<object, string>();

/** The `source` that `config` was validated with, if it was validated here with one. */
export function originOf(config: unknown): string | undefined {
  return typeof config === "object" && config !== null ? origins.get(config) : undefined;
}

/**
 * Validates a plain object (as from JSON) as a CLImax config and returns it fully defaulted.
 * Unknown keys are warnings through `options.onWarning`, or issues when `options.strict`.
 *
 * Beyond the shape of the models, no two arguments of a tool may share a name (the input
 * schema has one property per name, so one would silently replace the other). A tool argument
 * with an `enum` that is not of type string (enum values are strings, so the input schema asks
 * for a value no value is), or whose `default` is not of its type, is a warning. Warnings are
 * reported even when the config is not valid.
 *
 * @throws {ConfigError} When the input is not a valid config; `issues` lists every problem.
 * @throws {RangeError} When `options` is not an object or `onWarning` not a function.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateConfig } from "@climax/tool-index";
 *
 * const config = validateConfig({ command: "jq", tools: [] }, { source: "jq.json" });
 * assert.equal(config.name, "climax");
 * ```
 */
export function validateConfig(input: unknown, options?: ValidateOptions): CLImaxConfig {
  return validateConfigData(input, validateOptions(options));
}

/**
 * Validates plain data as a config, as `validateConfig` does; `map` is the YAML text behind it,
 * for lines and columns and for values as written. A config validated with a `source` is
 * remembered to have come from it (see `originOf`).
 *
 * @throws {ConfigError} As `validateConfig` does.
 */
export function validateConfigData(
  input: unknown,
  options: CheckOptions,
  map?: SourceMap,
): CLImaxConfig {
  const config = validateData(modelSchemas().config, input, options, {
    map,
    extra: argFindings(input, map),
    copy: copyPlainConfig,
  });
  if (options.source !== undefined) origins.set(config, options.source);
  return config;
}

/**
 * Validates a plain object as one tool argument and returns it fully defaulted.
 *
 * @throws {ConfigError} When the input is not a valid argument.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateToolArg } from "@climax/tool-index";
 *
 * assert.equal(validateToolArg({ name: "path", positional: true }).type, "string");
 * ```
 */
export function validateToolArg(input: unknown, options?: ValidateOptions): ToolArg {
  return validateData(modelSchemas().toolArg, input, options);
}

/**
 * Validates a plain object as one tool definition and returns it fully defaulted.
 *
 * @throws {ConfigError} When the input is not a valid tool.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateToolDef } from "@climax/tool-index";
 *
 * assert.deepEqual(validateToolDef({ name: "ls", description: "List files" }).args, []);
 * ```
 */
export function validateToolDef(input: unknown, options?: ValidateOptions): ToolDef {
  return validateData(modelSchemas().toolDef, input, options);
}

/**
 * Validates a plain object (such as a `GET /tools/{name}` answer) as a resolved tool.
 *
 * @throws {ConfigError} When the input is not a valid resolved tool.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateResolvedTool } from "@climax/tool-index";
 *
 * const resolved = validateResolvedTool({
 *   tool: { name: "ls", description: "List files" },
 *   base_command: "ls",
 * });
 * assert.deepEqual(resolved.arg_constraints, {});
 * ```
 */
export function validateResolvedTool(input: unknown, options?: ValidateOptions): ResolvedTool {
  return validateData(modelSchemas().resolvedTool, input, options);
}

/**
 * Validates a plain object (such as one search result from the HTTP API) as an index entry.
 *
 * @throws {ConfigError} When the input is not a valid entry.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateToolIndexEntry } from "@climax/tool-index";
 *
 * const entry = validateToolIndexEntry({ tool_name: "ls", description: "List files", cli_name: "coreutils" });
 * assert.equal(entry.category, null);
 * assert.deepEqual(entry.tags, []);
 * ```
 */
export function validateToolIndexEntry(
  input: unknown,
  options?: ValidateOptions,
): ToolIndexEntry {
  return validateData(modelSchemas().toolIndexEntry, input, options);
}

/**
 * Validates a plain object (such as one item of `GET /summary`) as a CLI summary.
 *
 * @throws {ConfigError} When the input is not a valid summary.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateCLISummary } from "@climax/tool-index";
 *
 * const summary = validateCLISummary({ name: "git", description: "", tool_count: 3 });
 * assert.deepEqual(summary.tags, []);
 * ```
 */
export function validateCLISummary(input: unknown, options?: ValidateOptions): CLISummary {
  return validateData(modelSchemas().cliSummary, input, options);
}
