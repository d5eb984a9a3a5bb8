// The zod schemas of the routes' query and path parameters, which Hono's validator runs on every
// request, and the words of the 400 problem when they fail.
import { z } from "zod";
import { MAX_NAME_LENGTH } from "../limits.ts";
import { closest } from "../_suggest.ts";
import type { InvalidParam } from "./problem.ts";

/** The largest `limit` a request may ask for. */
export const MAX_LIMIT = 100;
/** The longest `query` a request may send, in characters. */
export const MAX_QUERY_LENGTH = 1000;
/** The longest `category`, `cli` or `cursor` a request may send, in characters. */
export const MAX_FILTER_LENGTH = 200;
/**
 * The longest request target (path and query string) served, in characters: room for the
 * longest query and filters even when every character takes nine percent-encoded bytes.
 */
export const MAX_URL_LENGTH = 16_384;

// A query string carries text: limit is validated as digits, then documented as what it
// becomes, an integer.
const limit = (fallback?: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, "must be a whole number")
    // However many digits it has, a number past the maximum is refused as too big.
    .transform((digits) => Math.min(Number(digits), MAX_LIMIT + 1))
    .pipe(z.int().min(0).max(MAX_LIMIT))
    .optional()
    .meta({
      description: `Most results to return, 0 to ${MAX_LIMIT}.`,
      ...(fallback === undefined ? {} : { default: fallback }),
    });

const filter = (description: string) =>
  z.string().max(MAX_FILTER_LENGTH).optional().meta({ description });

/** The query parameters of `GET /search`. */
export const searchQuerySchema = z.strictObject({
  query: z.string().max(MAX_QUERY_LENGTH).optional().meta({
    description:
      "Words to find. In substring mode: a case-insensitive literal substring of the tool name, description, CLI name, category or a tag. In ranked mode: a request in plain words, such as `list running containers`.",
  }),
  category: filter("Only tools of this category (case-insensitive exact match)."),
  cli: filter("Only tools of this CLI (case-insensitive exact match of the config name)."),
  limit: limit(10),
  mode: z.enum(["substring", "ranked"]).optional().meta({
    description:
      "How `query` matches: `substring` keeps config order; `ranked` orders tools by relevance to the words of the query.",
    default: "substring",
  }),
  cursor: filter("`next_cursor` of the previous page."),
});

/** The query parameters of `GET /summary`. */
export const summaryQuerySchema = z.strictObject({ limit: limit() });

/** The path parameters of `GET /tools/{tool_name}`. */
export const toolParamsSchema = z.object({
  tool_name: z.string().min(1).max(MAX_NAME_LENGTH).meta({ description: "The exact tool name." }),
});

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
        : `must be at most ${String(issue.maximum)}, got ${shortened(String(value))}`;
    case "too_small":
      return `must be at least ${String(issue.minimum)}`;
    case "invalid_value":
      return `must be one of ${issue.values.map(String).join(", ")}, got "${String(value)}"`;
    case "invalid_format":
      return `must be a whole number, got "${shortened(String(value))}"`;
    default:
      return issue.message;
  }
}

/** `text`, or its beginning when it is too long to repeat in a message. */
function shortened(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
