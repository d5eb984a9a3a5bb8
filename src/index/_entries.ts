// What the index hands out for a tool: its search entry and its resolved tool, both frozen and
// sharing their config's frozen parts.
import type { CLImaxConfig, ResolvedTool, ToolDef, ToolIndexEntry } from "../types.ts";
import { deepFreeze } from "../_freeze.ts";
import { buildInputSchema } from "./input_schema.ts";

/** The constraints of a resolved tool that no policy constrains. */
const NO_CONSTRAINTS = Object.freeze({});

/** The search entry of `tool`, whose config is `config`: its input schema is built here. */
export function toolEntry(tool: ToolDef, config: CLImaxConfig): ToolIndexEntry {
  return Object.freeze({
    tool_name: tool.name,
    description: tool.description,
    cli_name: config.name,
    category: config.category,
    tags: config.tags,
    input_schema: deepFreeze(buildInputSchema(tool.args)),
  });
}

/** The resolved tool of `tool`, whose config is `config`, as no policy has touched it. */
export function resolvedTool(tool: ToolDef, config: CLImaxConfig): ResolvedTool {
  return Object.freeze({
    tool: deepFreeze(tool),
    base_command: config.command,
    env: config.env,
    working_dir: config.working_dir,
    global_args: config.global_args,
    description_override: null,
    arg_constraints: NO_CONSTRAINTS,
  });
}
