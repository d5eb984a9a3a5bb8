// What a request may ask: the bounds of requests, the search parameters (defined once here, for
// the HTTP routes and the MCP tool alike), the zod schemas that Hono's validator runs on each
// route's query and path, and the words of the 400 problem when they fail.
import { validator } from "hono/validator";
import { z } from "zod";
import { MAX_NAME_LENGTH } from "../limits.ts";
import { closest } from "../_suggest.ts";
import {
  DEFAULT_LIMIT,
  DEFAULT_MODE,
  SEARCH_MODES,
  type SearchMode,
} from "../index/search_params.ts";
import { type InvalidParam, invalidParams, problemResponse } from "./problem.ts";
import { type Detail, DETAILS, SUMMARY_DESCRIPTION_LENGTH } from "./search_answer.ts";

/** The largest `limit` a request may ask for. */
export const MAX_LIMIT = 100;
/** The longest `query` a request may send, in characters. */
export const MAX_QUERY_LENGTH = 1000;
/** The longest `category`, `cli` or `cursor` a request may send, in characters. */
const MAX_FILTER_LENGTH = 200;
/**
 * The longest request target (path and query string) served, in characters: room for the
 * longest query and filters even when every character takes nine percent-encoded bytes.
 */
export const MAX_URL_LENGTH = 16_384;

/** A text parameter of a search: its longest value and what it means. */
export interface TextParam {
  maxLength: number;
  description: string;
}

/**
 * The parameters of a search, as `GET /search` and the MCP tool `climax_search` take them:
 * each one's bounds and description, in the order both list them.
 */
export const SEARCH_PARAMS = {
  query: {
    maxLength: MAX_QUERY_LENGTH,
    description:
      "Search keyword (matched against tool name, description, CLI name, category, tags). In substring mode it is one literal, case-insensitive phrase: use a single distinctive word such as 'commit' or 'container'. In ranked mode it takes a plain-language request such as 'list running containers' and returns the best matches first.",
  },
  category: {
    maxLength: MAX_FILTER_LENGTH,
    description:
      "Filter by CLI category (exact match, case-insensitive), as listed in the summary.",
  },
  cli: {
    maxLength: MAX_FILTER_LENGTH,
    description: "Filter by CLI name (exact match, case-insensitive), as listed in the summary.",
  },
  namespace: {
    maxLength: MAX_FILTER_LENGTH,
    description:
      "Filter by namespace: a CLI's name or an MCP server's (exact match, case-insensitive), as listed in the summary.",
  },
  limit: {
    min: 0,
    max: MAX_LIMIT,
    default: DEFAULT_LIMIT,
    description:
      `Maximum number of results to return (default: ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}).`,
  },
  mode: {
    values: SEARCH_MODES,
    default: DEFAULT_MODE,
    description:
      "How query matches: 'substring' finds the literal text, in config order; 'ranked' orders tools by relevance to the words of a natural-language request, best first, so use it for anything longer than one keyword.",
  },
  detail: {
    values: DETAILS,
    default: DETAILS[0],
    description:
      `How much of each result to return: 'full' (default) is the whole entry with the input_schema to call the tool with; 'summary' is tool_name, cli_name, category and the description cut to ${SUMMARY_DESCRIPTION_LENGTH} characters, a third of the tokens: get the one to call afterwards.`,
  },
  cursor: {
    maxLength: MAX_FILTER_LENGTH,
    description:
      "The next_cursor of a previous search answer, to get its next page: give the same query, category, cli and mode; the limit may change.",
  },
} as const;

/**
 * A text parameter's schema: a string of at most its length. Its description goes on the
 * schema that also says how the parameter may be absent, where a JSON Schema reader looks.
 */
export function textParam({ maxLength }: TextParam): z.ZodString {
  return z.string().max(maxLength);
}

/** The detail parameter's schema: one of the details. */
export function detailParam(): z.ZodEnum<{ [D in Detail]: D }> {
  return z.enum(SEARCH_PARAMS.detail.values);
}

/** The mode parameter's schema: one of the search modes. */
export function modeParam(): z.ZodEnum<{ [M in SearchMode]: M }> {
  return z.enum(SEARCH_PARAMS.mode.values);
}

/** Puts the description of `param` on `schema`. */
export function described<S extends z.ZodType>(schema: S, param: { description: string }): S {
  return schema.meta({ description: param.description });
}

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

/** The longest tool ID: a namespace, written with `:` and `%` escaped, then `:` and a name. */
export const MAX_ID_LENGTH = 4 * MAX_NAME_LENGTH + 1;

/** The path parameters of `GET /tools/{tool_name}` and its backends. */
export const toolParamsSchema = z.object({
  tool_name: z.string().min(1).max(MAX_ID_LENGTH).meta({
    description:
      "The tool's ID (`namespace:name`), or its bare name when no other namespace has a tool of that name.",
  }),
});

/** The validator middleware of `GET /search`: its handler reads `c.req.valid("query")`. */
export const searchQuery = validator("query", (value) => parseOrProblem(searchQuerySchema, value));

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
