// The HTTP face of a catalogue. Handlers only translate between HTTP and the library; every
// cross-cutting concern is a middleware of its own, most of them Hono's. Every request reads the
// registry as it is then, so a change of the catalogue is served from the next request on.
import type { Context, Hono, MiddlewareHandler } from "hono";
import { HonoBase } from "hono/hono-base";
import { TrieRouter } from "hono/router/trie-router";
import { cors } from "hono/cors";
import { etag, RETAINED_304_HEADERS as HONO_RETAINED_304_HEADERS } from "hono/etag";
import { secureHeaders } from "hono/secure-headers";
import { InvalidCursorError } from "../errors.ts";
import type { RegistryView } from "../registry/registry_view.ts";
import type { ServedCatalogue } from "../catalogue/served.ts";
import { compression } from "./compression.ts";
import {
  cacheHeaders,
  callerGuard,
  firstAnswer,
  headAnswer,
  loadedOnUse,
  requestLog,
  urlLimit,
} from "./middleware.ts";
import { answerRepeatsFirst, cachedRequestHeaders, responseCache } from "./response_cache.ts";
import { invalidParams, onError, problem, ProblemError, problemResponse } from "./problem.ts";
import { namespacesQuery, searchQuery, summaryQuery, toolParams } from "./query.ts";
import { honoPath, type Route, routeLinks, type RouteName, routeOf, ROUTES } from "./routes.ts";
import type { ServiceSettings } from "./settings.ts";
import { PACKAGE_VERSION } from "../answer/package_version.ts";
import { wantsHtml } from "./browse_accept.ts";
import { searchAnswer, searchAnswerText, whenPrepared } from "../answer/search_answer.ts";
import { backendsAnswer, toolAnswer } from "../answer/tool_answer.ts";
import { lookupTool, untilListed } from "../registry/tool_lookup.ts";
import { preloadRelatedWordsTable } from "../search/related_words_table.ts";

/** A call's body, its arguments as JSON, is read up to 1 MiB: a larger one is a 413. */
const callBody = loadedOnUse(async () =>
  (await import("hono/body-limit")).bodyLimit({
    maxSize: 1024 * 1024,
    onError: () => problemResponse(problem(413, "The body is over 1 MiB")),
  })
);

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

/** The home page's description of the service. */
const DESCRIPTION =
  "Progressive discovery of MCP tools from CLImax configs and MCP servers: search, then get one tool.";

/**
 * The secure headers that mean something on JSON answers. Those for HTML documents or old
 * browsers are left out (Opener and Agent-Cluster isolation, DNS prefetch, IE's download and
 * XSS switches, Flash's cross-domain policy): each response header costs Deno's server time
 * on every answer, and these would protect nothing here.
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

/** How an app is made, beyond its settings. */
export interface AppOptions {
  /**
   * The app serves a process that has just started: the first answer it would encode is sent as
   * it is, and the encoder runs once, off any answer, after the first answer is sent (see
   * `CompressionOptions.startCold`). Default `false`.
   */
  coldStart?: boolean;
}

/** Builds the Hono app that serves `catalogue` with `settings`. */
export function createApp(
  catalogue: ServedCatalogue,
  settings: ServiceSettings,
  options: AppOptions = {},
): Hono {
  const registry = catalogue.registry;
  const contentHash = () => registry.contentVersion;
  // The router Hono's default falls back to, which builds nothing at the first request, where
  // the default builds its regular expressions: a good part of the first answer's time. A
  // repeated request is answered before routing (see `answerRepeatsFirst`). On Hono's base
  // class: the class "hono" exports loads that default's two other routers at every start.
  const app: Hono = new HonoBase({ router: new TrieRouter() });

  const encode = compression({ startCold: options.coldStart });
  // Once the first request is answered: what the catalogue holds back, the related-words table,
  // read then off the main thread so that a ranked search does not wait for it, and the encoder.
  app.use(firstAnswer(() => {
    catalogue.serving?.();
    preloadRelatedWordsTable();
    encode.warmUp();
  }));
  if (settings.logRequests) app.use(requestLog());
  app.use(headAnswer());
  const cache = responseCache({
    ...RESPONSE_CACHE,
    vary: cachedRequestHeaders(settings),
    contentHash,
  });
  app.use(cache);
  app.use(secureHeaders(SECURE_HEADERS));
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
  // A route with headers of its own for browsers to read has its own CORS answers.
  const routeCors = new Map<Route, MiddlewareHandler>();
  for (const route of ROUTES as readonly Route[]) {
    if (route.exposeHeaders === undefined) continue;
    routeCors.set(route, cors({ ...corsOptions, exposeHeaders: [...route.exposeHeaders] }));
  }
  app.use((c, next) => {
    const route = routeOf(c.req.path);
    return ((route && routeCors.get(route)) ?? apiCors)(c, next);
  });
  // After the headers above, so that a browser can read the problem.
  app.use(urlLimit());
  // What only some routes run is one middleware that looks up the route, not one per route:
  // fewer entries for Hono's router to hold and to match.
  const guard = callerGuard(settings, () => catalogue.callers?.mcp !== undefined);
  app.use((c, next) => routeOf(c.req.path)?.calls ? guard(c, next) : next());
  const token = settings.authToken;
  if (token !== null) {
    const auth = loadedOnUse(async () =>
      (await import("hono/bearer-auth")).bearerAuth({ token, realm: "tool-index" })
    );
    app.use((c, next) => routeOf(c.req.path)?.open ? next() : auth(c, next));
  }
  // Only answers that carry the content hash's ETag are revalidated; others (such as /healthz,
  // which is never cached) would otherwise have their bodies hashed on every request. Outside
  // compression, so that a 304 keeps the Vary that the full answer would have.
  const revalidate = etag({ retainedHeaders: RETAINED_304_HEADERS });
  app.use((c, next) => routeOf(c.req.path)?.cacheable ? revalidate(c, next) : next());
  app.use((c, next) => routeOf(c.req.path)?.uncompressed ? next() : encode(c, next));
  app.use(cacheHeaders(contentHash, settings));

  const registrars = routeRegistrars(app, catalogue, settings);
  for (const route of ROUTES) registrars[route.name](route.method, honoPath(route));

  app.notFound((c) =>
    routeOf(c.req.path)?.method === "GET"
      ? problemResponse(problem(405, `${c.req.method} is not allowed on ${c.req.path}`), {
        Allow: "GET, HEAD",
      })
      : problemResponse(problem(404, `Nothing is at ${c.req.path}; see / for the routes`))
  );

  app.onError(onError);
  answerRepeatsFirst(app, cache, settings.logRequests);
  return app;
}

/**
 * For each route of `ROUTES`, what registers its handlers on `app` with the method and path the
 * table gives: a validator where the route takes parameters, then the handler itself.
 */
function routeRegistrars(
  app: Hono,
  catalogue: ServedCatalogue,
  settings: ServiceSettings,
): Record<RouteName, (method: Route["method"], path: string) => void> {
  const registry = catalogue.registry;
  // The MCP SDK is the largest module of the service, and most requests never reach /mcp: it
  // loads on the first one that does, not at every cold start.
  let mcp: Promise<(request: Request) => Promise<Response>> | undefined;
  // Both documents are generated on their first request, from modules loaded only then: most
  // instances are never asked, and a cold start should not pay for them. The OpenAPI document
  // names the content hash, and is made again when that changes.
  let openapi: { contentHash: string; document: Promise<Record<string, unknown>> } | undefined;
  let schema: Promise<Record<string, unknown>> | undefined;
  // The calls, which load the call path, are made ready by the first request for one.
  let calls: Promise<import("../answer/meta_tools.ts").MetaCall | undefined> | undefined;
  // The browse pages (hono/jsx and the page components) and their files load on the first
  // request for one.
  let browse: Promise<typeof import("./browse.tsx")> | undefined;
  const pages = () => browse ??= import("./browse.tsx");
  let sheet: Promise<typeof import("./browse_style.ts")> | undefined;
  const style = () => sheet ??= import("./browse_style.ts");
  const script = async () => (await import("./browse_script.ts")).SCRIPT;

  return {
    home: (method, path) =>
      app.on(method, path, async (c) => {
        const answer = wantsHtml(c.req.header("Accept"))
          ? await (await pages()).homeHtml(c, registry)
          : c.json({
            name: "tool-index",
            description: DESCRIPTION,
            version: registry.contentVersion,
            package_version: PACKAGE_VERSION,
            tools: registry.size,
            clis: registry.summary().length,
            links: routeLinks(),
          });
        // One URL, two answers: caches must tell them apart. Set on the answer itself, since
        // headers set through the context are laid again over any answer a middleware makes.
        answer.headers.append("Vary", "Accept");
        return answer;
      }),

    browse_icon: (method, path) =>
      app.on(method, path, file(async () => (await style()).ICON, "image/svg+xml")),

    browse_script: (method, path) =>
      app.on(method, path, file(script, "text/javascript; charset=utf-8")),

    browse_style: (method, path) =>
      app.on(method, path, file(async () => (await style()).STYLE, "text/css; charset=utf-8")),

    search: (method, path) =>
      app.on(method, path, searchQuery, (c) => {
        const { detail, ...params } = c.req.valid("query");
        const hints = {
          ranked: "Add mode=ranked to rank tools by the words of a request.",
          summary: "GET /summary says what there is; search again in its words.",
        };
        return whenPrepared(registry, params, () => {
          const answer = cursorProblem(() =>
            searchAnswer(registry, params, detail ?? "full", hints)
          );
          return c.body(searchAnswerText(answer), 200, JSON_TYPE);
        });
      }),

    summary: (method, path) =>
      app.on(method, path, summaryQuery, (c) => {
        const { limit } = c.req.valid("query");
        const summary = registry.summary();
        return c.json({
          mode: "summary" as const,
          summary: limit === undefined ? summary : summary.slice(0, limit),
        }, 200);
      }),

    namespaces: (method, path) =>
      app.on(method, path, namespacesQuery, (c) => {
        const { limit, cursor } = c.req.valid("query");
        return c.json(cursorProblem(() => registry.listNamespacesPage({ limit, cursor })), 200);
      }),

    tool: (method, path) =>
      app.on(method, path, toolParams, async (c) => {
        const reference = c.req.valid("param").tool_name;
        const page = wantsHtml(c.req.header("Accept"))
          ? await (await pages()).toolHtml(c, registry, reference, settings.exposeEnv)
          : undefined;
        const answer = page ??
          c.json(toolAnswer(registry, toolIdOf(registry, reference), settings.exposeEnv)!, 200);
        answer.headers.append("Vary", "Accept");
        return answer;
      }),

    backends: (method, path) =>
      app.on(method, path, toolParams, (c) => {
        const id = toolIdOf(registry, c.req.valid("param").tool_name);
        return c.json(backendsAnswer(registry, id, settings.exposeEnv)!, 200);
      }),

    call: (method, path) =>
      app.on(method, path, callBody, toolParams, async (c) => {
        const serve = await (calls ??= import("./calls.ts").then((module) =>
          module.serviceCall(catalogue, settings)
        ));
        if (serve === undefined) {
          throw new ProblemError(problem(
            404,
            "This service calls no tools: it reaches no MCP server (see MCP_CONFIG)",
          ));
        }
        if (!/^application\/json\s*(;|$)/i.test(c.req.header("Content-Type") ?? "")) {
          throw new ProblemError(problem(415, "The arguments must be sent as application/json"));
        }
        const body = await c.req.text();
        let args: unknown;
        try {
          args = body.trim() === "" ? {} : JSON.parse(body);
        } catch {
          throw new ProblemError(problem(400, "The body is not JSON"));
        }
        const reference = c.req.valid("param").tool_name;
        await untilListed(registry, reference, catalogue);
        return c.json(await serve(toolIdOf(registry, reference), args, {}), 200);
      }),

    healthz: (method, path) =>
      app.on(method, path, (c) => {
        c.header("Cache-Control", "no-store");
        const { status, sources } = catalogue.health();
        const skipped = sources.flatMap((source) =>
          source.kind === "file" && source.status === "failing"
            ? [{ file: source.name, problems: source.problems ?? 1 }]
            : []
        );
        return c.json({
          status,
          tools: registry.size,
          clis: registry.summary().length,
          version: registry.contentVersion,
          package_version: PACKAGE_VERSION,
          version_number: registry.version,
          sources,
          ...(settings.skipInvalidConfigs ? { skipped } : {}),
        }, 200);
      }),

    openapi: (method, path) =>
      app.on(method, path, async (c) => {
        const now = registry.contentVersion;
        if (openapi?.contentHash !== now) {
          const document = import("./openapi.ts").then((module) => module.serviceDocument(now));
          openapi = { contentHash: now, document };
        }
        return c.json(await openapi.document);
      }),

    config_schema: (method, path) =>
      app.on(method, path, async (c) => {
        schema ??= import("../config/json_schema.ts").then((module) => module.configJsonSchema());
        return c.json(await schema);
      }),

    mcp: (method, path) =>
      app.on(method, path, async (c) => {
        mcp ??= import("./mcp.ts").then((module) => module.mcpHandler(catalogue, settings));
        return await (await mcp)(c.req.raw);
      }),
  };
}

/** A handler that answers one file of the browse pages, the text `load` gives, of type `type`. */
function file(load: () => Promise<string>, type: string): (c: Context) => Promise<Response> {
  let body: Promise<string> | undefined;
  return async (c) => c.body(await (body ??= load()), 200, { "Content-Type": type });
}

/** The headers of a JSON answer written ahead, as `c.json` sets them. */
const JSON_TYPE = { "Content-Type": "application/json" };

/** What `read` returns, with an `InvalidCursorError` as the 400 problem of the `cursor`. */
function cursorProblem<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof InvalidCursorError) {
      throw new ProblemError(invalidParams([{ name: "cursor", reason: error.message }]));
    }
    throw error;
  }
}

/**
 * The ID of the tool `reference` names: its ID, or a bare name that one namespace has.
 *
 * @throws {ProblemError} A 404 naming the closest IDs when no tool matches, a 409 listing the
 * IDs when several namespaces have a tool of that name.
 */
function toolIdOf(registry: RegistryView, reference: string): string {
  const found = lookupTool(registry, reference);
  if (found.kind === "found") return found.id;
  if (found.kind === "ambiguous") {
    throw new ProblemError(problem(
      409,
      `Tools of several namespaces are named ${JSON.stringify(reference)}: ask for one by its ID (${
        found.ids.join(", ")
      })`,
    ));
  }
  const near = found.closest.length > 0 ? `; the closest: ${found.closest.join(", ")}` : "";
  throw new ProblemError(problem(404, `No tool is named ${JSON.stringify(reference)}${near}`));
}
