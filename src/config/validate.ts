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
import { modelSchemas } from "./model_schemas.ts";
import { copyPlainConfig } from "./_fast_copy.ts";
import { validateData } from "./_zod_validate.ts";

export type { ValidateOptions } from "../_options.ts";

/**
 * Validates a plain object (as from JSON) as a CLImax config and returns it fully defaulted.
 * Unknown keys are warnings through `options.onWarning`, or issues when `options.strict`.
 *
 * @throws {ConfigError} When the input is not a valid config; `issues` lists every problem.
 * @throws {RangeError} When `options` is not an object or `onWarning` not a function.
 * @example
 * ```ts
 * import { validateConfig } from "@climax/tool-index";
 *
 * const config = validateConfig({ command: "jq", tools: [] }, { source: "jq.json" });
 * console.log(config.name); // "climax"
 * ```
 */
export function validateConfig(input: unknown, options?: ValidateOptions): CLImaxConfig {
  const checked = validateOptions(options);
  return copyPlainConfig(input) ?? validateData(modelSchemas().config, input, checked);
}

/**
 * Validates a plain object as one tool argument and returns it fully defaulted.
 *
 * @throws {ConfigError} When the input is not a valid argument.
 * @example
 * ```ts
 * import { validateToolArg } from "@climax/tool-index";
 *
 * console.log(validateToolArg({ name: "path", positional: true }).type); // "string"
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
 * import { validateToolDef } from "@climax/tool-index";
 *
 * console.log(validateToolDef({ name: "ls", description: "List files" }).args); // []
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
 * import { validateResolvedTool } from "@climax/tool-index";
 *
 * const resolved = validateResolvedTool({
 *   tool: { name: "ls", description: "List files" },
 *   base_command: "ls",
 * });
 * console.log(resolved.arg_constraints); // {}
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
 * import { validateToolIndexEntry } from "@climax/tool-index";
 *
 * const entry = validateToolIndexEntry({ tool_name: "ls", description: "List files", cli_name: "coreutils" });
 * console.log(entry.category, entry.tags); // null []
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
 * import { validateCLISummary } from "@climax/tool-index";
 *
 * const summary = validateCLISummary({ name: "git", description: "", tool_count: 3 });
 * console.log(summary.tags); // []
 * ```
 */
export function validateCLISummary(input: unknown, options?: ValidateOptions): CLISummary {
  return validateData(modelSchemas().cliSummary, input, options);
}
