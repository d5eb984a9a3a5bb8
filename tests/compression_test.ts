import assert from "node:assert/strict";
import { Hono } from "hono";
import {
  compression,
  type CompressionOptions,
  preferredEncoding,
} from "../src/http/compression.ts";

const BODY = JSON.stringify({ text: "tool ".repeat(400) });

/** An app whose one route answers `BODY` as JSON with `headers` and `status`, compressed. */
function app(
  headers: Record<string, string> = {},
  status: 200 | 206 = 200,
  encode = compression(),
): Hono {
  const served = new Hono();
  served.use(encode);
  served.get("/", (c) => c.body(BODY, status, { "Content-Type": "application/json", ...headers }));
  return served;
}

async function decoded(response: Response): Promise<string> {
  const encoding = response.headers.get("Content-Encoding");
  if (encoding === null) return await response.text();
  const format = encoding === "br" ? "brotli" : encoding as CompressionFormat;
  return await new Response(response.body!.pipeThrough(new DecompressionStream(format))).text();
}

Deno.test("preferredEncoding() takes the highest q-value, ties to gzip, refusals and bad q-values kept", () => {
  for (
    const [accept, expected] of [
      ["gzip, deflate, br", "gzip"],
      ["br, deflate", "deflate"],
      ["br;q=1, gzip;q=0.9", "br"],
      ["*", "gzip"],
      ["gzip;q=0, *", "deflate"],
      ["gzip ;q=0, *", "deflate"],
      ["gzip ; q=0.5, br;q=0.4", "gzip"],
      ["gzip;q=2, deflate;q=0.1", "deflate"],
      ["gzip;q=, br;q=0.2", "br"],
      ["*;q=0", undefined],
      ["identity", undefined],
      ["", undefined],
    ] as const
  ) {
    assert.equal(preferredEncoding(accept), expected, accept);
  }
  assert.equal(preferredEncoding(undefined), undefined);
});

Deno.test("compression() encodes as the client prefers, and a decoded answer is the answer", async () => {
  for (const [accept, encoding] of [["deflate", "deflate"], ["br", "br"], ["*", "gzip"]]) {
    const response = await app().request("/", { headers: { "Accept-Encoding": accept } });
    assert.equal(response.headers.get("Content-Encoding"), encoding, accept);
    assert.equal(response.headers.get("Vary"), "Accept-Encoding");
    assert.equal(await decoded(response), BODY);
  }
  const plain = await app().request("/", { headers: { "Accept-Encoding": "identity" } });
  assert.equal(plain.headers.get("Content-Encoding"), null);
  assert.equal(plain.headers.get("Vary"), "Accept-Encoding", "it varies, encoded or not");
  assert.equal(await plain.text(), BODY);
});

Deno.test("compression() drops the plain answer's length and weakens its ETag", async () => {
  const length = String(new TextEncoder().encode(BODY).length);
  const served = app({ "Content-Length": length, ETag: '"v1"' });
  const response = await served.request("/", { headers: { "Accept-Encoding": "gzip" } });
  assert.equal(response.headers.get("Content-Encoding"), "gzip");
  assert.equal(response.headers.get("Content-Length"), null);
  assert.equal(response.headers.get("ETag"), 'W/"v1"');
  assert.equal(await decoded(response), BODY);
});

Deno.test("compression() leaves alone a part, a no-transform answer, a short one and HEAD's", async () => {
  const gzip = { headers: { "Accept-Encoding": "gzip" } };
  const cases: [string, Hono, RequestInit][] = [
    ["a part of the body", app({}, 206), gzip],
    ["no-transform", app({ "Cache-Control": "public, no-transform" }), gzip],
    ["shorter than 1 KiB", app({ "Content-Length": "1000" }), gzip],
    ["HEAD", app(), { ...gzip, method: "HEAD" }],
  ];
  for (const [label, served, init] of cases) {
    const response = await served.request("/", init);
    assert.equal(response.headers.get("Content-Encoding"), null, label);
    await response.body?.cancel();
  }
});

Deno.test("compression() adds Accept-Encoding to Vary once, and never to Vary: *", async () => {
  for (
    const [vary, expected] of [
      ["*", "*"],
      ["Accept", "Accept, Accept-Encoding"],
      ["accept-encoding", "accept-encoding"],
      ["X-Accept-Encoding-Copy", "X-Accept-Encoding-Copy, Accept-Encoding"],
    ]
  ) {
    const response = await app({ Vary: vary }).request("/", {
      headers: { "Accept-Encoding": "gzip" },
    });
    assert.equal(response.headers.get("Vary"), expected, vary);
    await response.body?.cancel();
  }
});

Deno.test("compression() that starts cold sends as it is the first answer it would encode, then encodes", async () => {
  const served = app({}, 200, compression({ startCold: true }));
  const request = (accept: string) =>
    served.request("/", { headers: { "Accept-Encoding": accept } });
  // An answer the client takes only as it is is not the one sent as it is.
  const identity = await request("identity");
  assert.equal(identity.headers.get("Content-Encoding"), null);
  const first = await request("gzip");
  assert.equal(first.headers.get("Content-Encoding"), null);
  assert.equal(first.headers.get("Vary"), "Accept-Encoding", "it varies all the same");
  assert.equal(await first.text(), BODY);
  for (const accept of ["gzip", "br"]) {
    const next = await request(accept);
    assert.equal(next.headers.get("Content-Encoding"), accept);
    assert.equal(await decoded(next), BODY);
  }
});

Deno.test("compression().warmUp() ends a cold start: the next answer is encoded", async () => {
  for (const options of [{ startCold: true }, {}] as CompressionOptions[]) {
    const encode = compression(options);
    encode.warmUp();
    const response = await app({}, 200, encode).request("/", {
      headers: { "Accept-Encoding": "gzip" },
    });
    assert.equal(response.headers.get("Content-Encoding"), "gzip", JSON.stringify(options));
    assert.equal(await decoded(response), BODY);
  }
});
