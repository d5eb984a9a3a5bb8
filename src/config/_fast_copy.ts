// The common case of validation, done by hand: a config that is plain data, valid as it stands,
// with no unknown key. Its copy is what the zod schema of `model_schemas.ts` returns for it,
// defaults filled in the schema's key order, but made without zod's general machinery, which is
// much slower. Anything else (a problem, an unknown key, an object that is not plain,
// an environment that is not simple) gets no copy here: zod validates it and words the issues.
// `tests/plain_config_test.ts` holds the two to the same answers.
import { isPlainObject, NotJson, toJsonValue } from "../_json_value.ts";
import { ARG_TYPES } from "./model_schemas.ts";
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH, MAX_TOOLS_PER_CONFIG } from "../limits.ts";
import type { CLImaxConfig, JsonValue, ToolArg, ToolDef } from "../types.ts";

/** Thrown inside this module when the input needs zod; never escapes it. */
const DECLINE = Symbol("needs zod");

type Plain = Record<string, unknown>;

const CONFIG_KEYS = keys(
  "name description command env working_dir category tags global_args tools",
);
const TOOL_KEYS = keys("name description command args timeout");
const ARG_KEYS = keys("name description type required default flag positional cwd stdin enum");
const TYPES: ReadonlySet<unknown> = new Set(ARG_TYPES);

/**
 * The validated copy of `input` when it is a valid config of plain data with no unknown key,
 * equal to what the config schema returns for it; otherwise `undefined`, for zod to validate.
 */
export function copyPlainConfig(input: unknown): CLImaxConfig | undefined {
  try {
    // Each key is read once, in the schema's order, as zod reads it: a getter that answers
    // differently each time cannot pass one value to the check and another to the copy.
    const {
      name: cli,
      description,
      command,
      env,
      working_dir,
      category,
      tags,
      global_args,
      tools,
    } = plainObject(input, CONFIG_KEYS);
    if (list(tools).length > MAX_TOOLS_PER_CONFIG) return undefined;
    return {
      name: cli === undefined ? "climax" : name(cli),
      description: description === undefined ? "" : text(description),
      command: text(command),
      env: env === undefined ? {} : environment(env),
      working_dir: nullable(working_dir, text),
      category: nullable(category, name),
      tags: tags === undefined ? [] : each(tags, name),
      global_args: global_args === undefined ? [] : each(global_args, toolArg),
      tools: each(tools, toolDef),
    };
  } catch (error) {
    if (error === DECLINE) return undefined;
    throw error;
  }
}

function toolDef(input: unknown): ToolDef {
  const { name: tool, description, command, args, timeout } = plainObject(input, TOOL_KEYS);
  return {
    name: name(tool),
    description: text(description),
    command: command === undefined ? "" : text(command),
    args: args === undefined ? [] : each(args, toolArg),
    timeout: nullable(timeout, positive),
  };
}

function toolArg(input: unknown): ToolArg {
  const {
    name: arg,
    description,
    type,
    required,
    default: value,
    flag: option,
    positional,
    cwd,
    stdin,
    enum: choices,
  } = plainObject(input, ARG_KEYS);
  if (type !== undefined && !TYPES.has(type)) throw DECLINE;
  return {
    name: name(arg),
    description: description === undefined ? "" : text(description),
    type: (type ?? "string") as ToolArg["type"],
    required: flag(required),
    default: value === undefined ? null : json(value),
    flag: nullable(option, name),
    positional: flag(positional),
    cwd: flag(cwd),
    stdin: flag(stdin),
    enum: nullable(choices, (items) => each(items, name)),
  };
}

/**
 * A plain object whose every enumerable key (as `for...in` lists them, which is how zod looks
 * for unknown keys) is one of `known`.
 */
function plainObject(value: unknown, known: ReadonlySet<string>): Plain {
  const object = plain(value);
  for (const key in object) if (!known.has(key)) throw DECLINE;
  return object;
}

/** Own string keys with short names and text values; zod drops a `__proto__` key, so decline. */
function environment(value: unknown): Record<string, string> {
  const object = plain(value);
  if (Object.getOwnPropertySymbols(object).length > 0) throw DECLINE;
  const copy: Record<string, string> = {};
  for (const key of Object.keys(object)) {
    if (key === "__proto__") throw DECLINE;
    copy[name(key)] = text(object[key]);
  }
  return copy;
}

function plain(value: unknown): Plain {
  if (typeof value !== "object" || value === null || !isPlainObject(value)) throw DECLINE;
  return value as Plain;
}

function list(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw DECLINE;
  return value;
}

/** The copy of each item of a list; a hole is an item too (`undefined`), as zod reads it. */
function each<T>(value: unknown, copy: (item: unknown) => T): T[] {
  const items = list(value);
  const copies: T[] = [];
  for (let i = 0; i < items.length; i++) copies.push(copy(items[i]));
  return copies;
}

function name(value: unknown): string {
  if (typeof value !== "string" || value.length > MAX_NAME_LENGTH) throw DECLINE;
  return value;
}

function text(value: unknown): string {
  if (typeof value !== "string" || value.length > MAX_TEXT_LENGTH) throw DECLINE;
  return value;
}

/** `null` for a missing or null value, else the copy of the value. */
function nullable<T>(value: unknown, copy: (value: unknown) => T): T | null {
  return value === undefined || value === null ? null : copy(value);
}

function positive(value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || !(value > 0)) throw DECLINE;
  return value;
}

function flag(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== "boolean") throw DECLINE;
  return value;
}

function json(value: unknown): JsonValue {
  const copy = toJsonValue(value);
  if (copy instanceof NotJson) throw DECLINE;
  return copy;
}

function keys(names: string): ReadonlySet<string> {
  return new Set(names.split(" "));
}
