// The checks of a config beyond the shape of its models (issue 21): two arguments of one name
// (an error), an enum on an argument that is not a string and a default of another type than
// its argument (warnings), each at its line and column, with warnings reported even when the
// config is invalid; and the "quote it" hint in the words the YAML wrote.
import assert from "node:assert/strict";
import { ConfigError, type ConfigIssue, parseConfig, validateConfig } from "../mod.ts";

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

/** Parses `yaml` as `tools.yaml`, and returns the config (if valid), the error and the warnings. */
function parse(yaml: string, strict = false) {
  const warnings: { message: string; issue: ConfigIssue }[] = [];
  const onWarning = (message: string, issue: ConfigIssue) => warnings.push({ message, issue });
  try {
    return { config: parseConfig(yaml, { source: "tools.yaml", onWarning, strict }), warnings };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { error, warnings };
  }
}

/** A config of one tool, `backup_run`, whose args are the given YAML lines. */
function withArgs(...args: string[]): string {
  return [
    "name: backup",
    "command: restic",
    "tools:",
    "  - name: backup_run",
    "    description: Back up a directory to the repository",
    "    args:",
    ...args.map((line) => `      ${line}`),
    "",
  ].join("\n");
}

Deno.test("a default of another type than its argument is a warning at the default", () => {
  const { config, warnings } = parse(withArgs(
    "- name: count",
    "  type: integer",
    '  default: "ten"',
    "- name: ratio",
    "  type: number",
    "  default: 0.5",
    "- name: verbose",
    "  type: boolean",
    "  default: 1",
    "- name: depth",
    "  type: integer",
    "  default: 2.5",
  ));
  assert.ok(config, "the config is valid");
  assert.deepEqual(warnings.map((w) => w.message), [
    'tools.yaml:9:18: tools[0].args[0].default: The argument is of type "integer", but its default is the string "ten"',
    'tools.yaml:15:18: tools[0].args[2].default: The argument is of type "boolean", but its default is the number 1',
    'tools.yaml:18:18: tools[0].args[3].default: The argument is of type "integer", but its default is the number 2.5',
  ]);
  assert.deepEqual(warnings[0].issue, {
    path: "tools[0].args[0].default",
    message: 'The argument is of type "integer", but its default is the string "ten"',
    line: 9,
    column: 18,
  });
});

Deno.test("a number default of a string argument is told to be quoted as written", () => {
  const { warnings } = parse(withArgs("- name: umask", "  default: 0077 # octal"));
  assert.deepEqual(warnings.map((w) => w.message), [
    'tools.yaml:8:18: tools[0].args[0].default: The argument is of type "string", but its default is the number 63 (YAML reads 0077 as 63); quote it to make it a string: "0077"',
  ]);
});

Deno.test("an enum on an argument that is not a string is a warning at the enum", () => {
  const { config, warnings } = parse(withArgs(
    "- name: level",
    "  type: integer",
    '  enum: ["1", "2", "3"]',
    "- name: compact",
    "  type: boolean",
    '  enum: ["true", "false"]',
  ));
  // It loads, as in CLImax, whose pydantic model takes it and whose format reference has one.
  assert.ok(config);
  assert.deepEqual(warnings.map((w) => w.message), [
    "tools.yaml:9:15: tools[0].args[0].enum: The enum's values are strings, but the argument's type is \"integer\": no value is both, so the input schema can never be satisfied; make the type string or remove the enum",
    "tools.yaml:12:15: tools[0].args[1].enum: The enum's values are strings, but the argument's type is \"boolean\": no value is both, so the input schema can never be satisfied; make the type string or remove the enum",
  ]);
});

Deno.test("an empty enum, a string enum and an enum of global args are not warned about", () => {
  const { config, warnings } = parse(
    "command: aws\nglobal_args:\n  - { name: output, type: integer, enum: [a], default: x }\n" +
      withArgs(
        "- { name: a, type: integer, enum: [] }",
        "- { name: b, enum: [x, y], default: x }",
        "- { name: c, type: number, default: 3 }",
      ).replace("name: backup\ncommand: restic\n", ""),
  );
  assert.ok(config);
  assert.deepEqual(warnings, []);
});

Deno.test("two arguments of one name in a tool are an error at the second", () => {
  const { error } = parse(withArgs(
    "- name: tag",
    "  flag: --tag",
    "- name: host",
    "- name: tag",
    "  flag: --tags",
  ));
  assert.ok(error);
  assert.equal(
    error.message,
    'tools.yaml:10:15: tools[0].args[2].name: Duplicate argument name "tag", already the name of args[0] (line 7); the input schema has one property per name, so one argument would replace the other: rename one',
  );
});

Deno.test("the same argument name in two tools, or in global args and a tool, is no error", () => {
  const config = validateConfig({
    command: "x",
    global_args: [{ name: "tag" }, { name: "tag" }],
    tools: [
      { name: "a", description: "First tool", args: [{ name: "tag" }] },
      { name: "b", description: "Second tool", args: [{ name: "tag" }] },
    ],
  }, { onWarning: () => assert.fail("no warning expected") });
  assert.equal(config.tools.length, 2);
});

Deno.test("validateConfig() of plain data reports the checks by path, without a position", () => {
  const warnings: ConfigIssue[] = [];
  const error = configError(() =>
    validateConfig({
      command: "x",
      tools: [{
        name: "t",
        description: "Do a thing",
        args: [{ name: "n", type: "integer", default: "5" }, { name: "n" }],
      }],
    }, { source: "plain", onWarning: (_message, issue) => warnings.push(issue) })
  );
  assert.deepEqual(error.issues, [{
    path: "tools[0].args[1].name",
    message:
      'Duplicate argument name "n", already the name of args[0]; the input schema has one property per name, so one argument would replace the other: rename one',
  }]);
  assert.deepEqual(warnings, [{
    path: "tools[0].args[0].default",
    message: 'The argument is of type "integer", but its default is the string "5"',
  }]);
});

Deno.test("a config with an error still reports its warnings, and every error at once", () => {
  const { error, warnings } = parse(withArgs(
    "- name: count",
    "  type: integer",
    "  default: ten",
    "- name: count",
    "  type: int",
    "  requried: true",
  ));
  assert.ok(error);
  assert.deepEqual(error.issues.map((issue) => [issue.line, issue.column, issue.path]), [
    [10, 15, "tools[0].args[1].name"],
    [11, 15, "tools[0].args[1].type"],
  ]);
  assert.deepEqual(warnings.map((w) => [w.issue.line, w.issue.column, w.issue.path]), [
    [9, 18, "tools[0].args[0].default"],
    [12, 9, "tools[0].args[1].requried"],
  ]);
});

Deno.test("under strict, unknown keys are errors and the other warnings are still warnings", () => {
  const { error, warnings } = parse(
    withArgs("- name: count", "  type: integer", "  default: ten", "  requried: true"),
    true,
  );
  assert.ok(error);
  assert.deepEqual(error.issues.map((issue) => issue.path), ["tools[0].args[0].requried"]);
  assert.deepEqual(warnings.map((w) => w.issue.path), ["tools[0].args[0].default"]);
});

Deno.test("the quote-it hint gives the text as written, not as YAML read it", () => {
  const { error } = parse(
    [
      "command: 0755",
      "tools:",
      "  - name: &n yes",
      "    description: 1.50",
      "    args:",
      "      - { name: mode, enum: [yes, no, 0644] }",
      "",
    ].join("\n"),
  );
  assert.ok(error);
  assert.deepEqual(error.issues.map((issue) => issue.message), [
    'Expected a string, got the number 493 (YAML reads 0755 as 493); quote it to make it a string: "0755"',
    'Expected a string, got true (YAML reads yes as true); quote it to make it a string: "yes"',
    'Expected a string, got the number 1.5 (YAML reads 1.50 as 1.5); quote it to make it a string: "1.50"',
    'Expected a string, got true (YAML reads yes as true); quote it to make it a string: "yes"',
    'Expected a string, got false (YAML reads no as false); quote it to make it a string: "no"',
    'Expected a string, got the number 420 (YAML reads 0644 as 420); quote it to make it a string: "0644"',
  ]);
});

Deno.test("the quote-it hint of plain data, or of text YAML reads as written, says it plainly", () => {
  const plain = configError(() => validateConfig({ command: 7, tools: [] }));
  assert.equal(
    plain.issues[0].message,
    'Expected a string, got the number 7; quote it to make it a string: "7"',
  );
  const written = configError(() => parseConfig("command: true\ntools: []\n"));
  assert.equal(
    written.issues[0].message,
    'Expected a string, got true; quote it to make it a string: "true"',
  );
});
