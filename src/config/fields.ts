// The checks of one field of a tool, a backend or a server, as the registry takes them from
// anywhere (JavaScript callers, MCP servers, JSON files). Each says what is wrong through `fail`,
// which throws the caller's typed error, naming the field.
import { MAX_NAME_LENGTH } from "../limits.ts";
import { describeValue, NotJson, toJsonValue } from "../_json_value.ts";

/** Throws the caller's error for `field`, saying `problem`. */
export type Fail = (field: string, problem: string) => never;

/** `value` when it is a non-empty string of at most `MAX_NAME_LENGTH` characters. */
export function nameField(value: unknown, field: string, fail: Fail): string {
  if (value === undefined && field !== "") fail(field, `Missing required key "${field}"`);
  if (typeof value !== "string" || value === "" || value.length > MAX_NAME_LENGTH) {
    fail(
      field,
      `Expected a non-empty string of at most ${MAX_NAME_LENGTH} characters, got ${
        describeValue(value)
      }`,
    );
  }
  return value;
}

/** `value` when it is a string of at most `limit` characters; `null` when absent or null. */
export function textField(value: unknown, field: string, limit: number, fail: Fail): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.length > limit) {
    fail(field, `Expected a string of at most ${limit} characters, got ${describeValue(value)}`);
  }
  return value;
}

/** A copy of `value` when it is a list of strings of at most `MAX_NAME_LENGTH` characters. */
export function nameListField(value: unknown, field: string, fail: Fail): string[] {
  if (
    !Array.isArray(value) ||
    !value.every((item) => typeof item === "string" && item.length <= MAX_NAME_LENGTH)
  ) {
    fail(
      field,
      `Expected a list of strings of at most ${MAX_NAME_LENGTH} characters, got ${
        describeValue(value)
      }`,
    );
  }
  return [...value];
}

/** A copy of `value` when it is a URL; `null` when absent or null. */
export function urlField(value: unknown, field: string, fail: Fail): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || !URL.canParse(value)) {
    fail(field, `Expected a URL or null, got ${describeValue(value)}`);
  }
  return value;
}

/** A copy of `value` when it is a mapping of JSON values. */
export function jsonObjectField(
  value: unknown,
  field: string,
  fail: Fail,
): Record<string, unknown> {
  const copy = toJsonValue(value);
  if (copy instanceof NotJson || copy === null || typeof copy !== "object" || Array.isArray(copy)) {
    fail(field, `Expected a mapping of JSON values, got ${describeValue(value)}`);
  }
  return copy;
}

/**
 * A copy of `value` when it is a JSON Schema of an object (`type: "object"`, `properties` a
 * mapping when given), the only kind of schema MCP allows for a tool's arguments.
 */
export function objectSchemaField(
  value: unknown,
  field: string,
  fail: Fail,
): Record<string, unknown> {
  const schema = jsonObjectField(value, field, fail);
  if (schema.type !== "object") {
    fail(
      field,
      `Expected an object schema ({"type": "object", ...}), got a schema whose type is ${
        describeValue(schema.type)
      }`,
    );
  }
  const properties = schema.properties;
  if (
    properties !== undefined &&
    (typeof properties !== "object" || properties === null || Array.isArray(properties))
  ) {
    fail(`${field}.properties`, `Expected a mapping, got ${describeValue(properties)}`);
  }
  return schema;
}
