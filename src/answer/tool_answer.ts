// One tool as the service answers it, over HTTP (`GET /tools/{tool_name}`) and MCP
// (`climax_get`) alike: found by its ID or an unambiguous bare name, shown as its search entry
// with how the backend picked for it reaches it, env values masked.
import type { RegistryView } from "../registry/registry_view.ts";
import type { ToolBackend } from "../registry/types.ts";
import type { ToolIndexEntry } from "../types.ts";
import { climaxResolvedTool } from "../call/climax_caller.ts";
import { maskEnv } from "./mask.ts";

/**
 * The tool with the ID `id` as the service shows it: its search entry (CLImax's fields), then
 * for a CLImax tool its command line (the `ResolvedTool` fields), for another its title,
 * annotations, output schema and backend.
 */
export function toolAnswer(
  registry: RegistryView,
  id: string,
  exposeEnv: boolean,
): Record<string, unknown> | undefined {
  const entry = registry.getEntry(id);
  const resolved = registry.getTool(id);
  if (entry === undefined || resolved === undefined) return undefined;
  const fields = wireEntry(entry);
  const { backend, tool } = resolved;
  if (backend.kind === "climax") {
    return { ...fields, ...maskEnv(climaxResolvedTool(backend), exposeEnv) };
  }
  const { title, annotations, output_schema } = tool;
  return { ...fields, title, annotations, output_schema, backend };
}

/** Every backend of the tool `id`, env values masked; `undefined` when there is no such tool. */
export function backendsAnswer(
  registry: RegistryView,
  id: string,
  exposeEnv: boolean,
): { id: string; backends: ToolBackend[] } | undefined {
  const backends = registry.getAllBackends(id);
  if (backends === undefined) return undefined;
  return {
    id,
    backends: backends.map((backend) =>
      backend.kind === "climax" ? maskEnv(backend, exposeEnv) : backend
    ),
  };
}

/**
 * A search entry as the wire format has it: CLImax's fields, without the registry's `id`,
 * which is `cli_name:tool_name` for every tool a client can read of.
 */
export function wireEntry(entry: ToolIndexEntry & { id?: string }): ToolIndexEntry {
  const { id: _id, ...fields } = entry;
  return fields;
}
