// Brotli for clients that ask for it. Hono's compress middleware, which this sits inside,
// knows gzip and deflate only; a response this one encodes is left alone by it.
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

const THRESHOLD = 1024;

/** The q-value a client gives an encoding in Accept-Encoding, `*` included; 0 when absent. */
function quality(header: string, encoding: string): number {
  let wildcard = 0;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = q === undefined ? 1 : Number(q.slice(2));
    if (name === encoding) return Number.isFinite(value) ? value : 0;
    if (name === "*") wildcard = Number.isFinite(value) ? value : 0;
  }
  return wildcard;
}

/** Encodes compressible answers of at least 1 KiB with brotli when the client prefers it. */
export function brotli(): MiddlewareHandler {
  return async function brotli(c, next) {
    await next();
    const accept = c.req.header("Accept-Encoding");
    const res = c.res;
    if (
      accept === undefined || c.req.method === "HEAD" || !res.body ||
      res.headers.has("Content-Encoding") ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get("Content-Type") ?? "") ||
      Number(res.headers.get("Content-Length") ?? THRESHOLD) < THRESHOLD
    ) return;
    const br = quality(accept, "br");
    if (br === 0 || br < quality(accept, "gzip") || br < quality(accept, "deflate")) return;
    c.res = new Response(res.body.pipeThrough(new CompressionStream("brotli")), res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", "br");
    const vary = c.res.headers.get("Vary");
    if (vary === null) c.res.headers.set("Vary", "Accept-Encoding");
    else if (!/accept-encoding/i.test(vary)) c.res.headers.set("Vary", `${vary}, Accept-Encoding`);
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
