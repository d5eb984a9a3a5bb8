// MCP tools as a server's `tools/list` result lists them → checked copies a registry can hold.
// The checks name the tool and the field, and keep only the fields the registry reads.
import { InvalidToolError } from "../errors.ts";
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH, MAX_TOOLS_PER_CONFIG } from "../limits.ts";
import type { McpTool } from "../mcp_types.ts";
import { toolId } from "../tool_id.ts";
import { describeValue, isPlainObject } from "../_json_value.ts";
import { type Fail, jsonObjectField, nameField, objectSchemaField, textField } from "./fields.ts";

/** The fields of an MCP tool that a registry keeps; the others a server sends are left out. */
export const KEPT_MCP_TOOL_FIELDS: readonly string[] = [
  "name",
  "title",
  "description",
  "inputSchema",
  "annotations",
  "outputSchema",
];

/** What fails a check of the tool `tool`: an `InvalidToolError` naming it and the field. */
export function toolFailure(tool: string): Fail {
  return (field, problem) => {
    throw new InvalidToolError(tool, field, problem);
  };
}

/**
 * Checked copies of `tools`, in order: each a plain object with a `name`, an `inputSchema` that
 * is an object schema, and `title`, `description`, `annotations` and `outputSchema` of the right
 * kinds when given. A tool is named in errors by its ID, or by its place while it has no name.
 *
 * @throws {InvalidToolError} For the first tool that is not one.
 */
export function checkMcpTools(tools: unknown, namespace: string): McpTool[] {
  const fail: Fail = toolFailure("tools");
  if (!Array.isArray(tools)) fail("", `Expected a list of MCP tools, got ${describeValue(tools)}`);
  if (tools.length > MAX_TOOLS_PER_CONFIG) {
    fail(
      "",
      `Over the limit of ${MAX_TOOLS_PER_CONFIG} tools from one server, got ${tools.length}`,
    );
  }
  return tools.map((tool, position) => checkMcpTool(tool, `tools[${position}]`, namespace));
}

function checkMcpTool(input: unknown, place: string, namespace: string): McpTool {
  if (typeof input !== "object" || input === null || !isPlainObject(input)) {
    toolFailure(place)("", `Expected an MCP tool (a mapping), got ${describeValue(input)}`);
  }
  const { name, title, description, inputSchema, annotations, outputSchema } = input as Record<
    string,
    unknown
  >;
  const fail = toolFailure(
    toolId(namespace, nameField(name, "name", toolFailure(place))),
  );
  const copy: McpTool = {
    name: name as string,
    inputSchema: objectSchemaField(inputSchema, "inputSchema", fail),
  };
  // A field sent as null is taken as not sent.
  const titleText = textField(title, "title", MAX_NAME_LENGTH, fail);
  if (titleText !== null) copy.title = titleText;
  const descriptionText = textField(description, "description", MAX_TEXT_LENGTH, fail);
  if (descriptionText !== null) copy.description = descriptionText;
  if (annotations !== undefined && annotations !== null) {
    copy.annotations = jsonObjectField(annotations, "annotations", fail);
  }
  if (outputSchema !== undefined && outputSchema !== null) {
    copy.outputSchema = objectSchemaField(outputSchema, "outputSchema", fail);
  }
  return copy;
}
