import assert from "node:assert/strict";
import {
  type CLImaxConfig,
  ConfigError,
  type ConfigIssue,
  loadConfig,
  MAX_CONFIG_SIZE,
  parseConfig,
  validateConfig,
} from "../mod.ts";
import { CONFIG_FIELDS } from "./_fixtures.ts";

/** Runs `fn`, which must throw a ConfigError, and returns it. */
function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`);
    return error;
  }
  assert.fail("expected a ConfigError, but nothing was thrown");
}

async function configErrorAsync(fn: () => Promise<unknown>): Promise<ConfigError> {
  try {
    await fn();
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`);
    return error;
  }
  assert.fail("expected a ConfigError, but nothing was thrown");
}

function only(error: ConfigError): ConfigIssue {
  assert.equal(error.issues.length, 1, error.message);
  return error.issues[0];
}

const quiet = { onWarning: () => {} };

Deno.test("parseConfig() reads category and tags (story 1, scenario 1; FR-001, FR-002)", () => {
  const config = parseConfig(
    "name: git-tools\ncommand: git\ncategory: vcs\ntags: [version-control, commits]\ntools: []\n",
  );
  assert.equal(config.category, "vcs");
  assert.deepEqual(config.tags, ["version-control", "commits"]);
});

Deno.test("parseConfig() defaults category to null and tags to [] (story 1, scenario 2; FR-003, SC-001)", () => {
  const config = parseConfig("command: git\ntools: []\n");
  assert.equal(config.category, null);
  assert.deepEqual(config.tags, []);
});

Deno.test("parseConfig() accepts a category without tags (story 1, scenario 3; FR-003)", () => {
  const config = parseConfig("command: git\ncategory: vcs\ntools: []\n");
  assert.equal(config.category, "vcs");
  assert.deepEqual(config.tags, []);
});

Deno.test("parseConfig() fills every default of the format", () => {
  const config = parseConfig(`
command: git
tools:
  - name: git_log
    description: Show commits
    args:
      - name: max_count
`);
  assert.deepEqual(config, {
    name: "climax",
    description: "",
    command: "git",
    env: {},
    working_dir: null,
    category: null,
    tags: [],
    global_args: [],
    tools: [{
      name: "git_log",
      description: "Show commits",
      command: "",
      args: [{
        name: "max_count",
        description: "",
        type: "string",
        required: false,
        default: null,
        flag: null,
        positional: false,
        cwd: false,
        stdin: false,
        enum: null,
      }],
      timeout: null,
    }],
  });
});

Deno.test("parseConfig() loads every field of the CLImax format", () => {
  const warnings: string[] = [];
  const config = parseConfig(
    `
name: git-tools
description: "MCP tools for Git"
command: git
env: { GIT_PAGER: cat }
working_dir: /srv/repo
category: vcs
tags: [version-control]
global_args:
  - { name: config, flag: "--config", default: "$GIT_CONFIG" }
tools:
  - name: git_log
    description: "Show commits"
    command: log
    timeout: 60
    args:
      - name: max_count
        type: integer
        description: "Limit"
        required: false
        default: 10
        flag: "-n"
        positional: false
        cwd: false
        stdin: false
        enum: [a, b]
`,
    { onWarning: (message) => warnings.push(message) },
  );
  // The format's own example puts an enum on an integer argument: it loads, with a warning.
  assert.deepEqual(warnings, [
    "<input>:26:15: tools[0].args[0].enum: The enum's values are strings, but the argument's " +
    'type is "integer": no value is both, so the input schema can never be satisfied; make the ' +
    "type string or remove the enum",
  ]);
  assert.deepEqual(config.env, { GIT_PAGER: "cat" });
  assert.equal(config.working_dir, "/srv/repo");
  assert.equal(config.global_args[0].flag, "--config");
  assert.equal(config.global_args[0].default, "$GIT_CONFIG");
  assert.equal(config.tools[0].timeout, 60);
  assert.deepEqual(config.tools[0].args[0], {
    name: "max_count",
    description: "Limit",
    type: "integer",
    required: false,
    default: 10,
    flag: "-n",
    positional: false,
    cwd: false,
    stdin: false,
    enum: ["a", "b"],
  });
});

Deno.test("JSON of a parsed config has the Python original's field order", () => {
  const config = parseConfig(
    "tools: [{description: d, args: [{enum: [x], name: a}], name: t}]\ncommand: c\ntags: [z]\n",
  );
  assert.deepEqual(Object.keys(config), CONFIG_FIELDS);
  assert.deepEqual(Object.keys(config.tools[0]), [
    "name",
    "description",
    "command",
    "args",
    "timeout",
  ]);
  assert.deepEqual(Object.keys(config.tools[0].args[0]), [
    "name",
    "description",
    "type",
    "required",
    "default",
    "flag",
    "positional",
    "cwd",
    "stdin",
    "enum",
  ]);
});

Deno.test("a valid config survives a JSON round trip and re-validation unchanged", () => {
  const config = parseConfig(
    "command: git\nenv: {A: b}\ntools: [{name: t, description: d, args: [{name: a, default: {x: [1, 2]}}]}]\n",
  );
  const again = validateConfig(JSON.parse(JSON.stringify(config)));
  assert.deepEqual(again, config);
  assert.equal(JSON.stringify(again), JSON.stringify(config));
});

Deno.test("parseConfig() reads YAML 1.1 booleans as PyYAML does", () => {
  const config = parseConfig(
    "command: c\ntools: [{name: t, description: d, args: [{name: a, required: yes, positional: on}]}]\n",
  );
  assert.equal(config.tools[0].args[0].required, true);
  assert.equal(config.tools[0].args[0].positional, true);
});

Deno.test("parseConfig() refuses a tag it does not know, as PyYAML does", () => {
  const issue = only(
    configError(() =>
      parseConfig("command: git\ntools:\n  - name: a\n    description: !secret b\n")
    ),
  );
  assert.deepEqual([issue.line, issue.column], [4, 18]);
  assert.match(issue.message, /^Unknown tag !secret: /);
  // The standard tags are still read.
  assert.equal(parseConfig("command: !!str git\ntools: []").command, "git");
});

Deno.test("parseConfig() keeps dates in defaults as the text written", () => {
  const config = parseConfig(
    "command: c\ntools: [{name: t, description: d, args: [{name: since, default: 2024-01-31}]}]\n",
  );
  assert.equal(config.tools[0].args[0].default, "2024-01-31");
});

Deno.test("parseConfig() expands anchors and merge keys", () => {
  const config = parseConfig(`
command: c
tools:
  - &base { name: a, description: shared, command: run }
  - <<: *base
    name: b
`);
  assert.deepEqual(config.tools.map((tool) => [tool.name, tool.description, tool.command]), [
    ["a", "shared", "run"],
    ["b", "shared", "run"],
  ]);
});

Deno.test("parseConfig() locates a wrong enum value at its line and column", () => {
  const text = `name: x
command: git
tools:
  - name: a
    description: b
    args:
      - name: c
        type: bogus
`;
  const issue = only(configError(() => parseConfig(text, { source: "x.yaml" })));
  assert.equal(issue.path, "tools[0].args[0].type");
  assert.equal(issue.line, 8);
  assert.equal(issue.column, 15);
  assert.match(issue.message, /^Expected one of "string", "integer", "number", "boolean"/);
});

Deno.test("ConfigError message lists every issue as source:line:column: path: message", () => {
  const text = "command: git\ntools:\n  - name: 1\n    description: [a]\n";
  const error = configError(() => parseConfig(text, { source: "git.yaml" }));
  assert.equal(error.source, "git.yaml");
  assert.deepEqual(error.message.split("\n"), [
    'git.yaml:3:11: tools[0].name: Expected a string, got the number 1; quote it to make it a string: "1"',
    "git.yaml:4:18: tools[0].description: Expected a string, got a list",
  ]);
});

Deno.test("parseConfig() reports missing command and tools at the mapping that lacks them", () => {
  const error = configError(() => parseConfig("name: x\ndescription: y\n"));
  assert.deepEqual(
    error.issues.map((issue) => [issue.path, issue.line, issue.column, issue.message]),
    [
      ["command", 1, 1, 'Missing required key "command"'],
      ["tools", 1, 1, 'Missing required key "tools"'],
    ],
  );
});

Deno.test("parseConfig() reports a tool without name or description at the tool", () => {
  const text = "command: git\ntools:\n  - command: status\n  - name: ok\n    description: fine\n";
  const error = configError(() => parseConfig(text));
  assert.deepEqual(
    error.issues.map((issue) => [issue.path, issue.line, issue.column]),
    [["tools[0].name", 3, 5], ["tools[0].description", 3, 5]],
  );
});

Deno.test("parseConfig() reports an argument without a name", () => {
  const text =
    "command: git\ntools:\n  - name: t\n    description: d\n    args:\n      - flag: -x\n";
  const issue = only(configError(() => parseConfig(text)));
  assert.equal(issue.path, "tools[0].args[0].name");
  assert.deepEqual([issue.line, issue.column], [6, 9]);
});

Deno.test("parseConfig() names the expected type for wrong types", () => {
  const cases: [string, string, RegExp][] = [
    ["command: git\ntools: 3\n", "tools", /^Expected a list, got the number 3$/],
    ["command: git\ntags: vcs\ntools: []\n", "tags", /^Expected a list, got the string "vcs"$/],
    ["command: [git]\ntools: []\n", "command", /^Expected a string, got a list$/],
    ["command: git\nenv: [a]\ntools: []\n", "env", /^Expected a mapping, got a list$/],
    [
      "command: git\ntools: [{name: t, description: d, timeout: soon}]\n",
      "tools[0].timeout",
      /^Expected a number, got the string "soon"$/,
    ],
    [
      "command: git\ntools: [{name: t, description: d, args: [{name: a, required: maybe}]}]\n",
      "tools[0].args[0].required",
      /^Expected a boolean \(true or false\), got the string "maybe"$/,
    ],
  ];
  for (const [text, path, message] of cases) {
    const issue = only(configError(() => parseConfig(text)));
    assert.equal(issue.path, path, text);
    assert.match(issue.message, message, text);
    assert.equal(typeof issue.line, "number", text);
  }
});

Deno.test("parseConfig() reports each enum value that is not a string", () => {
  const text =
    "command: git\ntools: [{name: t, description: d, args: [{name: a, enum: [1, x, 2]}]}]\n";
  const error = configError(() => parseConfig(text));
  assert.deepEqual(error.issues.map((issue) => [issue.path, issue.column]), [
    ["tools[0].args[0].enum[0]", 59],
    ["tools[0].args[0].enum[2]", 65],
  ]);
});

Deno.test("parseConfig() reads y, n and odd cases as strings, as PyYAML does", () => {
  const config = parseConfig(
    "command: c\ndescription: y\ntools: [{name: t, description: n, args: [{name: a, enum: [Y, N, fAlSe]}]}]\n",
  );
  assert.equal(config.description, "y");
  assert.equal(config.tools[0].description, "n");
  assert.deepEqual(config.tools[0].args[0].enum, ["Y", "N", "fAlSe"]);
});

Deno.test("parseConfig() refuses a timeout that is not positive", () => {
  const text = "command: git\ntools:\n  - {name: a, description: b, timeout: -1}\n";
  const issue = only(configError(() => parseConfig(text)));
  assert.equal(issue.path, "tools[0].timeout");
  assert.equal(issue.message, "Expected a number greater than 0, got the number -1");
  assert.deepEqual([issue.line, issue.column], [3, 40]);
});

Deno.test("parseConfig() refuses an empty file", () => {
  for (const text of ["", "   \n", "# only a comment\n", "---\n"]) {
    const issue = only(configError(() => parseConfig(text, { source: "empty.yaml" })));
    assert.equal(issue.path, "");
    assert.deepEqual([issue.line, issue.column], [1, 1]);
    assert.match(issue.message, /^The config is empty/);
  }
});

Deno.test("parseConfig() refuses a list or a scalar at the top", () => {
  for (
    const [text, kind] of [["- a\n- b\n", "a list"], ["just text\n", 'the string "just text"']]
  ) {
    const issue = only(configError(() => parseConfig(text)));
    assert.equal(
      issue.message,
      `Expected a mapping with keys such as command and tools at the top level, got ${kind}`,
    );
    assert.deepEqual([issue.line, issue.column], [1, 1]);
  }
});

Deno.test("parseConfig() reports a duplicate key where it repeats, with its path", () => {
  const text = "command: git\ntools:\n  - name: a\n    description: b\n    name: c\n";
  const issue = only(configError(() => parseConfig(text)));
  assert.equal(issue.path, "tools[0].name");
  assert.deepEqual([issue.line, issue.column], [5, 5]);
  assert.match(issue.message, /^Duplicate key "name"/);
});

Deno.test("parseConfig() reports YAML syntax errors with line and column", () => {
  const error = configError(() =>
    parseConfig("command: git\ntools:\n  - name: [a\n", { source: "bad.yaml" })
  );
  // The bracket left open is the one at fault; the parser's errors that follow are its echoes.
  assert.equal(
    error.message,
    "bad.yaml:3:11: The [ here is never closed; add ] at the end of the list",
  );
  const tab = only(configError(() => parseConfig("command: git\ntools:\n\t- name: x\n")));
  assert.deepEqual([tab.line, tab.column], [3, 1]);
});

Deno.test("parseConfig() refuses an alias bomb instead of expanding it", () => {
  // Ten levels of nine aliases each would expand to 9^10 (about 3.5 billion) strings.
  const lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i <= 10; i++) {
    lines.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(",")}]`);
  }
  const issue = only(configError(() => parseConfig(lines.join("\n"))));
  assert.match(issue.message, /expands aliases more than \d+ times/);
});

Deno.test("parseConfig() refuses text over MAX_CONFIG_SIZE", () => {
  const text = "command: git\ntools: []\n#" + "x".repeat(MAX_CONFIG_SIZE);
  const issue = only(configError(() => parseConfig(text)));
  assert.match(issue.message, new RegExp(`over the limit of ${MAX_CONFIG_SIZE}`));
});

Deno.test("parseConfig() refuses binary garbage", () => {
  const garbage = String.fromCharCode(...Array.from({ length: 256 }, (_, i) => (i * 37) % 256));
  const error = configError(() => parseConfig(garbage));
  assert.ok(error.issues.length >= 1);
  assert.equal(typeof error.issues[0].line, "number");
});

Deno.test("parseConfig() refuses very deep nesting with a ConfigError", () => {
  const issue = only(configError(() => parseConfig("a: " + "[".repeat(200_000))));
  assert.match(issue.message, /nested too deeply/);
});

Deno.test("parseConfig() refuses several documents in one file, at the second", () => {
  const error = configError(() =>
    parseConfig("command: a\ntools: []\n---\ncommand: b\ntools: []\n", { source: "two.yaml" })
  );
  assert.deepEqual(error.issues.map((issue) => [issue.line, issue.column]), [[3, 1]]);
  assert.match(error.message, /^two\.yaml:3:1: A config file holds one YAML document/);
});

Deno.test("parseConfig() locates issues as an editor counts, whatever ends the lines", () => {
  const lines = ["command: git", "tools:", "  - name: a", "    description: 5"];
  const at = (text: string) => {
    const issue = only(configError(() => parseConfig(text)));
    return [issue.line, issue.column];
  };
  for (const end of ["\n", "\r\n", "\r"]) {
    assert.deepEqual(at(lines.join(end) + end), [4, 18], JSON.stringify(end));
  }
  // A byte order mark takes no column.
  assert.deepEqual(at("\uFEFF" + lines.join("\n")), [4, 18]);
  assert.deepEqual(at("\uFEFFcommand: 5\ntools: []"), [1, 10]);
  const repeated = only(
    configError(() => parseConfig("command: a\r\ntools: []\r\ncommand: b\r\n")),
  );
  assert.deepEqual([repeated.line, repeated.column], [3, 1]);
});

Deno.test("parseConfig() refuses input that is not text", () => {
  const issue = only(configError(() => parseConfig(42 as unknown as string)));
  assert.equal(issue.message, "Expected YAML text, got the number 42");
});

Deno.test("unknown keys are warnings with a suggestion for near misses", () => {
  const warnings: { message: string; issue: ConfigIssue }[] = [];
  const config = parseConfig(
    "command: git\ntag: [vcs]\ntools:\n  - name: a\n    description: b\n    args:\n      - {name: x, requried: true}\n",
    { source: "git.yaml", onWarning: (message, issue) => warnings.push({ message, issue }) },
  );
  assert.deepEqual(config.tags, []);
  assert.equal(Object.hasOwn(config, "tag"), false);
  assert.deepEqual(warnings.map((w) => w.message), [
    'git.yaml:2:1: tag: Unknown key "tag"; did you mean "tags"?',
    'git.yaml:7:19: tools[0].args[0].requried: Unknown key "requried"; did you mean "required"?',
  ]);
  assert.equal(warnings[0].issue.path, "tag");
});

Deno.test("an unknown key far from every known key gets no suggestion", () => {
  const warnings: string[] = [];
  parseConfig("command: git\nzzzzzz: 1\ntools: []\n", { onWarning: (m) => warnings.push(m) });
  assert.deepEqual(warnings, ['<input>:2:1: zzzzzz: Unknown key "zzzzzz"']);
});

Deno.test("unknown keys are issues under strict", () => {
  const error = configError(() =>
    parseConfig("command: git\ntag: [vcs]\ntools: []\n", { strict: true, source: "s.yaml" })
  );
  assert.equal(error.message, 's.yaml:2:1: tag: Unknown key "tag"; did you mean "tags"?');
});

Deno.test("unknown keys and real problems: warnings for the first, an error for the second", () => {
  const warnings: string[] = [];
  const error = configError(() =>
    parseConfig("command: 3\ncolour: red\ntools: []\n", { onWarning: (m) => warnings.push(m) })
  );
  assert.equal(warnings.length, 1);
  assert.equal(only(error).path, "command");
});

Deno.test("validateConfig() takes a plain object and does not change it", () => {
  const input = { command: "git", tag: ["x"], tools: [{ name: "a", description: "b" }] };
  const before = structuredClone(input);
  const config = validateConfig(input, quiet);
  assert.deepEqual(input, before);
  assert.equal(config.name, "climax");
  config.tools[0].name = "changed";
  assert.equal(input.tools[0].name, "a");
});

Deno.test("validateConfig() issues carry paths but no positions", () => {
  const error = configError(() => validateConfig({ tools: [{ name: 1 }] }, { source: "api" }));
  assert.deepEqual(error.issues, [
    { path: "command", message: 'Missing required key "command"' },
    {
      path: "tools[0].name",
      message: 'Expected a string, got the number 1; quote it to make it a string: "1"',
    },
    { path: "tools[0].description", message: 'Missing required key "description"' },
  ]);
  assert.match(error.message, /^api: command: Missing required key "command"$/m);
});

Deno.test("validateConfig() refuses defaults that are not JSON values", () => {
  const error = configError(() =>
    validateConfig({
      command: "c",
      tools: [{ name: "t", description: "d", args: [{ name: "a", default: new Date(0) }] }],
    })
  );
  assert.equal(only(error).path, "tools[0].args[0].default");
});

Deno.test("validateConfig() copies an argument's default, __proto__ keys included", () => {
  const value = JSON.parse('{"__proto__": {"polluted": true}, "list": [1, {"deep": "x"}]}');
  const config = validateConfig({
    command: "c",
    tools: [{ name: "t", description: "d", args: [{ name: "a", default: value }] }],
  });
  const copy = config.tools[0].args[0].default as Record<string, unknown>;
  assert.notEqual(copy, value);
  assert.deepEqual(JSON.parse(JSON.stringify(copy)), JSON.parse(JSON.stringify(value)));
  assert.equal(Object.getPrototypeOf(copy), Object.prototype);
  assert.deepEqual(Object.keys(copy), ["__proto__", "list"]);
  value.list[1].deep = "changed";
  assert.deepEqual((copy.list as unknown[])[1], { deep: "x" });
});

Deno.test("validateConfig() reads each value of a default once", () => {
  let reads = 0;
  // JSON on the first read, a function on any later one: a check and a copy that each read
  // the value would let the function through.
  const value = {
    get n(): unknown {
      return reads++ === 0 ? 1 : () => 1;
    },
  };
  const config = validateConfig({
    command: "c",
    tools: [{ name: "t", description: "d", args: [{ name: "a", default: value }] }],
  });
  assert.deepEqual(config.tools[0].args[0].default, { n: 1 });
  assert.equal(reads, 1);
});

Deno.test("validateConfig() refuses a default that holds a cycle or a non-finite number", () => {
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  for (const value of [cyclic, [1, [Number.NaN]], { n: -Infinity }, [, 1]]) {
    const error = configError(() =>
      validateConfig({
        command: "c",
        tools: [{ name: "t", description: "d", args: [{ name: "a", default: value }] }],
      })
    );
    assert.equal(only(error).path, "tools[0].args[0].default");
    assert.match(only(error).message, /^Expected a JSON value/);
  }
});

Deno.test("validateConfig() refuses non-objects with a ConfigError", () => {
  for (const input of [null, undefined, 3, "text", [], true]) {
    const error = configError(() => validateConfig(input));
    assert.ok(error.issues.length >= 1);
  }
});

Deno.test("loadConfig() reads a bundled config by bare name", async () => {
  const config: CLImaxConfig = await loadConfig("git");
  assert.equal(config.command, "git");
  assert.ok(config.tools.length > 0);
});

Deno.test("loadConfig() never reaches outside configs/ with a bare name", async () => {
  for (const name of ["..", "...", "..\\..\\etc\\passwd", "a..b", ".hidden"]) {
    const error = await configErrorAsync(() => loadConfig(name));
    assert.equal(error.issues.length, 1, name);
  }
  const missing = await configErrorAsync(() => loadConfig("no-such-cli"));
  assert.equal(missing.source, "configs/no-such-cli.yaml");
  assert.match(only(missing).message, /^No bundled config has this name[.;]/);
});

Deno.test("loadConfig() reads a path and a file URL, naming the file in errors", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const good = `${dir}/good.yaml`;
    await Deno.writeTextFile(good, "command: ls\ntools: [{name: ls, description: List files}]\n");
    assert.equal((await loadConfig(good)).tools[0].name, "ls");
    const url = new URL(`file://${good}`);
    assert.equal((await loadConfig(url)).command, "ls");

    const bad = `${dir}/bad.yml`;
    await Deno.writeTextFile(bad, "command: ls\ntools:\n  - name: ls\n");
    const error = await configErrorAsync(() => loadConfig(bad));
    assert.equal(error.source, bad);
    assert.equal(
      error.message,
      `${bad}:3:5: tools[0].description: Missing required key "description"`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadConfig() refuses missing files, directories, large files and non-UTF-8 bytes", async () => {
  const dir = await Deno.makeTempDir();
  try {
    assert.equal(
      only(await configErrorAsync(() => loadConfig(`${dir}/missing.yaml`))).message,
      "File not found",
    );
    assert.equal(
      only(await configErrorAsync(() => loadConfig(dir + "/"))).message,
      "Not a regular file",
    );

    const large = `${dir}/large.yaml`;
    await Deno.writeFile(large, new Uint8Array(MAX_CONFIG_SIZE + 1).fill(0x20));
    assert.match(only(await configErrorAsync(() => loadConfig(large))).message, /over the limit/);

    const binary = `${dir}/binary.yaml`;
    await Deno.writeFile(binary, new Uint8Array([0x63, 0x3a, 0xff, 0xfe, 0x00, 0x80]));
    assert.equal(
      only(await configErrorAsync(() => loadConfig(binary))).message,
      "The file is not UTF-8 text",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("loadConfig() reports a file URL with malformed escapes as a ConfigError", async () => {
  const error = await configErrorAsync(() => loadConfig(new URL("file:///no/such/%E0%A4%A.yaml")));
  assert.equal(error.source, "file:///no/such/%E0%A4%A.yaml");
  assert.equal(only(error).message, "The file: URL has malformed percent-escapes");
});

Deno.test("loadConfig() refuses URLs that are not file: URLs", async () => {
  const error = await configErrorAsync(() => loadConfig(new URL("https://example.com/x.yaml")));
  assert.match(only(error).message, /^Only file: URLs/);
});

Deno.test("loadConfig() of a bundled name that is not one lists the names it could have meant", async () => {
  await assert.rejects(loadConfig("gti"), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.match(error.message, /No bundled config has this name; did you mean "git"\?/);
    assert.match(error.message, /The bundled configs: .*docker.*git/);
    return true;
  });
});
