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
import { describedTool, policedServerTool, policedTool } from "../config/policy/apply.ts";
import { policyFindings, reportFindings, toolsByName } from "../config/policy/findings.ts";
import type { RankedConfig, RankedTool } from "../search/ranked.ts";
import { buildInputSchema } from "../index/input_schema.ts";
import { checkServer } from "./_backend_kinds.ts";
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
export interface CheckedRegistration {
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
): CheckedRegistration[] {
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
  const registrations: CheckedRegistration[] = [];
  for (const tool of config.tools) {
    const policed = policy === undefined ? undefined : policedTool(policy, tool);
    if (policy !== undefined && policed === undefined) continue;
    const shown = policed === undefined ? tool : describedTool(tool, policed);
    registrations.push({
      // The definition is made when first read: a cold start reads few of its tools.
      template: template({
        namespace: config.name,
        name: tool.name,
        inputs: [shown, policed?.arg_constraints ?? null, config.category, config.tags],
        fields: () => ({
          title: null,
          description: shown.description,
          input_schema: policed === undefined
            ? buildInputSchema(tool.args)
            : constrainedSchema(buildInputSchema(tool.args), policed.arg_constraints),
          annotations: null,
          output_schema: null,
          category: config.category,
          tags: config.tags,
        }),
        ranked: shown,
        owner,
      }),
      backend: deepFreeze<ToolBackend>({ kind: "climax", id: source, tool, ...shared, ...policed }),
    });
  }
  return registrations;
}

/**
 * The registrations of an MCP server's tools (see `checkMcpTools`): their namespace is the
 * server's name, their backend the server. Under `policy`, only the tools its `servers` section
 * exposes, with the descriptions it gives them.
 *
 * @throws {InvalidToolError} For a tool that is not an MCP tool.
 * @throws {InvalidBackendError} For server details of the wrong kind.
 */
export function mcpRegistrations(
  server: unknown,
  tools: unknown,
  policy?: PolicyConfig,
): CheckedRegistration[] {
  const info = checkServer(server);
  const checked = checkMcpTools(tools, info.name).flatMap((tool) => {
    if (policy === undefined) return [tool];
    const policed = policedServerTool(policy, info.name, tool.name);
    if (policed === undefined) return [];
    return [policed.description === null ? tool : { ...tool, description: policed.description }];
  });
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
      output_schema: tool.outputSchema ?? null,
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
  return template({
    namespace,
    name,
    inputs: fields,
    fields: () => fields,
    ranked: { name, description, args },
    owner,
  });
}

/** What a template is made of. */
interface TemplateParts {
  readonly namespace: string;
  readonly name: string;
  /** The JSON data the definition is made from: see `ToolTemplate.inputs`. */
  readonly inputs: unknown;
  /** The definition's fields beside its ID, namespace and name, made from `inputs`. */
  readonly fields: () => Omit<RegistryTool, "id" | "namespace" | "name">;
  readonly ranked: RankedTool;
  readonly owner: RankedConfig;
}

/** A tool's template, its definition made by `fields` when first read, then frozen. */
function template({ namespace, name, inputs, fields, ranked, owner }: TemplateParts): ToolTemplate {
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
    // Made when two registrations of an ID are compared, which most never are.
    get definition() {
      const { title, description, input_schema, annotations, output_schema, category, tags } =
        this.tool;
      return definition ??= canonicalJson(
        [title, description, input_schema, annotations, output_schema, category, tags] as JsonValue,
      );
    },
    inputs,
    ranked,
    owner,
  };
}

/**
 * Whether two templates have the same definition: told by the data they are made from when it
 * is the same, which needs nothing made (a replaced source's tools are compared at every
 * replacement); by their definitions otherwise.
 */
export function sameDefinition(a: ToolTemplate, b: ToolTemplate): boolean {
  return a === b || sameJson(a.inputs, b.inputs) || a.definition === b.definition;
}
