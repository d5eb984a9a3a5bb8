// RFC 9457 problem details: the one shape of every error answer.
import type { ContentfulStatusCode } from "hono/utils/http-status";

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

const TITLES: Partial<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Content Too Large",
  414: "URI Too Long",
  500: "Internal Server Error",
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
