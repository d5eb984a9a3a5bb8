// Whatever a client sends, the service answers without a 5xx, and every error answer of the
// HTTP routes is an application/problem+json problem.
import assert from "node:assert/strict";
import fc from "./_fast_check.ts";
import { fixedCatalogue } from "../src/catalogue/served.ts";
import { createApp } from "../src/http/app.ts";
import { settingsFromEnv } from "../src/http/settings.ts";
import { dockerConfig, gitConfig, registryOf } from "./_fixtures.ts";

const catalogue = fixedCatalogue(registryOf([gitConfig, dockerConfig]));
const open = createApp(catalogue, { ...settingsFromEnv(() => undefined), logRequests: false });
const locked = createApp(catalogue, {
  ...settingsFromEnv(() => undefined),
  logRequests: false,
  authToken: "secret",
  corsOrigin: ["https://allowed.example"],
});

const segment = fc.oneof(
  fc.constantFrom(
    "",
    "search",
    "summary",
    "tools",
    "git_commit",
    "healthz",
    "openapi.json",
    "schema",
    "config.json",
    "mcp",
    "..",
    ".",
    "%2e%2e",
    "%",
    "%zz",
    "%E2%82",
    "%00",
    "😀",
    "a b",
  ),
  fc.string({ maxLength: 8 }).map(encodeURIComponent),
  fc.string({ maxLength: 6 }),
);
const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) =>
  "/" + parts.join("/")
);

const queryPart = fc.tuple(
  fc.oneof(
    fc.constantFrom("query", "limit", "mode", "category", "cli", "cursor", "qurey", ""),
    fc.string({ maxLength: 5 }),
  ),
  fc.oneof(
    fc.constantFrom("", "10", "-1", "101", "1e2", "ranked", "substring", "%", "%zz", "%E2"),
    fc.string({ maxLength: 30 }),
    fc.string({ minLength: 900, maxLength: 1200 }),
  ),
).map(([key, value]) => `${key}=${value}`);
const queryString = fc.option(
  fc.array(queryPart, { maxLength: 5 }).map((parts) => "?" + parts.join("&")),
  { nil: "" },
);

const method = fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS");
const headers = fc.dictionary(
  fc.constantFrom(
    "Accept",
    "Accept-Encoding",
    "Authorization",
    "Content-Type",
    "If-None-Match",
    "Origin",
    "Access-Control-Request-Method",
    "Mcp-Protocol-Version",
    "X-Anything",
  ),
  fc.oneof(
    fc.constantFrom(
      "*/*",
      "application/json, text/event-stream",
      "br, gzip",
      "gzip;q=0",
      "Bearer secret",
      "Bearer wrong",
      "Basic x",
      "application/json",
      'W/"x"',
      "*",
      "https://allowed.example",
      "null",
      "POST",
    ),
    // Header values must be visible ASCII; anything else fails in Headers, not in the app.
    fc.string({ maxLength: 20 }).map((value) => value.replace(/[^\x20-\x7e]/g, "").trim()),
  ),
  { maxKeys: 4 },
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.constant(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })),
  fc.nat({ max: 3 }).map((n) => "x".repeat(n * 700_000)),
);

Deno.test("no request gets a 5xx, and every HTTP route error is a problem", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("open", "locked"),
      method,
      path,
      queryString,
      headers,
      body,
      async (which, verb, where, query, sent, payload) => {
        const app = which === "open" ? open : locked;
        const init: RequestInit = { method: verb, headers: sent };
        if (payload !== undefined && verb !== "GET" && verb !== "HEAD") init.body = payload;
        const response = await app.request(`${where}${query}`, init);
        const label = `${verb} ${where}${query.slice(0, 80)}`;
        assert.ok(response.status < 500, `${label}: ${response.status}`);
        // The MCP endpoint answers in JSON-RPC, as its clients expect, and is checked for
        // its status only. URL parsing resolves dot segments, "%2e%2e" too, so "/%2e%2e/mcp"
        // is the MCP endpoint.
        const mcp = URL.parse(`http://localhost${where}${query}`)?.pathname === "/mcp";
        if (response.status >= 400 && !mcp) {
          assert.equal(response.headers.get("Content-Type"), "application/problem+json", label);
          // A HEAD answer has no body, and a compressed one is checked by its type only.
          if (verb === "HEAD" || response.headers.has("Content-Encoding")) {
            return void await response.body?.cancel();
          }
          const problem = await response.json();
          assert.equal(problem.status, response.status, label);
          assert.equal(typeof problem.detail, "string", label);
        } else {
          await response.body?.cancel();
        }
      },
    ),
    { numRuns: 1500 },
  );
});
