// The arguments of a call, checked against the JSON Schema of the tool's input before anything is
// sent: the words of CLImax's own checks (an unknown name with the nearest, a wrong type, a
// required one missing), for the parts of a schema that most tools use. What it does not read,
// the server checks, and its refusal is its answer.
import { closest } from "../_suggest.ts";
import { describeValue, isMapping } from "../_json_value.ts";

/** JSON Schema's types as `typeof` and a few checks tell them. */
const TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === "string",
  integer: (value) => Number.isInteger(value),
  number: (value) => typeof value === "number" && Number.isFinite(value),
  boolean: (value) => typeof value === "boolean",
  array: Array.isArray,
  object: (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  null: (value) => value === null,
};

/**
 * Every problem of `args` against the object schema `schema`, in sentence case: a property the
 * schema does not name when it allows no others (`additionalProperties: false`), or one of four
 * characters or more that is near a name it has (a likely typo); a property of another type
 * than the schema's (an integer is a number; `nullable` or a type list with "null" takes null);
 * a required one missing; a value outside its `enum`. What it does not read (`anyOf`, formats,
 * bounds) the server checks.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { schemaArgumentProblems } from "./schema_arguments.ts";
 *
 * const schema = { type: "object", properties: { message: { type: "string" } }, required: ["message"] };
 * assert.deepEqual(schemaArgumentProblems(schema, { mesage: "hi" }), [
 *   'Unknown argument "mesage": did you mean "message"?',
 *   'Missing required argument "message"',
 * ]);
 * ```
 */
export function schemaArgumentProblems(
  schema: Record<string, unknown>,
  args: Record<string, unknown>,
): string[] {
  const properties = isMapping(schema.properties) ? schema.properties : {};
  const known = Object.keys(properties);
  const closed = schema.additionalProperties === false;
  const problems: string[] = [];
  for (const [name, value] of Object.entries(args)) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (property === undefined) {
      // A near miss of a known name is a typo, unless the schema takes other names and the
      // name is too short to tell.
      const near = closest(name, known);
      if (near !== undefined && (closed || name.length >= 4)) {
        problems.push(`Unknown argument "${name}": did you mean "${near}"?`);
      } else if (closed) {
        problems.push(
          `Unknown argument "${name}"${known.length > 0 ? ` (known: ${known.join(", ")})` : ""}`,
        );
      }
      continue;
    }
    const problem = valueProblem(name, property, value);
    if (problem !== undefined) problems.push(problem);
  }
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const name of required) {
    if (typeof name === "string" && !Object.hasOwn(args, name)) {
      problems.push(`Missing required argument "${name}"`);
    }
  }
  return problems;
}

/** What is wrong with `value` as the argument `name` whose schema is `property`, if anything. */
function valueProblem(name: string, property: unknown, value: unknown): string | undefined {
  if (!isMapping(property)) return undefined;
  const { type, enum: values, nullable } = property as {
    type?: unknown;
    enum?: unknown;
    nullable?: unknown;
  };
  // OpenAPI's `nullable` takes null beside the type, as a type list with "null" does.
  if (value === null && nullable === true) return undefined;
  const types = (Array.isArray(type) ? type : [type]).filter((item): item is string =>
    typeof item === "string" && item in TYPE_CHECKS
  );
  if (types.length > 0 && !types.some((item) => TYPE_CHECKS[item](value))) {
    return `Argument "${name}" must be ${types.map(article).join(" or ")}, got ${
      describeValue(value)
    }`;
  }
  if (
    Array.isArray(values) && !values.some((item) => JSON.stringify(item) === JSON.stringify(value))
  ) {
    return `Argument "${name}" must be one of ${
      values.map((item) => JSON.stringify(item)).join(", ")
    }, got ${describeValue(value)}`;
  }
  return undefined;
}

function article(type: string): string {
  return type === "null" ? "null" : `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
}
