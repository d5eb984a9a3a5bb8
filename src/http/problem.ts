// RFC 9457 problem details: the one shape of every error answer, and the error handler that
// turns whatever a request threw into one.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HybridUnavailableError, RETRY_SECONDS } from "../catalogue/hybrid_mode.ts";

/** One parameter a request got wrong. */
export interface InvalidParam {
  name: string;
  reason: string;
}

/** An RFC 9457 problem. */
export interface Problem {
  type: string;
  title: string;
  status: ContentfulStatusCode;
  detail: string;
  invalid_params?: InvalidParam[];
}

/** The name of each status the service answers with (RFC 9110's). */
const TITLES: Partial<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  413: "Content Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** A problem of a plain HTTP status, whose title is the status's own. */
export function problem(
  status: ContentfulStatusCode,
  detail: string,
  invalidParams?: InvalidParam[],
): Problem {
  return {
    type: "about:blank",
    title: TITLES[status] ?? "Error",
    status,
    detail,
    ...(invalidParams ? { invalid_params: invalidParams } : {}),
  };
}

/** The problem as an `application/problem+json` response that no cache keeps. */
export function problemResponse(body: Problem, headers: HeadersInit = {}): Response {
  const response = new Response(JSON.stringify(body), { status: body.status, headers });
  response.headers.set("Content-Type", "application/problem+json");
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/** A 400 problem for bad parameters, naming each one in `detail` and `invalid_params`. */
export function invalidParams(params: InvalidParam[]): Problem {
  const detail = params.map((param) => `${param.name}: ${param.reason}`).join("; ");
  return problem(400, `Invalid parameter${params.length > 1 ? "s" : ""}: ${detail}`, params);
}

/** Thrown by a handler to answer with a problem. */
export class ProblemError extends Error {
  readonly problem: Problem;
  readonly headers: HeadersInit;

  constructor(body: Problem, headers: HeadersInit = {}) {
    super(body.detail);
    this.name = "ProblemError";
    this.problem = body;
    this.headers = headers;
  }
}

/** What is wrong with a request that bearer authentication refused, by its challenge. */
const AUTH_PROBLEMS: [RegExp, string][] = [
  [
    /error="invalid_request"/,
    'The Authorization header must be "Bearer <token>", the token made of letters, digits and - . _ ~ + / only',
  ],
  [/error="invalid_token"/, "The bearer token is not the one this service takes"],
  [/^Bearer /, "This service needs an Authorization: Bearer token"],
];

/**
 * The answer to an error a request threw: its problem, a 4xx that says what is wrong, a 503 when
 * hybrid search cannot load, or a 500 that says nothing of the cause, which goes to the log.
 */
export function onError(error: Error, c: Context): Response {
  if (error instanceof ProblemError) return problemResponse(error.problem, error.headers);
  if (error instanceof HTTPException) {
    const original = error.getResponse();
    const headers = new Headers();
    const challenge = original.headers.get("WWW-Authenticate");
    if (challenge) headers.set("WWW-Authenticate", challenge);
    const detail = (challenge && AUTH_PROBLEMS.find(([test]) => test.test(challenge))?.[1]) ||
      error.message || "The request could not be handled";
    return problemResponse(problem(error.status as ContentfulStatusCode, detail), headers);
  }
  if (error instanceof RangeError) {
    return problemResponse(problem(400, error.message));
  }
  if (error instanceof HybridUnavailableError) {
    // The catalogue reported why, once; the client is told when to try again.
    return problemResponse(problem(503, error.message), { "Retry-After": String(RETRY_SECONDS) });
  }
  console.error(`${c.req.method} ${c.req.path}:`, error);
  return problemResponse(problem(500, "The service failed to answer this request"));
}
