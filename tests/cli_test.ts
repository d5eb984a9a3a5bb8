// The command line, run as a real subprocess with --allow-read only, on the configs of
// tests/fixtures/cli/ (run from that folder, so file names print as given):
//   valid/          git.yaml and docker.yml, valid and without warnings, and notes.txt
//   tool_lists/     MCP tool lists: weather.mcp.json valid, broken.mcp.json with a schema that
//                   is no object schema at 4:45 and a tool without a name at 5:5, cut.mcp.json
//                   ending in the middle of its JSON
//   invalid.yaml    a wrong type at 8:15 and a tool missing its description at 9:5
//   warnings.yaml   valid, with one warning of each kind (the duplicate when read after valid/)
import assert from "node:assert/strict";
import { configJsonSchema, type ToolIndexEntry } from "../mod.ts";
import { palette } from "../src/cli/_color.ts";
import { renderTable } from "../src/cli/_table.ts";
import { type Output, runDeno } from "./_deno.ts";

const CLI = new URL("../src/cli/mod.ts", import.meta.url).pathname;
const FIXTURES = new URL("./fixtures/cli/", import.meta.url).pathname;
const ESCAPE = "\x1b[";

function cli(...args: string[]): Promise<Output> {
  return runDeno(["run", "--allow-read", CLI, ...args], { cwd: FIXTURES });
}

function lines(text: string): string[] {
  return text.split("\n");
}

Deno.test("cli validate accepts a directory of valid configs and reads only its YAML files", async () => {
  const { code, stdout, stderr } = await cli("validate", "valid");
  assert.equal(stderr, "");
  assert.equal(stdout, "2 valid, 0 invalid, 0 warnings\n");
  assert.equal(code, 0);
});

Deno.test("cli validate reports line and column of a wrong type, with the line and a caret", async () => {
  const { code, stdout, stderr } = await cli("validate", "invalid.yaml");
  assert.equal(stderr, "");
  assert.deepEqual(lines(stdout), [
    'invalid.yaml:8:15: tools[0].args[0].type: Expected one of "string", "integer", "number", "boolean", got the string "int"',
    " 8 |         type: int",
    "   |               ^ error",
    "",
    'invalid.yaml:9:5: tools[1].description: Missing required key "description"',
    " 9 |   - name: broken_stop",
    "   |     ^ error",
    "",
    "0 valid, 1 invalid, 0 warnings",
    "",
  ]);
  assert.equal(code, 1);
});

Deno.test("cli validate warns about each kind of likely mistake, at its line and column", async () => {
  const { code, stdout, stderr } = await cli("validate", "valid", "warnings.yaml");
  assert.equal(stderr, "");
  const out = lines(stdout);
  const expected = [
    'warnings.yaml:3:1: tag: Unknown key "tag"; did you mean "tags"?',
    'warnings.yaml:5:11: tools[0].name: Duplicate tool name "git_status", first defined at valid/git.yaml:7:11; a ToolIndex keeps the later tool alone, and the service keeps both, each under its ID (namespace:name)',
    'warnings.yaml:8:18: tools[1].description: The description "Run" is a single word; say what the tool does, so that an agent can find and choose it',
    'warnings.yaml:10:52: tools[1].args[0].default: The default "medium" is not one of the enum values "low", "high"',
    'warnings.yaml:11:49: tools[1].args[1].flag: The argument is positional, so its flag "--target" is never used; remove one or the other',
    "warnings.yaml:12:48: tools[1].args[2].default: The argument is required, so its default is never used; remove one or the other",
    'warnings.yaml:14:18: tools[2].description: The description "noisy stop" only repeats the tool name; say what the tool does, so that an agent can find and choose it',
  ];
  // Each warning in document order, followed by its line and a caret under its column.
  assert.deepEqual(out.filter((line) => line.startsWith("warnings.yaml:")), expected);
  const at = out.indexOf(expected[3]);
  assert.deepEqual(out.slice(at + 1, at + 3), [
    " 10 |       - { name: level, enum: [low, high], default: medium }",
    "    |                                                    ^ warning",
  ]);
  assert.equal(out.at(-2), "3 valid, 0 invalid, 7 warnings");
  assert.equal(code, 0);
});

Deno.test("cli validate --strict fails on warnings, and passes configs without any", async () => {
  const noisy = await cli("validate", "--strict", "warnings.yaml");
  assert.equal(lines(noisy.stdout).at(-2), "1 valid, 0 invalid, 6 warnings");
  assert.equal(noisy.code, 1);
  const clean = await cli("validate", "valid", "--strict");
  assert.equal(clean.stdout, "2 valid, 0 invalid, 0 warnings\n");
  assert.equal(clean.code, 0);
});

Deno.test("cli validate --json reports every file, problem and count", async () => {
  const { code, stdout } = await cli(
    "validate",
    "--json",
    "valid",
    "invalid.yaml",
    "warnings.yaml",
    "missing.yaml",
  );
  const report = JSON.parse(stdout);
  assert.deepEqual(
    report.files.map((file: { file: string; readable: boolean; valid: boolean }) => [
      file.file,
      file.readable,
      file.valid,
    ]),
    [
      ["valid/docker.yml", true, true],
      ["valid/git.yaml", true, true],
      ["invalid.yaml", true, false],
      ["warnings.yaml", true, true],
      ["missing.yaml", false, false],
    ],
  );
  assert.deepEqual(report.files[2].errors, [
    {
      file: "invalid.yaml",
      line: 8,
      column: 15,
      path: "tools[0].args[0].type",
      message: 'Expected one of "string", "integer", "number", "boolean", got the string "int"',
    },
    {
      file: "invalid.yaml",
      line: 9,
      column: 5,
      path: "tools[1].description",
      message: 'Missing required key "description"',
    },
  ]);
  const warnings = report.files[3].warnings;
  assert.deepEqual(
    warnings.map((w: { code: string; line: number; column: number }) => [
      w.code,
      w.line,
      w.column,
    ]),
    [
      ["unknown-key", 3, 1],
      ["duplicate-tool", 5, 11],
      ["thin-description", 8, 18],
      ["default-not-in-enum", 10, 52],
      ["positional-with-flag", 11, 49],
      ["required-with-default", 12, 48],
      ["thin-description", 14, 18],
    ],
  );
  assert.deepEqual(warnings[0], {
    file: "warnings.yaml",
    line: 3,
    column: 1,
    path: "tag",
    message: 'Unknown key "tag"; did you mean "tags"?',
    code: "unknown-key",
  });
  assert.deepEqual(report.files[4].errors, [
    {
      file: "missing.yaml",
      line: null,
      column: null,
      path: "",
      message: "No such file or directory",
    },
  ]);
  assert.deepEqual(report.summary, {
    files: 5,
    valid: 3,
    invalid: 1,
    unreadable: 1,
    errors: 2,
    warnings: 7,
  });
  assert.equal(code, 2);
});

Deno.test("cli validate checks MCP tool lists, with the line and column of each problem", async () => {
  const { code, stdout, stderr } = await cli("validate", "tool_lists");
  assert.equal(stderr, "");
  assert.deepEqual(lines(stdout), [
    'tool_lists/broken.mcp.json:4:45: tools[0].inputSchema: Expected an object schema ({"type": "object", ...}), got a schema whose type is the string "array"',
    ' 4 |     { "name": "list_things", "inputSchema": { "type": "array" } },',
    "   |                                             ^ error",
    "",
    'tool_lists/broken.mcp.json:5:5: tools[1].name: Missing required key "name"',
    ' 5 |     { "description": "No name", "inputSchema": { "type": "object" } }',
    "   |     ^ error",
    "",
    "tool_lists/cut.mcp.json:5:1: The file is not JSON: it ends before its value is complete",
    " 5 | ",
    "   | ^ error",
    "",
    "1 valid, 2 invalid, 0 warnings",
    "",
  ]);
  assert.equal(code, 1);
  const valid = await cli("validate", "tool_lists/weather.mcp.json");
  assert.equal(valid.stdout, "1 valid, 0 invalid, 0 warnings\n");
  assert.equal(valid.code, 0);
});

Deno.test("cli validate exits 2 for a missing file and still checks the others", async () => {
  const { code, stdout, stderr } = await cli("validate", "valid/git.yaml", "missing.yaml");
  assert.equal(stderr, "missing.yaml: No such file or directory\n");
  assert.equal(stdout, "1 valid, 0 invalid, 1 unreadable, 0 warnings\n");
  assert.equal(code, 2);
});

Deno.test("cli validate exits 2 for a directory without configs", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const { code, stderr } = await cli("validate", dir);
    assert.equal(stderr, `${dir}: No config files (*.yaml, *.yml, *.mcp.json) in this directory\n`);
    assert.equal(code, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("cli validate reads a file named twice once", async () => {
  const { code, stdout } = await cli("validate", "valid/git.yaml", "./valid/git.yaml");
  assert.equal(stdout, "1 valid, 0 invalid, 0 warnings\n");
  assert.equal(code, 0);
});

Deno.test("cli usage errors print the usage on stderr and exit 2", async () => {
  const cases: [string[], string][] = [
    [[], "Name a command"],
    [["valdate", "valid"], 'Unknown command "valdate"; did you mean "validate"?'],
    [["--json"], 'Expected a command before the option "--json"'],
    [["validate", "--strcit", "valid"], 'Unknown option "--strcit"; did you mean "--strict"?'],
    [["validate"], "Name at least one config file or directory"],
    [["validate", "--json=yes", "valid"], "Option '--json' does not take an argument"],
    [["search", "--limit"], "Option '--limit <value>' argument missing"],
    [["search", "--limit", "ten", "git"], 'The limit must be a whole number, got "ten"'],
    [
      ["search", "--mode", "fuzzy", "git"],
      'The mode must be "substring", "ranked" or "hybrid", got "fuzzy"',
    ],
    [["search"], 'Give a query, or "" to browse with --category or --cli'],
    [["schema", "extra"], 'The schema command takes no argument, got "extra"'],
  ];
  for (const [args, message] of cases) {
    const { code, stdout, stderr } = await cli(...args);
    const [first, usage] = lines(stderr);
    assert.equal(first, message, `for ${JSON.stringify(args)}`);
    assert.match(usage, /^Usage: deno task cli /);
    assert.equal(stdout, "");
    assert.equal(code, 2, `for ${JSON.stringify(args)}`);
  }
});

Deno.test("cli --help describes the program and each command", async () => {
  const program = await cli("--help");
  assert.equal(program.code, 0);
  for (const name of ["validate", "list", "search", "schema"]) {
    assert.match(program.stdout, new RegExp(`^  ${name} `, "m"));
    for (const flag of ["--help", "-h"]) {
      const { code, stdout } = await cli(name, flag);
      assert.equal(code, 0);
      assert.match(stdout, new RegExp(`^Usage: deno task cli ${name}`, "m"));
    }
  }
});

Deno.test("cli prints no ANSI escape codes when its output is piped", async () => {
  const runs = await Promise.all([
    cli("validate", "invalid.yaml", "warnings.yaml", "missing.yaml"),
    cli("list", "valid"),
    cli("search", "container", "valid"),
    cli("list", "--cli", "nothing"),
  ]);
  for (const { stdout, stderr } of runs) {
    assert.ok(stdout.length + stderr.length > 0);
    assert.ok(!stdout.includes(ESCAPE) && !stderr.includes(ESCAPE), stdout + stderr);
  }
});

Deno.test("cli list shows each CLI's tools, commands and arguments within 120 columns", async () => {
  const { code, stdout, stderr } = await cli("list", "valid");
  assert.equal(stderr, "");
  assert.equal(code, 0);
  const out = lines(stdout);
  assert.equal(out[0], "docker: MCP tools for Docker");
  assert.equal(out[1], "2 tools · command docker · category containers");
  assert.match(out[3], /^TOOL +DESCRIPTION +COMMAND +ARGS$/);
  assert.match(
    stdout,
    /^docker_logs +Fetch the logs of a container +docker logs +container: string, positional, required$/m,
  );
  assert.match(
    stdout,
    /^git_log +Show the commit history +git log +max_count: integer, -n, default 10$/m,
  );
  // 10 + 28 + 10 + 69 columns and three gaps of 2 make 123: the arguments wrap, with a hanging
  // indent, at the 66 columns the other columns and the gaps leave them.
  const args = " ".repeat(10 + 2 + 28 + 2 + 10 + 2);
  const at = out.indexOf(`${args}format: string, --format, default "short", one of`);
  assert.ok(at > 0, stdout);
  assert.equal(out[at + 1], `${args}  oneline|short|full`);
  assert.ok(out.every((line) => [...line].length <= 120));
});

Deno.test("cli list --cli shows that CLI only, matched without case", async () => {
  const { code, stdout } = await cli("list", "--cli", "GIT-tools", "valid");
  assert.equal(code, 0);
  assert.match(stdout, /^git_status /m);
  assert.doesNotMatch(stdout, /docker/);
});

Deno.test("cli list --cli with an unknown name suggests the closest and exits 1", async () => {
  const { code, stdout, stderr } = await cli("list", "--cli", "dokcer", "valid");
  assert.equal(stdout, "");
  assert.equal(stderr, 'No CLI is named "dokcer"; did you mean "docker"?\n');
  assert.equal(code, 1);
});

Deno.test("cli list without files lists the bundled configs", async () => {
  const { code, stdout } = await cli("list");
  assert.equal(code, 0);
  const names: string[] = [];
  for await (const entry of Deno.readDir(new URL("../configs/", import.meta.url))) {
    if (entry.name.endsWith(".yaml")) names.push(entry.name.replace(/\.yaml$/, ""));
  }
  assert.equal(names.length, 18);
  for (const name of names) assert.match(stdout, new RegExp(`^${name}: `, "m"));
  assert.match(stdout, /^docker_ps /m);
});

Deno.test("cli list and search exit 1 on an invalid config, with its errors on stderr", async () => {
  for (const args of [["list", "invalid.yaml"], ["search", "x", "invalid.yaml"]]) {
    const { code, stdout, stderr } = await cli(...args);
    assert.equal(stdout, "");
    assert.match(stderr, /^invalid\.yaml:8:15: tools\[0\]\.args\[0\]\.type: /m);
    assert.equal(code, 1);
  }
});

Deno.test("cli search --json returns the entries an agent gets", async () => {
  const { code, stdout } = await cli("search", "--json", "logs", "valid");
  assert.equal(code, 0);
  const results: ToolIndexEntry[] = JSON.parse(stdout);
  assert.deepEqual(results, [{
    tool_name: "docker_logs",
    description: "Fetch the logs of a container",
    cli_name: "docker",
    category: "containers",
    tags: [],
    input_schema: {
      type: "object",
      properties: { container: { type: "string" } },
      required: ["container"],
    },
  }]);
});

Deno.test("cli search --mode ranked puts the best tool first", async () => {
  const { code, stdout } = await cli(
    "search",
    "--mode",
    "ranked",
    "--json",
    "show running containers",
    "valid",
  );
  assert.equal(code, 0);
  const results: ToolIndexEntry[] = JSON.parse(stdout);
  assert.equal(results[0].tool_name, "docker_ps");
});

Deno.test("cli search filters by category and cli and keeps the limit", async () => {
  const byCategory = await cli("search", "--json", "--category", "VCS", "", "valid");
  assert.deepEqual(
    JSON.parse(byCategory.stdout).map((entry: ToolIndexEntry) => entry.tool_name),
    ["git_status", "git_log"],
  );
  const limited = await cli("search", "--json", "--cli", "docker", "--limit", "1", "", "valid");
  assert.deepEqual(
    JSON.parse(limited.stdout).map((entry: ToolIndexEntry) => entry.tool_name),
    ["docker_ps"],
  );
});

Deno.test("cli search prints a table, and searches the bundled configs by default", async () => {
  const table = await cli("search", "container", "valid");
  assert.equal(table.code, 0);
  assert.match(table.stdout, /^TOOL +CLI +CATEGORY +DESCRIPTION$/m);
  assert.match(table.stdout, /^docker_ps +docker +containers +List running containers$/m);
  const none = await cli("search", "zzqqxx", "valid");
  assert.equal(none.stdout, "No tool matches.\n");
  const bundled = await cli("search", "--json", "--cli", "docker", "--limit", "3", "container");
  const results: ToolIndexEntry[] = JSON.parse(bundled.stdout);
  assert.equal(results.length, 3);
  assert.ok(results.every((entry) => entry.cli_name === "docker"));
});

Deno.test("cli search hints at --mode ranked when a request's words rank tools", async () => {
  const request = await cli("search", "show the containers that are up");
  assert.equal(request.code, 0);
  assert.match(request.stdout, /^No tool matches\.\nHint: .*--mode ranked/);
  const json = await cli("search", "--json", "show the containers that are up");
  assert.deepEqual(JSON.parse(json.stdout), []);
  assert.match(json.stderr, /--mode ranked/);
  const ranked = await cli("search", "--mode", "ranked", "show the containers that are up");
  assert.match(ranked.stdout, /docker_ps/);
  assert.doesNotMatch(ranked.stdout, /Hint/);
});

Deno.test("cli search --mode hybrid finds a tool that says the request in other words, and nothing far", async () => {
  const request = "will it rain in Paris tomorrow";
  const ranked = await cli(
    "search",
    "--mode",
    "ranked",
    "--json",
    request,
    "tool_lists/weather.mcp.json",
  );
  assert.deepEqual(JSON.parse(ranked.stdout), []);
  const hybrid = await cli(
    "search",
    "--mode",
    "hybrid",
    "--json",
    request,
    "tool_lists/weather.mcp.json",
  );
  assert.equal(hybrid.code, 0, hybrid.stderr);
  const found: ToolIndexEntry[] = JSON.parse(hybrid.stdout);
  assert.equal(found[0]?.tool_name, "get_forecast");
  const far = await cli("search", "--mode", "hybrid", "bake a chocolate cake", "valid");
  assert.match(far.stdout, /^No tool matches\.\nHint: .*list shows what there is/);
  // The bundled configs, with the vectors `deno task catalogue` stored for them.
  const bundled = await cli(
    "search",
    "--mode",
    "hybrid",
    "--json",
    "--limit",
    "1",
    "show me the history of commits",
  );
  assert.equal(JSON.parse(bundled.stdout)[0]?.tool_name, "git_log");
  assert.equal(bundled.stderr, "");
});

Deno.test("cli search --mode hybrid says in one line that its table cannot be read, and exits 2", async () => {
  const table = new URL("../src/hybrid/_token_table.bin", import.meta.url).pathname;
  const withoutTable = (...args: string[]) =>
    runDeno(["run", "--allow-read", `--deny-read=${table}`, CLI, ...args], { cwd: FIXTURES });
  const denied = await withoutTable("search", "--mode", "hybrid", "rain", "valid");
  assert.equal(denied.code, 2);
  assert.equal(denied.stdout, "");
  assert.match(
    denied.stderr,
    /^Hybrid search cannot load: .*_token_table\.bin cannot be read\n$/,
  );
  // A browse is alike in every mode, and needs no table.
  const browse = await withoutTable("search", "--mode", "hybrid", "--json", "", "valid");
  assert.equal(browse.code, 0, browse.stderr);
  assert.equal(JSON.parse(browse.stdout).length, 4);
});

Deno.test("cli schema prints the JSON Schema of the config format", async () => {
  const { code, stdout } = await cli("schema");
  assert.equal(code, 0);
  assert.deepEqual(JSON.parse(stdout), configJsonSchema());
});

Deno.test("cli tables wrap to the width, and colour codes take no column", () => {
  const render = (color: ReturnType<typeof palette>) =>
    renderTable(
      [{ header: "tool", style: color.green }, { header: "description", wrap: true }],
      [["git_log", "Show the commit history of the current branch"], ["jq", "Filter JSON"]],
      32,
      color.bold,
    );
  // "git_log" is 7 wide and the gap 2, which leaves the description 23 columns.
  assert.deepEqual(render(palette(false)), [
    "TOOL     DESCRIPTION",
    "git_log  Show the commit history",
    "         of the current branch",
    "jq       Filter JSON",
  ]);
  const color = palette(true);
  assert.deepEqual(render(color), [
    `${color.bold("TOOL")}     ${color.bold("DESCRIPTION")}`,
    `${color.green("git_log")}  Show the commit history`,
    "         of the current branch",
    `${color.green("jq")}       Filter JSON`,
  ]);
  assert.ok(color.green("jq").startsWith(ESCAPE));
});
