// Whole answers kept, to be cloned. For one content of the catalogue, a successful GET answer
// depends only on the URL and the request headers named in VARY: a repeated request is answered
// from here without running validation, search, serialisation or the middleware that would set
// the same headers again. Every answer goes when the content changes. Bounded by entries and
// bytes, least recently used first out.
import type { MiddlewareHandler } from "hono";

/** The request headers an answer of this service can depend on. */
const VARY = ["accept", "accept-encoding", "origin", "authorization", "if-none-match"] as const;

/** Limits of a response cache. */
export interface ResponseCacheOptions {
  /** Most answers kept. */
  maxEntries: number;
  /** Most body bytes kept, over all answers. */
  maxBytes: number;
  /** Largest single body kept. */
  maxBodyBytes: number;
  /** The content hash now: the answers kept for another content are dropped. */
  contentHash: () => string;
}

interface Entry {
  /** Never sent itself, only cloned: a clone shares its bytes and skips header validation. */
  response: Response;
  bytes: number;
}

/** Keeps successful GET answers and replays them for the same request. */
export function responseCache(options: ResponseCacheOptions): MiddlewareHandler {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let kept = options.contentHash();

  const keyOf = (request: Request) => {
    let key = request.url;
    for (const name of VARY) key += `\n${request.headers.get(name) ?? ""}`;
    return key;
  };

  return async function responseCache(c, next) {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return await next();
    const at = options.contentHash();
    if (at !== kept) {
      entries.clear();
      bytes = 0;
      kept = at;
    }
    const key = keyOf(c.req.raw);
    const hit = entries.get(key);
    if (hit) {
      // Most recently used moves to the end of the map's order.
      entries.delete(key);
      entries.set(key, hit);
      // HEAD too gets the body, which is what says its length; Hono sends none.
      c.res = hit.response.clone();
      return;
    }
    await next();
    const res = c.res;
    // An answer computed while the content changed is not kept for the new content.
    if (options.contentHash() !== at || kept !== at) return;
    if (method !== "GET" || res.status !== 200 || !res.headers.has("ETag") || !res.body) return;
    const length = Number(res.headers.get("Content-Length") ?? 0);
    if (length > options.maxBodyBytes) return;
    const body: Uint8Array<ArrayBuffer> = new Uint8Array(await res.arrayBuffer());
    const response = new Response(body, res);
    c.res = response.clone();
    if (body.byteLength > options.maxBodyBytes) return;
    // Reading the body may have let the content change.
    if (options.contentHash() !== at || kept !== at) return;
    entries.set(key, { response, bytes: body.byteLength });
    bytes += body.byteLength;
    for (const [oldest, old] of entries) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      entries.delete(oldest);
      bytes -= old.bytes;
    }
  };
}
