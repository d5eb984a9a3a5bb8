/**
 * What a policy makes of one tool: left out, or exposed with the policy's description and the
 * constraints of its arguments.
 *
 * @module
 */
import type { PolicyConfig } from "../../policy_types.ts";
import type { ArgConstraint, ToolDef } from "../../types.ts";

/** What a policy says of a tool it exposes: the fields of a `ResolvedTool` that it sets. */
export interface PolicedTool {
  /** The policy's description of the tool, or `null` to keep the config's. */
  description_override: string | null;
  /** The policy's constraints of the tool's own arguments, by name; only of arguments it has. */
  arg_constraints: Record<string, ArgConstraint>;
}

const UNTOUCHED: PolicedTool = Object.freeze({
  description_override: null,
  arg_constraints: Object.freeze({}),
});

/**
 * What `policy` makes of `tool`, as CLImax's `apply_policy`: `undefined` when it leaves the tool
 * out (the policy's default is disabled and it does not name the tool), else the description
 * and constraints it gives the tool. Constraints of arguments the tool does not have are
 * dropped (`checkPolicy` warns of them).
 */
export function policedTool(policy: PolicyConfig, tool: ToolDef): PolicedTool | undefined {
  const named = Object.hasOwn(policy.tools, tool.name) ? policy.tools[tool.name] : undefined;
  if (named === undefined) return policy.default === "enabled" ? UNTOUCHED : undefined;
  const constraints: Record<string, ArgConstraint> = {};
  for (const arg of tool.args) {
    if (Object.hasOwn(named.args, arg.name)) constraints[arg.name] = { ...named.args[arg.name] };
  }
  return { description_override: named.description, arg_constraints: constraints };
}

/** `tool` with the description an index searches and shows under the policy: its override's. */
export function describedTool(tool: ToolDef, policed: PolicedTool): ToolDef {
  return policed.description_override === null
    ? tool
    : { ...tool, description: policed.description_override };
}

/**
 * Whether the tool name `name` matches the rule `pattern` of a policy's `servers` section: a
 * name, or a glob (`*` any run of characters, `?` one), in any case.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ruleMatches } from "./apply.ts";
 *
 * assert.ok(ruleMatches("trigger-*", "Trigger-Sampling"));
 * assert.ok(!ruleMatches("get-?", "get-env"));
 * ```
 */
export function ruleMatches(pattern: string, name: string): boolean {
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*").replaceAll(
    "?",
    ".",
  );
  return new RegExp(`^${source}$`, "isu").test(name);
}

/**
 * What `policy` makes of the tool `name` of the MCP server of `namespace`: `undefined` when it
 * leaves the tool out (a `deny` matches it, or an `allow` is given and none of it matches),
 * else the description it gives the tool (`null` to keep the server's).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validatePolicy } from "@climax/tool-index";
 * import { policedServerTool } from "./apply.ts";
 *
 * const policy = validatePolicy({
 *   servers: { everything: { deny: ["trigger-*"], tools: { echo: { description: "Echo back" } } } },
 * });
 * assert.equal(policedServerTool(policy, "everything", "trigger-sampling"), undefined);
 * assert.deepEqual(policedServerTool(policy, "everything", "echo"), { description: "Echo back" });
 * assert.deepEqual(policedServerTool(policy, "other", "anything"), { description: null });
 * ```
 */
export function policedServerTool(
  policy: PolicyConfig,
  namespace: string,
  name: string,
): { description: string | null } | undefined {
  const server = Object.hasOwn(policy.servers, namespace) ? policy.servers[namespace] : undefined;
  if (server === undefined) return { description: null };
  if (server.deny.some((pattern) => ruleMatches(pattern, name))) return undefined;
  if (server.allow !== null && !server.allow.some((pattern) => ruleMatches(pattern, name))) {
    return undefined;
  }
  const named = Object.hasOwn(server.tools, name) ? server.tools[name] : undefined;
  return { description: named?.description ?? null };
}
