// JSON values checked and copied by hand, for an argument's `default`. zod's own `z.json()` is a
// recursive schema, and one recursive schema anywhere inside the config model makes zod track
// every object of every config it parses for cycles: that doubled the time to validate a
// config, though few arguments have a default.
import type { JsonValue } from "./models.ts";

/** Whether `value` is a JSON value: finite numbers, plain objects and arrays, and no cycles. */
export function isJsonValue(value: unknown): value is JsonValue {
  return isJson(value, new Set());
}

function isJson(value: unknown, open: Set<object>): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object":
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (open.has(value)) return false;
  open.add(value);
  let json = true;
  if (Array.isArray(value)) {
    for (let i = 0; json && i < value.length; i++) json = isJson(value[i], open);
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      json = isJson((value as Record<string, unknown>)[key], open);
      if (!json) break;
    }
  } else {
    json = false;
  }
  open.delete(value);
  return json;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A deep copy of a JSON value, so that the caller's object and the copy change apart. */
export function copyJsonValue(value: JsonValue): JsonValue {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(copyJsonValue);
  const copy: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value)) {
    // Assigning "__proto__" would replace the copy's prototype instead of adding a key.
    Object.defineProperty(copy, key, {
      value: copyJsonValue(value[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
