import assert from "node:assert/strict";
import { Hono } from "hono";
import { responseCache } from "../src/http/response_cache.ts";

/** The request headers the answers of these tests depend on. */
const VARY = ["accept", "accept-encoding", "origin", "authorization", "if-none-match"];

/**
 * An app that counts how often its handler runs and tags answers with an ETag; `content.version`
 * is the version of what it serves.
 */
function counting(limits = { maxEntries: 100, maxBytes: 1 << 20, maxBodyBytes: 1 << 16 }) {
  const calls = { count: 0 };
  const content = { version: "1" };
  const app = new Hono();
  app.use(responseCache({ ...limits, vary: VARY, contentHash: () => content.version }));
  app.get("/item/:id", (c) => {
    calls.count++;
    c.header("ETag", '"v1"');
    return c.json({ id: c.req.param("id"), encoding: c.req.header("Accept-Encoding") ?? null });
  });
  app.get("/untagged", (c) => {
    calls.count++;
    return c.json({ calls: calls.count });
  });
  app.get("/big", (c) => {
    calls.count++;
    c.header("ETag", '"big"');
    return c.text("x".repeat(100_000));
  });
  return { app, calls, content };
}

/** Asks `app` for `path` `times` times, reading each answer. */
async function ask(app: Hono, path: string, times = 1, init?: RequestInit): Promise<void> {
  for (let i = 0; i < times; i++) await (await app.request(path, init)).text();
}

Deno.test("responseCache() keeps a GET's answer at its second request and replays it byte for byte", async () => {
  const { app, calls } = counting();
  const first = await app.request("/item/1");
  const firstBody = await first.text();
  await ask(app, "/item/1");
  assert.equal(calls.count, 2, "an answer asked for once is not kept");
  const third = await app.request("/item/1");
  assert.equal(await third.text(), firstBody);
  assert.deepEqual([...third.headers], [...first.headers]);
  assert.equal(calls.count, 2);
});

Deno.test("responseCache() remembers at most maxEntries requests asked for once", async () => {
  const { app, calls } = counting({ maxEntries: 2, maxBytes: 1 << 20, maxBodyBytes: 1 << 16 });
  for (const id of [2, 3, 4]) await ask(app, `/item/${id}`);
  assert.equal(calls.count, 3);
  // 2, the oldest, was forgotten: asked again, it is remembered, not kept.
  await ask(app, "/item/2");
  assert.equal(calls.count, 4);
  await ask(app, "/item/2", 2);
  assert.equal(calls.count, 5);
  // 4 was still remembered: its second request keeps it.
  await ask(app, "/item/4", 2);
  assert.equal(calls.count, 6);
});

Deno.test("responseCache() keeps answers apart by URL and by the headers they depend on", async () => {
  const { app, calls } = counting();
  for (
    const [path, headers] of [
      ["/item/1", {}],
      ["/item/2", {}],
      ["/item/1", { "Accept-Encoding": "gzip" }],
      ["/item/1", { Origin: "https://a.example" }],
      ["/item/1", { Authorization: "Bearer a" }],
      ["/item/1", { Authorization: "Bearer b" }],
    ] as const
  ) {
    await ask(app, path, 2, { headers });
  }
  assert.equal(calls.count, 12);
  const again = await app.request("/item/1", { headers: { "Accept-Encoding": "gzip" } });
  assert.equal(JSON.parse(await again.text()).encoding, "gzip");
  assert.equal(calls.count, 12);
});

Deno.test("responseCache() keeps only successful answers that carry an ETag", async () => {
  const { app, calls } = counting();
  await ask(app, "/untagged", 3);
  assert.equal(calls.count, 3);
  await ask(app, "/nowhere");
  await ask(app, "/item/1", 1, { method: "POST" });
  await ask(app, "/big", 3);
  assert.equal(calls.count, 6, "a body over maxBodyBytes is not kept");
});

Deno.test("responseCache() answers HEAD from a kept GET without a body", async () => {
  const { app, calls } = counting();
  await ask(app, "/item/1", 2);
  const head = await app.request("/item/1", { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(head.body, null);
  assert.equal(calls.count, 2);
});

Deno.test("responseCache() stays within maxEntries and maxBytes, dropping the least recently used", async () => {
  const { app, calls } = counting({ maxEntries: 3, maxBytes: 1 << 20, maxBodyBytes: 1 << 16 });
  for (const id of [1, 2, 3]) await ask(app, `/item/${id}`, 2);
  await ask(app, "/item/1"); // 1 is now the most recently used
  await ask(app, "/item/4", 2); // drops 2
  assert.equal(calls.count, 8);
  await ask(app, "/item/1");
  await ask(app, "/item/3");
  await ask(app, "/item/4");
  assert.equal(calls.count, 8);
  await ask(app, "/item/2");
  assert.equal(calls.count, 9);

  // Each body is 26 bytes: two fit in 60.
  const small = counting({ maxEntries: 100, maxBytes: 60, maxBodyBytes: 1 << 16 });
  for (const id of [1, 2, 3, 4]) await ask(small.app, `/item/${id}`, 2);
  await ask(small.app, "/item/1");
  assert.equal(small.calls.count, 9, "the oldest answer left to make room");
});

Deno.test("responseCache() drops every answer when the content changes", async () => {
  const { app, calls, content } = counting();
  await ask(app, "/item/1", 3);
  assert.equal(calls.count, 2);
  content.version = "2";
  await ask(app, "/item/1");
  assert.equal(calls.count, 3, "the answer kept for the old content is not served");
  await ask(app, "/item/1", 2);
  assert.equal(calls.count, 4, "the answer for the new content is kept");
});

Deno.test("responseCache() keeps no answer whose content changed while its body was read", async () => {
  const content = { version: "1" };
  const app = new Hono();
  app.use(responseCache({
    vary: VARY,
    maxEntries: 10,
    maxBytes: 1 << 20,
    maxBodyBytes: 1 << 16,
    contentHash: () => content.version,
  }));
  let release = () => {};
  const released = new Promise<void>((resolve) => release = resolve);
  let served = 0;
  app.get("/item", (c) => {
    const body = `answer for ${content.version}`;
    c.header("ETag", `"${content.version}"`);
    // The second answer, the one to keep, has its body come only when the test lets it.
    const wait = ++served === 2 ? released : Promise.resolve();
    return c.body(
      new ReadableStream({
        async pull(controller) {
          await wait;
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      }),
    );
  });
  assert.equal(await (await app.request("/item")).text(), "answer for 1");
  const second = app.request("/item");
  // While the second answer's body is read to be kept, the content changes and a request comes.
  await new Promise((resolve) => setTimeout(resolve, 10));
  content.version = "2";
  assert.equal(await (await app.request("/item")).text(), "answer for 2");
  release();
  assert.equal(await (await second).text(), "answer for 1");
  for (let i = 0; i < 2; i++) {
    assert.equal(await (await app.request("/item")).text(), "answer for 2", "the old one is kept");
  }
});

Deno.test("replay() answers a kept GET or HEAD by itself, byte for byte, and nothing for another request or the content that followed", async () => {
  const limits = { maxEntries: 100, maxBytes: 1 << 20, maxBodyBytes: 1 << 16 };
  const calls = { count: 0 };
  const content = { version: "1" };
  const cache = responseCache({ ...limits, vary: VARY, contentHash: () => content.version });
  const app = new Hono();
  app.use(cache);
  app.get("/item/:id", (c) => {
    calls.count++;
    c.header("ETag", '"v1"');
    return c.json({ id: c.req.param("id") });
  });
  const url = "http://localhost/item/1";
  assert.equal(cache.replay(new Request(url)), undefined, "nothing is kept yet");
  await ask(app, url);
  assert.equal(cache.replay(new Request(url)), undefined, "an answer asked for once is not kept");
  const first = await app.request(url);
  const firstBody = await first.text();
  const replayed = cache.replay(new Request(url))!;
  assert.equal(await replayed.text(), firstBody);
  assert.deepEqual([...replayed.headers], [...first.headers]);
  assert.equal((cache.replay(new Request(url, { method: "HEAD" })))?.status, 200);
  assert.equal(
    cache.replay(new Request(url, { headers: { Origin: "https://a.example" } })),
    undefined,
  );
  assert.equal(calls.count, 2);
  content.version = "2";
  assert.equal(cache.replay(new Request(url)), undefined, "the content changed");
});

Deno.test("responseCache() counts a kept answer once when requests for it were answered together", async () => {
  const content = { version: "1" };
  // Room for the body once: counted twice, the second copy would push the first out.
  const cache = responseCache({
    vary: VARY,
    maxEntries: 10,
    maxBytes: 40,
    maxBodyBytes: 40,
    contentHash: () => content.version,
  });
  const app = new Hono();
  app.use(cache);
  let release = () => {};
  const released = new Promise<void>((resolve) => release = resolve);
  app.get("/item", async (c) => {
    await released;
    c.header("ETag", '"v1"');
    return c.text("x".repeat(30));
  });
  // Of four answered together, the first and the third are remembered as asked once, and the
  // second and the fourth each keep the answer while the other reads its body.
  const together = [1, 2, 3, 4].map(() => app.request("/item"));
  release();
  for (const response of await Promise.all(together)) await response.text();
  assert.equal(await cache.replay(new Request("http://localhost/item"))?.text(), "x".repeat(30));
});
