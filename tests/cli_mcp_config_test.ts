// The command line's `validate` on MCP client configs, run as a real subprocess with --allow-read
// only, on tests/fixtures/cli/mcp_config/: claude_desktop_config.json, valid (two stdio servers,
// one http, one disabled, app settings beside them), and typo.json, VS Code's form with a
// misspelt "argz" and an SSE server. Positions are found in the fixtures' text.
import assert from "node:assert/strict";
import { type Output, runDeno } from "./_deno.ts";

const CLI = new URL("../src/cli/mod.ts", import.meta.url).pathname;
const FIXTURES = new URL("./fixtures/cli/", import.meta.url).pathname;
const TYPO = "mcp_config/typo.json";
const VALID = "mcp_config/claude_desktop_config.json";

function cli(...args: string[]): Promise<Output> {
  return runDeno(["run", "--allow-read", CLI, ...args], { cwd: FIXTURES });
}

/** The 1-based line and column of `needle` in the fixture `file`, and that line's text. */
async function find(file: string, needle: string) {
  const text = await Deno.readTextFile(`${FIXTURES}${file}`);
  const offset = text.indexOf(needle);
  assert.notEqual(offset, -1, `${needle} is not in ${file}`);
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n"), text: text.split("\n")[line - 1] };
}

Deno.test("cli validate checks an MCP config, with did-you-mean at the misspelt key's line and column", async () => {
  const { code, stdout, stderr } = await cli("validate", TYPO);
  assert.equal(stderr, "");
  const argz = await find(TYPO, '"argz"');
  const sse = await find(TYPO, '"sse"');
  assert.deepEqual(stdout.split("\n"), [
    `${TYPO}:${argz.line}:${argz.column}: servers.everything.argz: Unknown key "argz" in servers.everything; did you mean "args"?`,
    ` ${argz.line} | ${argz.text}`,
    ` ${" ".repeat(String(argz.line).length)} | ${" ".repeat(argz.column - 1)}^ error`,
    "",
    `${TYPO}:${sse.line}:${sse.column}: servers.docs.type: The deprecated SSE transport is not supported; Streamable HTTP is: give the server's Streamable HTTP endpoint as "url", with "type": "http"`,
    ` ${sse.line} | ${sse.text}`,
    ` ${" ".repeat(String(sse.line).length)} | ${" ".repeat(sse.column - 1)}^ error`,
    "",
    "0 valid, 1 invalid, 0 warnings",
    "",
  ]);
  assert.equal(code, 1);
});

Deno.test("cli validate reports a valid MCP config and how many servers of each kind it names", async () => {
  const { code, stdout, stderr } = await cli("validate", VALID);
  assert.equal(stderr, "");
  assert.equal(
    stdout,
    `${VALID}: an MCP config of 3 servers: 2 stdio, 1 http\n\n1 valid, 0 invalid, 0 warnings\n`,
  );
  assert.equal(code, 0);
});

Deno.test("cli validate --json gives an MCP config's servers and its located errors", async () => {
  const { code, stdout } = await cli("validate", "--json", VALID, TYPO);
  const report = JSON.parse(stdout);
  const argz = await find(TYPO, '"argz"');
  assert.deepEqual(report.files[0], {
    file: VALID,
    readable: true,
    valid: true,
    errors: [],
    warnings: [],
    servers: { stdio: 2, http: 1 },
  });
  assert.equal(report.files[1].valid, false);
  assert.equal(report.files[1].servers, undefined);
  assert.deepEqual(report.files[1].errors[0], {
    file: TYPO,
    line: argz.line,
    column: argz.column,
    path: "servers.everything.argz",
    message: 'Unknown key "argz" in servers.everything; did you mean "args"?',
  });
  assert.deepEqual(report.summary, {
    files: 2,
    valid: 1,
    invalid: 1,
    unreadable: 0,
    errors: 2,
    warnings: 0,
  });
  assert.equal(code, 1);
});

Deno.test("cli validate reads a directory's configs and tool lists only: MCP configs are named", async () => {
  const { code, stderr } = await cli("validate", "mcp_config");
  assert.equal(
    stderr,
    "mcp_config: No config files (*.yaml, *.yml, *.mcp.json) in this directory\n",
  );
  assert.equal(code, 2);
});

Deno.test("cli validate --policy warns of a servers rule that matches no tool of its server's tool list", async () => {
  const policy = "server_policy/servers.policy.yaml";
  const { code, stdout } = await cli("validate", "--policy", policy, "tool_lists/weather.mcp.json");
  const rule = await find(policy, '"forcast*"');
  const tool = await find(policy, "alerts");
  assert.match(
    stdout,
    new RegExp(
      `${policy}:${rule.line}:${rule.column}: servers\\.weather\\.deny\\[0\\]: The rule "forcast\\*" matches no tool of the server "weather"`,
    ),
  );
  assert.match(
    stdout,
    new RegExp(
      `${policy}:${tool.line}:${tool.column}: servers\\.weather\\.tools\\.alerts: The tool "alerts" matches no tool`,
    ),
  );
  assert.doesNotMatch(stdout, /allow\[0\]/, "a rule that matches is not warned of");
  assert.equal(code, 0, "warnings only");
});

Deno.test("cli validate --policy warns of a servers namespace that no MCP config or tool list checked names", async () => {
  const policy = "server_policy/servers.policy.yaml";
  const { code, stdout } = await cli("validate", "--policy", policy, VALID);
  const weather = await find(policy, "weather");
  assert.match(
    stdout,
    new RegExp(
      `${policy}:${weather.line}:${weather.column}: servers\\.weather: No MCP server checked here is named "weather"`,
    ),
  );
  assert.equal(code, 0, "warnings only");
});

Deno.test("cli list and search read MCP tool lists, alone or beside configs", async () => {
  const listed = await cli("list", "tool_lists/weather.mcp.json");
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /^weather: Forecasts and alerts/);
  assert.match(
    listed.stdout,
    /get_forecast +Get the forecast for a place +latitude: number, required/,
  );
  const found = await cli("search", "forecast", "tool_lists/weather.mcp.json", "valid");
  assert.equal(found.code, 0, found.stderr);
  assert.match(found.stdout, /get_forecast +weather +Get the forecast for a place/);
  const filtered = await cli("list", "--cli", "weather", "tool_lists/weather.mcp.json", "valid");
  assert.doesNotMatch(filtered.stdout, /git_status/);
  assert.match(filtered.stdout, /get_forecast/);
});
