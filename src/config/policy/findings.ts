/**
 * What a policy says that configs' tools do not fit: the tools and arguments it names that none
 * has (warnings, as CLImax's), and constraints that cannot apply to their argument's type
 * (errors), each located in the policy's YAML text when it came from one. Of validated policies
 * and configs, without validating anything: a registry applies a policy with this alone.
 *
 * @module
 */
import { ConfigError, type ConfigIssue, formatIssue } from "../../errors.ts";
import type { PolicyConfig } from "../../policy_types.ts";
import type { ArgConstraint, CLImaxConfig, ToolDef } from "../../types.ts";
import { closest } from "../../_suggest.ts";
import type { ValidateOptions } from "../../_options.ts";
import { type DataPath, formatPath } from "../yaml/data_path.ts";
import { policyOrigin } from "./origin.ts";
import { ruleMatches } from "./apply.ts";

/** The kinds of warning a policy check reports, as the command line names them. */
export type PolicyWarningCode =
  | "unknown-policy-tool"
  | "unknown-policy-arg"
  | "default-outside-policy"
  | "unmatched-server-rule"
  | "unknown-policy-server";

/** A warning of a policy check, and its kind. */
export interface PolicyWarning extends ConfigIssue {
  code: PolicyWarningCode;
}

/** What a policy check found: errors make the policy unusable with the configs. */
export interface PolicyFindings {
  /** The policy's source, which the issues' lines and columns point into. */
  source: string;
  errors: ConfigIssue[];
  warnings: PolicyWarning[];
}

/**
 * Reports the warnings of `findings` to `onWarning`, then throws its errors, if any.
 *
 * @throws {ConfigError} Of the policy's source, when `findings` has errors.
 */
export function reportFindings(
  { source, errors, warnings }: PolicyFindings,
  onWarning: NonNullable<ValidateOptions["onWarning"]>,
): void {
  for (const { code: _code, ...issue } of warnings) onWarning(formatIssue(source, issue), issue);
  if (errors.length > 0) throw new ConfigError(source, errors);
}

/** The tools of validated configs by name: the last of a name, as an index keeps it. */
export function toolsByName(configs: readonly CLImaxConfig[]): Map<string, ToolDef> {
  const tools = new Map<string, ToolDef>();
  for (const config of configs) for (const tool of config.tools) tools.set(tool.name, tool);
  return tools;
}

/**
 * What `policy` says that `tools` (by name) do not fit, in the policy's order. Names a policy
 * gives to no tool of `tools` are warned of only when `unknownTools` is true: a caller that
 * sees only some of the configs cannot tell.
 */
export function policyFindings(
  policy: PolicyConfig,
  tools: ReadonlyMap<string, ToolDef>,
  unknownTools = true,
): PolicyFindings {
  const origin = policyOrigin(policy);
  const found: PolicyFindings = { source: origin?.source ?? "policy", errors: [], warnings: [] };
  const issue = (path: DataPath, message: string): ConfigIssue => ({
    path: formatPath(path),
    message,
    ...origin?.locate?.(path, "key"),
  });
  for (const [name, toolPolicy] of Object.entries(policy.tools)) {
    const tool = tools.get(name);
    if (tool === undefined) {
      if (!unknownTools) continue;
      const suggestion = closest(name, tools.keys());
      found.warnings.push({
        code: "unknown-policy-tool",
        ...issue(
          ["tools", name],
          `No config defines a tool ${JSON.stringify(name)}, so the policy's entry is ignored${
            didYouMean(suggestion)
          }`,
        ),
      });
      continue;
    }
    for (const [argName, constraint] of Object.entries(toolPolicy.args)) {
      const at = ["tools", name, "args", argName];
      const arg = tool.args.find((candidate) => candidate.name === argName);
      if (arg === undefined) {
        const suggestion = closest(argName, tool.args.map((candidate) => candidate.name));
        found.warnings.push({
          code: "unknown-policy-arg",
          ...issue(
            at,
            `The tool ${JSON.stringify(name)} has no argument ${
              JSON.stringify(argName)
            }, so its constraint is ignored${didYouMean(suggestion)}`,
          ),
        });
        continue;
      }
      const of = `the argument ${JSON.stringify(argName)} of ${JSON.stringify(name)} is of type ${
        JSON.stringify(arg.type)
      }`;
      if (constraint.pattern !== null && arg.type !== "string") {
        found.errors.push(issue([...at, "pattern"], `A pattern applies to strings, but ${of}`));
      }
      if (arg.type === "string" || arg.type === "boolean") {
        for (const [key, bound] of [["min", "minimum"], ["max", "maximum"]] as const) {
          if (constraint[key] !== null) {
            found.errors.push(
              issue([...at, key], `A ${bound} applies to integers and numbers, but ${of}`),
            );
          }
        }
      }
      const outside = defaultOutside(arg.default, constraint);
      if (outside !== undefined) {
        found.warnings.push({
          code: "default-outside-policy",
          ...issue(
            at,
            `The default of ${JSON.stringify(argName)}, ${
              JSON.stringify(arg.default)
            }, ${outside}: a call that leaves the argument out runs with it all the same`,
          ),
        });
      }
    }
  }
  return found;
}

/**
 * What `policy`'s `servers` section says that the servers `servers` names (by namespace, with
 * their tools' names, or `null` where they are not known) do not fit: a namespace none of them
 * has (when it names any), and a rule that matches no tool of its server (a `deny` or `allow`
 * name or glob, or a tool given a description).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validatePolicy } from "@climax/tool-index";
 * import { serverPolicyFindings } from "./findings.ts";
 *
 * const policy = validatePolicy({ servers: { time: { deny: ["get_curent_time"] } } });
 * const [warning] = serverPolicyFindings(policy, new Map([["time", ["get_current_time"]]]));
 * assert.equal(warning.path, "servers.time.deny[0]");
 * assert.match(warning.message, /did you mean "get_current_time"/);
 * ```
 */
export function serverPolicyFindings(
  policy: PolicyConfig,
  servers: ReadonlyMap<string, readonly string[] | null>,
): PolicyWarning[] {
  const origin = policyOrigin(policy);
  const warnings: PolicyWarning[] = [];
  const warn = (path: DataPath, rule: string, tools: readonly string[], what: "rule" | "tool") => {
    const suggestion = closest(rule, tools);
    warnings.push({
      code: "unmatched-server-rule",
      path: formatPath(path),
      message: `The ${what} ${JSON.stringify(rule)} matches no tool of the server ${
        JSON.stringify(path[1])
      }${didYouMean(suggestion)}`,
      // A list's rule is its value; a tool's is the key that names it.
      ...origin?.locate?.(path, what === "rule" ? "value" : "key"),
    });
  };
  for (const [namespace, rules] of Object.entries(policy.servers)) {
    if (!servers.has(namespace) && servers.size > 0) {
      const path = ["servers", namespace];
      warnings.push({
        code: "unknown-policy-server",
        path: formatPath(path),
        message: `No MCP server checked here is named ${JSON.stringify(namespace)}, so its rules ` +
          `apply to none${didYouMean(closest(namespace, servers.keys()))}`,
        ...origin?.locate?.(path, "key"),
      });
    }
    const tools = servers.get(namespace);
    if (tools === undefined || tools === null) continue;
    for (const list of ["deny", "allow"] as const) {
      (rules[list] ?? []).forEach((rule, i) => {
        if (!tools.some((tool) => ruleMatches(rule, tool))) {
          warn(["servers", namespace, list, i], rule, tools, "rule");
        }
      });
    }
    for (const name of Object.keys(rules.tools)) {
      if (!tools.includes(name)) {
        warn(["servers", namespace, "tools", name], name, tools, "tool");
      }
    }
  }
  return warnings;
}

function didYouMean(suggestion: string | undefined): string {
  return suggestion === undefined ? "" : `; did you mean ${JSON.stringify(suggestion)}?`;
}

/** How an argument's default breaks its constraint, if it does: a call without it runs with it. */
function defaultOutside(value: unknown, { pattern, min, max }: ArgConstraint): string | undefined {
  // The policy was validated: its patterns compile.
  if (typeof value === "string" && pattern !== null) {
    if (!new RegExp(`^(?:${pattern})$`, "u").test(value)) return "does not match the pattern";
  }
  if (typeof value === "number") {
    if (min !== null && value < min) return `is below the minimum ${min}`;
    if (max !== null && value > max) return `is above the maximum ${max}`;
  }
  return undefined;
}
