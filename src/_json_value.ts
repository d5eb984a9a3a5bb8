// JSON values checked and copied by hand, for an argument's `default`. zod's own `z.json()` is a
// recursive schema, and one recursive schema anywhere inside the config model makes zod track
// every object of every config it parses for cycles, which slows every validation, though few
// arguments have a default.
import type { JsonValue } from "./types.ts";

/** What `toJsonValue` returns for a value that is not JSON; it holds the value, for messages. */
export class NotJson {
  /** The value that is not JSON. */
  readonly value: unknown;

  constructor(value: unknown) {
    this.value = value;
  }
}

const INVALID = Symbol("not JSON");

/**
 * A deep copy of `value` if it is a JSON value (finite numbers, plain objects and arrays, no
 * cycles), else a `NotJson`. Checking and copying are one pass that reads each property once,
 * so a getter cannot answer one thing to the check and another to the copy.
 */
export function toJsonValue(value: unknown): JsonValue | NotJson {
  const copy = copyJson(value, new Set());
  return copy === INVALID ? new NotJson(value) : copy;
}

/** A deep copy of a JSON value, so that the caller's object and the copy change apart. */
export function copyJsonValue(value: JsonValue): JsonValue {
  const copy = copyJson(value, new Set());
  if (copy === INVALID) throw new TypeError("The value is not a JSON value");
  return copy;
}

function copyJson(value: unknown, open: Set<object>): JsonValue | typeof INVALID {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : INVALID;
    case "object":
      break;
    default:
      return INVALID;
  }
  if (value === null) return null;
  if (open.has(value)) return INVALID;
  open.add(value);
  let copy: JsonValue | typeof INVALID;
  if (Array.isArray(value)) {
    const items: JsonValue[] = [];
    copy = items;
    for (let i = 0; i < value.length; i++) {
      const item = copyJson(value[i], open);
      if (item === INVALID) {
        copy = INVALID;
        break;
      }
      items.push(item);
    }
  } else if (isPlainObject(value)) {
    const record: { [key: string]: JsonValue } = {};
    copy = record;
    for (const key of Object.keys(value)) {
      const item = copyJson((value as Record<string, unknown>)[key], open);
      if (item === INVALID) {
        copy = INVALID;
        break;
      }
      // Assigning "__proto__" would replace the copy's prototype instead of adding a key.
      Object.defineProperty(record, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  } else {
    copy = INVALID;
  }
  open.delete(value);
  return copy;
}

/** Whether an object's prototype is `Object.prototype` or null, as JSON and YAML objects' are. */
export function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Says what a value is, for messages: its kind, and the value itself when it is short. */
export function describeValue(value: unknown): string {
  if (value === null) return "null (an empty value)";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  switch (typeof value) {
    case "string":
      return value.length > 40
        ? `a string ${JSON.stringify(value.slice(0, 40))}…`
        : `the string ${JSON.stringify(value)}`;
    case "number":
      return `the number ${String(value)}`;
    case "boolean":
      return String(value);
    case "object":
      return isPlainObject(value as object)
        ? "a mapping"
        : `a ${(value as object).constructor?.name ?? "non-JSON"} value`;
    default:
      return `a ${typeof value}`;
  }
}

/**
 * Whether two JSON values are equal as their canonical JSON texts would be (see
 * `canonicalJson`): the same primitives, arrays of equal items in order, objects with the same
 * keys in any order and equal values, a key whose value is undefined being absent as in JSON
 * text. Nothing is made to compare them: a registry compares a replaced source's tools at every
 * replacement, where making their texts cost a large share of the replacement.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  // Keys counted as they are walked, not listed: a list of each object's keys made comparing a
  // tool much slower.
  let keys = 0;
  for (const key in left) {
    const value = left[key];
    if (value === undefined) continue;
    if (!Object.hasOwn(right, key) || !sameJson(value, right[key])) return false;
    keys++;
  }
  for (const key in right) if (right[key] !== undefined) keys--;
  return keys === 0;
}

/**
 * The JSON text of a JSON value with every object's keys in code-point order: two values that
 * differ only in key order have the same text.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(",")}}`;
}

/** Whether `value` is a plain object: a mapping of names to values, as JSON's objects are. */
export function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && isPlainObject(value);
}
