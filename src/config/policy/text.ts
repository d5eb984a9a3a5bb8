/**
 * Policy files and YAML text → validated policies. Apart from `validate.ts`, which validates plain
 * data, so that what only checks or applies a policy never loads the YAML parser: a service
 * started without a policy file does not pay for it at cold start.
 *
 * @module
 */
import type { PolicyConfig } from "../../policy_types.ts";
import { type ValidateOptions, validateOptions } from "../../_options.ts";
import { fileTarget, readSourceText } from "../files.ts";
import { validatePolicyData } from "./validate.ts";
import { readYamlMapping } from "../yaml/document.ts";
import { DEFAULT_SOURCE } from "../zod_validate.ts";

/**
 * Parses YAML text as a policy and returns it fully defaulted, checked as `validatePolicy`
 * checks one. The YAML is read as configs are (YAML 1.1, as CLImax's PyYAML).
 *
 * @throws {ConfigError} For a YAML error, text over `MAX_CONFIG_SIZE`, an empty text, or
 * anything that is not a valid policy; each issue has a line and column.
 * @throws {RangeError} When `options` is not an object or `onWarning` not a function.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConfigError, parsePolicy } from "@climax/tool-index";
 *
 * assert.throws(
 *   () =>
 *     parsePolicy("tools:\n  git_checkout:\n    args:\n      branch: { pattern: '[a-z' }\n", {
 *       source: "readonly.policy.yaml",
 *     }),
 *   (error) =>
 *     error instanceof ConfigError &&
 *     error.message.startsWith(
 *       "readonly.policy.yaml:4:26: tools.git_checkout.args.branch.pattern: The pattern is not a valid regular expression",
 *     ),
 * );
 * ```
 */
export function parsePolicy(yamlText: string, options?: ValidateOptions): PolicyConfig {
  const checked = validateOptions(options);
  const source = checked.source ?? DEFAULT_SOURCE;
  const parsed = readYamlMapping(yamlText, source, {
    kind: "policy",
    empty:
      "The policy is empty; expected a mapping with default, executor or tools (an empty policy would disable every tool)",
    keys: "default and tools",
  });
  return validatePolicyData(parsed.value, { ...checked, source }, parsed);
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
  const { target, source } = fileTarget(path, "Expected a policy file's path or a file: URL");
  return parsePolicy(await readSourceText(target, source), { ...checked, source });
}
