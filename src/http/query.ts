// What an HTTP request may ask: the length of its URL, the zod schemas that Hono's validator runs
// on each route's query and path (from the parameters `../answer/params.ts` defines), and the
// words of the 400 problem when they fail.
import { validator } from "hono/validator";
import { z } from "zod";
import { closest } from "../_suggest.ts";
import {
  described,
  detailParam,
  MAX_ID_LENGTH,
  MAX_LIMIT,
  modeParam,
  SEARCH_PARAMS,
  textParam,
} from "../answer/params.ts";
import { type InvalidParam, invalidParams, problemResponse } from "./problem.ts";

/**
 * The longest request target (path and query string) served, in characters: room for the
 * longest query and filters even when every character takes nine percent-encoded bytes.
 */
export const MAX_URL_LENGTH = 16_384;

/**
 * A `limit` in a query string, which carries text: validated as digits, then documented as what
 * it becomes, an integer from 0 to `MAX_LIMIT`.
 */
function limitDigits(meta: { description: string; default?: number }) {
  return z
    .string()
    .regex(/^[0-9]+$/, "must be a whole number")
    // However many digits it has, a number past the maximum is refused as too big.
    .transform((digits) => Math.min(Number(digits), MAX_LIMIT + 1))
    .pipe(z.int().min(SEARCH_PARAMS.limit.min).max(MAX_LIMIT))
    .optional()
    .meta(meta);
}

const { query, category, cli, namespace, limit, mode, detail, cursor } = SEARCH_PARAMS;

/** The query parameters of `GET /search`. */
export const searchQuerySchema = z.strictObject({
  query: described(textParam(query).optional(), query),
  category: described(textParam(category).optional(), category),
  cli: described(textParam(cli).optional(), cli),
  namespace: described(textParam(namespace).optional(), namespace),
  limit: limitDigits({ description: limit.description, default: limit.default }),
  mode: modeParam().optional().meta({ description: mode.description, default: mode.default }),
  detail: detailParam().optional().meta({
    description: detail.description,
    default: detail.default,
  }),
  cursor: described(textParam(cursor).optional(), cursor),
});

/** The query parameters of `GET /summary`. */
export const summaryQuerySchema = z.strictObject({
  limit: limitDigits({ description: `Most results to return, 0 to ${MAX_LIMIT}.` }),
});

/** The query parameters of `GET /namespaces`. */
export const namespacesQuerySchema = z.strictObject({
  limit: limitDigits({
    description: `Most namespaces to return, 0 to ${MAX_LIMIT}.`,
    default: MAX_LIMIT,
  }),
  cursor: described(textParam(cursor).optional(), {
    description: "`next_cursor` of the previous page.",
  }),
});

/** The path parameters of `GET /tools/{tool_name}` and its backends. */
export const toolParamsSchema = z.object({
  tool_name: z.string().min(1).max(MAX_ID_LENGTH).meta({
    description:
      "The tool's ID (`namespace:name`), or its bare name when no other namespace has a tool of that name.",
  }),
});

/** The validator middleware of `GET /search`: its handler reads `c.req.valid("query")`. */
export const searchQuery = validator("query", (value) => parseOrProblem(searchQuerySchema, value));

/**
 * A query string's values (each name's values, as `c.req.queries()` gives them) as search
 * parameters, or the 400 problem that `GET /search` would answer for them.
 */
export function searchParamsOrProblem(
  queries: Record<string, string[]>,
): z.output<typeof searchQuerySchema> | Response {
  const value = Object.fromEntries(
    Object.entries(queries).map((
      [name, values],
    ) => [name, values.length === 1 ? values[0] : values]),
  );
  return parseOrProblem(searchQuerySchema, value);
}

/** The validator middleware of `GET /summary`. */
export const summaryQuery = validator(
  "query",
  (value) => parseOrProblem(summaryQuerySchema, value),
);

/** The validator middleware of `GET /tools/{tool_name}`: `c.req.valid("param")`. */
export const toolParams = validator("param", (value) => parseOrProblem(toolParamsSchema, value));

/** The validator middleware of `GET /namespaces`. */
export const namespacesQuery = validator(
  "query",
  (value) => parseOrProblem(namespacesQuerySchema, value),
);

/**
 * `value` parsed by `schema`, an object of a route's query or path parameters, or the 400
 * problem that says what is wrong with each: the validation function that Hono's validator
 * middleware runs, whose result reaches the handler typed through `c.req.valid()`.
 */
function parseOrProblem<S extends z.ZodObject>(
  schema: S,
  value: Record<string, string | string[]>,
): z.output<S> | Response {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const known = Object.keys(schema.shape);
  return problemResponse(invalidParams(describeQueryIssues(result.error.issues, value, known)));
}

/** Says, for each problem zod found in a query string, which parameter and what is wrong. */
function describeQueryIssues(
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
