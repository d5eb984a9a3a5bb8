/**
 * A policy checked against configs, both validated first: `findings.ts` says what does
 * not fit.
 *
 * @module
 */
import type { PolicyConfig } from "../../policy_types.ts";
import type { CLImaxConfig, CLImaxConfigInput } from "../../types.ts";
import { optionalFunction, optionsObject, type ValidateOptions } from "../../_options.ts";
import { validatePolicy } from "./validate.ts";
import { policyOrigin } from "./origin.ts";
import { policyFindings, reportFindings, toolsByName } from "./findings.ts";
import { originOf, validateConfig } from "../validate.ts";

/** Options of `checkPolicy`. */
export interface CheckPolicyOptions {
  /** Receives each warning as a formatted message and as its issue. Default `console.warn`. */
  onWarning?: ValidateOptions["onWarning"];
}

/**
 * Checks `policy` against the tools of `configs`, as an index that applies it would: a tool the
 * policy names that no config defines, or an argument it names that the tool does not have, is
 * a warning (the policy's entry is ignored, as CLImax ignores it); a `pattern` on an argument
 * that is not a string, or a `min` or `max` on one that is not a number, is an error. Issues
 * have the line and column of the policy's YAML when it was parsed or loaded.
 *
 * @throws {ConfigError} Of the policy's source, listing every error, when there is one; or
 * when the policy or a config is not valid.
 * @throws {RangeError} When `options` is not an object or `onWarning` not a function.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkPolicy, parseConfig, parsePolicy } from "@climax/tool-index";
 *
 * const git = parseConfig(`
 * command: git
 * tools:
 *   - name: git_log
 *     description: Show commits
 *     args: [{ name: max_count, type: integer, flag: --max-count }]
 * `);
 * const policy = parsePolicy("tools:\n  git_lgo: {}\n", { source: "readonly.policy.yaml" });
 * const warnings: string[] = [];
 * checkPolicy(policy, [git], { onWarning: (message) => warnings.push(message) });
 * assert.deepEqual(warnings, [
 *   'readonly.policy.yaml:2:3: tools.git_lgo: No config defines a tool "git_lgo", so the policy\'s entry is ignored; did you mean "git_log"?',
 * ]);
 * ```
 */
export function checkPolicy(
  policy: PolicyConfig,
  configs: Iterable<CLImaxConfig | CLImaxConfigInput>,
  options?: CheckPolicyOptions,
): void {
  const onWarning = optionalFunction(optionsObject(options).onWarning, "onWarning") ??
    ((message: string) => console.warn(message));
  const valid = knownPolicy(policy, onWarning);
  const quiet = () => {};
  const tools = toolsByName(
    [...configs].map((config, i) =>
      validateConfig(config, { source: originOf(config) ?? `configs[${i}]`, onWarning: quiet })
    ),
  );
  reportFindings(policyFindings(valid, tools), onWarning);
}

/**
 * `policy` when it was validated by this module's functions, else validated now.
 *
 * @throws {ConfigError} When it is not a valid policy.
 */
export function knownPolicy(
  policy: unknown,
  onWarning?: ValidateOptions["onWarning"],
): PolicyConfig {
  return policyOrigin(policy) === undefined
    ? validatePolicy(policy, { source: "policy", onWarning })
    : policy as PolicyConfig;
}
