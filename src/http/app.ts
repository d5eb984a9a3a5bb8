// The HTTP face of a ToolIndex. Handlers only translate between HTTP and the library; every
// cross-cutting concern is a middleware of its own, most of them Hono's.
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { compress } from "hono/compress";
import { cors } from "hono/cors";
import { etag, RETAINED_304_HEADERS as HONO_RETAINED_304_HEADERS } from "hono/etag";
import { HTTPException } from "hono/http-exception";
import { logger } from "hono/logger";
import { validator } from "hono/validator";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { InvalidCursorError } from "../errors.ts";
import type { ToolIndex } from "../tool_index.ts";
import { brotli } from "./brotli.ts";
import { maskEnv } from "./mask.ts";
import { responseCache } from "./response_cache.ts";
import { invalidParams, problem, ProblemError, problemResponse } from "./problem.ts";
import {
  MAX_URL_LENGTH,
  searchQuerySchema,
  summaryQuerySchema,
  toolParamsSchema,
} from "./query.ts";
import type { ServiceSettings } from "./settings.ts";
import { parseOrProblem } from "./validate.ts";

/** The routes, for `GET /` and for telling 405 from 404. */
const ROUTES: Record<string, string> = {
  search: "/search",
  summary: "/summary",
  tool: "/tools/{tool_name}",
  healthz: "/healthz",
  openapi: "/openapi.json",
  config_schema: "/schema/config.json",
  mcp: "/mcp",
};
const CACHEABLE_PATHS = [
  "/",
  "/search",
  "/summary",
  "/tools/*",
  "/openapi.json",
  "/schema/config.json",
];

/** Seconds a browser may reuse the answer to a CORS preflight. */
const PREFLIGHT_MAX_AGE = 600;

/**
 * What a 304 keeps of the answer it stands for: the headers RFC 9110 names, and those of CORS,
 * without which a browser would not let the page use the copy it revalidated.
 */
const RETAINED_304_HEADERS = [
  ...HONO_RETAINED_304_HEADERS,
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "access-control-expose-headers",
];

/** Room for about a thousand distinct answers, the largest a few hundred KiB. */
const RESPONSE_CACHE = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024, maxBodyBytes: 512 * 1024 };

/**
 * The secure headers that mean something on JSON answers. Those for HTML documents or old
 * browsers are left out (Opener and Agent-Cluster isolation, DNS prefetch, IE's download and
 * XSS switches, Flash's cross-domain policy): each response header costs Deno's server about
 * as much to send as a few kilobytes of body, and these would protect nothing here.
 */
const SECURE_HEADERS = {
  xFrameOptions: "DENY",
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

const KNOWN_PATH =
  /^\/(?:|search|summary|healthz|openapi\.json|schema\/config\.json|tools\/[^/]+)$/;

/** A config file the service was started without, as `/healthz` reports it. */
export interface SkippedConfig {
  /** The file's name in the config directory. */
  file: string;
  /** How many problems it has; the start's log lists them. */
  problems: number;
}

/** What the app reports about how it was started. */
export interface AppOptions {
  /** Config files left out under `SKIP_INVALID_CONFIGS`; `/healthz` lists them when set. */
  skipped?: readonly SkippedConfig[];
}

/** Builds the Hono app that serves `index` with `settings`. */
export function createApp(
  index: ToolIndex,
  settings: ServiceSettings,
  options: AppOptions = {},
): Hono {
  const app = new Hono();

  if (settings.logRequests) app.use(requestLog());
  app.use(headLength());
  app.use(responseCache(RESPONSE_CACHE));
  app.use(secureHeaders(SECURE_HEADERS));
  // Only the MCP endpoint has headers of its own for browsers to read.
  const corsOptions = {
    origin: settings.corsOrigin,
    // POST for /mcp; a stateless MCP server has no session for DELETE to end.
    allowMethods: ["GET", "HEAD", "POST", "OPTIONS"],
    allowHeaders: [
      "Authorization",
      "Content-Type",
      "Mcp-Protocol-Version",
      "Mcp-Session-Id",
      "Last-Event-ID",
    ],
    maxAge: PREFLIGHT_MAX_AGE,
  };
  const apiCors = cors(corsOptions);
  const mcpCors = cors({
    ...corsOptions,
    exposeHeaders: ["Mcp-Session-Id", "Mcp-Protocol-Version"],
  });
  app.use((c, next) => (c.req.path === "/mcp" ? mcpCors : apiCors)(c, next));
  // After the headers above, so that a browser can read the problem.
  app.use(urlLimit());
  if (settings.authToken !== null) {
    const auth = bearerAuth({ token: settings.authToken });
    app.use((c, next) => c.req.path === "/healthz" ? next() : auth(c, next));
  }
  // Only answers that carry the version's ETag are revalidated; others (such as /healthz,
  // which is never cached) would otherwise have their bodies hashed on every request. Outside
  // compression, so that a 304 keeps the Vary that the full answer would have.
  for (const path of CACHEABLE_PATHS) {
    app.use(path, etag({ retainedHeaders: RETAINED_304_HEADERS }));
  }
  app.use(compress());
  app.use(brotli());
  app.use(versionHeaders(index, settings));

  app.get(
    "/search",
    validator("query", (value) => parseOrProblem(searchQuerySchema, value)),
    (c) => {
      const { cursor, ...params } = c.req.valid("query");
      try {
        const page = index.searchPage({ ...params, cursor });
        return c.json({ mode: "search" as const, ...page }, 200);
      } catch (error) {
        if (error instanceof InvalidCursorError) {
          throw new ProblemError(invalidParams([{ name: "cursor", reason: error.message }]));
        }
        throw error;
      }
    },
  );

  app.get(
    "/summary",
    validator("query", (value) => parseOrProblem(summaryQuerySchema, value)),
    (c) => {
      const { limit } = c.req.valid("query");
      const summary = index.summary();
      return c.json({
        mode: "summary" as const,
        summary: limit === undefined ? summary : summary.slice(0, limit),
      }, 200);
    },
  );

  app.get(
    "/tools/:tool_name",
    validator("param", (value) => parseOrProblem(toolParamsSchema, value)),
    (c) => {
      const name = c.req.valid("param").tool_name;
      const resolved = index.get(name);
      if (resolved === undefined) {
        throw new ProblemError(problem(404, `No tool is named ${JSON.stringify(name)}`));
      }
      return c.json(maskEnv(resolved, settings.exposeEnv), 200);
    },
  );

  // The MCP SDK is the largest module of the service (about a quarter of a cold start), and
  // most requests never reach /mcp: it loads on the first one that does.
  let mcp: Promise<(request: Request) => Promise<Response>> | undefined;
  app.all("/mcp", async (c) => {
    mcp ??= import("./mcp.ts").then((module) => module.mcpHandler(index, settings));
    return await (await mcp)(c.req.raw);
  });

  app.get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({
      status: "ok" as const,
      tools: index.size,
      clis: index.summary().length,
      version: index.version,
      ...(settings.skipInvalidConfigs ? { skipped: options.skipped ?? [] } : {}),
    }, 200);
  });

  // Both documents are generated on their first request, from modules loaded only then: most
  // instances are never asked, and a cold start would pay about 10 ms for each.
  let openapi: Promise<Record<string, unknown>> | undefined;
  app.get("/openapi.json", async (c) => {
    openapi ??= import("./api_document.ts").then((module) => module.serviceDocument(index.version));
    return c.json(await openapi);
  });

  let schema: Promise<Record<string, unknown>> | undefined;
  app.get("/schema/config.json", async (c) => {
    schema ??= import("../json_schema.ts").then((module) => module.configJsonSchema());
    return c.json(await schema);
  });

  app.get("/", (c) =>
    c.json({
      name: "tool-index",
      description:
        "Progressive discovery of MCP tools defined by CLImax configs: search, then get one tool.",
      version: index.version,
      tools: index.size,
      clis: index.summary().length,
      links: ROUTES,
    }));

  app.notFound((c) =>
    KNOWN_PATH.test(c.req.path)
      ? problemResponse(problem(405, `${c.req.method} is not allowed on ${c.req.path}`), {
        Allow: "GET, HEAD",
      })
      : problemResponse(problem(404, `Nothing is at ${c.req.path}; see / for the routes`))
  );

  app.onError((error, c) => onError(error, c));
  return app;
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

function onError(error: Error, c: Context): Response {
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
  console.error(`${c.req.method} ${c.req.path}:`, error);
  return problemResponse(problem(500, "The service failed to answer this request"));
}

/** A 414 problem for a request target longer than `MAX_URL_LENGTH`, before any work on it. */
function urlLimit(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    // The origin is not part of what the client sent as the target.
    const target = url.length - url.indexOf("/", url.indexOf("//") + 2);
    if (target > MAX_URL_LENGTH) {
      return problemResponse(
        problem(414, `The URL is ${target} characters, over the limit of ${MAX_URL_LENGTH}`),
      );
    }
    return await next();
  };
}

/**
 * The Content-Length of a HEAD answer: that of the body a GET would send. Hono answers HEAD with
 * the GET route's answer and drops its body afterwards, and Deno then counts no bytes at all.
 */
function headLength(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method !== "HEAD" || !res.body || res.headers.has("Content-Length")) return;
    const length = (await res.arrayBuffer()).byteLength;
    const headers = new Headers(res.headers);
    headers.set("Content-Length", String(length));
    c.res = new Response(null, { status: res.status, statusText: res.statusText, headers });
  };
}

/** One log line per request, after it is answered: method, path, status and time. */
function requestLog(): MiddlewareHandler {
  // Hono's logger prints a line as a request comes in and one as it goes out; keep the second,
  // without the colours it adds, which only garble a log file.
  return logger((line) => {
    if (line.startsWith("<--")) return;
    // deno-lint-ignore no-control-regex -- the escape character is what colour codes start with
    console.log(line.replace(/^--> /, "").replace(/\x1b\[[0-9;]*m/g, ""));
  });
}

/**
 * ETag from the index version, so a client revalidates without the body being hashed, and
 * Cache-Control on successful reads.
 */
function versionHeaders(index: ToolIndex, settings: ServiceSettings): MiddlewareHandler {
  const tag = `W/"${index.version}${settings.exposeEnv ? "-env" : ""}"`;
  const cacheControl = `${
    settings.authToken ? "private" : "public"
  }, max-age=${settings.cacheMaxAge}`;
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return;
    if (!c.res.ok || c.res.headers.has("Cache-Control")) return;
    c.res.headers.set("ETag", tag);
    c.res.headers.set("Cache-Control", cacheControl);
  };
}
