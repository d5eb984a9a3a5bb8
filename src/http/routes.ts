// The routes of the service, listed once. The app registers a handler for each, `GET /` links
// them, ETags and the response cache follow `cacheable`, a request for a route's path with
// another method gets a 405, and /openapi.json documents the routes that have a `doc`.
import type { z } from "zod";
import { searchQuerySchema, summaryQuerySchema, toolParamsSchema } from "./query.ts";

/** The component of /openapi.json that an answer's body is. */
export type AnswerSchemaId =
  | "SearchResponse"
  | "SummaryResponse"
  | "ResolvedTool"
  | "Health"
  | "Problem";

/** One answer of a route in /openapi.json: a `Problem` is `application/problem+json`. */
export interface AnswerDoc {
  description: string;
  schema: AnswerSchemaId;
}

/** How /openapi.json describes a route. */
export interface RouteDoc {
  summary: string;
  description: string;
  /** The schema its validator runs on the query string. */
  query?: z.ZodObject;
  /** The schema its validator runs on the path's parameters. */
  params?: z.ZodObject;
  responses: Readonly<Record<number, AnswerDoc>>;
}

/** One route. */
export interface Route {
  /** Its key among the links of `GET /`. */
  name: string;
  /** Its path as OpenAPI writes it, with `{name}` for a parameter. */
  path: string;
  /** `GET` (which answers `HEAD` too), or `ALL` for an endpoint that takes every method. */
  method: "GET" | "ALL";
  /** Whether its answers carry the index version's ETag, and are kept by the response cache. */
  cacheable: boolean;
  /** How /openapi.json describes it; a route without one is left out of the document. */
  doc?: RouteDoc;
}

const PROBLEMS = {
  400: { description: "A parameter is invalid", schema: "Problem" },
  401: { description: "Missing or wrong bearer token", schema: "Problem" },
} as const;

/** Every route of the service, in the order `GET /` links them. */
export const ROUTES = [
  { name: "home", path: "/", method: "GET", cacheable: true },
  {
    name: "search",
    path: "/search",
    method: "GET",
    cacheable: true,
    doc: {
      summary: "Search tools",
      description:
        "Tools matching every given filter, in config load order (or by relevance in ranked mode), in pages of `limit`.",
      query: searchQuerySchema,
      responses: {
        200: { description: "One page of results", schema: "SearchResponse" },
        ...PROBLEMS,
      },
    },
  },
  {
    name: "summary",
    path: "/summary",
    method: "GET",
    cacheable: true,
    doc: {
      summary: "Summarise the CLIs",
      description: "One overview per loaded config: name, description, tool count, category, tags.",
      query: summaryQuerySchema,
      responses: { 200: { description: "The CLIs", schema: "SummaryResponse" }, ...PROBLEMS },
    },
  },
  {
    name: "tool",
    path: "/tools/{tool_name}",
    method: "GET",
    cacheable: true,
    doc: {
      summary: "Get one tool",
      description: "The tool's full definition with its CLI's command; env values are masked.",
      params: toolParamsSchema,
      responses: {
        200: { description: "The tool", schema: "ResolvedTool" },
        404: { description: "No tool has this name", schema: "Problem" },
        ...PROBLEMS,
      },
    },
  },
  {
    name: "healthz",
    path: "/healthz",
    method: "GET",
    cacheable: false,
    doc: {
      summary: "Health check",
      description: "Always open, even when a bearer token protects the other routes.",
      responses: { 200: { description: "The service is up", schema: "Health" } },
    },
  },
  { name: "openapi", path: "/openapi.json", method: "GET", cacheable: true },
  { name: "config_schema", path: "/schema/config.json", method: "GET", cacheable: true },
  { name: "mcp", path: "/mcp", method: "ALL", cacheable: false },
] as const satisfies readonly Route[];

/** The name of a route. */
export type RouteName = typeof ROUTES[number]["name"];

/** A route's path as Hono matches it: `:name` for `{name}`. */
export function honoPath(route: Route): string {
  return route.path.replace(/\{(\w+)\}/g, ":$1");
}

/** The links of `GET /`: the path of every route but `/` itself, by name. */
export function routeLinks(): Record<string, string> {
  const links: Record<string, string> = {};
  for (const route of ROUTES) if (route.path !== "/") links[route.name] = route.path;
  return links;
}

/** Whether `path` is the path of a `GET` route, so that another method on it gets a 405. */
export const isGetRoutePath: (path: string) => boolean = (() => {
  const pattern = new RegExp(
    `^(?:${
      ROUTES.filter((route) => route.method === "GET")
        .map((route) =>
          route.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")
        )
        .join("|")
    })$`,
  );
  return (path) => pattern.test(path);
})();
