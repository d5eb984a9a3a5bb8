// The answers a cold start and a repeated request take the short way to: the health check,
// never compressed; the first answer, told in a task of its own, after the one that answers;
// the first answers of a start, from its compiled catalogue's facts, before any tool is
// registered; a start's first answer, sent as it is while the encoder has not yet run; a repeated
// GET, answered from the response cache before it is routed, and logged all the same.
import assert from "node:assert/strict";
import { fixedCatalogue } from "../src/catalogue/served.ts";
import { createApp } from "../src/http/app.ts";
import { startService } from "../src/http/start.ts";
import { loadConfigDir } from "../mod.ts";
import { type ServiceSettings, settingsFromEnv } from "../src/http/settings.ts";
import { dockerConfig, gitConfig, registryOf } from "./_fixtures.ts";

const registry = registryOf([gitConfig, dockerConfig]);

function settings(overrides: Partial<ServiceSettings> = {}): ServiceSettings {
  return { ...settingsFromEnv(() => undefined), logRequests: false, ...overrides };
}

Deno.test("/healthz is never compressed, whatever the client accepts", async () => {
  const app = createApp(fixedCatalogue(registry), settings());
  for (const accept of ["br", "gzip", "gzip, br"]) {
    const response = await app.request("/healthz", { headers: { "Accept-Encoding": accept } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("Content-Encoding"), null, accept);
    assert.doesNotMatch(response.headers.get("Vary") ?? "", /Accept-Encoding/i, accept);
    assert.equal((await response.json()).tools, registry.size);
  }
  const search = await app.request("/search?limit=50", { headers: { "Accept-Encoding": "br" } });
  assert.equal(search.headers.get("Content-Encoding"), "br", "other answers still are");
  await search.body?.cancel();
});

Deno.test("the catalogue is told of the first answer, in a task of its own, and of no other", async () => {
  let told = 0;
  const catalogue = { ...fixedCatalogue(registry), serving: () => told++ };
  const app = createApp(catalogue, settings());
  const first = app.request("/healthz");
  assert.equal(told, 0);
  assert.equal((await first).status, 200);
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(told, 1);
  await (await app.request("/summary")).body?.cancel();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(told, 1);
});

Deno.test("a repeated GET is answered from the cache before routing, byte for byte, and logged", async () => {
  const lines: string[] = [];
  const log = console.log;
  console.log = (line: string) => lines.push(line);
  try {
    const app = createApp(fixedCatalogue(registry), settings({ logRequests: true }));
    const first = await app.request("/search?query=commit&limit=3");
    const firstBody = await first.text();
    // Kept at its second request.
    await (await app.request("/search?query=commit&limit=3")).text();
    const again = await app.request("/search?query=commit&limit=3");
    assert.equal(await again.text(), firstBody);
    assert.deepEqual([...again.headers], [...first.headers]);
    const head = await app.request("/search?query=commit&limit=3", { method: "HEAD" });
    assert.equal(head.body, null);
    assert.equal(head.headers.get("Content-Length"), String(new Blob([firstBody]).size));
    assert.equal(lines.length, 4, lines.join("\n"));
    for (const [i, method] of ["GET", "GET", "GET", "HEAD"].entries()) {
      assert.match(lines[i], new RegExp(`^${method} /search\\?query=commit&limit=3 200 \\d+ms$`));
    }
  } finally {
    console.log = log;
  }
});

Deno.test("an answer kept for one origin or bearer token is never replayed to another", async () => {
  const origins = createApp(
    fixedCatalogue(registry),
    settings({ corsOrigin: ["https://a.example"] }),
  );
  for (
    const [origin, allowed] of [["https://a.example", "https://a.example"], [
      "https://b.example",
      null,
    ]]
  ) {
    for (let i = 0; i < 2; i++) {
      const response = await origins.request("/summary", { headers: { Origin: origin! } });
      await response.body?.cancel();
      assert.equal(response.headers.get("Access-Control-Allow-Origin"), allowed, origin!);
    }
  }
  const token = "correct-horse-battery-staple";
  const guarded = createApp(fixedCatalogue(registry), settings({ authToken: token }));
  const statuses: number[] = [];
  for (const authorization of [`Bearer ${token}`, undefined, "Bearer wrong", `Bearer ${token}`]) {
    const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
    const response = await guarded.request("/summary", { headers });
    await response.body?.cancel();
    statuses.push(response.status);
  }
  assert.deepEqual(statuses, [200, 401, 401, 200]);
});

Deno.test("a start's first answers from its compiled catalogue's facts are those its registered tools give", async () => {
  const app = await startService((name) => name === "LOG_REQUESTS" ? "0" : undefined);
  const read = async (path: string) => {
    const answer = await app.request(path);
    assert.equal(answer.status, 200, path);
    return await answer.json();
  };
  // Before any tool is registered: the health check, the home page and the summary.
  const before = [await read("/healthz"), await read("/"), await read("/summary")];
  const found = await read("/search?query=list%20running%20containers&mode=ranked&limit=1");
  assert.equal(found.results[0].tool_name, "docker_ps");
  const after = [await read("/healthz"), await read("/"), await read("/summary")];
  assert.deepEqual(after, before);
  const configs = await loadConfigDir(new URL("../configs/", import.meta.url));
  assert.equal(before[0].tools, configs.reduce((sum, config) => sum + config.tools.length, 0));
  assert.equal(before[0].version_number, 1);
});

Deno.test("a start's first answer goes as it is, whatever the client accepts, and the next are encoded", async () => {
  const app = await startService((name) => name === "LOG_REQUESTS" ? "0" : undefined);
  const headers = { "Accept-Encoding": "gzip, br" };
  const first = await app.request("/search?query=list%20running%20containers", { headers });
  assert.equal(first.headers.get("Content-Encoding"), null);
  assert.match(first.headers.get("Vary") ?? "", /Accept-Encoding/);
  assert.equal((await first.json()).results[0].tool_name, "docker_ps");
  for (const path of ["/search?query=copy%20files", "/summary"]) {
    const next = await app.request(path, { headers });
    assert.equal(next.headers.get("Content-Encoding"), "gzip", path);
    await next.body?.cancel();
  }
});
