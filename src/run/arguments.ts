// The arguments of a call, checked and coerced before anything runs: as CLImax's own checks do
// (required, type coercion, enums, a policy's pattern and bounds), and more strictly where a
// value could change what runs rather than what it runs on.
import { type ArgumentProblem, InvalidArgumentsError } from "../errors.ts";
import type { ArgConstraint, ResolvedTool, ToolArg } from "../types.ts";
import { closest } from "../_suggest.ts";

/**
 * A value a command line carries, once checked.
 *
 * @example
 * ```ts
 * import type { ArgumentValue } from "@climax/tool-index";
 *
 * const args: Record<string, ArgumentValue> = { max_count: 5, oneline: true, path: "src" };
 * ```
 */
export type ArgumentValue = string | number | boolean;

/**
 * The longest value placed on a command line, in characters. Linux refuses a single argument of
 * 128 KiB or more (MAX_ARG_STRLEN) with E2BIG; a quarter of it leaves room for the rest.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_ARGUMENT_LENGTH } from "@climax/tool-index";
 *
 * assert.equal(MAX_ARGUMENT_LENGTH, 32768);
 * ```
 */
export const MAX_ARGUMENT_LENGTH = 32_768;

/**
 * The longest value piped to standard input, in characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_STDIN_LENGTH } from "@climax/tool-index";
 *
 * assert.equal(MAX_STDIN_LENGTH, 1048576);
 * ```
 */
export const MAX_STDIN_LENGTH = 1_048_576;

/**
 * The arguments of a call of `resolved`, checked against its definition and its policy's
 * constraints, and coerced to their types as CLImax coerces them: `"true"` and `"false"` (any
 * case) and numbers to booleans, numeric text and booleans to numbers (an integer argument
 * truncates a fraction), anything else to text. Absent and `null` values are left out.
 *
 * More strictly than CLImax: an argument the tool does not have is refused (with the nearest
 * name it has), as is a text value that begins with `-` where it would stand as a word of its own
 * (positional, or after its flag), since the program could read it as an option; a NUL
 * character; and a value longer than a command line can carry (`MAX_ARGUMENT_LENGTH`, or
 * `MAX_STDIN_LENGTH` for standard input).
 *
 * @throws {InvalidArgumentsError} Listing every problem, when there is one.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkArguments, ToolIndex, validateConfig } from "@climax/tool-index";
 *
 * const index = ToolIndex.fromConfigs([validateConfig({
 *   command: "git",
 *   tools: [{ name: "git_log", description: "Show commits", args: [{ name: "max_count", type: "integer", flag: "-n" }] }],
 * })]);
 * assert.deepEqual(checkArguments(index.get("git_log")!, { max_count: "5" }), { max_count: 5 });
 * ```
 */
export function checkArguments(
  resolved: ResolvedTool,
  args: unknown,
): Record<string, ArgumentValue> {
  const tool = resolved.tool;
  if (args === undefined || args === null) args = {};
  if (typeof args !== "object" || Array.isArray(args)) {
    throw new InvalidArgumentsError(tool.name, [{
      argument: "",
      message: `The arguments must be an object of names and values, got ${describe(args)}`,
    }]);
  }
  const given = args as Record<string, unknown>;
  const problems: ArgumentProblem[] = [];
  const known = tool.args.map((arg) => arg.name);
  for (const name of Object.keys(given)) {
    if (known.includes(name)) continue;
    const near = closest(name, known);
    problems.push({
      argument: name,
      message: near === undefined
        ? `${tool.name} has no such argument (it has: ${known.join(", ") || "none"})`
        : `${tool.name} has no such argument; did you mean "${near}"?`,
    });
  }
  const checked: Record<string, ArgumentValue> = {};
  for (const arg of tool.args) {
    const value = given[arg.name];
    if (value === undefined || value === null) {
      if (arg.required) problems.push({ argument: arg.name, message: "Missing required argument" });
      continue;
    }
    const coerced = coerce(arg, value);
    if (typeof coerced === "object") {
      problems.push({ argument: arg.name, message: coerced.problem });
      continue;
    }
    const problem = enumProblem(arg, coerced) ??
      constraintProblem(resolved.arg_constraints[arg.name], coerced) ??
      safetyProblem(arg, coerced);
    if (problem !== undefined) problems.push({ argument: arg.name, message: problem });
    else checked[arg.name] = coerced;
  }
  if (problems.length > 0) throw new InvalidArgumentsError(tool.name, problems);
  return checked;
}

/** `value` as `arg`'s type, as CLImax converts it, or why it cannot be. */
function coerce(arg: ToolArg, value: unknown): ArgumentValue | { problem: string } {
  const cannot = { problem: `Cannot convert ${describe(value)} to ${arg.type}` };
  switch (arg.type) {
    case "boolean":
      if (typeof value === "boolean") return value;
      if (typeof value === "number") return value !== 0;
      if (typeof value === "string" && /^(?:true|false)$/i.test(value)) {
        return value.toLowerCase() === "true";
      }
      return cannot;
    case "integer": {
      const number = toNumber(value, /^\s*[-+]?\d+\s*$/);
      return number === undefined ? cannot : Math.trunc(number);
    }
    case "number": {
      const number = toNumber(value, /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?\s*$/i);
      return number === undefined ? cannot : number;
    }
    default:
      if (typeof value === "string") return value;
      if (typeof value === "number" || typeof value === "boolean") return String(value);
      return cannot;
  }
}

/** A finite number from a number, a boolean, or text that `pattern` accepts. */
function toNumber(value: unknown, pattern: RegExp): number | undefined {
  if (typeof value === "boolean") return value ? 1 : 0;
  const number = typeof value === "number"
    ? value
    : typeof value === "string" && pattern.test(value)
    ? Number(value)
    : NaN;
  return Number.isFinite(number) ? number : undefined;
}

function enumProblem(arg: ToolArg, value: ArgumentValue): string | undefined {
  if (arg.enum === null || arg.enum.length === 0 || arg.enum.includes(String(value))) {
    return undefined;
  }
  return `Must be one of: ${arg.enum.join(", ")}`;
}

/** What a policy's constraint refuses of `value`: a pattern in full, then the bounds. */
function constraintProblem(
  constraint: ArgConstraint | undefined,
  value: ArgumentValue,
): string | undefined {
  if (constraint === undefined) return undefined;
  const { pattern, min, max } = constraint;
  if (pattern !== null && typeof value === "string") {
    if (!new RegExp(`^(?:${pattern})$`, "u").test(value)) {
      return `The value ${JSON.stringify(shortened(value))} does not match the pattern ${pattern}`;
    }
  }
  const number = typeof value === "number" ? value : Number(value);
  if (min !== null && Number.isFinite(number) && number < min) {
    return `The value ${number} is below the minimum of ${min}`;
  }
  if (max !== null && Number.isFinite(number) && number > max) {
    return `The value ${number} is above the maximum of ${max}`;
  }
  return undefined;
}

/** What keeps `value` from standing safely on the command line (or standard input). */
function safetyProblem(arg: ToolArg, value: ArgumentValue): string | undefined {
  if (typeof value !== "string") return undefined;
  const limit = arg.stdin ? MAX_STDIN_LENGTH : MAX_ARGUMENT_LENGTH;
  if (value.length > limit) {
    return `The value is ${value.length} characters, over the limit of ${limit}`;
  }
  if (arg.stdin) return undefined;
  if (value.includes("\0")) {
    return "The value holds a NUL character, which no command line can carry";
  }
  const ownWord = arg.positional || (!arg.cwd && !(arg.flag ?? "").endsWith("="));
  if (ownWord && arg.type === "string" && value.startsWith("-")) {
    return `The value ${
      JSON.stringify(shortened(value))
    } begins with "-", which the program would read as an option`;
  }
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return JSON.stringify(shortened(value));
  return String(value);
}

function shortened(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
