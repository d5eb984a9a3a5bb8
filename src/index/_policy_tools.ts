// A policy applied to the tools of an index: the tools it leaves out are gone (from search,
// lookups and the summary's counts), the others are searched and shown with its description,
// and their entries' input schemas carry its constraints, so that an agent sees the bounds
// before it calls. `buildInputSchema` stays CLImax's: the constraints are added to its output.
import type { PolicyConfig } from "../policy_types.ts";
import type {
  CLImaxConfig,
  CLImaxConfigInput,
  CLISummary,
  ResolvedTool,
  ToolDef,
  ToolIndexEntry,
} from "../types.ts";
import { ConfigError } from "../errors.ts";
import { deepFreeze } from "../_freeze.ts";
import { describeValue } from "../_json_value.ts";
import { describedTool, type PolicedTool, policedTool } from "../config/policy/apply.ts";
import { knownPolicy } from "../config/policy/check.ts";
import { policyFindings, reportFindings, toolsByName } from "../config/policy/findings.ts";
import { originOf, validateConfig } from "../config/validate.ts";
import { type CollectedTools, collectTools } from "./_collect.ts";
import { resolvedTool, toolEntry } from "./_entries.ts";
import { buildInputSchema } from "./input_schema.ts";
import { constrainedSchema } from "./constrained_schema.ts";

/** A tool a policy exposes: its own definition, and what the policy gives it. */
export interface PolicyEntry extends PolicedTool {
  /** The tool as its config defines it, with its own description. */
  tool: ToolDef;
}

/** The collected tools under a policy, and what the policy gives each, by name. */
export interface PolicedTools {
  collected: CollectedTools;
  policed: ReadonlyMap<string, PolicyEntry>;
}

/**
 * The tools of `configs` as an index under `policy` holds them (see `applyPolicy`), once the
 * configs are validated and the policy checked against them: its warnings reported to `warn`.
 *
 * @throws {ConfigError} When a config is not valid, or the policy is not or does not fit them.
 */
export function policedIndexTools(
  configs: Iterable<CLImaxConfig | CLImaxConfigInput>,
  policy: unknown,
  warn: (message: string) => void,
  maxTools?: number,
): PolicedTools {
  if (typeof (configs as Partial<Iterable<unknown>> | null)?.[Symbol.iterator] !== "function") {
    throw new ConfigError("configs", [{
      path: "",
      message: `Expected a list of configs, got ${describeValue(configs)}`,
    }]);
  }
  const valid = [...configs].map((config, i) =>
    validateConfig(config, { source: originOf(config) ?? `configs[${i}]`, onWarning: warn })
  );
  const checked = knownPolicy(policy, warn);
  reportFindings(policyFindings(checked, toolsByName(valid)), warn);
  return applyPolicy(collectTools(valid, warn, false, maxTools), valid, checked);
}

/**
 * `collected`, gathered from `configs` (validated, in order), with `policy` applied: the tools
 * it leaves out removed, the others under their override's description (what the search reads),
 * each summary counting the tools left, and the summary of a config whose every tool it leaves
 * out dropped.
 */
export function applyPolicy(
  collected: CollectedTools,
  configs: readonly CLImaxConfig[],
  policy: PolicyConfig,
): PolicedTools {
  const policed = new Map<string, PolicyEntry>();
  const tools: ToolDef[] = [];
  const owners: CLImaxConfig[] = [];
  collected.tools.forEach((tool, position) => {
    const found = policedTool(policy, tool);
    if (found === undefined) return;
    policed.set(tool.name, { tool, ...found });
    tools.push(describedTool(tool, found));
    owners.push(collected.owners[position]);
  });
  const summaries: CLISummary[] = [];
  collected.summaries.forEach((summary, i) => {
    const { tools: defined } = configs[i];
    const kept = defined.filter((tool) => policedTool(policy, tool) !== undefined).length;
    if (defined.length > 0 && kept === 0) return;
    summaries.push(
      kept === summary.tool_count ? summary : Object.freeze({ ...summary, tool_count: kept }),
    );
  });
  return {
    collected: {
      tools,
      owners,
      summaries,
      positions: new Map(tools.map((tool, position) => [tool.name, position])),
    },
    policed,
  };
}

/**
 * The search entry of `tool` (already under its override's description) under the policy: its
 * input schema carries the constraints.
 */
export function policedEntry(
  tool: ToolDef,
  config: CLImaxConfig,
  policed: PolicyEntry | undefined,
): ToolIndexEntry {
  const entry = toolEntry(tool, config);
  if (policed === undefined || Object.keys(policed.arg_constraints).length === 0) return entry;
  return Object.freeze({
    ...entry,
    input_schema: deepFreeze(
      constrainedSchema(buildInputSchema(tool.args), policed.arg_constraints),
    ),
  });
}

/** The resolved tool under the policy: the tool's own description, and the policy's fields. */
export function policedResolved(
  tool: ToolDef,
  config: CLImaxConfig,
  policed: PolicyEntry | undefined,
): ResolvedTool {
  const resolved = resolvedTool(policed?.tool ?? tool, config);
  if (policed === undefined) return resolved;
  return Object.freeze({
    ...resolved,
    description_override: policed.description_override,
    arg_constraints: deepFreeze(policed.arg_constraints),
  });
}
