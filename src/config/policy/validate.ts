/**
 * Policy files → validated policies, located as configs are: every problem with its line and
 * column, unknown keys as warnings with a "did you mean".
 *
 * @module
 */
import type { PolicyConfig } from "../../policy_types.ts";
import { isPlainObject } from "../../_json_value.ts";
import { type ValidateOptions, validateOptions } from "../../_options.ts";
import type { DataPath, SourceMap } from "../yaml/data_path.ts";
import { recordPolicyOrigin } from "./origin.ts";
import { fieldOf } from "../plain_data.ts";
import { policySchema } from "./_schema.ts";
import { DEFAULT_SOURCE, validateData } from "../zod_validate.ts";
import type { Finding } from "../arg_checks.ts";

/**
 * Validates a plain object (as from JSON) as a policy and returns it fully defaulted. A tool (or
 * an argument) given as `null` counts as `{}`: named, with nothing more to say. Unknown keys are
 * warnings through `options.onWarning`, or issues when `options.strict`.
 *
 * Beyond the shape: a `pattern` must be a regular expression (JavaScript's, with the `u` flag,
 * matched against the whole value), a `min` may not be above its `max`, the docker executor
 * needs an `image`, and a mapping with a `command` is a config, not a policy. Whether the tools
 * and arguments it names exist, and are of a type their constraints fit, depends on the
 * configs: see `checkPolicy`.
 *
 * @throws {ConfigError} When the input is not a valid policy; `issues` lists every problem.
 * @throws {RangeError} When `options` is not an object or `onWarning` not a function.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validatePolicy } from "@climax/tool-index";
 *
 * const policy = validatePolicy({ default: "enabled", tools: { git_push: null } });
 * assert.deepEqual(policy.tools.git_push, { description: null, args: {} });
 * ```
 */
export function validatePolicy(input: unknown, options?: ValidateOptions): PolicyConfig {
  return validatePolicyData(input, validateOptions(options));
}

/**
 * Validates plain data as a policy and remembers where it came from: `validatePolicy`'s work,
 * and that of `parsePolicy` (in `text.ts`) with the YAML text's source map.
 */
export function validatePolicyData(
  input: unknown,
  options: ValidateOptions,
  map?: SourceMap,
): PolicyConfig {
  const policy = validateData(policySchema(), withEmptyNulls(input), options, {
    map,
    extra: { errors: policyFindings(input), warnings: [] },
  });
  recordPolicyOrigin(policy, { source: options.source ?? DEFAULT_SOURCE, locate: map?.locate });
  return policy;
}

/** `input` with each tool and each argument given as `null` made `{}`; the rest as it was. */
function withEmptyNulls(input: unknown): unknown {
  const tools = mappingOf(fieldOf(input, "tools"));
  if (tools === undefined) return input;
  const emptied = (mapping: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(mapping).map(([key, value]) => [key, value ?? {}]));
  const copy = emptied(tools);
  for (const [name, tool] of Object.entries(copy)) {
    const args = mappingOf(fieldOf(tool, "args"));
    if (args !== undefined) copy[name] = { ...tool as object, args: emptied(args) };
  }
  return { ...input as object, tools: copy };
}

/**
 * What the shape does not show: a pattern that is no regular expression, a minimum above its
 * maximum, and a config given for a policy.
 */
function policyFindings(input: unknown): Finding[] {
  const found: Finding[] = [];
  if (fieldOf(input, "command") !== undefined) {
    found.push({
      path: ["command"],
      message:
        "A policy has no command: this looks like a CLImax config. A policy names tools under tools, a mapping of tool names",
    });
  }
  for (const [toolName, tool] of Object.entries(mappingOf(fieldOf(input, "tools")) ?? {})) {
    for (const [argName, constraint] of Object.entries(mappingOf(fieldOf(tool, "args")) ?? {})) {
      const at: DataPath = ["tools", toolName, "args", argName];
      const pattern = fieldOf(constraint, "pattern");
      const problem = typeof pattern === "string" ? patternProblem(pattern) : undefined;
      if (problem !== undefined) found.push({ path: [...at, "pattern"], message: problem });
      const min = fieldOf(constraint, "min");
      const max = fieldOf(constraint, "max");
      if (typeof min === "number" && typeof max === "number" && min > max) {
        found.push({
          path: [...at, "max"],
          message: `The maximum ${max} is below the minimum ${min}: no value could pass`,
        });
      }
    }
  }
  return found;
}

/** `value` when it is a mapping (a plain object), else `undefined`. */
function mappingOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) &&
      isPlainObject(value)
    ? value as Record<string, unknown>
    : undefined;
}

/**
 * Why `pattern` is no regular expression, if it is not one: it must compile alone and as the
 * whole-value match that calls are checked with (see `checkArguments`).
 */
function patternProblem(pattern: string): string | undefined {
  for (const source of [pattern, `^(?:${pattern})$`]) {
    try {
      new RegExp(source, "u");
    } catch (error) {
      const reason = error instanceof SyntaxError
        ? error.message.slice(error.message.lastIndexOf(": ") + 2)
        : String(error);
      return `The pattern is not a valid regular expression (JavaScript's, with the u flag): ${reason}`;
    }
  }
  return undefined;
}
