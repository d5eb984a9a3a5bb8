// MCP client config files (mcpServers, or VS Code's servers): each entry a stdio or Streamable
// HTTP server whose key is the namespace of its tools, `${VAR}`s expanded from the environment,
// every problem reported at its line and column. Expected positions are found in the texts.
import assert from "node:assert/strict";
import { ConfigError, MAX_CONFIG_SIZE, MAX_NAME_LENGTH } from "../mod.ts";
import {
  isMcpConfigText,
  type McpConfigOptions,
  type McpServerConfig,
  parseMcpConfig,
} from "../src/config/mcp_config.ts";

const SOURCE = "mcp.json";

/** The 1-based line and column of the `nth` (from 0) occurrence of `needle` in `text`. */
function at(text: string, needle: string, nth = 0): { line: number; column: number } {
  let offset = -1;
  for (let i = 0; i <= nth; i++) {
    offset = text.indexOf(needle, offset + 1);
    assert.notEqual(offset, -1, `${JSON.stringify(needle)} is not in the text ${nth + 1} times`);
  }
  const before = text.slice(0, offset);
  return { line: before.split("\n").length, column: offset - before.lastIndexOf("\n") };
}

function parse(text: string, options: Partial<McpConfigOptions> = {}): McpServerConfig[] {
  return parseMcpConfig(text, { source: SOURCE, ...options });
}

function issuesOf(text: string, options: Partial<McpConfigOptions> = {}) {
  try {
    parse(text, options);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    assert.equal(error.source, SOURCE);
    return error.issues.map(({ path, line, column, message }) => ({ path, line, column, message }));
  }
  assert.fail("the config was accepted");
}

/** The issues of an `mcpServers` holding `entries`, as `[path, message]`. */
function entryProblems(entries: Record<string, unknown>, options: Partial<McpConfigOptions> = {}) {
  return issuesOf(JSON.stringify({ mcpServers: entries }), options)
    .map(({ path, message }) => [path, message]);
}

function envOf(values: Record<string, string>): (name: string) => string | undefined {
  return (name) => Object.hasOwn(values, name) ? values[name] : undefined;
}

const DESKTOP = `{
  "globalShortcut": "Ctrl+Space",
  "mcpServers": {
    "everything": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-everything"],
      "env": { "KEY": "\${KEY}" },
      "cwd": "/srv"
    },
    "docs": {
      "type": "http",
      "url": "https://docs.example/mcp",
      "headers": { "Authorization": "Bearer \${DOCS_TOKEN}" }
    }
  }
}`;

Deno.test("parseMcpConfig() reads the stdio and http servers of mcpServers, ignoring other settings", () => {
  const everything = at(DESKTOP, '"everything"');
  const docs = at(DESKTOP, '"docs"');
  assert.deepEqual(parse(DESKTOP, { env: envOf({ KEY: "k1", DOCS_TOKEN: "t2" }) }), [
    {
      namespace: "everything",
      transport: "stdio",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-everything"],
      env: { KEY: "k1" },
      cwd: "/srv",
      place: `${SOURCE}:${everything.line}:${everything.column} (mcpServers.everything)`,
    },
    {
      namespace: "docs",
      transport: "http",
      url: "https://docs.example/mcp",
      headers: { Authorization: "Bearer t2" },
      place: `${SOURCE}:${docs.line}:${docs.column} (mcpServers.docs)`,
    },
  ]);
});

Deno.test("parseMcpConfig() reads VS Code's servers form, with its inputs left alone", () => {
  const text = `{
  "inputs": [{ "type": "promptString", "id": "token", "password": true }],
  "servers": {
    "memory": { "type": "stdio", "command": "npx", "args": ["-y", "server-memory"] }
  }
}`;
  const memory = at(text, '"memory"');
  assert.deepEqual(parse(text), [{
    namespace: "memory",
    transport: "stdio",
    command: "npx",
    args: ["-y", "server-memory"],
    env: {},
    cwd: null,
    place: `${SOURCE}:${memory.line}:${memory.column} (servers.memory)`,
  }]);
});

Deno.test("parseMcpConfig() infers the transport from command or url, and reads each spelling of type", () => {
  const text = JSON.stringify({
    mcpServers: {
      local: { command: "run" },
      remote: { url: "http://127.0.0.1:3000/mcp" },
      a: { type: "stdio", command: "run" },
      b: { type: "http", url: "https://b.example/mcp" },
      c: { type: "streamable-http", url: "https://c.example/mcp" },
      d: { type: "streamableHttp", url: "https://d.example/mcp" },
    },
  });
  const servers = parse(text);
  assert.deepEqual(
    servers.map(({ namespace, transport }) => [namespace, transport]),
    [
      ["local", "stdio"],
      ["remote", "http"],
      ["a", "stdio"],
      ["b", "http"],
      ["c", "http"],
      ["d", "http"],
    ],
  );
  assert.deepEqual(servers[1], {
    namespace: "remote",
    transport: "http",
    url: "http://127.0.0.1:3000/mcp",
    headers: {},
    place: `${SOURCE}:1:${at(text, '"remote"').column} (mcpServers.remote)`,
  });
});

Deno.test("parseMcpConfig() expands ${VAR}, ${env:VAR} and ${VAR:-default} in every value that runs or reaches a server", () => {
  const env = envOf({ BIN: "/opt/bin", A: "1", B: "2", EMPTY: "", HOST: "h.example", T: "tok" });
  const text = JSON.stringify({
    mcpServers: {
      s: {
        command: "${BIN}/server",
        args: ["${A}${env:B}", "${MISSING:-fallback}", "${EMPTY:-was empty}", "$A", "cost: $5"],
        env: { PLAIN: "${EMPTY}", BOTH: "${A}-${B:-x}" },
        cwd: "${BIN:-/}",
      },
      h: { url: "https://${HOST}/mcp", headers: { "X-Token": "${env:T}" } },
    },
  });
  const [stdio, http] = parse(text, { env });
  assert.deepEqual(stdio, {
    namespace: "s",
    transport: "stdio",
    command: "/opt/bin/server",
    args: ["12", "fallback", "was empty", "$A", "cost: $5"],
    env: { PLAIN: "", BOTH: "1-2" },
    cwd: "/opt/bin",
    place: `${SOURCE}:1:${at(text, '"s"').column} (mcpServers.s)`,
  });
  assert.deepEqual(http, {
    namespace: "h",
    transport: "http",
    url: "https://h.example/mcp",
    headers: { "X-Token": "tok" },
    place: `${SOURCE}:1:${at(text, '"h"').column} (mcpServers.h)`,
  });
});

Deno.test("parseMcpConfig() without env checks references for their form only and keeps them as written", () => {
  const [everything, docs] = parse(DESKTOP);
  assert.deepEqual(everything.transport === "stdio" ? everything.env : undefined, {
    KEY: "${KEY}",
  });
  assert.deepEqual(docs.transport === "http" ? docs.headers : undefined, {
    Authorization: "Bearer ${DOCS_TOKEN}",
  });
  assert.deepEqual(
    entryProblems({ x: { url: "${BASE_URL}", headers: { A: "${}" } } }),
    [[
      "mcpServers.x.headers.A",
      "Malformed reference ${}: a reference is ${NAME}, ${env:NAME} or ${NAME:-default}, with a NAME of letters, digits and _",
    ]],
  );
});

Deno.test("parseMcpConfig() reports an unset variable at its value, naming the variable and the entry", () => {
  const issues = issuesOf(DESKTOP, { env: envOf({ KEY: "k" }) });
  assert.deepEqual(issues, [{
    path: "mcpServers.docs.headers.Authorization",
    ...at(DESKTOP, '"Bearer'),
    message: 'The environment variable "DOCS_TOKEN" is not set; mcpServers.docs needs it',
  }]);
});

Deno.test("parseMcpConfig() refuses VS Code's inputs and variables, and malformed references", () => {
  const forms = "a reference is ${NAME}, ${env:NAME} or ${NAME:-default}";
  assert.deepEqual(
    entryProblems({
      x: {
        command: "${input:api-key}",
        args: ["${A", "x ${A B}", "${A:-${B}}", "${env:}", "${1A}"],
        cwd: "${workspaceFolder}",
      },
    }),
    [
      [
        "mcpServers.x.command",
        "${input:api-key} is a VS Code input, which VS Code prompts for; put the value in an environment variable and write ${NAME} instead",
      ],
      ["mcpServers.x.args[0]", `The "\${" at character 1 is never closed by "}"; ${forms}`],
      ...["${A B}", "${A:-${B}", "${env:}", "${1A}"].map((written, i) => [
        `mcpServers.x.args[${i + 1}]`,
        `Malformed reference ${written}: ${forms}, with a NAME of letters, digits and _`,
      ]),
      [
        "mcpServers.x.cwd",
        "${workspaceFolder} is VS Code's own variable, which only VS Code expands; write its value",
      ],
    ],
  );
});

Deno.test("parseMcpConfig() says which key a misspelt one means, at its line and column", () => {
  const text = `{
  "mcpServers": {
    "everything": {
      "comand": "npx",
      "argz": ["-y"],
      "colour": "blue"
    }
  }
}`;
  assert.deepEqual(issuesOf(text), [
    {
      path: "mcpServers.everything",
      ...at(text, '"everything"'),
      message: 'Missing "command" (a stdio server) or "url" (a Streamable HTTP server)',
    },
    {
      path: "mcpServers.everything.comand",
      ...at(text, '"comand"'),
      message: 'Unknown key "comand" in mcpServers.everything; did you mean "command"?',
    },
    {
      path: "mcpServers.everything.argz",
      ...at(text, '"argz"'),
      message: 'Unknown key "argz" in mcpServers.everything; did you mean "args"?',
    },
    {
      path: "mcpServers.everything.colour",
      ...at(text, '"colour"'),
      message:
        'Unknown key "colour" in mcpServers.everything; an entry has type, command, args, env, cwd (stdio) or url, headers (http)',
    },
  ]);
});

Deno.test("parseMcpConfig() accepts other clients' keys, and leaves out disabled entries", () => {
  const servers = parse(JSON.stringify({
    mcpServers: {
      cline: { command: "a", disabled: false, autoApprove: ["x"], alwaysAllow: [], timeout: 60 },
      off: { command: "b", disabled: true },
      broken_but_off: { disabled: true },
      vscode: { type: "stdio", command: "c", envFile: ".env", gallery: true, version: "1.0.0" },
      claude: { url: "https://c.example/mcp", oauth: { clientId: "id" }, description: "C" },
    },
  }));
  assert.deepEqual(servers.map((server) => server.namespace), ["cline", "vscode", "claude"]);
  assert.deepEqual(entryProblems({ x: { command: "a", disabled: "yes" } }), [
    ["mcpServers.x.disabled", 'Expected true or false, got the string "yes"'],
  ]);
});

Deno.test("parseMcpConfig() wants one of mcpServers and servers, in a JSON object", () => {
  const both = '{\n  "mcpServers": {},\n  "servers": {}\n}';
  assert.deepEqual(issuesOf(both), [{
    path: "servers",
    ...at(both, '"servers"'),
    message: 'Both "mcpServers" and "servers"; an MCP config has one of them',
  }]);
  assert.deepEqual(issuesOf('{ "name": "weather", "tools": [] }').map((issue) => issue.message), [
    'Missing "mcpServers" (or VS Code\'s "servers"): an MCP config maps each server\'s name to how to start or reach it',
  ]);
  assert.deepEqual(issuesOf("[1]").map((issue) => issue.message), [
    'Expected a JSON object with "mcpServers", got a list',
  ]);
  assert.deepEqual(issuesOf('{ "servers": [] }').map(({ path, message }) => [path, message]), [
    ["servers", "Expected a mapping of server names to servers, got a list"],
  ]);
  assert.deepEqual(parse('{ "mcpServers": {} }'), []);
});

Deno.test("parseMcpConfig() says where a file stops being JSON, and refuses one over the size limit", () => {
  const text = '{\n  "mcpServers": {\n    "a": { "command": "x" },\n  }\n}';
  assert.deepEqual(issuesOf(text), [{
    path: "",
    ...at(text, "}", 1),
    message: 'The file is not JSON: unexpected "}"',
  }]);
  assert.deepEqual(issuesOf('{ "mcpServers": {').map((issue) => issue.message), [
    "The file is not JSON: it ends before its value is complete",
  ]);
  const huge = `{"mcpServers": {}}${" ".repeat(MAX_CONFIG_SIZE)}`;
  assert.deepEqual(issuesOf(huge).map((issue) => issue.message), [
    `The file is ${huge.length} characters, over the limit of ${MAX_CONFIG_SIZE}`,
  ]);
});

Deno.test("parseMcpConfig() holds a server's name to a namespace's rules, at the name", () => {
  const long = "n".repeat(MAX_NAME_LENGTH + 1);
  const text = JSON.stringify({ mcpServers: { "": { command: "a" }, "a:b": { command: "b" } } });
  const rule = `A server's name is its tools' namespace: 1 to ${MAX_NAME_LENGTH} characters, any ` +
    `but ":" (a tool's ID is namespace:name), got`;
  assert.deepEqual(issuesOf(text), [
    { path: 'mcpServers[""]', ...at(text, '""'), message: `${rule} the string ""` },
    { path: 'mcpServers["a:b"]', ...at(text, '"a:b"'), message: `${rule} the string "a:b"` },
  ]);
  assert.match(entryProblems({ [long]: { command: "a" } })[0][1] as string, /^A server's name/);
  const longest = "n".repeat(MAX_NAME_LENGTH);
  const names = parse(
    JSON.stringify({
      mcpServers: { "Docs v2.1 (prod)": { command: "a" }, [longest]: { command: "b" } },
    }),
  ).map((server) => server.namespace);
  assert.deepEqual(names, ["Docs v2.1 (prod)", longest]);
});

Deno.test("parseMcpConfig() refuses SSE, unknown types, and entries that are neither or both kinds", () => {
  assert.deepEqual(
    entryProblems({
      sse: { type: "sse", url: "https://x.example/sse" },
      typo: { type: "HTTP ", url: "https://x.example/mcp" },
      odd: { type: 7, command: "x" },
      both: { command: "x", url: "https://x.example/mcp" },
      neither: { args: [] },
      mixed: { type: "http", url: "https://x.example/mcp", command: "x" },
    }),
    [
      [
        "mcpServers.sse.type",
        'The deprecated SSE transport is not supported; Streamable HTTP is: give the server\'s Streamable HTTP endpoint as "url", with "type": "http"',
      ],
      ["mcpServers.typo.type", 'Unknown type "HTTP "; did you mean "http"?'],
      [
        "mcpServers.odd.type",
        'Expected a type of "stdio", "http", "streamable-http", "streamableHttp", got the number 7',
      ],
      [
        "mcpServers.both",
        'Expected "command" (a stdio server) or "url" (a Streamable HTTP server), not both; or say which with "type"',
      ],
      [
        "mcpServers.neither",
        'Missing "command" (a stdio server) or "url" (a Streamable HTTP server)',
      ],
      [
        "mcpServers.mixed.command",
        '"command" belongs to stdio servers; this entry is a Streamable HTTP server',
      ],
    ],
  );
});

Deno.test("parseMcpConfig() checks each field's kind and reports every problem of a file", () => {
  assert.deepEqual(
    entryProblems({
      s: { command: "", args: "-y", env: { PORT: 3000, "A=B": "x" }, cwd: 1 },
      t: { type: "stdio", args: ["ok", null] },
      h: { url: "ftp://x.example", headers: { "Bad Name": "v", X: "a\nb" } },
      u: { type: "http", headers: [] },
    }, { env: envOf({}) }),
    [
      [
        "mcpServers.s.command",
        'Expected a non-empty string of at most 65536 characters, got the string ""',
      ],
      ["mcpServers.s.args", 'Expected a list of strings, got the string "-y"'],
      ["mcpServers.s.env.PORT", 'Expected a string, got the number 3000; write "3000"'],
      [
        'mcpServers.s.env["A=B"]',
        'Expected an environment variable\'s name: 1 to 256 characters, without "=" or NUL, got the string "A=B"',
      ],
      [
        "mcpServers.s.cwd",
        "Expected a non-empty string of at most 65536 characters, got the number 1",
      ],
      ["mcpServers.t", 'Missing required key "command"'],
      ["mcpServers.t.args[1]", "Expected a string, got null (an empty value)"],
      ["mcpServers.h.url", 'Expected an http or https URL, got the string "ftp://x.example"'],
      [
        'mcpServers.h.headers["Bad Name"]',
        'Expected a header name (letters, digits and !#$%&\'*+-.^_`|~), got the string "Bad Name"',
      ],
      ["mcpServers.h.headers.X", "A header's value cannot hold a line break or NUL"],
      ["mcpServers.u", 'Missing required key "url"'],
      ["mcpServers.u.headers", "Expected a mapping of strings, got a list"],
    ],
  );
});

Deno.test("isMcpConfigText() tells MCP configs from tool lists and YAML configs, broken ones too", () => {
  assert.equal(isMcpConfigText(DESKTOP), true);
  assert.equal(isMcpConfigText('{ "servers": {} }'), true);
  assert.equal(isMcpConfigText('{\n  "mcpServers": {\n    "a": { "command": "x" },\n  }\n}'), true);
  const toolList = JSON.stringify({
    name: "fleet",
    tools: [{
      name: "scale",
      description: 'Sets "servers": how many',
      inputSchema: { type: "object", properties: { servers: { type: "integer" } } },
    }],
  });
  assert.equal(isMcpConfigText(toolList), false);
  assert.equal(isMcpConfigText("name: git\ncommand: git\ntools: []\n"), false);
  assert.equal(isMcpConfigText('[{ "mcpServers": {} }]'), false);
  assert.equal(isMcpConfigText(""), false);
});
