// One tool as the service answers it, over HTTP (`GET /tools/{tool_name}`) and MCP
// (`climax_get`) alike: found by its ID or an unambiguous bare name, shown as its search entry
// with how the backend picked for it reaches it, env values masked.
import type { RegistryView } from "../registry/registry_view.ts";
import type { ToolBackend } from "../registry/types.ts";
import type { ToolIndexEntry } from "../types.ts";
import { climaxResolvedTool } from "../call/climax_resolved_tool.ts";
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

/**
 * The tool with the ID `id` as `climax_get` shows it to an agent: what `toolAnswer` says, each
 * thing once and no field that is unset. Its search entry, then for a CLImax tool how its
 * command line is made (the program and the tool's command, each argument's flag or place, the
 * global arguments, env names with their values masked, the working directory, the timeout, a
 * policy's description and constraints), for another its title, annotations, output schema and
 * backend, when they are set.
 */
export function agentToolAnswer(
  registry: RegistryView,
  id: string,
  exposeEnv: boolean,
): Record<string, unknown> | undefined {
  const full = toolAnswer(registry, id, exposeEnv);
  const resolved = registry.getTool(id);
  if (full === undefined || resolved === undefined) return undefined;
  const { backend } = resolved;
  if (backend.kind !== "climax") return withoutUnset(full);
  const {
    tool,
    base_command,
    env,
    working_dir,
    global_args,
    description_override,
    arg_constraints,
  } = full as ReturnType<typeof climaxResolvedTool> & Record<string, unknown>;
  const entry = wireEntry(registry.getEntry(id)!);
  return withoutUnset({
    ...entry,
    command_line: withoutUnset({
      program: [base_command, tool.command].filter((part) => part !== "").join(" "),
      // How each argument is passed; its type, default and values are in the input schema.
      args: tool.args.map((arg) =>
        withoutUnset({
          name: arg.name,
          flag: arg.flag,
          positional: arg.positional || null,
          cwd: arg.cwd || null,
          stdin: arg.stdin || null,
        })
      ),
      global_args: global_args.length > 0 ? global_args : null,
      env: Object.keys(env).length > 0 ? env : null,
      working_dir,
      timeout: tool.timeout,
    }),
    description_override,
    arg_constraints: Object.keys(arg_constraints).length > 0 ? arg_constraints : null,
  });
}

/** `record` without the fields that are `null`, `undefined` or an empty list. */
function withoutUnset(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) =>
      value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)
    ),
  );
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

/** The wire form of each entry, made once: an entry never changes (see `wireEntry`). */
const wireEntries = new WeakMap<ToolIndexEntry, ToolIndexEntry>();

/**
 * A search entry as the wire format has it: CLImax's fields, without the registry's `id`,
 * which is `cli_name:tool_name` for every tool a client can read of. Made once per entry and
 * frozen, so that the same tool is always the same object (`searchAnswerText` keeps its JSON).
 */
export function wireEntry(entry: ToolIndexEntry & { id?: string }): ToolIndexEntry {
  let wire = wireEntries.get(entry);
  if (wire === undefined) {
    const { id: _id, ...fields } = entry;
    wire = Object.freeze(fields);
    wireEntries.set(entry, wire);
  }
  return wire;
}
