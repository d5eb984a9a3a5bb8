// The small middleware of the service, each one concern: the URL's length, HEAD's headers, the
// request log, the first answer told, who may reach the routes that call tools, the headers that
// tie an answer to the catalogue's content, and middleware whose module loads on first use.
import type { MiddlewareHandler } from "hono";
import { mayEncode, varyOnEncoding } from "./compression.ts";
import { problem, problemResponse } from "./problem.ts";
import { MAX_URL_LENGTH } from "./query.ts";
import { routeOf } from "./routes.ts";
import type { ServiceSettings } from "./settings.ts";
import { CODE_HASH } from "../catalogue/compiled.ts";
import { PACKAGE_VERSION } from "../answer/package_version.ts";

/**
 * A 414 problem for a request target longer than `MAX_URL_LENGTH`, and a 400 for a query string
 * with a malformed percent escape, before any work on it.
 */
export function urlLimit(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    // The origin is not part of what the client sent as the target.
    const target = url.length - url.indexOf("/", url.indexOf("//") + 2);
    if (target > MAX_URL_LENGTH) {
      return problemResponse(
        problem(414, `The URL is ${target} characters, over the limit of ${MAX_URL_LENGTH}`),
      );
    }
    // A `%` that starts no escape would be read as the text it is: it is what the client meant
    // by none, so it is refused rather than guessed at.
    const query = url.indexOf("?");
    if (query !== -1 && /%(?![0-9A-Fa-f]{2})/.test(url.slice(query))) {
      return problemResponse(
        problem(400, "The query string holds a % that starts no escape: write it as %25"),
      );
    }
    return await next();
  };
}

/**
 * A HEAD answer with the headers of the GET it stands for: the Content-Length of the body a GET
 * would send, and the `Vary: Accept-Encoding` of an answer that compression may encode (of a
 * compressible type, on a route that is not `uncompressed`). Hono answers HEAD with the GET
 * route's answer and drops its body afterwards, Deno then counts no bytes at all, and the
 * compression middleware passes HEAD by.
 */
export function headAnswer(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method !== "HEAD" || !res.body) return;
    // Set on the answer itself: Hono lays the headers of the answer it replaces over a new one.
    const headers = res.headers;
    if (!routeOf(c.req.path)?.uncompressed && mayEncode(res)) varyOnEncoding(headers);
    if (headers.has("Content-Length")) return;
    headers.set("Content-Length", String((await res.arrayBuffer()).byteLength));
    c.res = new Response(null, { status: res.status, statusText: res.statusText, headers });
  };
}

/**
 * Calls `answered` once, after the first request has been answered and its answer sent on:
 * what waits for the service to serve (see `ServedCatalogue.serving`) begins then.
 */
export function firstAnswer(answered: () => void): MiddlewareHandler {
  let told = false;
  return async (_c, next) => {
    await next();
    if (told) return;
    told = true;
    afterThisTask(answered);
  };
}

/**
 * Runs `task` in a task of its own, after the current one, and so after an answer returned now
 * has been handed to the server: work done in this task or its microtasks would delay it. A
 * message, not a timer: the first timer of a process loads Deno's timers, which would delay the
 * first answer.
 */
function afterThisTask(task: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    task();
  };
  channel.port2.postMessage(null);
}

/** One log line per request, after it is answered (see `logRequest`). */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const start = Date.now();
    await next();
    logRequest(c.req.raw, c.res.status, start);
  };
}

/**
 * Prints the log line of `request`, answered with `status`, begun at `start` (`Date.now()`):
 * method, path and query, status and time, as Hono's logger words its line for an answer,
 * without the colours that only garble a log file.
 */
export function logRequest(request: Request, status: number, start: number): void {
  const url = request.url;
  const elapsed = Date.now() - start;
  const time = elapsed < 1000 ? `${elapsed}ms` : `${Math.round(elapsed / 1000)}s`;
  console.log(`${request.method} ${url.slice(url.indexOf("/", 8))} ${status} ${time}`);
}

/**
 * What an ETag says beside the content: the code that serves the answer. A search's answers
 * depend on the ranking code as much as on the tools, so other code with the same configs (a
 * new deployment) gives other tags, and a client that revalidates gets its answers, not a 304.
 */
const SERVING_CODE = `${PACKAGE_VERSION}-${CODE_HASH.slice(0, 12)}`;

/**
 * ETag from the content hash that `contentHash` reads at each request and the code serving it,
 * so a client revalidates without the body being hashed and sees a change at its next request,
 * and Cache-Control on successful reads.
 */
export function cacheHeaders(
  contentHash: () => string,
  settings: ServiceSettings,
): MiddlewareHandler {
  const suffix = settings.exposeEnv ? "-env" : "";
  const cacheControl = `${
    settings.authToken ? "private" : "public"
  }, max-age=${settings.cacheMaxAge}`;
  return async (c, next) => {
    const tag = `W/"${contentHash()}-${SERVING_CODE}${suffix}"`;
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return;
    if (!c.res.ok || c.res.headers.has("Cache-Control")) return;
    // A page for people has a tag of its own: a 304 must never stand for the JSON of its URL.
    const html = c.res.headers.get("Content-Type")?.startsWith("text/html") ?? false;
    c.res.headers.set("ETag", html ? `${tag.slice(0, -1)}-html"` : tag);
    c.res.headers.set("Cache-Control", cacheControl);
  };
}

// Who may use the routes that call tools, when the service offers calls: a request whose `Host`
// is not one of the service's names (DNS rebinding: a page of another site whose name now points
// at this machine), that a browser sends from another site (`Origin`), or, without `AUTH_TOKEN`,
// that comes from another machine is refused before any work. Clients that are not browsers send
// no `Origin`, and their own `Host`: the address they come from is what tells them apart.

/** The names of this machine's loopback interfaces. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** The host name of a `Host` header, an origin's authority or a name given, lower case, no port. */
function hostName(authority: string): string {
  const lower = authority.trim().toLowerCase();
  if (lower.startsWith("[")) return lower.slice(0, lower.indexOf("]") + 1);
  // An IPv6 address without brackets has several colons, and no port.
  if (lower.indexOf(":") !== lower.lastIndexOf(":")) return `[${lower}]`;
  const colon = lower.indexOf(":");
  return colon === -1 ? lower : lower.slice(0, colon);
}

/** Whether `address` (a peer's IP address) is this machine's own. */
function isLoopbackAddress(address: string): boolean {
  return address === "::1" || /^(::ffff:)?127\./.test(address);
}

/**
 * Refuses (403) a request to a route that calls tools whose `Host` is not one the service
 * answers to: the names of `ALLOWED_HOSTS`, or without them the loopback names, or, with
 * `AUTH_TOKEN` set, any (a page of another site cannot send the token); whose `Origin` is
 * neither the service's own nor one of `CORS_ORIGIN`'s list; or, without `AUTH_TOKEN`, that comes
 * from another address than loopback, whatever `Host` it names. `offersCalls` says, at each
 * request, whether the service calls tools at all: a service that does not refuses only the
 * pages of origins out of `CORS_ORIGIN`'s list, when there is one.
 */
export function callerGuard(
  settings: ServiceSettings,
  offersCalls: () => boolean,
): MiddlewareHandler {
  const hosts = settings.allowedHosts !== null
    ? new Set(settings.allowedHosts.map(hostName))
    : settings.authToken === null
    ? new Set([...LOOPBACK].map(hostName))
    : null;
  const origins = new Set(settings.corsOrigin === "*" ? [] : settings.corsOrigin);
  const refuse = (detail: string) => problemResponse(problem(403, detail));
  const foreign = (origin: string) =>
    refuse(`Pages of ${origin} may not use this route: set CORS_ORIGIN to allow them`);
  return async (c, next): Promise<Response | void> => {
    const origin = c.req.header("Origin");
    if (!offersCalls()) {
      // Without calls, only CORS_ORIGIN's list, when there is one, limits the pages.
      if (origin !== undefined && origins.size > 0 && !origins.has(origin)) return foreign(origin);
      return await next();
    }
    const peer = (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;
    if (settings.authToken === null && peer?.hostname && !isLoopbackAddress(peer.hostname)) {
      return refuse(
        "This service calls tools for this machine alone: set AUTH_TOKEN to serve others",
      );
    }
    const host = c.req.header("Host") ?? new URL(c.req.url).host;
    if (hosts !== null && !hosts.has(hostName(host))) {
      return refuse(
        `${hostName(host)} is not a name of this service: set ALLOWED_HOSTS to answer to it`,
      );
    }
    if (origin !== undefined && !origins.has(origin)) {
      const own = URL.canParse(origin) && new URL(origin).host.toLowerCase() === host.toLowerCase();
      if (!own) return foreign(origin);
    }
    await next();
  };
}

/**
 * A middleware that `load` makes when a request first needs it: its module loads then, not at
 * every cold start.
 */
export function loadedOnUse(load: () => Promise<MiddlewareHandler>): MiddlewareHandler {
  let handler: Promise<MiddlewareHandler> | undefined;
  return async (c, next) => await (await (handler ??= load()))(c, next);
}
