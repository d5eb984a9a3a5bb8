// The service's OpenAPI document: each route's parameters from the schemas its validator runs,
// its answers from the schemas of what its handler returns. Loaded on the first request for
// /openapi.json, with the answer schemas, so that a cold start pays for neither.
import {
  components,
  healthSchema,
  problemSchema,
  resolvedToolResponseSchema,
  searchResponseSchema,
  summaryResponseSchema,
} from "./answers.ts";
import { type AnswerDoc, openApiDocument, type RouteDoc } from "./openapi.ts";
import {
  MAX_LIMIT,
  MAX_QUERY_LENGTH,
  searchQuerySchema,
  summaryQuerySchema,
  toolParamsSchema,
} from "./query.ts";

/** A JSON answer in the OpenAPI document. */
function json(description: string, schema: AnswerDoc["schema"]): AnswerDoc {
  return { description, contentType: "application/json", schema };
}

/** A problem answer in the OpenAPI document. */
function problemAnswer(description: string): AnswerDoc {
  return { description, contentType: "application/problem+json", schema: problemSchema };
}

const problems = {
  400: problemAnswer("A parameter is invalid"),
  401: problemAnswer("Missing or wrong bearer token"),
};

/** The routes as /openapi.json describes them, with the schemas their validators use. */
const ROUTE_DOCS: readonly RouteDoc[] = [
  {
    path: "/search",
    summary: "Search tools",
    description:
      "Tools matching every given filter, in config load order (or by relevance in ranked mode), in pages of `limit`.",
    query: searchQuerySchema,
    responses: { 200: json("One page of results", searchResponseSchema), ...problems },
  },
  {
    path: "/summary",
    summary: "Summarise the CLIs",
    description: "One overview per loaded config: name, description, tool count, category, tags.",
    query: summaryQuerySchema,
    responses: { 200: json("The CLIs", summaryResponseSchema), ...problems },
  },
  {
    path: "/tools/{tool_name}",
    summary: "Get one tool",
    description: "The tool's full definition with its CLI's command; env values are masked.",
    params: toolParamsSchema,
    responses: {
      200: json("The tool", resolvedToolResponseSchema),
      404: problemAnswer("No tool has this name"),
      ...problems,
    },
  },
  {
    path: "/healthz",
    summary: "Health check",
    description: "Always open, even when a bearer token protects the other routes.",
    responses: { 200: json("The service is up", healthSchema) },
  },
];

/** The OpenAPI 3.1 document of the service, for an index of this `version`. */
export function serviceDocument(version: string): Record<string, unknown> {
  return openApiDocument(ROUTE_DOCS, {
    title: "tool-index",
    version,
    description:
      `Progressive discovery of MCP tools: search the catalogue, then fetch one tool. limit is 0 to ${MAX_LIMIT}; query is at most ${MAX_QUERY_LENGTH} characters.`,
  }, components);
}
