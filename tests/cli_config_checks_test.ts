// The command line's `validate` on configs with the problems of issue 21, run as a real
// subprocess with --allow-read only: tests/fixtures/cli/arguments.yaml, invalid (two arguments
// named "tag"), with a warning of each new kind, an unknown key and a one-word description, all
// still reported; and configs whose YAML is broken, written to a temporary folder (as a
// fixture, `deno fmt --check` would refuse them).
import assert from "node:assert/strict";
import { type Output, runDeno } from "./_deno.ts";

const CLI = new URL("../src/cli/mod.ts", import.meta.url).pathname;
const FIXTURES = new URL("./fixtures/cli/", import.meta.url).pathname;

function cli(...args: string[]): Promise<Output> {
  return cliIn(FIXTURES, ...args);
}

function cliIn(cwd: string, ...args: string[]): Promise<Output> {
  return runDeno(["run", "--allow-read", CLI, ...args], { cwd });
}

const ARGUMENT_PROBLEMS = [
  'arguments.yaml:6:5: tools[0].tmeout: Unknown key "tmeout"; did you mean "timeout"?',
  'arguments.yaml:10:18: tools[0].args[0].default: The argument is of type "integer", but its default is the string "ten"',
  "arguments.yaml:14:15: tools[0].args[1].enum: The enum's values are strings, but the argument's type is \"boolean\": no value is both, so the input schema can never be satisfied; make the type string or remove the enum",
  'arguments.yaml:17:15: tools[0].args[3].name: Duplicate argument name "tag", already the name of args[2] (line 15); the input schema has one property per name, so one argument would replace the other: rename one',
  'arguments.yaml:20:18: tools[0].args[4].default: The argument is of type "string", but its default is the number 63 (YAML reads 0077 as 63); quote it to make it a string: "0077"',
  'arguments.yaml:23:18: tools[1].description: The description "Check" is a single word; say what the tool does, so that an agent can find and choose it',
];

Deno.test("cli validate reports an invalid config's errors and all its warnings, in order", async () => {
  const { code, stdout, stderr } = await cli("validate", "arguments.yaml");
  assert.equal(stderr, "");
  const out = stdout.split("\n");
  assert.deepEqual(out.filter((line) => line.startsWith("arguments.yaml:")), ARGUMENT_PROBLEMS);
  const at = out.indexOf(ARGUMENT_PROBLEMS[3]);
  assert.deepEqual(out.slice(at + 1, at + 3), [
    " 17 |       - name: tag",
    "    |               ^ error",
  ]);
  assert.equal(out.at(-2), "0 valid, 1 invalid, 5 warnings");
  assert.equal(code, 1);
});

Deno.test("cli validate --json gives each new warning its code", async () => {
  const { stdout } = await cli("validate", "--json", "arguments.yaml");
  const [file] = JSON.parse(stdout).files;
  assert.equal(file.valid, false);
  assert.deepEqual(
    file.errors.map((e: { line: number; path: string }) => [e.line, e.path]),
    [[17, "tools[0].args[3].name"]],
  );
  assert.deepEqual(
    file.warnings.map((w: { line: number; code: string }) => [w.line, w.code]),
    [
      [6, "unknown-key"],
      [10, "default-wrong-type"],
      [14, "enum-not-string"],
      [20, "default-wrong-type"],
      [23, "thin-description"],
    ],
  );
});

/** A config of git tools with one key of an argument indented by 7 spaces, not 8. */
const MISINDENTED = `name: git
command: git
tools:
  - name: git_log
    description: Show the commit history of the current branch
    command: log
    args:
      - name: max_count
        type: integer
       flag: -n
      - name: author
        flag: --author
  - name: git_status
    description: Show the working tree status
    command: status
`;

Deno.test("cli validate sends a YAML indentation mistake to its line, with one message", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/indentation.yaml`, MISINDENTED);
  const { code, stdout } = await cliIn(dir, "validate", "indentation.yaml").finally(() =>
    Deno.remove(dir, { recursive: true })
  );
  assert.deepEqual(stdout.split("\n"), [
    'indentation.yaml:10:8: The key "flag" is indented by 7 spaces where its sibling keys use 8',
    " 10 |        flag: -n",
    "    |        ^ error",
    "",
    "0 valid, 1 invalid, 0 warnings",
    "",
  ]);
  assert.equal(code, 1);
});

Deno.test("cli validate sends a quote never closed to its line and column, with one message", async () => {
  const jq = await Deno.readTextFile(new URL("../configs/jq.yaml", import.meta.url));
  const lines = jq.split("\n");
  lines[10] += ' "unterminated';
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/jq.yaml`, lines.join("\n"));
  const { code, stdout } = await cliIn(dir, "validate", "jq.yaml").finally(() =>
    Deno.remove(dir, { recursive: true })
  );
  assert.deepEqual(stdout.split("\n"), [
    'jq.yaml:11:11: The value starts with " but has no closing ", and "args:" holds the lines indented below it; remove the value',
    ' 11 |     args: "unterminated',
    "    |           ^ error",
    "",
    "0 valid, 1 invalid, 0 warnings",
    "",
  ]);
  assert.equal(code, 1);
});

Deno.test("a tool named again in a config of the same name is said to stop the service, in another to be kept beside", async () => {
  const { duplicateToolWarnings } = await import("../src/cli/_warnings.ts");
  const config = (source: string, name: string) => ({
    source,
    data: { name, command: "x", tools: [{ name: "status", description: "Show the status" }] },
    locate: () => ({ line: 3, column: 11 }),
  });
  const same = duplicateToolWarnings([config("a.yaml", "git"), config("b.yaml", "git")]);
  assert.match(same[1][0].message, /refuses to start unless both define it alike/);
  const other = duplicateToolWarnings([config("a.yaml", "git"), config("b.yaml", "hg")]);
  assert.match(other[1][0].message, /keeps both, each under its ID/);
});

Deno.test("validate refuses a directory the service refuses to start on, in the same words: one tool of one namespace defined twice, differently", async () => {
  const fixtures = new URL("./fixtures/cli/", import.meta.url).pathname;
  const cli = new URL("../src/cli/mod.ts", import.meta.url).pathname;
  const validated = await runDeno(["run", "--allow-read", cli, "validate", "clash"], {
    cwd: fixtures,
  });
  assert.equal(validated.code, 1, validated.stdout);
  const sentence =
    'The tool git:git_log is also defined, differently, by a.yaml: the namespace "git" is defined by both';
  assert.ok(validated.stdout.includes(`clash/b.yaml: ${sentence}`), validated.stdout);
  const { StartError, startService } = await import("../src/http/start.ts");
  await assert.rejects(
    startService((name) => ({ LOG_REQUESTS: "0", CONFIG_DIR: `${fixtures}clash` })[name]),
    (error: unknown) => error instanceof StartError && error.message.includes(sentence),
  );
});
