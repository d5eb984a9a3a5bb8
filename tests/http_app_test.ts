import assert from "node:assert/strict";
import { INITIALIZE, MCP_HEADERS } from "./_mcp.ts";
import { ToolIndex, type ToolIndexEntry, validateConfig } from "../mod.ts";
import { fixedCatalogue } from "../src/catalogue/served.ts";
import { createApp } from "../src/http/app.ts";
import { CODE_HASH } from "../src/catalogue/compiled.ts";
import { PACKAGE_VERSION } from "../src/answer/package_version.ts";
import { ENV_MASK } from "../src/answer/mask.ts";
import {
  searchAnswer,
  searchAnswerText,
  SUMMARY_DESCRIPTION_LENGTH,
} from "../src/answer/search_answer.ts";
import { MAX_ID_LENGTH, MAX_LIMIT, MAX_QUERY_LENGTH } from "../src/answer/params.ts";
import { type ServiceSettings, SettingsError, settingsFromEnv } from "../src/http/settings.ts";
import {
  bulkConfig,
  CONFIG_FIELDS,
  dockerConfig,
  gitConfig,
  obsidianConfig,
  registryOf,
} from "./_fixtures.ts";

const PACKAGE = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
const SECRET = "ghp_s3cr3t-token-value";
const secretConfig = validateConfig({
  name: "gh",
  command: "gh",
  env: { GH_TOKEN: SECRET, GH_PAGER: "cat" },
  category: "vcs",
  tools: [{ name: "gh_pr_list", description: "List pull requests", command: "pr list" }],
});
const configs = [gitConfig, dockerConfig, obsidianConfig, bulkConfig, secretConfig];
const index = ToolIndex.fromConfigs(configs);
const registry = registryOf(configs);
const catalogue = fixedCatalogue(registry);

function settings(overrides: Partial<ServiceSettings> = {}): ServiceSettings {
  return { ...settingsFromEnv(() => undefined), logRequests: false, ...overrides };
}

const app = createApp(catalogue, settings());

async function json(path: string, init?: RequestInit) {
  const response = await app.request(path, init);
  return { response, body: await response.json() };
}

async function problemAt(path: string, status: number, init?: RequestInit) {
  const response = await app.request(path, init);
  assert.equal(response.status, status, path);
  assert.equal(response.headers.get("Content-Type"), "application/problem+json", path);
  const body = await response.json();
  assert.equal(body.status, status);
  assert.equal(typeof body.title, "string");
  assert.equal(typeof body.detail, "string");
  assert.equal(typeof body.type, "string");
  return body;
}

Deno.test("a search answer's text is what JSON.stringify writes of it, each result the same object each time", () => {
  const hints = { ranked: "Rank them.", summary: "Read the summary." };
  const asked = [
    { query: "commit", limit: 2 },
    { query: "git", limit: 3, mode: "ranked" as const },
    { query: "no such words at all", mode: "ranked" as const },
    { query: "commit message", limit: 5 },
    { limit: 50 },
  ];
  const hinted = new Set<string>();
  for (const params of asked) {
    for (const detail of ["full", "summary"] as const) {
      const answer = searchAnswer(registry, params, detail, hints);
      if (answer.hint !== undefined) hinted.add(answer.hint);
      const again = searchAnswer(registry, params, detail, hints);
      assert.equal(searchAnswerText(answer), JSON.stringify(answer), JSON.stringify(params));
      assert.equal(searchAnswerText(again), searchAnswerText(answer));
      // The same tool's result is the same object each time, so its text is made once.
      answer.results.forEach((result, i) => assert.equal(again.results[i], result));
    }
  }
  assert.equal(hinted.size, 2, "both hints are written");
  const paged = searchAnswer(registry, { limit: 1 }, "full", hints);
  assert.notEqual(paged.next_cursor, null);
  assert.equal(searchAnswerText(paged), JSON.stringify(paged));
});

Deno.test("GET /search answers CLImax's shape with the library's results", async () => {
  const { response, body } = await json("/search?query=commit&category=VCS&limit=3");
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Content-Type"), "application/json");
  assert.deepEqual(Object.keys(body), ["mode", "results", "next_cursor"]);
  assert.equal(body.mode, "search");
  assert.deepEqual(body.results, index.search({ query: "commit", category: "vcs", limit: 3 }));
  assert.equal(typeof body.next_cursor, "string");
});

Deno.test("GET /search with no parameters browses the first 10 tools", async () => {
  const { body } = await json("/search");
  assert.deepEqual(body.results, index.search());
});

Deno.test("GET /search filters by cli and returns no cursor on the last page", async () => {
  const { body } = await json("/search?cli=docker-tools&limit=50");
  assert.equal(body.results.length, 8);
  assert.equal(body.next_cursor, null);
});

Deno.test("GET /search pages with cursor through exactly the library's results", async () => {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const { body } = await json(`/search?query=s&limit=7${query}`);
    names.push(...body.results.map((entry: { tool_name: string }) => entry.tool_name));
    cursor = body.next_cursor;
  } while (cursor !== null);
  assert.deepEqual(names, index.search({ query: "s", limit: 1000 }).map((e) => e.tool_name));
});

Deno.test("GET /search refuses a foreign cursor with a 400 that names cursor", async () => {
  const body = await problemAt("/search?query=s&cursor=0.0000000000000000", 400);
  assert.equal(body.invalid_params[0].name, "cursor");
  const { body: first } = await json("/search?query=s&limit=5");
  const other = await problemAt(`/search?query=t&limit=5&cursor=${first.next_cursor}`, 400);
  assert.equal(other.invalid_params[0].name, "cursor");
});

Deno.test("GET /search accepts limit from 0 to the maximum", async () => {
  assert.deepEqual((await json("/search?limit=0")).body.results, []);
  const { response } = await json(`/search?limit=${MAX_LIMIT}`);
  assert.equal(response.status, 200);
});

Deno.test("GET /search refuses a bad limit with a 400 that names limit", async () => {
  for (const limit of [String(MAX_LIMIT + 1), "-1", "abc", "1.5", "", "1e2", " 5", "99999999999"]) {
    const body = await problemAt(`/search?limit=${encodeURIComponent(limit)}`, 400);
    assert.deepEqual(body.invalid_params.map((p: { name: string }) => p.name), ["limit"], limit);
    assert.match(body.detail, /limit/);
  }
});

Deno.test("GET /search says a limit of many digits is too big, not that it is no number", async () => {
  for (const limit of ["1000000000", "9".repeat(400)]) {
    const body = await problemAt(`/search?limit=${limit}`, 400);
    assert.match(
      body.invalid_params[0].reason,
      new RegExp(`^must be at most ${MAX_LIMIT}, got [0-9]+…?$`),
    );
    assert.ok(body.invalid_params[0].reason.length < 60, "the value is not echoed in full");
  }
  assert.equal((await json("/search?limit=0000000000000000000001")).body.results.length, 1);
});

Deno.test("GET /search refuses a parameter given twice", async () => {
  const body = await problemAt("/search?limit=1&limit=2", 400);
  assert.deepEqual(body.invalid_params, [{ name: "limit", reason: "must be given once" }]);
});

Deno.test("GET /search ranks in ranked mode and refuses an unknown mode", async () => {
  assert.equal((await json("/search?mode=substring&query=git")).response.status, 200);
  const fuzzy = await problemAt("/search?mode=fuzzy", 400);
  assert.equal(fuzzy.invalid_params[0].name, "mode");
  const ranked = await json("/search?mode=ranked&query=show%20the%20commit%20logs&limit=3");
  assert.equal(ranked.response.status, 200);
  assert.equal(ranked.body.results[0].tool_name, "git_log");
  assert.deepEqual(
    ranked.body.results.map((entry: { tool_name: string }) => entry.tool_name),
    index.search({ query: "show the commit logs", mode: "ranked", limit: 3 }).map((entry) =>
      entry.tool_name
    ),
  );
});

Deno.test("GET /search pages ranked results with cursors", async () => {
  const first = await json("/search?mode=ranked&query=container%20image&limit=2");
  const cursor = first.body.next_cursor;
  assert.equal(typeof cursor, "string");
  const second = await json(
    `/search?mode=ranked&query=container%20image&limit=2&cursor=${encodeURIComponent(cursor)}`,
  );
  const all = index.search({ query: "container image", mode: "ranked", limit: 4 });
  assert.deepEqual(
    [...first.body.results, ...second.body.results].map((entry: { tool_name: string }) =>
      entry.tool_name
    ),
    all.map((entry) => entry.tool_name),
  );
  const foreign = await problemAt(
    `/search?mode=substring&query=container%20image&limit=2&cursor=${encodeURIComponent(cursor)}`,
    400,
  );
  assert.equal(foreign.invalid_params[0].name, "cursor");
});

Deno.test("GET /search takes a query up to the maximum length", async () => {
  const atMax = await json(`/search?query=${"x".repeat(MAX_QUERY_LENGTH)}`);
  assert.equal(atMax.response.status, 200);
  const body = await problemAt(`/search?query=${"x".repeat(MAX_QUERY_LENGTH + 1)}`, 400);
  assert.equal(body.invalid_params[0].name, "query");
  assert.match(body.invalid_params[0].reason, new RegExp(`at most ${MAX_QUERY_LENGTH} characters`));
});

Deno.test("GET /search refuses unknown parameters, suggesting the one meant", async () => {
  const body = await problemAt("/search?qeury=git", 400);
  assert.deepEqual(body.invalid_params, [{
    name: "qeury",
    reason: 'is not a parameter of this route; did you mean "query"?',
  }]);
});

Deno.test("GET /search survives broken percent-encoding and regex characters", async () => {
  for (const query of ["%E0%A4%A", "%", "%zz", ".*", "[a-z", "%00", "%F0%9F%9A%80"]) {
    const response = await app.request(`/search?query=${query}`);
    assert.ok(response.status === 200 || response.status === 400, `${query}: ${response.status}`);
    await response.body?.cancel();
  }
});

Deno.test("GET /summary lists every CLI, or the first limit of them", async () => {
  const { response, body } = await json("/summary");
  assert.equal(response.status, 200);
  assert.deepEqual(body, { mode: "summary", summary: index.summary() });
  assert.deepEqual((await json("/summary?limit=2")).body.summary, index.summary().slice(0, 2));
  const bad = await problemAt("/summary?limit=x", 400);
  assert.equal(bad.invalid_params[0].name, "limit");
  await problemAt("/summary?query=git", 400);
});

Deno.test("GET /tools/{name} returns the entry and the resolved tool, every env value masked", async () => {
  const expected = {
    ...index.getEntry("gh_pr_list"),
    ...index.get("gh_pr_list"),
    env: { GH_TOKEN: ENV_MASK, GH_PAGER: ENV_MASK },
  };
  for (const reference of ["gh_pr_list", "gh:gh_pr_list", "gh%3Agh_pr_list"]) {
    const { response, body } = await json(`/tools/${reference}`);
    assert.equal(response.status, 200, reference);
    assert.deepEqual(body, expected, reference);
  }
});

Deno.test("GET /tools/{name} shows env values only when the operator opts in", async () => {
  const exposed = createApp(catalogue, settings({ exposeEnv: true }));
  const body = await (await exposed.request("/tools/gh_pr_list")).json();
  assert.equal(body.env.GH_TOKEN, SECRET);
});

Deno.test("no route shows an env value unless the operator opts in", async () => {
  for (
    const path of [
      "/",
      "/search?limit=100",
      "/search?query=gh",
      "/summary",
      "/tools/gh_pr_list",
      "/openapi.json",
      "/healthz",
    ]
  ) {
    const text = await (await app.request(path)).text();
    assert.ok(!text.includes(SECRET), path);
  }
});

Deno.test("GET /tools/{name} gives a 404 problem for an unknown or odd name", async () => {
  const body = await problemAt("/tools/nonexistent_tool", 404);
  assert.match(body.detail, /nonexistent_tool/);
  for (const name of ["..%2F..%2Fetc%2Fpasswd", "%E0%A4%A", "%00", "x".repeat(MAX_ID_LENGTH)]) {
    await problemAt(`/tools/${name}`, 404);
  }
  // No tool has a longer ID: such a name is a bad parameter, not echoed back in full.
  const long = await problemAt(`/tools/${"x".repeat(5000)}`, 400);
  assert.deepEqual(long.invalid_params, [{
    name: "tool_name",
    reason: `must be at most ${MAX_ID_LENGTH} characters`,
  }]);
  // URL parsing resolves "." and ".." segments, escaped or not, before any route sees them.
  for (const name of ["..", "%2E%2E", ".%2E", "../../etc/passwd"]) {
    const response = await app.request(`/tools/${name}`);
    assert.ok(response.status < 500, `${name}: ${response.status}`);
    await response.body?.cancel();
  }
});

Deno.test("GET /healthz reports tools, CLIs and version and is never cached", async () => {
  const { response, body } = await json("/healthz");
  assert.equal(response.status, 200);
  assert.deepEqual(body, {
    status: "ok",
    tools: index.size,
    clis: index.summary().length,
    version: registry.contentVersion,
    package_version: PACKAGE.version,
    version_number: registry.version,
    sources: [],
  });
  assert.equal(response.headers.get("Cache-Control"), "no-store");
});

Deno.test("GET / describes the service, both its versions, and links every route", async () => {
  const { body } = await json("/");
  assert.equal(body.version, registry.contentVersion);
  assert.equal(body.package_version, PACKAGE.version);
  for (const path of ["/search", "/summary", "/tools/{tool_name}", "/healthz", "/openapi.json"]) {
    assert.ok(Object.values(body.links).includes(path), path);
  }
});

Deno.test("unknown routes are 404 problems and wrong methods 405 with Allow", async () => {
  await problemAt("/nowhere", 404);
  await problemAt("/search/extra", 404);
  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
    const response = await app.request("/search", { method, body: "x".repeat(1 << 20) });
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get("Allow"), "GET, HEAD");
    assert.equal(response.headers.get("Content-Type"), "application/problem+json");
    await response.body?.cancel();
  }
  await problemAt("/tools/git_log", 405, { method: "POST", body: "{}" });
});

Deno.test("answers carry an ETag from the content version and the code serving it, and a 304 on If-None-Match", async () => {
  const first = await app.request("/summary");
  const tag = first.headers.get("ETag");
  assert.equal(tag, `W/"${registry.contentVersion}-${PACKAGE_VERSION}-${CODE_HASH.slice(0, 12)}"`);
  assert.equal(first.headers.get("Cache-Control"), "public, max-age=60");
  await first.body?.cancel();
  const again = await app.request("/summary", { headers: { "If-None-Match": tag! } });
  assert.equal(again.status, 304);
  assert.equal(await again.text(), "");
  const stale = await app.request("/summary", { headers: { "If-None-Match": 'W/"other"' } });
  assert.equal(stale.status, 200);
  await stale.body?.cancel();
  // The same content as other code tagged it (that of version 0.1, say, or of before this tag
  // named the code): its answers may differ, so they are sent again.
  for (
    const otherCode of [`${registry.contentVersion}-0.1.0-000000000000`, registry.contentVersion]
  ) {
    const search = await app.request("/search?query=commit", {
      headers: { "If-None-Match": `W/"${otherCode}"` },
    });
    assert.equal(search.status, 200, otherCode);
    await search.body?.cancel();
  }
});

Deno.test("a 304 keeps the Vary and CORS headers of the answer it stands for", async () => {
  const headers = { Origin: "https://agent.example", "Accept-Encoding": "gzip" };
  const full = await app.request("/search?query=commit", { headers });
  await full.body?.cancel();
  assert.equal(full.headers.get("Vary"), "Accept-Encoding");
  const again = await app.request("/search?query=commit", {
    headers: { ...headers, "If-None-Match": full.headers.get("ETag")! },
  });
  assert.equal(again.status, 304);
  for (const name of ["Vary", "Access-Control-Allow-Origin", "ETag", "Cache-Control"]) {
    assert.equal(again.headers.get(name), full.headers.get(name), name);
  }
  const limited = createApp(catalogue, settings({ corsOrigin: ["https://agent.example"] }));
  const tag = (await limited.request("/summary")).headers.get("ETag")!;
  const revalidated = await limited.request("/summary", {
    headers: { Origin: "https://agent.example", "If-None-Match": tag },
  });
  assert.equal(revalidated.status, 304);
  assert.equal(revalidated.headers.get("Access-Control-Allow-Origin"), "https://agent.example");
  assert.match(revalidated.headers.get("Vary") ?? "", /Origin/);
});

Deno.test("HEAD gives the length of the body GET sends, and no body", async () => {
  for (const path of ["/", "/search?query=commit", "/tools/git_log", "/healthz", "/nope"]) {
    const get = await app.request(path);
    const bytes = (await get.arrayBuffer()).byteLength;
    // Twice: the second HEAD of a cacheable answer is served from the response cache.
    for (let i = 0; i < 2; i++) {
      const head = await app.request(path, { method: "HEAD" });
      assert.equal(head.status, get.status, path);
      assert.equal(head.headers.get("Content-Length"), String(bytes), path);
      assert.equal(head.body, null, path);
    }
  }
});

Deno.test("HEAD answers vary on Accept-Encoding as GET's do, before any GET is kept", async () => {
  for (const path of ["/", "/search?query=commit", "/tools/git_log", "/healthz", "/nope"]) {
    // A fresh app each time: nothing kept from an earlier GET of the same URL.
    const head = await createApp(catalogue, settings()).request(path, { method: "HEAD" });
    const get = await createApp(catalogue, settings()).request(path);
    await get.body?.cancel();
    // The health check is never compressed: its answer does not vary on the encoding.
    const varies = /Accept-Encoding/.test(get.headers.get("Vary") ?? "");
    assert.equal(varies, path !== "/healthz", path);
    assert.equal(head.headers.get("Vary"), get.headers.get("Vary"), path);
  }
});

Deno.test("a URL over the limit is a 414 problem that a browser page can read", async () => {
  const response = await app.request(`/search?query=${"x".repeat(20_000)}`, {
    headers: { Origin: "https://agent.example" },
  });
  assert.equal(response.status, 414);
  assert.equal(response.headers.get("Content-Type"), "application/problem+json");
  assert.equal(response.headers.get("Access-Control-Allow-Origin"), "*");
  assert.equal(response.headers.get("X-Content-Type-Options"), "nosniff");
  await response.body?.cancel();
});

Deno.test("errors are never cached", async () => {
  const response = await app.request("/tools/nope");
  assert.equal(response.headers.get("Cache-Control"), "no-store");
  assert.equal(response.headers.get("ETag"), null);
  await response.body?.cancel();
});

Deno.test("CORS is open for GET by default and can be limited to origins", async () => {
  const open = await app.request("/summary", { headers: { Origin: "https://agent.example" } });
  assert.equal(open.headers.get("Access-Control-Allow-Origin"), "*");
  await open.body?.cancel();
  const preflight = await app.request("/search", {
    method: "OPTIONS",
    headers: { Origin: "https://agent.example", "Access-Control-Request-Method": "GET" },
  });
  assert.equal(preflight.status, 204);
  // Only what some route answers: POST is the MCP endpoint's; nothing takes DELETE.
  assert.equal(preflight.headers.get("Access-Control-Allow-Methods"), "GET,HEAD,POST,OPTIONS");
  assert.equal(preflight.headers.get("Access-Control-Max-Age"), "600");
  // Browsers may read the MCP endpoint's session headers, and no other route has any.
  assert.equal(open.headers.get("Access-Control-Expose-Headers"), null);
  const mcp = await app.request("/mcp", {
    method: "OPTIONS",
    headers: { Origin: "https://agent.example", "Access-Control-Request-Method": "POST" },
  });
  assert.equal(mcp.status, 204);
  const mcpAnswer = await app.request("/mcp", { headers: { Origin: "https://agent.example" } });
  assert.match(mcpAnswer.headers.get("Access-Control-Expose-Headers") ?? "", /Mcp-Session-Id/);
  await mcpAnswer.body?.cancel();

  const limited = createApp(catalogue, settings({ corsOrigin: ["https://allowed.example"] }));
  const allowed = await limited.request("/summary", {
    headers: { Origin: "https://allowed.example" },
  });
  assert.equal(allowed.headers.get("Access-Control-Allow-Origin"), "https://allowed.example");
  await allowed.body?.cancel();
  const other = await limited.request("/summary", { headers: { Origin: "https://other.example" } });
  assert.equal(other.headers.get("Access-Control-Allow-Origin"), null);
  await other.body?.cancel();
});

Deno.test("answers carry secure headers", async () => {
  const response = await app.request("/summary");
  assert.equal(response.headers.get("X-Content-Type-Options"), "nosniff");
  assert.equal(response.headers.get("X-Frame-Options"), "DENY");
  assert.equal(response.headers.get("Referrer-Policy"), "no-referrer");
  assert.match(response.headers.get("Strict-Transport-Security") ?? "", /^max-age=\d+/);
  // Headers for HTML documents and old browsers only would protect nothing on JSON.
  for (const name of ["X-XSS-Protection", "X-Download-Options", "Origin-Agent-Cluster"]) {
    assert.equal(response.headers.get(name), null, name);
  }
  await response.body?.cancel();
});

Deno.test("answers are compressed with brotli only where the client prefers it to gzip", async () => {
  for (
    const [accept, encoding] of [
      ["br", "br"],
      ["gzip", "gzip"],
      ["gzip, br", "gzip"],
      ["gzip, deflate, br", "gzip"],
      ["br;q=0.5, gzip", "gzip"],
      ["br, gzip;q=0.8", "br"],
      ["deflate;q=0.1, br", "br"],
    ]
  ) {
    const response = await app.request("/search?limit=50", {
      headers: { "Accept-Encoding": accept },
    });
    assert.equal(response.headers.get("Content-Encoding"), encoding, accept);
    const format = encoding === "br" ? "brotli" : "gzip";
    const text = await new Response(
      response.body!.pipeThrough(new DecompressionStream(format as CompressionFormat)),
    ).text();
    assert.deepEqual(JSON.parse(text).results, index.search({ limit: 50 }));
  }
  const plain = await app.request("/search?limit=50");
  assert.equal(plain.headers.get("Content-Encoding"), null);
  await plain.body?.cancel();
});

Deno.test("with AUTH_TOKEN every route but /healthz needs the bearer token", async () => {
  const token = "correct-horse-battery-staple";
  const guarded = createApp(catalogue, settings({ authToken: token }));
  const missing = await guarded.request("/search");
  assert.equal(missing.status, 401);
  assert.equal(missing.headers.get("Content-Type"), "application/problem+json");
  assert.match(missing.headers.get("WWW-Authenticate") ?? "", /^Bearer/);
  assert.match((await missing.json()).detail, /needs an Authorization: Bearer token/);
  const wrong = await guarded.request("/tools/git_log", {
    headers: { Authorization: "Bearer nope" },
  });
  assert.equal(wrong.status, 401);
  assert.match((await wrong.json()).detail, /not the one this service takes/);
  for (const header of ["Basic Zm9vOmJhcg==", "Bearer", "Bearer a b"]) {
    const malformed = await guarded.request("/search", { headers: { Authorization: header } });
    assert.equal(malformed.status, 400, header);
    assert.equal(malformed.headers.get("Content-Type"), "application/problem+json");
    assert.match((await malformed.json()).detail, /Authorization header must be "Bearer <token>"/);
  }
  const right = await guarded.request("/search", { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(right.status, 200);
  assert.equal(right.headers.get("Cache-Control"), "private, max-age=60");
  await right.body?.cancel();
  const health = await guarded.request("/healthz");
  assert.equal(health.status, 200);
  await health.body?.cancel();
});

Deno.test("one log line per request with method, path, status and time, unless turned off", async () => {
  const lines: string[] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => lines.push(args.join(" "));
  try {
    const logged = createApp(catalogue, settings({ logRequests: true }));
    await (await logged.request("/search?query=git")).body?.cancel();
    await (await logged.request("/nowhere")).body?.cancel();
    await (await app.request("/summary")).body?.cancel();
  } finally {
    console.log = original;
  }
  assert.equal(lines.length, 2);
  assert.match(lines[0], /^GET \/search\?query=git 200 \d+m?s$/);
  assert.match(lines[1], /^GET \/nowhere 404 \d+m?s$/);
});

Deno.test("GET /openapi.json is OpenAPI 3.1 generated from the routes' schemas", async () => {
  const { body } = await json("/openapi.json");
  assert.equal(body.openapi, "3.1.0");
  assert.equal(body.info.version, PACKAGE.version);
  assert.equal(body.info["x-content-version"], registry.contentVersion);
  // Every route the home page links, and the home page itself.
  const home = (await json("/")).body;
  assert.deepEqual(
    Object.keys(body.paths).sort(),
    ["/", ...Object.values(home.links) as string[]].sort(),
  );
  assert.deepEqual(Object.keys(body.paths["/mcp"]), ["post"]);
  assert.ok(body.paths["/mcp"].post.requestBody.content["application/json"]);
  const parameters = body.paths["/search"].get.parameters;
  assert.deepEqual(
    parameters.map((p: { name: string }) => p.name),
    ["query", "category", "cli", "namespace", "limit", "mode", "detail", "cursor"],
  );
  const limit = parameters.find((p: { name: string }) => p.name === "limit");
  assert.equal(limit.schema.maximum, MAX_LIMIT);
  const query = parameters.find((p: { name: string }) => p.name === "query");
  assert.equal(query.schema.maxLength, MAX_QUERY_LENGTH);
  assert.ok(body.components.schemas.ToolIndexEntry);
  assert.ok(body.components.schemas.Problem);
  // Every reference resolves inside the document.
  const refs = JSON.stringify(body).match(/"\$ref":"[^"]*"/g) ?? [];
  assert.ok(refs.length > 0);
  for (const ref of refs) {
    const match = /^"\$ref":"#\/components\/schemas\/(\w+)"$/.exec(ref);
    assert.ok(match && body.components.schemas[match[1]], ref);
  }
});

Deno.test("GET /search?detail=summary answers names, category and a cut description", async () => {
  const long = validateConfig({
    name: "kubectl",
    command: "kubectl",
    tools: [{
      name: "kubectl_logs",
      description:
        "Print the logs of a container in a pod, or of a resource such as a deployment or a job, following them as they come when asked, with timestamps and the previous instance's logs on request.",
    }, { name: "kubectl_version", description: "Print the client and server versions." }],
  });
  const withLong = createApp(fixedCatalogue(registryOf([...configs, long])), settings());
  const full = (await (await withLong.request("/search?limit=100")).json())
    .results as ToolIndexEntry[];
  const response = await withLong.request("/search?limit=100&detail=summary");
  const body = await response.json();
  assert.equal(response.status, 200);
  assert.equal(body.results.length, full.length);
  const cut = full.filter((entry) => entry.description.length > SUMMARY_DESCRIPTION_LENGTH);
  assert.ok(cut.length > 0, "some description is long enough to be cut");
  body.results.forEach((summary: Record<string, string>, i: number) => {
    const entry = full[i];
    assert.deepEqual(Object.keys(summary), ["tool_name", "cli_name", "category", "description"]);
    assert.deepEqual(
      [summary.tool_name, summary.cli_name, summary.category],
      [entry.tool_name, entry.cli_name, entry.category],
    );
    assert.ok(summary.description.length <= SUMMARY_DESCRIPTION_LENGTH, summary.description);
    if (entry.description.length <= SUMMARY_DESCRIPTION_LENGTH) {
      assert.equal(summary.description, entry.description);
    } else {
      assert.ok(summary.description.endsWith("…"));
      assert.ok(entry.description.startsWith(summary.description.slice(0, -1)));
    }
  });
  await problemAt("/search?detail=short", 400);
});

Deno.test("GET /search hints at ranked mode when substring finds nothing that ranked finds", async () => {
  const request = await json("/search?query=show%20the%20containers%20that%20run");
  assert.deepEqual(request.body.results, []);
  assert.match(request.body.hint, /mode=ranked/);
  const ranked = await json("/search?query=show%20the%20containers%20that%20run&mode=ranked");
  assert.ok(ranked.body.results.length > 0);
  assert.equal(ranked.body.hint, undefined);
  for (const path of ["/search?query=zzqqxx", "/search?query=commit", "/search?query=the"]) {
    assert.equal((await json(path)).body.hint, undefined, path);
  }
});

Deno.test("GET /search in ranked mode answers a request no tool matches with nothing and a hint to read the summary", async () => {
  for (const query of ["how do I", "!!!", "bake a chocolate cake"]) {
    const { body } = await json(`/search?${new URLSearchParams({ query, mode: "ranked" })}`);
    assert.deepEqual(body.results, [], query);
    assert.match(body.hint, /GET \/summary/, query);
  }
});

Deno.test("GET /schema/config.json is the JSON Schema of the config format", async () => {
  const { body } = await json("/schema/config.json");
  assert.equal(body.$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.deepEqual(body.required, ["command", "tools"]);
  assert.deepEqual(Object.keys(body.properties), CONFIG_FIELDS);
  assert.equal(body.additionalProperties, false);
  assert.equal(body.properties.name.default, "climax");
});

Deno.test("settingsFromEnv() reads every setting and refuses values it cannot use", () => {
  const env: Record<string, string> = {
    CONFIG_DIR: "/srv/configs",
    POLICY_FILE: "/etc/tool-index/readonly.policy.yaml",
    EXPOSE_ENV: "true",
    AUTH_TOKEN: "t",
    CORS_ORIGIN: "https://a.example, https://b.example",
    LOG_REQUESTS: "0",
    CACHE_MAX_AGE: "300",
    SKIP_INVALID_CONFIGS: "1",
    WATCH_CONFIG: "1",
    MCP_SERVERS:
      '{"docs": "http://127.0.0.1:9/mcp", "gh": {"url": "https://x.example/mcp", "token_env": "GH_MCP"}}',
    GH_MCP: "tok",
    MCP_CONFIG: "/etc/tool-index/mcp.json",
    MCP_REFRESH_SECONDS: "30",
    MCP_TIMEOUT_SECONDS: "2",
    MCP_CALL_TIMEOUT_SECONDS: "5",
    ALLOWED_HOSTS: "tools.example, Index.Example ",
  };
  assert.deepEqual(settingsFromEnv((name) => env[name]), {
    configDir: "/srv/configs",
    policyFile: "/etc/tool-index/readonly.policy.yaml",
    exposeEnv: true,
    authToken: "t",
    corsOrigin: ["https://a.example", "https://b.example"],
    logRequests: false,
    cacheMaxAge: 300,
    skipInvalidConfigs: true,
    watchConfig: true,
    upstreams: [
      {
        namespace: "docs",
        transport: "http",
        url: "http://127.0.0.1:9/mcp",
        headers: {},
        place: "MCP_SERVERS (docs)",
      },
      {
        namespace: "gh",
        transport: "http",
        url: "https://x.example/mcp",
        headers: { Authorization: "Bearer tok" },
        place: "MCP_SERVERS (gh)",
      },
    ],
    mcpConfig: "/etc/tool-index/mcp.json",
    callTimeoutSeconds: 5,
    allowedHosts: ["tools.example", "Index.Example"],
    refreshSeconds: 30,
    upstreamTimeoutSeconds: 2,
  });
  assert.deepEqual(settingsFromEnv(() => undefined), {
    configDir: null,
    policyFile: null,
    exposeEnv: false,
    authToken: null,
    corsOrigin: "*",
    logRequests: true,
    cacheMaxAge: 60,
    skipInvalidConfigs: false,
    watchConfig: false,
    upstreams: [],
    mcpConfig: null,
    callTimeoutSeconds: 60,
    allowedHosts: null,
    refreshSeconds: 300,
    upstreamTimeoutSeconds: 10,
  });
  assert.throws(
    () => settingsFromEnv((n) => (n === "EXPOSE_ENV" ? "maybe" : undefined)),
    SettingsError,
  );
  assert.throws(
    () => settingsFromEnv((n) => (n === "CACHE_MAX_AGE" ? "-1" : undefined)),
    SettingsError,
  );
  assert.throws(
    () => settingsFromEnv((n) => (n === "MCP_TIMEOUT_SECONDS" ? "0" : undefined)),
    {
      name: "SettingsError",
      message: /^MCP_TIMEOUT_SECONDS must be a whole number of seconds from 1/,
    },
  );
  const upstreamProblems: [string, RegExp][] = [
    ["docs=http://x", /^MCP_SERVERS is not JSON/],
    ['["http://x"]', /^MCP_SERVERS is not a JSON object/],
    ['{"docs": "ftp://x"}', /gives docs no http or https URL/],
    ['{"docs": {"url": "http://x", "token": "t"}}', /gives docs the unknown key token/],
    [
      '{"docs": {"url": "http://x", "token_env": "MISSING"}}',
      /^MISSING, the token of the MCP server docs, is not set/,
    ],
    ['{"": "http://x"}', /has a namespace of 0 characters/],
  ];
  for (const [value, message] of upstreamProblems) {
    assert.throws(
      () => settingsFromEnv((n) => (n === "MCP_SERVERS" ? value : undefined)),
      { name: "SettingsError", message },
      value,
    );
  }
  // A token no client could send as a bearer token would lock everyone out.
  for (const token of ["p@ss:word!", "two words", "a=b"]) {
    assert.throws(
      () => settingsFromEnv((n) => (n === "AUTH_TOKEN" ? token : undefined)),
      { name: "SettingsError", message: /^AUTH_TOKEN may hold only/ },
      token,
    );
  }
  assert.equal(
    settingsFromEnv((n) => (n === "AUTH_TOKEN" ? "a-Z_0.9~+/==" : undefined)).authToken,
    "a-Z_0.9~+/==",
  );
});

Deno.test("the MCP endpoint never answers a malformed request with a 5xx", async () => {
  const cases: [RequestInit, number][] = [
    [{ method: "GET" }, 405],
    [{ method: "DELETE" }, 405],
    [
      { method: "POST", headers: { ...MCP_HEADERS, "Content-Type": "text/plain" }, body: "hello" },
      415,
    ],
    [{ method: "POST", headers: MCP_HEADERS, body: "{ not json" }, 400],
    // The transport requires Accept to offer both JSON and event streams.
    [{ method: "POST", headers: { "Content-Type": "application/json" }, body: INITIALIZE }, 406],
    [{ method: "POST", headers: MCP_HEADERS, body: "[" + "1,".repeat(700_000) + "1]" }, 413],
  ];
  for (const [init, status] of cases) {
    const response = await app.request("/mcp", init);
    assert.equal(response.status, status, `${init.method} ${String(init.body).slice(0, 20)}`);
    await response.body?.cancel();
  }
});

Deno.test("the MCP endpoint answers a request longer than what it reads before the SDK", async () => {
  const query = `git ${"log ".repeat(30_000)}`;
  const response = await app.request("/mcp", {
    method: "POST",
    headers: MCP_HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "climax_search", arguments: { query } },
    }),
  });
  assert.equal(response.status, 200);
  assert.match(await response.text(), /"id":7/);
});

Deno.test("the MCP endpoint refuses browser pages of origins the operator did not allow", async () => {
  const limited = createApp(catalogue, settings({ corsOrigin: ["https://allowed.example"] }));
  const init = (origin: string): RequestInit => ({
    method: "POST",
    headers: { ...MCP_HEADERS, Origin: origin },
    body: INITIALIZE,
  });
  const refused = await limited.request("/mcp", init("https://evil.example"));
  assert.equal(refused.status, 403);
  assert.equal(refused.headers.get("Content-Type"), "application/problem+json");
  await refused.body?.cancel();
  const sameHostOtherScheme = await limited.request("/mcp", init("http://allowed.example"));
  assert.equal(sameHostOtherScheme.status, 403);
  await sameHostOtherScheme.body?.cancel();
  const allowed = await limited.request("/mcp", init("https://allowed.example"));
  assert.equal(allowed.status, 200);
  await allowed.body?.cancel();
});

Deno.test("a query string with a % that starts no escape is a 400, not text", async () => {
  for (const path of ["/search?query=%ZZ", "/search?query=100%", "/summary?limit=1%2"]) {
    const answer = await app.request(path);
    assert.equal(answer.status, 400, path);
    assert.match((await answer.json()).detail, /starts no escape/, path);
  }
  assert.equal((await app.request("/search?query=100%25")).status, 200);
});

Deno.test("a request without the bearer token is told the realm it needs one for", async () => {
  const guarded = createApp(catalogue, settings({ authToken: "t0ken" }));
  const answer = await guarded.request("/search");
  assert.equal(answer.status, 401);
  assert.match(answer.headers.get("WWW-Authenticate") ?? "", /^Bearer realm="tool-index"/);
});
