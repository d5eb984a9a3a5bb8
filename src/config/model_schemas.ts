// The zod schemas behind the model interfaces, outside the module's API: JSR treats zod's
// inferred types as private types, so the public surface is the interfaces of types.ts and the
// functions of validate.ts that validate into them. Key order in each shape is the Python
// original's field order, which zod keeps in its output, so JSON.stringify of a model matches
// the original's JSON.
//
// They are built on first use: a service that starts from a compiled catalogue never validates
// a config, so its cold start never pays for building them.
import { z } from "zod";
import { describeValue, NotJson, toJsonValue } from "../_json_value.ts";
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH, MAX_TOOLS_PER_CONFIG } from "../limits.ts";
import type {
  ArgConstraint,
  CLImaxConfig,
  CLImaxConfigInput,
  CLISummary,
  JsonValue,
  ResolvedTool,
  ToolArg,
  ToolArgInput,
  ToolDef,
  ToolDefInput,
  ToolIndexEntry,
} from "../types.ts";

/** The argument types a CLImax config may declare. */
export const ARG_TYPES = ["string", "integer", "number", "boolean"] as const;

/** Each schema paired with the interfaces it validates from and into; a mismatch fails type checking. */
export interface ModelSchemas {
  /** Any JSON value: an argument's `default`. */
  jsonValue: z.ZodType<JsonValue, JsonValue>;
  toolArg: z.ZodType<ToolArg, ToolArgInput>;
  toolDef: z.ZodType<ToolDef, ToolDefInput>;
  config: z.ZodType<CLImaxConfig, CLImaxConfigInput>;
  argConstraint: z.ZodType<ArgConstraint>;
  resolvedTool: z.ZodType<ResolvedTool>;
  toolIndexEntry: z.ZodType<ToolIndexEntry>;
  cliSummary: z.ZodType<CLISummary>;
}

let built: ModelSchemas | undefined;

/** The zod schemas of the models, built on the first call. */
export function modelSchemas(): ModelSchemas {
  return built ??= buildSchemas();
}

function buildSchemas(): ModelSchemas {
  const name = z.string().max(MAX_NAME_LENGTH, {
    error: `Over the limit of ${MAX_NAME_LENGTH} characters for a name`,
  });
  const text = z.string().max(MAX_TEXT_LENGTH, {
    error: `Over the limit of ${MAX_TEXT_LENGTH} characters for a text`,
  });

  // Any JSON value: an argument's `default`. In JSON Schema every value is JSON, hence `{}`.
  // The value is copied and checked in one pass; what is not JSON comes out as a NotJson,
  // which the refinement turns into the issue. The input is typed as the interfaces accept.
  const jsonValueSchema = z.unknown()
    .overwrite(toJsonValue)
    .refine((value) => !(value instanceof NotJson), {
      abort: true,
      error: (issue) =>
        `Expected a JSON value (a string, number, boolean, null, list or mapping), got ${
          describeValue(issue.input instanceof NotJson ? issue.input.value : issue.input)
        }`,
    })
    .meta({ description: "Any JSON value" }) as z.ZodType<JsonValue, JsonValue>;

  const toolArgSchema = z.strictObject({
    name,
    description: text.default(""),
    type: z.enum(ARG_TYPES).default("string"),
    required: z.boolean().default(false),
    default: jsonValueSchema.default(null),
    flag: name.nullable().default(null),
    positional: z.boolean().default(false),
    cwd: z.boolean().default(false),
    stdin: z.boolean().default(false),
    enum: z.array(name).nullable().default(null),
  });

  const toolDefSchema = z.strictObject({
    name,
    description: text,
    command: text.default(""),
    args: z.array(toolArgSchema).default([]),
    timeout: z.number().positive().nullable().default(null),
  });

  const configSchema = z.strictObject({
    name: name.default("climax"),
    description: text.default(""),
    command: text,
    env: z.record(name, text).default({}),
    working_dir: text.nullable().default(null),
    category: name.nullable().default(null),
    tags: z.array(name).default([]),
    global_args: z.array(toolArgSchema).default([]),
    tools: z.array(toolDefSchema).max(MAX_TOOLS_PER_CONFIG, {
      error: `Over the limit of ${MAX_TOOLS_PER_CONFIG} tools in one config`,
    }),
  });

  const argConstraintSchema = z.strictObject({
    pattern: z.string().nullable().default(null),
    min: z.number().nullable().default(null),
    max: z.number().nullable().default(null),
  });

  const resolvedToolSchema = z.strictObject({
    tool: toolDefSchema,
    base_command: z.string(),
    env: z.record(z.string(), z.string()).default({}),
    working_dir: z.string().nullable().default(null),
    global_args: z.array(toolArgSchema).default([]),
    description_override: z.string().nullable().default(null),
    arg_constraints: z.record(z.string(), argConstraintSchema).default({}),
  });

  const toolIndexEntrySchema = z.strictObject({
    tool_name: z.string(),
    description: z.string(),
    cli_name: z.string(),
    category: z.string().nullable().default(null),
    tags: z.array(z.string()).default([]),
    input_schema: z.record(z.string(), z.unknown()).default({}),
  });

  const cliSummarySchema = z.strictObject({
    name: z.string(),
    description: z.string(),
    tool_count: z.int().nonnegative(),
    category: z.string().nullable().default(null),
    tags: z.array(z.string()).default([]),
  });

  return {
    jsonValue: jsonValueSchema,
    toolArg: toolArgSchema,
    toolDef: toolDefSchema,
    config: configSchema,
    argConstraint: argConstraintSchema,
    resolvedTool: resolvedToolSchema,
    toolIndexEntry: toolIndexEntrySchema,
    cliSummary: cliSummarySchema,
  };
}
