/**
 * Tool arguments → the JSON Schema an agent fills in.
 *
 * @module
 */
import type { ToolArg } from "../types.ts";
import { copyJsonValue, describeValue } from "../_json_value.ts";

/**
 * Builds the JSON Schema of a tool's arguments exactly as CLImax's `build_input_schema` does:
 * `{ type: "object", properties }`, each property with its `type`, and `description`, `default`
 * and `enum` only when set (a non-empty description, a non-null default, a non-empty enum),
 * plus `required` only when some argument is required. The schema shares no object with `args`.
 *
 * @throws {RangeError} When `args` is not a list of arguments with names (see `validateToolArg`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildInputSchema, validateToolArg } from "@climax/tool-index";
 *
 * const schema = buildInputSchema([
 *   validateToolArg({ name: "path", required: true, description: "File to show" }),
 *   validateToolArg({ name: "format", enum: ["short", "full"], default: "short" }),
 * ]);
 * assert.deepEqual(schema, {
 *   type: "object",
 *   properties: {
 *     path: { type: "string", description: "File to show" },
 *     format: { type: "string", default: "short", enum: ["short", "full"] },
 *   },
 *   required: ["path"],
 * });
 * ```
 */
export function buildInputSchema(args: readonly ToolArg[]): Record<string, unknown> {
  if (!Array.isArray(args)) {
    throw new RangeError(`Expected a list of tool arguments, got ${describeValue(args)}`);
  }
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  for (const [position, arg] of args.entries()) {
    if (typeof arg?.name !== "string") {
      throw new RangeError(
        `Expected a tool argument with a name at position ${position}, got ${describeValue(arg)}`,
      );
    }
    const property: Record<string, unknown> = { type: arg.type };
    if (arg.description) property.description = arg.description;
    if (arg.default !== null && arg.default !== undefined) {
      property.default = copyJsonValue(arg.default);
    }
    if (arg.enum && arg.enum.length > 0) property.enum = [...arg.enum];
    properties[arg.name] = property;
    if (arg.required) required.push(arg.name);
  }
  const schema: Record<string, unknown> = { type: "object", properties };
  if (required.length > 0) schema.required = required;
  return schema;
}
