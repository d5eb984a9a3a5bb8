// The resolved tool of a CLImax command line's backend: what answers show of a tool, apart from
// running it, so that answering loads none of the code that runs programs.
import type { ClimaxBackend } from "../registry/types.ts";
import type { ResolvedTool } from "../types.ts";

/**
 * The `ResolvedTool` of a CLImax command line's backend: the fields a policy sets are the
 * backend's when the config was registered under one, else none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolRegistry, validateConfig } from "@climax/tool-index";
 * import { climaxResolvedTool } from "./climax_resolved_tool.ts";
 *
 * const registry = new ToolRegistry();
 * registry.registerConfig(validateConfig({
 *   name: "git", command: "git", tools: [{ name: "git_log", description: "Log", command: "log" }],
 * }));
 * const { backend } = registry.getTool("git:git_log")!;
 * assert.equal(backend.kind === "climax" && climaxResolvedTool(backend).base_command, "git");
 * ```
 */
export function climaxResolvedTool(backend: ClimaxBackend): ResolvedTool {
  return {
    tool: backend.tool,
    base_command: backend.base_command,
    env: backend.env,
    working_dir: backend.working_dir,
    global_args: backend.global_args,
    description_override: backend.description_override ?? null,
    arg_constraints: backend.arg_constraints ?? {},
  };
}
