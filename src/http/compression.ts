// Compression of the answers, as the client asks: gzip, deflate or brotli, chosen by one
// middleware. Where the client takes two as gladly, gzip goes first and brotli last: brotli's
// encoder spends much more CPU than gzip's to save a few bytes, and most answers are encoded
// only once, since agents seldom repeat a search.
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

/** Answers shorter than this many bytes are sent as they are. */
const THRESHOLD = 1024;

/** The encodings answers may have, as Accept-Encoding names them, in the order ties go. */
const ENCODINGS = ["gzip", "deflate", "br"] as const;

/** An encoding answers may have. */
export type Encoding = typeof ENCODINGS[number];

const FORMATS: Record<Encoding, CompressionFormat> = {
  gzip: "gzip",
  deflate: "deflate",
  br: "brotli",
};

/**
 * The q-value Accept-Encoding's `header` gives each coding it names, `*` included: a name's first
 * q-value, `*`'s last. A q-value that is not a number between 0 and 1 refuses the coding.
 */
function qualities(header: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.toLowerCase().split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    const value = q === undefined ? 1 : Number(q.slice(2).trim());
    const valid = q === undefined || (q.length > 2 && value >= 0 && value <= 1) ? value : 0;
    if (name === "*" || !found.has(name)) found.set(name, valid);
  }
  return found;
}

/**
 * The encoding that `accept`, a request's Accept-Encoding, gives the highest q-value, ties going
 * to gzip, then deflate, then brotli; undefined when it accepts none of them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { preferredEncoding } from "./compression.ts";
 *
 * assert.equal(preferredEncoding("gzip, deflate, br"), "gzip");
 * assert.equal(preferredEncoding("br, gzip;q=0.8"), "br");
 * assert.equal(preferredEncoding("identity"), undefined);
 * ```
 */
export function preferredEncoding(accept: string | undefined): Encoding | undefined {
  if (accept === undefined) return undefined;
  const found = qualities(accept);
  let preferred: Encoding | undefined;
  let best = 0;
  for (const encoding of ENCODINGS) {
    const q = found.get(encoding) ?? found.get("*") ?? 0;
    if (q > best) {
      preferred = encoding;
      best = q;
    }
  }
  return preferred;
}

/**
 * Whether `res` may be sent encoded: of a compressible type, not already encoded, not a part of
 * a body, at least `THRESHOLD` bytes when its length is known, and not marked `no-transform`.
 * Such an answer varies on Accept-Encoding, encoded or not.
 */
export function mayEncode(res: Response): boolean {
  const headers = res.headers;
  const length = headers.get("Content-Length");
  return res.status !== 206 && !headers.has("Content-Encoding") &&
    !headers.has("Transfer-Encoding") &&
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get("Content-Type") ?? "") &&
    (length === null || Number(length) >= THRESHOLD) &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get("Cache-Control") ?? "");
}

/** Adds Accept-Encoding to the Vary of `headers`, unless it names it already or is `*`. */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get("Vary");
  if (vary === null) headers.set("Vary", "Accept-Encoding");
  else if (vary.split(",").every((name) => !/^\s*(?:\*|accept-encoding)\s*$/i.test(name))) {
    headers.set("Vary", `${vary}, Accept-Encoding`);
  }
}

/** How the compression middleware begins. */
export interface CompressionOptions {
  /**
   * Send the first answer it would encode as it is, unless `warmUp` has been called: a process's
   * first encoded answer runs Deno's streams and encoder for the first time, milliseconds that a
   * cold start's first answer need not wait for, since Accept-Encoding always allows an answer
   * as it is. Default `false`.
   */
  startCold?: boolean;
}

/** The compression middleware, and what readies its encoder. */
export interface Compression extends MiddlewareHandler {
  /**
   * Encodes a short text, off any answer, so that the next answer encoded does not run the
   * encoder for the first time; from then on every answer is encoded. Does nothing without
   * `startCold`, or the second time.
   */
  warmUp(): void;
}

/**
 * Encodes every answer that `mayEncode` lets be (but HEAD's, which has no body to send) in the
 * encoding the client prefers (`preferredEncoding`), its ETag made weak.
 */
export function compression(options: CompressionOptions = {}): Compression {
  /** Whether the next answer to encode is sent as it is, which `startCold` asks once. */
  let plain = options.startCold ?? false;
  const middleware: MiddlewareHandler = async function compression(c, next) {
    await next();
    const res = c.res;
    if (c.req.method === "HEAD" || !res.body || !mayEncode(res)) return;
    varyOnEncoding(res.headers);
    const encoding = preferredEncoding(c.req.header("Accept-Encoding"));
    if (encoding === undefined) return;
    if (plain) {
      plain = false;
      return;
    }
    const stream = res.body.pipeThrough(new CompressionStream(FORMATS[encoding]));
    const encoded = new Response(stream, res);
    const headers = encoded.headers;
    headers.delete("Content-Length");
    headers.set("Content-Encoding", encoding);
    const etag = headers.get("ETag");
    if (etag !== null && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    // Unset first: Hono's setter would otherwise lay the headers of the answer it replaces (its
    // Content-Length, its strong ETag) over these, on yet another Response.
    c.res = undefined;
    c.res = encoded;
  };
  let warmed = !options.startCold;
  const warmUp = () => {
    if (warmed) return;
    warmed = true;
    plain = false;
    const sample = new Response("{}".padEnd(THRESHOLD, " ")).body!;
    new Response(sample.pipeThrough(new CompressionStream(FORMATS.gzip))).arrayBuffer()
      .catch(() => {});
  };
  return Object.assign(middleware, { warmUp });
}
