// The zod schemas the routes validate with, which are also what /openapi.json is generated from.
import { z } from "@hono/zod-openapi";
import {
  cliSummarySchema,
  resolvedToolSchema,
  toolArgSchema,
  toolDefSchema,
  toolIndexEntrySchema,
} from "../_schemas.ts";
import { closest } from "../_suggest.ts";
import type { InvalidParam } from "./problem.ts";

/** The largest `limit` a request may ask for. */
export const MAX_LIMIT = 100;
/** The longest `query` a request may send, in characters. */
export const MAX_QUERY_LENGTH = 1000;
/** The longest `category`, `cli` or `cursor` a request may send, in characters. */
export const MAX_FILTER_LENGTH = 200;

const limit = z
  .string()
  .regex(/^[0-9]{1,9}$/, "must be a whole number")
  .transform(Number)
  .pipe(z.number().int().min(0).max(MAX_LIMIT))
  .optional()
  .openapi({
    param: { description: `Most results to return, 0 to ${MAX_LIMIT}.` },
    type: "integer",
    minimum: 0,
    maximum: MAX_LIMIT,
  });

const filter = (description: string) =>
  z.string().max(MAX_FILTER_LENGTH).optional().openapi({ param: { description } });

export const searchQuerySchema = z.strictObject({
  query: z.string().max(MAX_QUERY_LENGTH).optional().openapi({
    param: {
      description:
        "Words to find. In substring mode: a case-insensitive literal substring of the tool name, description, CLI name, category or a tag. In ranked mode: a request in plain words, such as `list running containers`.",
    },
  }),
  category: filter("Only tools of this category (case-insensitive exact match)."),
  cli: filter("Only tools of this CLI (case-insensitive exact match of the config name)."),
  limit: limit.openapi({ default: 10 }),
  mode: z.enum(["substring", "ranked"]).optional().openapi({
    param: {
      description:
        "How `query` matches: `substring` keeps config order; `ranked` orders tools by relevance to the words of the query.",
    },
    default: "substring",
  }),
  cursor: filter("`next_cursor` of the previous page."),
});

export const summaryQuerySchema = z.strictObject({ limit });

export const toolParamsSchema = z.object({
  tool_name: z.string().min(1).openapi({ param: { description: "The exact tool name." } }),
});

// The library's schemas were made before @hono/zod-openapi extended zod, so they lack
// `.openapi()`: these name them as components through new objects of the same shapes.
const entry = z.strictObject(toolIndexEntrySchema.shape).openapi("ToolIndexEntry");
const summary = z.strictObject(cliSummarySchema.shape).openapi("CLISummary");

export const searchResponseSchema = z.object({
  mode: z.literal("search"),
  results: z.array(entry),
  next_cursor: z.string().nullable().openapi({
    description: "Pass as `cursor` for the next page; null on the last page.",
  }),
}).openapi("SearchResponse");

export const summaryResponseSchema = z.object({
  mode: z.literal("summary"),
  summary: z.array(summary),
}).openapi("SummaryResponse");

// An argument's `default` is any JSON value, a recursive type the OpenAPI generator cannot
// walk: the document says "any value" there and keeps every other field as validated.
const toolArg = z.strictObject({
  ...toolArgSchema.shape,
  default: z.unknown().openapi({
    description: "The value used when none is given; null for none.",
  }),
}).openapi("ToolArg");
const toolDef = z.strictObject({ ...toolDefSchema.shape, args: z.array(toolArg) }).openapi(
  "ToolDef",
);

export const resolvedToolResponseSchema = z.strictObject({
  ...resolvedToolSchema.shape,
  tool: toolDef,
  global_args: z.array(toolArg),
}).openapi("ResolvedTool");

export const healthSchema = z.object({
  status: z.literal("ok"),
  tools: z.int(),
  clis: z.int(),
  version: z.string(),
}).openapi("Health");

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  invalid_params: z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
}).openapi("Problem");

/** Says, for each problem zod found in a query string, which parameter and what is wrong. */
export function describeQueryIssues(
  issues: readonly z.core.$ZodIssue[],
  input: Record<string, unknown>,
  known: readonly string[],
): InvalidParam[] {
  const params: InvalidParam[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const suggestion = closest(key, known);
        params.push({
          name: key,
          reason: suggestion === undefined
            ? `is not a parameter of this route (known: ${known.join(", ")})`
            : `is not a parameter of this route; did you mean "${suggestion}"?`,
        });
      }
      continue;
    }
    const name = String(issue.path[0] ?? "query string");
    const value = input[name];
    params.push({ name, reason: reasonFor(issue, value) });
  }
  return params;
}

function reasonFor(issue: z.core.$ZodIssue, value: unknown): string {
  if (Array.isArray(value)) return "must be given once";
  switch (issue.code) {
    case "too_big":
      return issue.origin === "string"
        ? `must be at most ${String(issue.maximum)} characters`
        : `must be at most ${String(issue.maximum)}, got ${String(value)}`;
    case "too_small":
      return `must be at least ${String(issue.minimum)}`;
    case "invalid_value":
      return `must be one of ${issue.values.map(String).join(", ")}, got "${String(value)}"`;
    case "invalid_format":
      return `must be a whole number, got "${String(value)}"`;
    default:
      return issue.message;
  }
}
