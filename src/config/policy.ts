/**
 * Policy files → validated policies, located as configs are: every problem with its line and
 * column, unknown keys as warnings with a "did you mean".
 *
 * @module
 */
import { ConfigError } from "../errors.ts";
import { MAX_CONFIG_SIZE } from "../limits.ts";
import type { PolicyConfig } from "../policy_types.ts";
import { describeValue, isPlainObject } from "../_json_value.ts";
import { type ValidateOptions, validateOptions } from "../_options.ts";
import type { DataPath, Locator, SourceMap } from "./data_path.ts";
import { readSourceText } from "./load.ts";
import { fieldOf } from "./plain_data.ts";
import { policySchema } from "./_policy_schema.ts";
import { readYaml } from "./_yaml.ts";
import { DEFAULT_SOURCE, validateData } from "./_zod_validate.ts";
import type { Finding } from "./_arg_checks.ts";

/** Where a policy validated here came from: its source, and its YAML text's locator if any. */
export interface PolicyOrigin {
  source: string;
  locate?: Locator;
}

/** The origin of each policy validated here, held weakly as configs' sources are. */
const origins = new WeakMap<object, PolicyOrigin>();

/** Where `policy` came from, when it was validated here; `undefined` for anything else. */
export function policyOrigin(policy: unknown): PolicyOrigin | undefined {
  return typeof policy === "object" && policy !== null ? origins.get(policy) : undefined;
}

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
 * import { validatePolicy } from "@climax/tool-index";
 *
 * const policy = validatePolicy({ default: "enabled", tools: { git_push: null } });
 * console.log(policy.tools.git_push); // { description: null, args: {} }
 * ```
 */
export function validatePolicy(input: unknown, options?: ValidateOptions): PolicyConfig {
  return validatePolicyData(input, validateOptions(options));
}

/**
 * Parses YAML text as a policy and returns it fully defaulted, checked as `validatePolicy`
 * checks one. The YAML is read as configs are (YAML 1.1, as CLImax's PyYAML).
 *
 * @throws {ConfigError} For a YAML error, text over `MAX_CONFIG_SIZE`, an empty text, or
 * anything that is not a valid policy; each issue has a line and column.
 * @throws {RangeError} When `options` is not an object or `onWarning` not a function.
 * @example
 * ```ts
 * import { ConfigError, parsePolicy } from "@climax/tool-index";
 *
 * try {
 *   parsePolicy("tools:\n  git_checkout:\n    args:\n      branch: { pattern: '[a-z' }\n", {
 *     source: "readonly.policy.yaml",
 *   });
 * } catch (error) {
 *   if (error instanceof ConfigError) console.log(error.message);
 *   // readonly.policy.yaml:4:25: tools.git_checkout.args.branch.pattern: The pattern is not a valid regular expression ...
 * }
 * ```
 */
export function parsePolicy(yamlText: string, options?: ValidateOptions): PolicyConfig {
  const checked = validateOptions(options);
  const source = checked.source ?? DEFAULT_SOURCE;
  if (typeof yamlText !== "string") {
    throw new ConfigError(source, [{
      path: "",
      message: `Expected YAML text, got ${describeValue(yamlText)}`,
    }]);
  }
  if (yamlText.length > MAX_CONFIG_SIZE) {
    throw new ConfigError(source, [{
      path: "",
      message: `The policy is ${yamlText.length} characters, over the limit of ${MAX_CONFIG_SIZE}`,
      line: 1,
      column: 1,
    }]);
  }
  const parsed = readYaml(yamlText, source);
  const { value, locate } = parsed;
  if (value === null || value === undefined) {
    throw new ConfigError(source, [{
      path: "",
      message:
        "The policy is empty; expected a mapping with default, executor or tools (an empty policy would disable every tool)",
      line: 1,
      column: 1,
    }]);
  }
  if (mappingOf(value) === undefined) {
    throw new ConfigError(source, [{
      path: "",
      message: `Expected a mapping with keys such as default and tools at the top level, got ${
        describeValue(value)
      }`,
      ...(locate([], "value") ?? { line: 1, column: 1 }),
    }]);
  }
  return validatePolicyData(value, { ...checked, source }, parsed);
}

/**
 * Reads and parses a policy file, a path or a `file:` URL, from anywhere (a policy has no
 * bundled names). Needs `--allow-read`.
 *
 * @throws {ConfigError} When the file is missing, not a regular file, larger than
 * `MAX_CONFIG_SIZE`, not UTF-8 text, or not a valid policy.
 * @throws {RangeError} When `options` is not an object or `onWarning` not a function.
 * @example
 * ```ts ignore
 * import { loadConfigDir, loadPolicy, ToolIndex } from "@climax/tool-index";
 *
 * const policy = await loadPolicy("./readonly.policy.yaml");
 * const index = ToolIndex.fromConfigs(await loadConfigDir("./configs"), { policy });
 * ```
 */
export async function loadPolicy(
  path: string | URL,
  options?: Omit<ValidateOptions, "source">,
): Promise<PolicyConfig> {
  const checked = validateOptions(options);
  if (path instanceof URL && path.protocol !== "file:") {
    throw new ConfigError(path.href, [{
      path: "",
      message: `Only file: URLs can be loaded, got a ${path.protocol} URL`,
    }]);
  }
  if (!(path instanceof URL) && (typeof path !== "string" || path === "")) {
    throw new ConfigError(String(path), [{
      path: "",
      message: "Expected a policy file's path or a file: URL",
    }]);
  }
  const source = path instanceof URL ? decodeURIComponent(path.pathname) : path;
  return parsePolicy(await readSourceText(path, source), { ...checked, source });
}

function validatePolicyData(
  input: unknown,
  options: ValidateOptions,
  map?: SourceMap,
): PolicyConfig {
  const policy = validateData(policySchema(), withEmptyNulls(input), options, {
    map,
    extra: { errors: policyFindings(input), warnings: [] },
  });
  origins.set(policy, { source: options.source ?? DEFAULT_SOURCE, locate: map?.locate });
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
