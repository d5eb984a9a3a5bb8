// What a library user registers one tool at a time (a tool and a backend, or a list of them) →
// registrations the registry can apply, checked and frozen. A CLImax backend is validated with
// zod (see `_backend_check.ts`), so this belongs to `ToolRegistry`, not to the registry core.
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from "../limits.ts";
import { toolId } from "../tool_id.ts";
import { deepFreeze } from "../_freeze.ts";
import { describeValue, isPlainObject } from "../_json_value.ts";
import {
  jsonObjectField,
  nameField,
  nameListField,
  objectSchemaField,
  textField,
} from "../config/fields.ts";
import { toolFailure } from "../config/mcp_tools.ts";
import { checkBackend } from "./_backend_check.ts";
import { type CheckedRegistration, schemaTemplate } from "./registrations.ts";

/**
 * The registrations of each `{ tool, backend }` of `registrations`, checked.
 *
 * @throws {InvalidToolError} When `registrations` is not a list, or a tool is not valid.
 * @throws {InvalidBackendError} When a backend is not valid.
 */
export function registrationsOf(registrations: unknown): CheckedRegistration[] {
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
 * The registration of one tool and one backend, both checked.
 *
 * @throws {InvalidToolError} For a tool of the wrong shape.
 * @throws {InvalidBackendError} For a backend of the wrong shape.
 */
export function toolRegistration(
  tool: unknown,
  backend: unknown,
  place: string,
): CheckedRegistration {
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
      output_schema: input.output_schema === undefined || input.output_schema === null
        ? null
        : objectSchemaField(input.output_schema, "output_schema", fail),
      category,
      tags,
    }, owner),
    backend: checkBackend(backend),
  };
}
