// The routes of the service, listed once. The app registers a handler for each, `GET /` links
// them, a request for a route's path with another method gets a 405, and /openapi.json documents
// the routes that have a `doc`; what sets one route apart (revalidation, an open door, headers a
// browser may read) is a field of its own here, not a path spelled out elsewhere.
import {
  NAMESPACES_QUERY,
  type ParamSpecs,
  SEARCH_QUERY,
  SUMMARY_QUERY,
  TOOL_PARAMS,
} from "./query.ts";

/** The component of /openapi.json that an answer's body is. */
export type AnswerSchemaId =
  | "Home"
  | "JsonDocument"
  | "JsonRpcMessage"
  | "JsonRpcRequest"
  | "SearchResponse"
  | "SummaryResponse"
  | "NamespacesResponse"
  | "ToolResponse"
  | "BackendsResponse"
  | "Health"
  | "CallArguments"
  | "CallResult"
  | "Problem";

/**
 * One answer of a route in /openapi.json: a `Problem` is `application/problem+json`, anything
 * else `application/json` unless `types` name its media types.
 */
export interface AnswerDoc {
  description: string;
  schema: AnswerSchemaId;
  types?: readonly string[];
}

/** How /openapi.json describes a route. */
export interface RouteDoc {
  /** The method it documents: GET (the default), or POST with a JSON body of `body`. */
  post?: { body: AnswerSchemaId; description: string };
  summary: string;
  description: string;
  /** The parameters its validator reads from the query string. */
  query?: ParamSpecs;
  /** The parameters its validator reads from the path. */
  params?: ParamSpecs;
  responses: Readonly<Record<number, AnswerDoc>>;
}

/** One route. */
export interface Route {
  /** Its key among the links of `GET /`. */
  name: string;
  /** Its path as OpenAPI writes it, with `{name}` for a parameter. */
  path: string;
  /**
   * `GET` (which answers `HEAD` too), `POST` for a call, or `ALL` for an endpoint that takes
   * every method.
   */
  method: "GET" | "POST" | "ALL";
  /**
   * Whether a GET that names the version's ETag in `If-None-Match` gets a 304 (Hono's etag
   * middleware). Other answers are never revalidated, which spares hashing their bodies.
   */
  cacheable: boolean;
  /** Served without the bearer token that `AUTH_TOKEN` asks of every other route. */
  open?: boolean;
  /**
   * Sent as it is, never compressed, whatever the client accepts: a small answer that probes
   * ask for often, where compressing would cost more than the bytes it saves.
   */
  uncompressed?: boolean;
  /** The response headers of its own that CORS lets a browser page read. */
  exposeHeaders?: readonly string[];
  /** It calls tools: only the service's own names and origins may reach it (see `callerGuard`). */
  calls?: boolean;
  /** How /openapi.json describes it; a route without one is left out of the document. */
  doc?: RouteDoc;
  /** A file of the browse pages, not part of the API: neither linked from `GET /` nor documented. */
  asset?: boolean;
}

const PROBLEMS = {
  400: { description: "A parameter is invalid", schema: "Problem" },
  401: { description: "Missing or wrong bearer token", schema: "Problem" },
} as const;

/** Every route of the service, in the order `GET /` links them. */
export const ROUTES = [
  {
    name: "home",
    path: "/",
    method: "GET",
    cacheable: true,
    doc: {
      summary: "Describe the service",
      description:
        "What the service is, the size and content hash of its catalogue, its package version, and a link to every route.",
      responses: { 200: { description: "The service", schema: "Home" }, 401: PROBLEMS[401] },
    },
  },
  {
    name: "search",
    path: "/search",
    method: "GET",
    cacheable: true,
    doc: {
      summary: "Search tools",
      description:
        "Tools matching every given filter, in config load order (or by relevance in ranked mode), in pages of `limit`.",
      query: SEARCH_QUERY,
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
      query: SUMMARY_QUERY,
      responses: { 200: { description: "The CLIs", schema: "SummaryResponse" }, ...PROBLEMS },
    },
  },
  {
    name: "namespaces",
    path: "/namespaces",
    method: "GET",
    cacheable: true,
    doc: {
      summary: "List the namespaces",
      description:
        "The namespaces (each a CLI's name or an MCP server's), in code-point order, in pages of `limit`.",
      query: NAMESPACES_QUERY,
      responses: {
        200: { description: "One page of namespaces", schema: "NamespacesResponse" },
        ...PROBLEMS,
      },
    },
  },
  {
    name: "tool",
    path: "/tools/{tool_name}",
    method: "GET",
    cacheable: true,
    doc: {
      summary: "Get one tool",
      description:
        "The tool's full definition with how the backend picked for it reaches it: a CLImax tool's command line (env values masked), or its MCP server or handler.",
      params: TOOL_PARAMS,
      responses: {
        200: { description: "The tool", schema: "ToolResponse" },
        404: { description: "No tool has this ID or name", schema: "Problem" },
        409: { description: "Tools of several namespaces have this name", schema: "Problem" },
        ...PROBLEMS,
      },
    },
  },
  {
    name: "backends",
    path: "/tools/{tool_name}/backends",
    method: "GET",
    cacheable: true,
    doc: {
      summary: "List one tool's backends",
      description:
        "Every backend of the tool, in the order their sources came; env values are masked.",
      params: TOOL_PARAMS,
      responses: {
        200: { description: "The backends", schema: "BackendsResponse" },
        404: { description: "No tool has this ID or name", schema: "Problem" },
        409: { description: "Tools of several namespaces have this name", schema: "Problem" },
        ...PROBLEMS,
      },
    },
  },
  {
    name: "call",
    path: "/tools/{tool_name}/call",
    method: "POST",
    cacheable: false,
    calls: true,
    doc: {
      post: { body: "CallArguments", description: "The tool's arguments, as a JSON object" },
      summary: "Call one tool",
      description:
        "Calls an MCP server's tool through the index, as climax_call does over MCP: the arguments are checked against its input_schema first, and the answer is the server's own (content, structuredContent, isError); a call that cannot be made is an answer with isError true and one sentence why. Offered when the service reaches MCP servers; the body must be application/json. Only the service's own host names and the origins of its own and loopback pages (or CORS_ORIGIN's list) may use it.",
      params: TOOL_PARAMS,
      responses: {
        200: { description: "The tool's answer", schema: "CallResult" },
        404: {
          description: "No tool has this ID or name, or no call is offered",
          schema: "Problem",
        },
        409: { description: "Tools of several namespaces have this name", schema: "Problem" },
        413: { description: "The body is over 1 MiB", schema: "Problem" },
        415: { description: "The body is not application/json", schema: "Problem" },
        ...PROBLEMS,
      },
    },
  },
  {
    name: "healthz",
    path: "/healthz",
    method: "GET",
    cacheable: false,
    open: true,
    uncompressed: true,
    doc: {
      summary: "Health check",
      description: "Always open, even when a bearer token protects the other routes.",
      responses: { 200: { description: "The service is up", schema: "Health" } },
    },
  },
  {
    name: "openapi",
    path: "/openapi.json",
    method: "GET",
    cacheable: true,
    doc: {
      summary: "This document",
      description: "The OpenAPI 3.1 document of the service, generated from its routes.",
      responses: {
        200: { description: "The document", schema: "JsonDocument" },
        401: PROBLEMS[401],
      },
    },
  },
  {
    name: "config_schema",
    path: "/schema/config.json",
    method: "GET",
    cacheable: true,
    doc: {
      summary: "The config format",
      description:
        "The JSON Schema (draft 2020-12) of a CLImax config file, for editors and validators.",
      responses: {
        200: { description: "The JSON Schema", schema: "JsonDocument" },
        401: PROBLEMS[401],
      },
    },
  },
  {
    name: "mcp",
    path: "/mcp",
    method: "ALL",
    cacheable: false,
    calls: true,
    exposeHeaders: ["Mcp-Session-Id", "Mcp-Protocol-Version"],
    doc: {
      post: { body: "JsonRpcRequest", description: "A JSON-RPC request or notification" },
      summary: "The MCP endpoint",
      description:
        "MCP over Streamable HTTP, stateless: the tools climax_search and climax_get, and climax_call where the service reaches MCP servers. Its errors are JSON-RPC errors, as MCP requires, not problems; GET and DELETE get 405. The answer to initialize gives an Mcp-Session-Id, which only lets the client's notifications/cancelled reach its call. Only the service's own host names and the origins of its own and loopback pages (or CORS_ORIGIN's list) may use it (403 otherwise).",
      responses: {
        200: {
          description: "The JSON-RPC answer",
          schema: "JsonRpcMessage",
          types: ["application/json", "text/event-stream"],
        },
        202: { description: "A notification was accepted", schema: "JsonRpcMessage" },
        400: { description: "Not a JSON-RPC request", schema: "JsonRpcMessage" },
        401: PROBLEMS[401],
        403: {
          description:
            "A host name, origin or address the service does not answer (where it calls tools)",
          schema: "Problem",
        },
        406: {
          description: "The client does not accept JSON or an event stream",
          schema: "JsonRpcMessage",
        },
        415: { description: "The body is not application/json", schema: "JsonRpcMessage" },
      },
    },
  },
  {
    name: "browse_style",
    path: "/assets/browse.css",
    method: "GET",
    cacheable: true,
    asset: true,
  },
  {
    name: "browse_icon",
    path: "/assets/icon.svg",
    method: "GET",
    cacheable: true,
    asset: true,
  },
  {
    name: "browse_script",
    path: "/assets/browse.js",
    method: "GET",
    cacheable: true,
    asset: true,
  },
] as const satisfies readonly Route[];

/** The name of a route. */
export type RouteName = typeof ROUTES[number]["name"];

/** A route's path as Hono matches it: `:name` for `{name}`. */
export function honoPath(route: Route): string {
  return route.path.replace(/\{(\w+)\}/g, ":$1");
}

/** The path of the route named `name`, as OpenAPI writes it. */
export function pathOf(name: RouteName): string {
  return ROUTES.find((route) => route.name === name)!.path;
}

/** The links of `GET /`: the path of every route but `/` itself, by name. */
export function routeLinks(): Record<string, string> {
  const links: Record<string, string> = {};
  for (const route of ROUTES as readonly Route[]) {
    if (route.path !== "/" && !route.asset) links[route.name] = route.path;
  }
  return links;
}

const BY_PATH: ReadonlyMap<string, Route> = new Map(ROUTES.map((route) => [route.path, route]));
/** The routes with parameters, each with a pattern of the paths it takes. */
const PATTERNS: readonly [RegExp, Route][] = (ROUTES as readonly Route[])
  .filter((route) => route.path.includes("{"))
  .map((route) => [
    new RegExp(
      `^${route.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}$`,
    ),
    route,
  ]);

/**
 * The route that `path` (a request's path) is a path of, if any. Run by middleware on every
 * request, so a path without parameters is one lookup.
 */
export function routeOf(path: string): Route | undefined {
  return BY_PATH.get(path) ?? PATTERNS.find(([pattern]) => pattern.test(path))?.[1];
}
