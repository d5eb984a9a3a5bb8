// What the registry's writing methods take (a config, an MCP server and its tools, a tool and a
// backend) → registrations it can apply: each the definition of a tool and one backend that
// reaches it, checked and frozen. Nothing here touches a registry.
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from "../limits.ts";
import type { RegistryTool, ToolBackend } from "../registry_types.ts";
import { toolId } from "../tool_id.ts";
import type { PolicyConfig } from "../policy_types.ts";
import type { CLImaxConfig, JsonValue } from "../types.ts";
import { deepFreeze } from "../_freeze.ts";
import { canonicalJson, describeValue, isPlainObject } from "../_json_value.ts";
import {
  jsonObjectField,
  nameField,
  nameListField,
  objectSchemaField,
  textField,
} from "../config/fields.ts";
import { checkMcpTools, toolFailure } from "../config/mcp_tools.ts";
import { validateConfig } from "../config/validate.ts";
import { describedTool, policedTool } from "../config/policy_apply.ts";
import {
  knownPolicy,
  policyFindings,
  reportFindings,
  toolsByName,
} from "../config/policy_check.ts";
import type { RankedConfig, RankedTool } from "../search/ranked.ts";
import { buildInputSchema } from "./input_schema.ts";
import { checkBackend, checkServer } from "./_backends.ts";
import { constrainedSchema } from "./_policy_tools.ts";

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
 * The registrations of a config (validated here, unknown keys reported to `warn`): its tools in
 * the namespace `config.name`, each reached by a backend of kind `climax` and ID
 * `options.source` (default the config's name); under a policy (`options.policy`, else
 * `policy`), those it exposes (see `validConfigRegistrations`).
 *
 * @throws {ConfigError} When the config is not valid, or the policy is not valid or constrains
 * one of its arguments with a constraint its type cannot take.
 * @throws {RangeError} When `source` is not a non-empty string.
 */
export function configRegistrations(
  config: unknown,
  options: { source?: unknown; policy?: unknown } | undefined,
  { warn, policy }: { warn: (message: string) => void; policy?: PolicyConfig },
): { source: string; adds: Planned[] } {
  const source = options?.source;
  if (source !== undefined && (typeof source !== "string" || source === "")) {
    throw new RangeError(
      `The option source must be a non-empty string, got ${describeValue(source)}`,
    );
  }
  const applied = options?.policy === undefined ? policy : knownPolicy(options.policy);
  const valid = validateConfig(config, { source: source ?? "config", onWarning: warn });
  const id = source ?? valid.name;
  return { source: id, adds: validConfigRegistrations(valid, id, applied) };
}

/**
 * The registrations of each `{ tool, backend }` of `registrations`, checked.
 *
 * @throws {InvalidToolError} When `registrations` is not a list, or a tool is not valid.
 * @throws {InvalidBackendError} When a backend is not valid.
 */
export function registrationsOf(registrations: unknown): Planned[] {
  if (
    typeof (registrations as Partial<Iterable<unknown>> | null)?.[Symbol.iterator] !== "function"
  ) {
    toolFailure("registrations")("", `Expected a list, got ${describeValue(registrations)}`);
  }
  return [...registrations as Iterable<unknown>].map((registration, i) => {
    const { tool, backend } = (registration ?? {}) as { tool?: unknown; backend?: unknown };
    return toolRegistration(tool, backend, `registrations[${i}].tool`);
  });
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
 * The registration of one tool and one backend, both checked.
 *
 * @throws {InvalidToolError} For a tool of the wrong shape.
 * @throws {InvalidBackendError} For a backend of the wrong shape.
 */
export function toolRegistration(tool: unknown, backend: unknown, place: string): Planned {
  if (typeof tool !== "object" || tool === null || !isPlainObject(tool)) {
    toolFailure(place)("", `Expected a tool (a mapping), got ${describeValue(tool)}`);
  }
  const input = tool as Record<string, unknown>;
  const namespace = nameField(input.namespace, "namespace", toolFailure(place));
  const name = nameField(input.name, "name", toolFailure(place));
  const fail = toolFailure(toolId(namespace, name));
  const category = textField(input.category, "category", MAX_NAME_LENGTH, fail);
  const tags = input.tags === undefined ? [] : nameListField(input.tags, "tags", fail);
  const annotations = input.annotations === undefined || input.annotations === null
    ? null
    : jsonObjectField(input.annotations, "annotations", fail);
  const owner = deepFreeze({ name: namespace, description: "", category, tags });
  return {
    template: schemaTemplate({
      namespace,
      name,
      title: textField(input.title, "title", MAX_NAME_LENGTH, fail),
      description: textField(input.description, "description", MAX_TEXT_LENGTH, fail) ?? "",
      input_schema: objectSchemaField(input.input_schema, "input_schema", fail),
      annotations,
      category,
      tags,
    }, owner),
    backend: checkBackend(backend),
  };
}

/**
 * The template of a tool known by its input schema: what ranking reads of its arguments comes
 * from the schema's properties, and its title goes with its description.
 */
function schemaTemplate(tool: Omit<RegistryTool, "id">, owner: RankedConfig): ToolTemplate {
  const properties = (tool.input_schema.properties ?? {}) as Record<string, unknown>;
  const args = Object.entries(properties).map(([name, property]) => {
    const description = (property as { description?: unknown } | null)?.description;
    return { name, description: typeof description === "string" ? description : "" };
  });
  const description = tool.title === null ? tool.description : `${tool.title}\n${tool.description}`;
  const { namespace, name, ...fields } = tool;
  return template(namespace, name, () => fields, { name, description, args }, owner);
}

/** A tool's template, its definition made from `fields` when first read, then frozen. */
function template(
  namespace: string,
  name: string,
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
    ranked,
    owner,
  };
}
