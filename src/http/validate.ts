// The validation function Hono's validator middleware runs for a zod schema: what passes
// reaches the handler parsed and typed through `c.req.valid()`; what does not is a 400 problem
// naming each parameter.
import type { z } from "zod";
import { invalidParams, problemResponse } from "./problem.ts";
import { describeQueryIssues } from "./query.ts";

/**
 * `value` parsed by `schema`, an object of a route's query or path parameters, or the 400
 * problem that says what is wrong with each.
 */
export function parseOrProblem<S extends z.ZodObject>(
  schema: S,
  value: Record<string, string | string[]>,
): z.output<S> | Response {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const known = Object.keys(schema.shape);
  return problemResponse(invalidParams(describeQueryIssues(result.error.issues, value, known)));
}
