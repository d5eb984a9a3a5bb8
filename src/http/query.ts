// What an HTTP request may ask: the length of its URL, the parameters of each route's query and
// path (from those `../answer/params.ts` defines), the validators that Hono runs on them, and the
// words of the 400 problem when they fail. /openapi.json documents the same tables.
//
// Read by hand from the tables rather than by zod schemas: a query string holds only texts, and
// building the schemas would lengthen every cold start.
import { validator } from "hono/validator";
import { closest } from "../_suggest.ts";
import { MAX_ID_LENGTH, MAX_LIMIT, SEARCH_PARAMS } from "../answer/params.ts";
import { type InvalidParam, invalidParams, problemResponse } from "./problem.ts";

/**
 * The longest request target (path and query string) served, in characters: room for the
 * longest query and filters even when every character takes nine percent-encoded bytes.
 */
export const MAX_URL_LENGTH = 16_384;

/** A parameter that is text of a bounded length. */
export interface TextParamSpec {
  kind: "text";
  minLength?: number;
  maxLength: number;
  description: string;
}

/** A parameter that is a count: digits, read as a whole number from 0 to `max`. */
export interface CountParamSpec {
  kind: "count";
  max: number;
  default?: number;
  description: string;
}

/** A parameter that is one of a few words. */
export interface ChoiceParamSpec<V extends string = string> {
  kind: "choice";
  values: readonly V[];
  default: V;
  description: string;
}

/** How one parameter of a route is read from the text a request gives it. */
export type ParamSpec = TextParamSpec | CountParamSpec | ChoiceParamSpec;

/** The parameters of a route's query string or path, by name, in the order they are listed. */
export type ParamSpecs = Readonly<Record<string, ParamSpec>>;

/** What a parameter of `S` becomes once read. */
type ParamValue<S> = S extends CountParamSpec ? number
  : S extends ChoiceParamSpec<infer V> ? V
  : string;

/** The parameters a request gave, read: each one absent when it was not given. */
export type ParsedParams<S extends ParamSpecs> = { -readonly [K in keyof S]?: ParamValue<S[K]> };

function text(param: { maxLength: number; description: string }): TextParamSpec {
  return { kind: "text", maxLength: param.maxLength, description: param.description };
}

const { query, category, cli, namespace, limit, mode, detail, cursor } = SEARCH_PARAMS;

/** The query parameters of `GET /search`. */
export const SEARCH_QUERY = {
  query: text(query),
  category: text(category),
  cli: text(cli),
  namespace: text(namespace),
  limit: { kind: "count", max: limit.max, default: limit.default, description: limit.description },
  mode: {
    kind: "choice",
    values: mode.values,
    default: mode.default,
    description: mode.description,
  },
  detail: {
    kind: "choice",
    values: detail.values,
    default: detail.default,
    description: detail.description,
  },
  cursor: text(cursor),
} as const satisfies ParamSpecs;

/** The query parameters of `GET /summary`. */
export const SUMMARY_QUERY = {
  limit: {
    kind: "count",
    max: MAX_LIMIT,
    description: `Most results to return, 0 to ${MAX_LIMIT}.`,
  },
} as const satisfies ParamSpecs;

/** The query parameters of `GET /namespaces`. */
export const NAMESPACES_QUERY = {
  limit: {
    kind: "count",
    max: MAX_LIMIT,
    default: MAX_LIMIT,
    description: `Most namespaces to return, 0 to ${MAX_LIMIT}.`,
  },
  cursor: text({ ...cursor, description: "`next_cursor` of the previous page." }),
} as const satisfies ParamSpecs;

/** The path parameters of `GET /tools/{tool_name}` and its backends. */
export const TOOL_PARAMS = {
  tool_name: {
    kind: "text",
    minLength: 1,
    maxLength: MAX_ID_LENGTH,
    description:
      "The tool's ID (`namespace:name`), or its bare name when no other namespace has a tool of that name.",
  },
} as const satisfies ParamSpecs;

/** The search parameters of `GET /search`, read. */
export type SearchQuery = ParsedParams<typeof SEARCH_QUERY>;

/** The validator middleware of `GET /search`: its handler reads `c.req.valid("query")`. */
export const searchQuery = validator("query", (value) => paramsOrProblem(SEARCH_QUERY, value));

/**
 * A query string's values (each name's values, as `c.req.queries()` gives them) as search
 * parameters, or the 400 problem that `GET /search` would answer for them.
 */
export function searchParamsOrProblem(queries: Record<string, string[]>): SearchQuery | Response {
  const value = Object.fromEntries(
    Object.entries(queries).map((
      [name, values],
    ) => [name, values.length === 1 ? values[0] : values]),
  );
  return paramsOrProblem(SEARCH_QUERY, value);
}

/** The validator middleware of `GET /summary`. */
export const summaryQuery = validator("query", (value) => paramsOrProblem(SUMMARY_QUERY, value));

/**
 * The validator middleware of `GET /tools/{tool_name}`: `c.req.valid("param")`. A path has no
 * parameters but its route's, and Hono matches it only with every one of them.
 */
export const toolParams = validator(
  "param",
  (value) =>
    paramsOrProblem(TOOL_PARAMS, value, false) as
      | Required<ParsedParams<typeof TOOL_PARAMS>>
      | Response,
);

/** The validator middleware of `GET /namespaces`. */
export const namespacesQuery = validator(
  "query",
  (value) => paramsOrProblem(NAMESPACES_QUERY, value),
);

/**
 * The parameters of `specs` that `input` gives, read, or the 400 problem that says what is
 * wrong with each, in the order of `specs`, then each unknown name in the order given (when
 * `strict`): the validation function that Hono's validator middleware runs, whose result reaches
 * the handler typed through `c.req.valid()`.
 */
function paramsOrProblem<S extends ParamSpecs>(
  specs: S,
  input: Record<string, string | string[]>,
  strict = true,
): ParsedParams<S> | Response {
  const parsed: Record<string, string | number> = {};
  const problems: InvalidParam[] = [];
  for (const [name, spec] of Object.entries(specs)) {
    if (!Object.hasOwn(input, name)) continue;
    const given = input[name];
    const value = Array.isArray(given) ? { reason: "must be given once" } : readParam(spec, given);
    if (typeof value === "object") problems.push({ name, reason: value.reason });
    else parsed[name] = value;
  }
  if (strict) {
    const known = Object.keys(specs);
    for (const name of Object.keys(input)) {
      if (Object.hasOwn(specs, name)) continue;
      const suggestion = closest(name, known);
      problems.push({
        name,
        reason: suggestion === undefined
          ? `is not a parameter of this route (known: ${known.join(", ")})`
          : `is not a parameter of this route; did you mean "${suggestion}"?`,
      });
    }
  }
  if (problems.length > 0) return problemResponse(invalidParams(problems));
  return parsed as ParsedParams<S>;
}

/** `given` read as `spec` says, or what is wrong with it. */
function readParam(spec: ParamSpec, given: string): string | number | { reason: string } {
  switch (spec.kind) {
    case "text":
      if (given.length > spec.maxLength) {
        return { reason: `must be at most ${spec.maxLength} characters` };
      }
      if (given.length < (spec.minLength ?? 0)) {
        return { reason: `must be at least ${spec.minLength} characters` };
      }
      return given;
    case "count": {
      if (!/^[0-9]+$/.test(given)) {
        return { reason: `must be a whole number, got "${shortened(given)}"` };
      }
      // However many digits it has, a number past the maximum is refused as too big.
      const count = Number(given);
      return count > spec.max
        ? { reason: `must be at most ${spec.max}, got ${shortened(given)}` }
        : count;
    }
    case "choice":
      return spec.values.includes(given)
        ? given
        : { reason: `must be one of ${spec.values.join(", ")}, got "${given}"` };
  }
}

/** `text`, or its beginning when it is too long to repeat in a message. */
function shortened(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
