// Every documented limit, at its bound (accepted) and one past it (refused with an error that
// names the limit).
import assert from "node:assert/strict";
import { MCP_HEADERS } from "./_mcp.ts";
import {
  ConfigError,
  MAX_CONFIG_SIZE,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_TOOLS,
  MAX_TOOLS_PER_CONFIG,
  parseConfig,
  ToolIndex,
  validateConfig,
} from "../mod.ts";
import type { CLImaxConfig } from "../mod.ts";
import { createApp } from "../src/http/app.ts";
import { MAX_MCP_BODY } from "../src/http/mcp.ts";
import { MAX_LIMIT, MAX_QUERY_LENGTH } from "../src/answer/params.ts";
import { MAX_URL_LENGTH } from "../src/http/query.ts";
import { settingsFromEnv } from "../src/http/settings.ts";
import { fixedCatalogue } from "../src/catalogue/served.ts";
import { gitConfig, registryOf } from "./_fixtures.ts";

const quiet = { onWarning: () => {} };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    assert.equal(error.issues.length, 1, error.message);
    return error.message;
  }
  assert.fail("expected a ConfigError");
}

function tools(count: number) {
  return Array.from({ length: count }, (_, i) => ({ name: `t${i}`, description: `Tool ${i}` }));
}

Deno.test("a config file may be MAX_CONFIG_SIZE characters and no more", () => {
  const head = "command: git\ntools: []\n#";
  const atBound = head + "x".repeat(MAX_CONFIG_SIZE - head.length);
  assert.equal(atBound.length, MAX_CONFIG_SIZE);
  assert.deepEqual(parseConfig(atBound).tools, []);
  assert.match(
    refusal(() => parseConfig(atBound + "x")),
    new RegExp(`over the limit of ${MAX_CONFIG_SIZE}`),
  );
});

Deno.test("a config may define MAX_TOOLS_PER_CONFIG tools and no more", () => {
  const config = validateConfig({ command: "x", tools: tools(MAX_TOOLS_PER_CONFIG) }, quiet);
  assert.equal(config.tools.length, MAX_TOOLS_PER_CONFIG);
  const message = refusal(() =>
    validateConfig({ command: "x", tools: tools(MAX_TOOLS_PER_CONFIG + 1) }, quiet)
  );
  assert.ok(
    message.endsWith(
      `tools: Over the limit of ${MAX_TOOLS_PER_CONFIG} tools in one config, got ${
        MAX_TOOLS_PER_CONFIG + 1
      }`,
    ),
    message,
  );
});

Deno.test("names may be MAX_NAME_LENGTH characters and texts MAX_TEXT_LENGTH, no more", () => {
  const name = "n".repeat(MAX_NAME_LENGTH);
  const text = "t".repeat(MAX_TEXT_LENGTH);
  const config = (extra: string, long: string) => ({
    name,
    command: text,
    category: name,
    tags: [name],
    env: { [name]: text },
    tools: [{
      name: name + extra,
      description: text,
      args: [{ name, flag: name, description: long, enum: [name] }],
    }],
  });
  assert.equal(validateConfig(config("", text), quiet).tools[0].name, name);
  assert.match(
    refusal(() => validateConfig(config("x", text), quiet)),
    new RegExp(
      `tools\\[0\\]\\.name: Over the limit of ${MAX_NAME_LENGTH} characters for a name, got ${
        MAX_NAME_LENGTH + 1
      }$`,
    ),
  );
  assert.match(
    refusal(() => validateConfig(config("", text + "t"), quiet)),
    new RegExp(
      `tools\\[0\\]\\.args\\[0\\]\\.description: Over the limit of ${MAX_TEXT_LENGTH} characters for a text, got ${
        MAX_TEXT_LENGTH + 1
      }$`,
    ),
  );
});

Deno.test("length limits count characters, not UTF-16 units", () => {
  const config = (name: string) => ({ command: "x", tools: [{ name, description: "d" }] });
  const emoji = "🚀".repeat(MAX_NAME_LENGTH);
  assert.equal(validateConfig(config(emoji), quiet).tools[0].name, emoji);
  assert.match(
    refusal(() => validateConfig(config(emoji + "🚀"), quiet)),
    new RegExp(`characters for a name, got ${MAX_NAME_LENGTH + 1}$`),
  );
});

Deno.test("the limit on string lengths points at the line and column of a YAML config", () => {
  const yaml = `command: x\ntools:\n  - name: ${
    "n".repeat(MAX_NAME_LENGTH + 1)
  }\n    description: d\n`;
  assert.match(
    refusal(() => parseConfig(yaml, { source: "x.yaml" })),
    /^x\.yaml:3:11: tools\[0\]\.name: /,
  );
});

Deno.test("an index may hold maxTools tools and no more, MAX_TOOLS by default", () => {
  const configs = [{ command: "a", tools: tools(3) }, { command: "b", tools: tools(6).slice(3) }];
  assert.equal(ToolIndex.fromConfigs(configs, { maxTools: 6 }).size, 6);
  assert.match(
    refusal(() => ToolIndex.fromConfigs(configs, { maxTools: 5 })),
    /^configs: The configs define more than 5 tools, the most an index may hold$/,
  );
  // A tool that replaces another of the same name takes no more room.
  assert.equal(ToolIndex.fromConfigs([...configs, configs[0]], { ...quiet, maxTools: 6 }).size, 6);

  // The default bound: the build stops at the first tool past it, before any indexing.
  const template = validateConfig({ command: "x", tools: tools(1) });
  const configCount = Math.ceil((MAX_TOOLS + 1) / MAX_TOOLS_PER_CONFIG);
  const past: CLImaxConfig[] = Array.from({ length: configCount }, (_, c) => ({
    ...template,
    name: `c${c}`,
    tools: Array.from(
      { length: Math.min(MAX_TOOLS_PER_CONFIG, MAX_TOOLS + 1 - c * MAX_TOOLS_PER_CONFIG) },
      (_, i) => ({ ...template.tools[0], name: `t${c}_${i}` }),
    ),
  }));
  assert.match(
    refusal(() => ToolIndex.fromConfigs(past, quiet)),
    new RegExp(`more than ${MAX_TOOLS} tools`),
  );
});

const app = createApp(fixedCatalogue(registryOf([gitConfig])), {
  ...settingsFromEnv(() => undefined),
  logRequests: false,
});

async function status(path: string, init?: RequestInit): Promise<[number, string]> {
  const response = await app.request(path, init);
  return [response.status, await response.text()];
}

Deno.test("limit may be MAX_LIMIT and no more", async () => {
  assert.equal((await status(`/search?limit=${MAX_LIMIT}`))[0], 200);
  const [code, body] = await status(`/search?limit=${MAX_LIMIT + 1}`);
  assert.equal(code, 400);
  assert.match(body, new RegExp(`limit: must be at most ${MAX_LIMIT}`));
});

Deno.test("query may be MAX_QUERY_LENGTH characters and no more", async () => {
  assert.equal((await status(`/search?query=${"é".repeat(MAX_QUERY_LENGTH)}`))[0], 200);
  const [code, body] = await status(`/search?query=${"é".repeat(MAX_QUERY_LENGTH + 1)}`);
  assert.equal(code, 400);
  assert.match(body, new RegExp(`query: must be at most ${MAX_QUERY_LENGTH} characters`));
});

Deno.test("a URL may be MAX_URL_LENGTH characters and no more, and the longest query fits", async () => {
  // The longest query of three-byte characters, percent-encoded, with the longest filters.
  const widest = encodeURIComponent("€".repeat(MAX_QUERY_LENGTH));
  assert.equal(
    (await status(`/search?query=${widest}&category=${"%E2%82%AC".repeat(200)}`))[0],
    200,
  );
  const path = "/search?query=x&cursor=";
  const atBound = path + "y".repeat(MAX_URL_LENGTH - path.length);
  assert.notEqual((await status(atBound))[0], 414);
  const [code, body] = await status(atBound + "y");
  assert.equal(code, 414);
  assert.match(body, new RegExp(`over the limit of ${MAX_URL_LENGTH}`));
});

Deno.test("an MCP request body may be MAX_MCP_BODY bytes and no more", async () => {
  const call = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "climax_search", arguments: { query: "commit" } },
  });
  // JSON allows any amount of white space after the value.
  const atBound = call + " ".repeat(MAX_MCP_BODY - call.length);
  const ok = await app.request("/mcp", { method: "POST", headers: MCP_HEADERS, body: atBound });
  assert.equal(ok.status, 200);
  assert.match(await ok.text(), /git_commit/);
  const [code, body] = await status("/mcp", {
    method: "POST",
    headers: MCP_HEADERS,
    body: atBound + " ",
  });
  assert.equal(code, 413);
  assert.match(body, /too large|limit/i);
});
