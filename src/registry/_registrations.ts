// What the registry core's writing methods take (a validated config, an MCP server and its
// tools) → registrations it can apply: each the definition of a tool and one backend that
// reaches it, checked and frozen. Nothing here touches a registry, and nothing here needs zod
// (`_user_registrations.ts` has the one-tool registrations, which do).
import type { RegistryTool, ToolBackend } from "./types.ts";
import { toolId } from "../tool_id.ts";
import type { PolicyConfig } from "../policy_types.ts";
import type { CLImaxConfig, JsonValue } from "../types.ts";
import { deepFreeze } from "../_freeze.ts";
import { canonicalJson, sameJson } from "../_json_value.ts";
import { checkMcpTools } from "../config/mcp_tools.ts";
import { describedTool, policedTool } from "../config/policy_apply.ts";
import { policyFindings, reportFindings, toolsByName } from "../config/policy_findings.ts";
import type { RankedConfig, RankedTool } from "../search/ranked.ts";
import { buildInputSchema } from "../index/input_schema.ts";
import { checkServer } from "./_backends.ts";
import { constrainedSchema } from "../index/constrained_schema.ts";

/** A tool's definition as a registry holds it, with what its searches read. */
export interface ToolTemplate {
  /** `namespace:name`. */
  readonly id: string;
  /** The tool's namespace. */
  readonly namespace: string;
  /** The tool's name in its namespace. */
  readonly name: string;
  /** The definition, frozen. */
  readonly tool: RegistryTool;
  /** The definition as canonical JSON: two registrations of an ID must agree on it. */
  readonly definition: string;
  /**
   * The JSON data the definition is made from: the same data makes the same definition (see
   * `sameDefinition`).
   */
  readonly inputs: unknown;
  /** What ranking and the substring search read of the tool. */
  readonly ranked: RankedTool;
  /** What they read of its source, shared by the source's tools. */
  readonly owner: RankedConfig;
}

/** One definition and one backend, ready to apply. */
export interface Planned {
  readonly template: ToolTemplate;
  /** Frozen. */
  readonly backend: ToolBackend;
}

/**
 * The registrations of a validated config, each reached by the source `source`. Under `policy`,
 * only the tools it exposes, each searched and shown under the policy's description, with its
 * constraints on its input schema's properties, and a backend that carries both. The policy's
 * warnings are not reported here: a registry sees one config at a time (see `checkPolicy`).
 *
 * @throws {ConfigError} Of the policy, when it constrains an argument of the config with a
 * constraint its type cannot take.
 */
export function validConfigRegistrations(
  config: CLImaxConfig,
  source: string,
  policy?: PolicyConfig,
): Planned[] {
  if (policy !== undefined) {
    reportFindings(policyFindings(policy, toolsByName([config]), false), () => {});
  }
  const owner = deepFreeze({
    name: config.name,
    description: config.description,
    category: config.category,
    tags: config.tags,
  });
  const shared = {
    base_command: config.command,
    env: config.env,
    working_dir: config.working_dir,
    global_args: config.global_args,
  };
  const planned: Planned[] = [];
  for (const tool of config.tools) {
    const policed = policy === undefined ? undefined : policedTool(policy, tool);
    if (policy !== undefined && policed === undefined) continue;
    const shown = policed === undefined ? tool : describedTool(tool, policed);
    planned.push({
      // The definition is made when first read: a cold start reads few of its tools, and making
      // every input schema took it 1-2 ms.
      template: template(
        config.name,
        tool.name,
        [shown, policed?.arg_constraints ?? null, config.category, config.tags],
        () => ({
          title: null,
          description: shown.description,
          input_schema: policed === undefined
            ? buildInputSchema(tool.args)
            : constrainedSchema(buildInputSchema(tool.args), policed.arg_constraints),
          annotations: null,
          category: config.category,
          tags: config.tags,
        }),
        shown,
        owner,
      ),
      backend: deepFreeze<ToolBackend>({ kind: "climax", id: source, tool, ...shared, ...policed }),
    });
  }
  return planned;
}

/**
 * The registrations of an MCP server's tools (see `checkMcpTools`): their namespace is the
 * server's name, their backend the server.
 *
 * @throws {InvalidToolError} For a tool that is not an MCP tool.
 * @throws {InvalidBackendError} For server details of the wrong kind.
 */
export function mcpRegistrations(server: unknown, tools: unknown): Planned[] {
  const info = checkServer(server);
  const checked = checkMcpTools(tools, info.name);
  const owner = deepFreeze({
    name: info.name,
    description: info.description ?? "",
    category: info.category,
    tags: info.tags as string[],
  });
  const backend = deepFreeze<ToolBackend>({ kind: "mcp", id: info.name, url: info.url });
  return checked.map((tool) => ({
    template: schemaTemplate({
      namespace: info.name,
      name: tool.name,
      title: tool.title ?? null,
      description: tool.description ?? "",
      input_schema: tool.inputSchema,
      annotations: tool.annotations ?? null,
      category: owner.category,
      tags: owner.tags,
    }, owner),
    backend,
  }));
}

/**
 * The template of a tool known by its input schema: what ranking reads of its arguments comes
 * from the schema's properties, and its title goes with its description.
 */
export function schemaTemplate(tool: Omit<RegistryTool, "id">, owner: RankedConfig): ToolTemplate {
  const properties = (tool.input_schema.properties ?? {}) as Record<string, unknown>;
  const args = Object.entries(properties).map(([name, property]) => {
    const description = (property as { description?: unknown } | null)?.description;
    return { name, description: typeof description === "string" ? description : "" };
  });
  const description = tool.title === null ? tool.description : `${tool.title}\n${tool.description}`;
  const { namespace, name, ...fields } = tool;
  return template(namespace, name, fields, () => fields, { name, description, args }, owner);
}

/**
 * A tool's template, its definition made from `fields` when first read, then frozen; `fields`
 * makes the same definition whenever `inputs` are the same.
 */
function template(
  namespace: string,
  name: string,
  inputs: unknown,
  fields: () => Omit<RegistryTool, "id" | "namespace" | "name">,
  ranked: RankedTool,
  owner: RankedConfig,
): ToolTemplate {
  const id = toolId(namespace, name);
  let tool: RegistryTool | undefined;
  let definition: string | undefined;
  return {
    id,
    namespace,
    name,
    get tool() {
      return tool ??= deepFreeze<RegistryTool>({ id, namespace, name, ...fields() });
    },
    // Made when two registrations of an ID are compared, which most never are: making it for
    // every tool took a cold start of the bundled catalogue 2-4 ms.
    get definition() {
      const { title, description, input_schema, annotations, category, tags } = this.tool;
      return definition ??= canonicalJson(
        [title, description, input_schema, annotations, category, tags] as JsonValue,
      );
    },
    inputs,
    ranked,
    owner,
  };
}

/**
 * Whether two templates have the same definition: told by the data they are made from when it
 * is the same, which needs nothing made; by their definitions otherwise. Making the
 * definitions of a replaced source's tools to compare them took about a tenth of each
 * replacement among 10,000 tools.
 */
export function sameDefinition(a: ToolTemplate, b: ToolTemplate): boolean {
  return a === b || sameJson(a.inputs, b.inputs) || a.definition === b.definition;
}
