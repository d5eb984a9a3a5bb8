/**
 * The policy file format, CLImax's: which tools of the configs are exposed, what an agent may
 * give each argument, and where the commands run. A config says what tools exist; a policy says
 * what is allowed of them. The functions that read policies are in `config/policy/`.
 *
 * @module
 */
import type { ArgConstraint, ExecutorConfig } from "./types.ts";

/** Whether a tool the policy does not name is exposed. */
export type PolicyDefault = "enabled" | "disabled";

/**
 * What a policy says of one tool: it is exposed (when the policy names it), with a description
 * of the policy's and constraints on its arguments' values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validatePolicy } from "@climax/tool-index";
 *
 * const policy = validatePolicy({ tools: { git_log: { args: { max_count: { max: 50 } } } } });
 * const gitLog = policy.tools.git_log;
 * assert.equal(gitLog.description, null);
 * assert.deepEqual(gitLog.args.max_count, { pattern: null, min: null, max: 50 });
 * ```
 */
export interface ToolPolicy {
  /** A description that replaces the config's, for search and for agents; `null` for none. */
  description: string | null;
  /** Constraints by argument name; an argument not named here has none. Default `{}`. */
  args: Record<string, ArgConstraint>;
}

/**
 * What a policy says of one MCP server's tools, by its namespace: which are exposed, and the
 * descriptions it gives them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validatePolicy } from "@climax/tool-index";
 *
 * const policy = validatePolicy({ servers: { everything: { deny: ["get-env", "trigger-*"] } } });
 * assert.deepEqual(policy.servers.everything, { deny: ["get-env", "trigger-*"], allow: null, tools: {} });
 * ```
 */
export interface ServerPolicy {
  /** Tool names or globs (`*`, `?`; any case) of the tools left out. Default `[]`. */
  deny: string[];
  /** When given, only the tools these names or globs match are exposed (deny still wins). */
  allow: string[] | null;
  /** What the policy says of each tool, by name: its description. Default `{}`. */
  tools: Record<string, { description: string | null }>;
}

/**
 * A policy, fully defaulted: CLImax's `PolicyConfig`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePolicy } from "@climax/tool-index";
 *
 * const policy = parsePolicy(`
 * default: disabled
 * tools:
 *   git_status: {}
 *   git_log:
 *     description: Show recent commits (at most 50)
 *     args:
 *       max_count: { min: 1, max: 50 }
 * `);
 * assert.equal(policy.executor.type, "local");
 * assert.deepEqual(Object.keys(policy.tools), ["git_status", "git_log"]);
 * ```
 */
export interface PolicyConfig {
  /** Where the tools' commands run. Default `{ type: "local" }`, every other field empty. */
  executor: ExecutorConfig;
  /**
   * `"disabled"` (the default, as CLImax's) exposes only the tools that `tools` names;
   * `"enabled"` exposes every tool, those named with their description and constraints.
   */
  default: PolicyDefault;
  /** What the policy says of each tool, by the tool's name. Default `{}`. */
  tools: Record<string, ToolPolicy>;
  /**
   * What the policy says of MCP servers' tools, by namespace; `default` and `tools` are of the
   * configs' tools alone. Default `{}`: every tool of every server is exposed.
   */
  servers: Record<string, ServerPolicy>;
}
