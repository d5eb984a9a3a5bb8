/**
 * Policy files and YAML text → validated policies. Apart from `policy.ts`, which validates plain
 * data, so that what only checks or applies a policy never loads the YAML parser: a service
 * started without a policy file does not pay for it at cold start.
 *
 * @module
 */
import { ConfigError } from "../errors.ts";
import { MAX_CONFIG_SIZE } from "../limits.ts";
import type { PolicyConfig } from "../policy_types.ts";
import { describeValue, isPlainObject } from "../_json_value.ts";
import { type ValidateOptions, validateOptions } from "../_options.ts";
import { readSourceText } from "./load.ts";
import { validatePolicyData } from "./policy.ts";
import { readYaml } from "./_yaml.ts";
import { DEFAULT_SOURCE } from "./_zod_validate.ts";

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
  if (!isPlainObject(value)) {
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
