// Runs a zod schema over plain data and turns what zod finds into located ConfigIssues:
// unknown keys become warnings with "did you mean" (or issues under `strict`), and every other
// problem gets a sentence-case message and, when YAML text is behind the data, a line and column.
import type { z } from "zod";
import { ConfigError, type ConfigIssue, formatIssue } from "../errors.ts";
import { closest } from "../_suggest.ts";
import { describeValue } from "../_json_value.ts";
import { type ValidateOptions, validateOptions } from "../_options.ts";
import { type DataPath, formatPath, type SourceMap } from "./yaml/data_path.ts";
import type { ArgFindings, LibraryWarningCode } from "./arg_checks.ts";
import { quoteHint } from "./yaml/quote_hint.ts";

/** The source name used when the caller gives none. */
export const DEFAULT_SOURCE = "<input>";

/** A warning with its kind, as the command line reports it. */
export interface CodedWarning extends ConfigIssue {
  code: LibraryWarningCode;
}

/** The options of the public functions, and for the command line, warnings with their kinds. */
export interface CheckOptions extends ValidateOptions {
  /** Receives each warning with its kind, instead of `onWarning`. */
  onCodedWarning?: (warning: CodedWarning) => void;
}

/** What a validation knows beyond the schema and the data. */
export interface DataContext<T> {
  /** The YAML text behind the data: where each part stands, and how it was written. */
  map?: SourceMap;
  /** Problems found beyond the schema, reported beside the schema's own. */
  extra?: ArgFindings;
  /** The validated copy of data that needs no zod (see `copyPlainConfig`), else `undefined`. */
  copy?: (input: unknown) => T | undefined;
}

/**
 * Validates `input` with `schema`, or throws a ConfigError that lists every problem. Warnings
 * are reported whether or not the input is valid, each once, in document order.
 */
export function validateData<T>(
  schema: z.ZodType<T>,
  input: unknown,
  options?: CheckOptions,
  { map, extra, copy }: DataContext<T> = {},
): T {
  const checked: CheckOptions = validateOptions(options);
  const { source = DEFAULT_SOURCE, strict } = checked;
  const warn = warner(checked, source);
  const locate = map?.locate;
  const extraErrors = (extra?.errors ?? []).map(({ path, message }) =>
    located({ path: formatPath(path), message }, locate?.(path, "value"))
  );
  const extraWarnings = (extra?.warnings ?? []).map(({ path, message, code }) => ({
    ...located({ path: formatPath(path), message }, locate?.(path, "value")),
    code,
  }));
  if (extraErrors.length === 0) {
    const fast = copy?.(input);
    if (fast !== undefined) {
      warn(extraWarnings);
      return fast;
    }
  }
  const first = schema.safeParse(input);
  if (first.success && extraErrors.length === 0) {
    warn(extraWarnings);
    return first.data;
  }

  const unknownKeys: { path: DataPath; key: string; issue: CodedWarning }[] = [];
  const problems: ConfigIssue[] = [...extraErrors];
  for (const zodIssue of first.error?.issues ?? []) {
    if (zodIssue.code === "unrecognized_keys") {
      for (const key of zodIssue.keys) {
        const path = [...zodIssue.path, key];
        const suggestion = closest(key, knownKeysAt(schema, zodIssue.path));
        const message = suggestion === undefined
          ? `Unknown key "${key}"`
          : `Unknown key "${key}"; did you mean "${suggestion}"?`;
        unknownKeys.push({
          path: zodIssue.path,
          key,
          issue: {
            ...located({ path: formatPath(path), message }, locate?.(path, "key")),
            code: "unknown-key",
          },
        });
      }
    } else {
      problems.push(toIssue(zodIssue, input, map));
    }
  }

  if (strict) {
    warn(extraWarnings);
    throw new ConfigError(
      source,
      byPosition([...problems, ...unknownKeys.map(({ issue }) => withoutCode(issue))]),
    );
  }
  warn([...unknownKeys.map((u) => u.issue), ...extraWarnings]);
  if (problems.length > 0) throw new ConfigError(source, byPosition(problems));

  let stripped = input;
  for (const { path, key } of unknownKeys) stripped = withoutKey(stripped, path, key);
  const second = schema.safeParse(stripped);
  if (second.success) return second.data;
  throw new ConfigError(
    source,
    byPosition(second.error.issues.map((issue) => toIssue(issue, stripped, map))),
  );
}

/** Reports warnings in document order, through `onCodedWarning`, else `onWarning`. */
function warner(options: CheckOptions, source: string): (warnings: CodedWarning[]) => void {
  const { onWarning, onCodedWarning } = options;
  const warn = onWarning ?? ((message: string) => console.warn(message));
  return (warnings) => {
    for (const warning of byPosition(warnings)) {
      if (onCodedWarning !== undefined) onCodedWarning(warning);
      else {
        const issue = withoutCode(warning);
        warn(formatIssue(source, issue), issue);
      }
    }
  };
}

function withoutCode({ code: _code, ...issue }: CodedWarning): ConfigIssue {
  return issue;
}

function located(issue: ConfigIssue, position: { line: number; column: number } | undefined) {
  return position === undefined ? issue : { ...issue, ...position };
}

function byPosition<I extends ConfigIssue>(issues: I[]): I[] {
  return issues
    .map((issue, order) => ({ issue, order }))
    .sort((a, b) =>
      (a.issue.line ?? 0) - (b.issue.line ?? 0) ||
      (a.issue.column ?? 0) - (b.issue.column ?? 0) ||
      a.order - b.order
    )
    .map(({ issue }) => issue);
}

function toIssue(issue: z.core.$ZodIssue, input: unknown, map?: SourceMap): ConfigIssue {
  const value = valueAt(input, issue.path);
  const missing = value === undefined && issue.path.length > 0;
  // A missing key has no node of its own: point at the mapping that should hold it.
  const position = map?.locate(missing ? issue.path.slice(0, -1) : issue.path, "value");
  const written = map?.written(issue.path);
  return located(
    { path: formatPath(issue.path), message: describeIssue(issue, value, written) },
    position,
  );
}

function describeIssue(issue: z.core.$ZodIssue, value: unknown, written?: string): string {
  switch (issue.code) {
    case "invalid_type": {
      if (value === undefined) {
        const key = issue.path.at(-1);
        return typeof key === "number" ? "Missing item" : `Missing required key "${String(key)}"`;
      }
      const hint = issue.expected === "string" &&
          (typeof value === "number" || typeof value === "boolean")
        ? quoteHint(value, written)
        : "";
      return `Expected ${expectedName(issue.expected)}, got ${describeValue(value)}${hint}`;
    }
    case "invalid_value":
      return `Expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${
        describeValue(value)
      }`;
    case "too_small":
      return issue.origin === "number"
        ? `Expected a number ${issue.inclusive ? "at least" : "greater than"} ${
          String(issue.minimum)
        }, got ${describeValue(value)}`
        : sentence(issue.message);
    case "too_big":
      // The schema's message names the limit; the size found says by how much it is past. zod
      // counts a string's characters (code points), not its UTF-16 units, and so does this.
      if (typeof value === "string") return `${sentence(issue.message)}, got ${[...value].length}`;
      return Array.isArray(value)
        ? `${sentence(issue.message)}, got ${value.length}`
        : sentence(issue.message);
    default:
      return sentence(issue.message);
  }
}

function expectedName(expected: string): string {
  switch (expected) {
    case "array":
      return "a list";
    case "object":
    case "record":
      return "a mapping";
    case "boolean":
      return "a boolean (true or false)";
    case "int":
      return "an integer";
    default:
      return `a ${expected}`;
  }
}

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

function valueAt(input: unknown, path: DataPath): unknown {
  let node = input;
  for (const segment of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[segment];
  }
  return node;
}

/** A copy of `root` without `key` in the object at `path`; only the objects on the path are copied. */
function withoutKey(root: unknown, path: DataPath, key: string): unknown {
  if (root === null || typeof root !== "object") return root;
  if (path.length === 0) {
    const { [key]: _removed, ...rest } = root as Record<string, unknown>;
    return rest;
  }
  const [head, ...tail] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...root }) as Record<PropertyKey, unknown>;
  copy[head] = withoutKey(copy[head], tail, key);
  return copy;
}

// The zod definition kinds that lead from a schema to the schema of a child value.
interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
}

function defOf(schema: z.ZodType): SchemaDef {
  return schema._zod.def as unknown as SchemaDef;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let def = defOf(current); def.innerType !== undefined; def = defOf(current)) {
    current = def.innerType;
  }
  return current;
}

/** The keys that the object schema found at `path` knows; none when there is no such object. */
function knownKeysAt(schema: z.ZodType, path: DataPath): string[] {
  let current: z.ZodType | undefined = unwrap(schema);
  for (const segment of path) {
    const def: SchemaDef = defOf(current);
    if (def.type === "object") current = def.shape?.[String(segment)];
    else if (def.type === "array") current = def.element;
    else if (def.type === "record") current = def.valueType;
    else current = undefined;
    if (current === undefined) return [];
    current = unwrap(current);
  }
  const shape = defOf(current).shape;
  return shape === undefined ? [] : Object.keys(shape);
}
