// Whole answers kept, to be cloned. For one content of the catalogue, a successful GET answer
// depends only on the URL and the request headers the settings let change it: a repeated
// request is answered from here, before it is even routed, without running validation, search,
// serialisation or the middleware that would set the same headers again. An answer is kept at
// its second request: most of an agent's searches are made once, and keeping each would cost
// copying its bytes and push out the answers that are asked again. Every answer goes when the
// content changes. Bounded by entries and bytes, least recently used first out.
import type { Hono, MiddlewareHandler } from "hono";
import { Hash64 } from "../_hash.ts";
import { logRequest } from "./middleware.ts";
import type { ServiceSettings } from "./settings.ts";

/** Limits of a response cache, and what its answers depend on. */
export interface ResponseCacheOptions {
  /**
   * The request headers, in lower case, that a successful GET answer can depend on. Each one
   * costs every request a lookup: name only those the app's settings let matter.
   */
  vary: readonly string[];
  /** Most answers kept, and most requests remembered as asked once. */
  maxEntries: number;
  /** Most body bytes kept, over all answers. */
  maxBytes: number;
  /** Largest single body kept. */
  maxBodyBytes: number;
  /** The content hash now: the answers kept for another content are dropped. */
  contentHash: () => string;
}

/** The middleware of a response cache, and what answers a request from it alone. */
export interface ResponseCache extends MiddlewareHandler {
  /**
   * A clone of the answer kept for `request`, which must be a GET or a HEAD, for the content
   * now; undefined when none is kept. What the middleware answers such a request with, without
   * running anything else: so an app may answer from here before routing the request at all.
   */
  replay(request: Request): Response | undefined;
}

interface Entry {
  /** Never sent itself, only cloned: a clone shares its bytes and skips header validation. */
  response: Response;
  bytes: number;
}

/** Keeps successful GET answers and replays them for the same request. */
export function responseCache(options: ResponseCacheOptions): ResponseCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let kept = options.contentHash();
  /** The key replayed last, already the most recently used: a run of one request moves nothing. */
  let latest: string | undefined;
  /**
   * The answers asked for once and not kept, oldest first, each by a 64-bit hash of its key: a
   * key holds a URL and request headers, which may be long. Two keys that share a hash only let
   * an answer be kept at its first request.
   */
  const once = new Set<string>();

  const keyOf = (request: Request) => {
    const headers = request.headers;
    let key = request.url;
    for (const name of options.vary) key += `\n${headers.get(name) ?? ""}`;
    return key;
  };
  /** Drops what was kept for another content than `at`, the content now. */
  const current = (at: string) => {
    if (at === kept) return;
    entries.clear();
    once.clear();
    bytes = 0;
    kept = at;
    latest = undefined;
  };
  const replay = (key: string): Response | undefined => {
    const hit = entries.get(key);
    if (hit === undefined) return undefined;
    if (key !== latest) {
      // Most recently used moves to the end of the map's order.
      entries.delete(key);
      entries.set(key, hit);
      latest = key;
    }
    return hit.response.clone();
  };

  const middleware = async function responseCache(c, next) {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return await next();
    const at = options.contentHash();
    current(at);
    const key = keyOf(c.req.raw);
    // HEAD too gets the body, which is what says its length; Hono sends none.
    const hit = replay(key);
    if (hit) {
      c.res = hit;
      return;
    }
    await next();
    const res = c.res;
    // An answer computed while the content changed is not kept for the new content.
    if (options.contentHash() !== at || kept !== at) return;
    if (method !== "GET" || res.status !== 200 || !res.headers.has("ETag") || !res.body) return;
    const length = Number(res.headers.get("Content-Length") ?? 0);
    if (length > options.maxBodyBytes) return;
    // Asked once: remembered, not kept.
    const hash = new Hash64().update(key).digest();
    if (!once.delete(hash)) {
      once.add(hash);
      if (once.size > options.maxEntries) once.delete(once.values().next().value!);
      return;
    }
    const body: Uint8Array<ArrayBuffer> = new Uint8Array(await res.arrayBuffer());
    const response = new Response(body, res);
    // Unset first: Hono's setter would otherwise copy every header of the answer it replaces
    // onto yet another Response, where this one has them already.
    c.res = undefined;
    c.res = response.clone();
    if (body.byteLength > options.maxBodyBytes) return;
    // Reading the body may have let the content change.
    if (options.contentHash() !== at || kept !== at) return;
    // Another request for the same answer may have kept it meanwhile.
    const earlier = entries.get(key);
    if (earlier !== undefined) {
      entries.delete(key);
      bytes -= earlier.bytes;
    }
    entries.set(key, { response, bytes: body.byteLength });
    latest = key;
    bytes += body.byteLength;
    for (const [oldest, old] of entries) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      entries.delete(oldest);
      bytes -= old.bytes;
      if (oldest === latest) latest = undefined;
    }
  } as MiddlewareHandler;

  return Object.assign(middleware, {
    replay(request: Request): Response | undefined {
      current(options.contentHash());
      return entries.size === 0 ? undefined : replay(keyOf(request));
    },
  });
}

/**
 * The request headers that a successful GET answer can depend on with `settings`: the client's
 * choice of media type (a page or JSON) and of encoding, the ETag it revalidates, and, only
 * where the settings make them matter, its origin (CORS answers every origin alike with `*`)
 * and its bearer token (checked only with `AUTH_TOKEN`). Reading a request header costs every
 * request an op of Deno's server.
 */
export function cachedRequestHeaders(settings: ServiceSettings): string[] {
  return [
    "accept",
    "accept-encoding",
    "if-none-match",
    ...(settings.corsOrigin === "*" ? [] : ["origin"]),
    ...(settings.authToken === null ? [] : ["authorization"]),
  ];
}

/**
 * Makes `app` answer a GET that `cache` keeps an answer for before routing it: what runs before
 * the cache's middleware does nothing to such a request (the first answer was told, a GET is
 * not a HEAD) but log it, which this does too when `log`. Routing the request and running that
 * middleware took most of the time Hono spent on a repeated search.
 */
export function answerRepeatsFirst(app: Hono, cache: ResponseCache, log: boolean): void {
  const route = app.fetch;
  app.fetch = (request, env, executionCtx) => {
    const start = log ? Date.now() : 0;
    const kept = request.method === "GET" ? cache.replay(request) : undefined;
    if (kept === undefined) return route(request, env, executionCtx);
    if (log) logRequest(request, kept.status, start);
    return kept;
  };
}
