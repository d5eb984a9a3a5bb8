// One tool as the service answers it, over HTTP (`GET /tools/{tool_name}`) and MCP
// (`climax_get`) alike: found by its ID or an unambiguous bare name, shown as its search entry
// with how the backend picked for it reaches it, env values masked.
import type { RegistryView } from "../registry/registry_view.ts";
import type { ClimaxBackend, ToolBackend } from "../registry/types.ts";
import type { ResolvedTool, ToolIndexEntry } from "../types.ts";
import { editDistance } from "../_suggest.ts";
import { maskEnv } from "./mask.ts";

/** What a reference to a tool finds: the tool's ID, the IDs it could mean, or none. */
export type ToolLookup =
  | { kind: "found"; id: string }
  | { kind: "ambiguous"; ids: string[] }
  | { kind: "missing"; closest: string[] };

/** How many IDs a miss suggests. */
const SUGGESTIONS = 5;

/** The tool that `reference` (an ID, or a bare name) names in `registry`. */
export function lookupTool(registry: RegistryView, reference: string): ToolLookup {
  const ids = registry.lookup(reference);
  if (ids.length === 1) return { kind: "found", id: ids[0] };
  if (ids.length > 1) return { kind: "ambiguous", ids };
  return { kind: "missing", closest: closestIds(registry, reference) };
}

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

/**
 * The `ResolvedTool` of a CLImax command line's backend: the fields a policy sets are the
 * backend's when the config was registered under one, else none.
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

/**
 * The IDs nearest to `reference`, by the edit distance of their names or IDs, then load order.
 * A candidate whose length is further from the reference's than a likely typo is not measured:
 * measuring a long made-up name against every tool made a 404 slow.
 */
function closestIds(registry: RegistryView, reference: string): string[] {
  const lower = reference.toLowerCase();
  const reach = Math.max(3, Math.floor(lower.length / 3));
  const distance = (text: string) => {
    const candidate = text.toLowerCase();
    if (candidate.includes(lower)) return 0;
    if (Math.abs(candidate.length - lower.length) > reach) return Infinity;
    return editDistance(lower, candidate);
  };
  return registry.ids()
    .map((id, order) => {
      const name = registry.getEntry(id)!.tool_name;
      return { id, order, distance: Math.min(distance(name), distance(id)) };
    })
    .filter((candidate) => candidate.distance !== Infinity)
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, SUGGESTIONS)
    .map((candidate) => candidate.id);
}
