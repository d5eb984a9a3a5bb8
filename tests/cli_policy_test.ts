// `validate --policy`, run as a real subprocess with --allow-read only, from tests/fixtures/cli/:
//   broken.policy.yaml        parses, but names a tool and an argument valid/ lacks, an unknown
//                             key, constraints of the wrong type and a default its pattern refuses
//   valid/readonly.policy.yaml  a policy that fits valid/, beside its configs (and skipped by it)
import assert from "node:assert/strict";
import { type Output, runDeno } from "./_deno.ts";

const CLI = new URL("../src/cli/mod.ts", import.meta.url).pathname;
const FIXTURES = new URL("./fixtures/cli/", import.meta.url).pathname;

function cli(...args: string[]): Promise<Output> {
  return runDeno(["run", "--allow-read", CLI, ...args], { cwd: FIXTURES, env: { NO_COLOR: "1" } });
}

Deno.test("validate --policy locates every problem of a policy against the configs", async () => {
  const { code, stdout, stderr } = await cli("validate", "--policy", "broken.policy.yaml", "valid");
  assert.equal(stderr, "");
  assert.deepEqual(stdout.split("\n"), [
    `broken.policy.yaml:3:3: tools.git_stauts: No config defines a tool "git_stauts", so the policy's entry is ignored; did you mean "git_status"?`,
    " 3 |   git_stauts: {}",
    "   |   ^ warning",
    "",
    `broken.policy.yaml:5:5: tools.git_log.descripton: Unknown key "descripton"; did you mean "description"?`,
    " 5 |     descripton: Recent commits",
    "   |     ^ warning",
    "",
    `broken.policy.yaml:7:20: tools.git_log.args.max_count.pattern: A pattern applies to strings, but the argument "max_count" of "git_log" is of type "integer"`,
    ` 7 |       max_count: { pattern: "[0-9]+" }`,
    "   |                    ^ error",
    "",
    `broken.policy.yaml:8:7: tools.git_log.args.format: The default of "format", "short", does not match the pattern: a call that leaves the argument out runs with it all the same`,
    ` 8 |       format: { pattern: "one(line|s)?", min: 1 }`,
    "   |       ^ warning",
    "",
    `broken.policy.yaml:8:42: tools.git_log.args.format.min: A minimum applies to integers and numbers, but the argument "format" of "git_log" is of type "string"`,
    ` 8 |       format: { pattern: "one(line|s)?", min: 1 }`,
    "   |                                          ^ error",
    "",
    `broken.policy.yaml:9:7: tools.git_log.args.formatt: The tool "git_log" has no argument "formatt", so its constraint is ignored; did you mean "format"?`,
    ` 9 |       formatt: { pattern: "x" }`,
    "   |       ^ warning",
    "",
    "2 valid, 1 invalid, 4 warnings",
    "",
  ]);
  assert.equal(code, 1);
});

Deno.test("validate --policy --json names each policy warning's kind", async () => {
  const { code, stdout } = await cli(
    "validate",
    "--json",
    "--policy",
    "broken.policy.yaml",
    "valid",
  );
  assert.equal(code, 1);
  const policy = JSON.parse(stdout).files.find((file: { file: string }) =>
    file.file === "broken.policy.yaml"
  );
  assert.deepEqual(policy.warnings.map((warning: { code: string }) => warning.code), [
    "unknown-policy-tool",
    "unknown-key",
    "default-outside-policy",
    "unknown-policy-arg",
  ]);
  assert.deepEqual(policy.errors.map((error: { line: number }) => error.line), [7, 8]);
});

Deno.test("a policy beside the configs is checked with --policy, and never read as a config", async () => {
  const beside = await cli("validate", "--policy", "valid/readonly.policy.yaml", "valid");
  assert.equal(beside.stdout, "3 valid, 0 invalid, 0 warnings\n");
  assert.equal(beside.code, 0);
  const configsOnly = await cli("validate", "valid");
  assert.equal(configsOnly.stdout, "2 valid, 0 invalid, 0 warnings\n");
});

Deno.test("validate --policy without configs checks the policy against the bundled ones", async () => {
  const { code, stdout } = await cli("validate", "--policy", "valid/readonly.policy.yaml");
  assert.equal(stdout, "1 valid, 0 invalid, 0 warnings\n");
  assert.equal(code, 0);
  const broken = await cli("validate", "--policy", "broken.policy.yaml");
  assert.equal(broken.code, 1);
  assert.match(broken.stdout, /git_stauts.*did you mean "git_status"\?/);
});

Deno.test("validate --policy reports a policy's own errors, and one it cannot read", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/bad.policy.yaml`,
      "tools:\n  git_log:\n    args:\n      format: { pattern: '(' }\n",
    );
    const bad = await cli("validate", "--policy", `${dir}/bad.policy.yaml`, "valid");
    assert.match(
      bad.stdout,
      /bad\.policy\.yaml:4:26: tools\.git_log\.args\.format\.pattern: The pattern is not a valid regular expression \(JavaScript's, with the u flag\): Unterminated group/,
    );
    assert.equal(bad.code, 1);
    const missing = await cli("validate", "--policy", `${dir}/missing.policy.yaml`, "valid");
    assert.equal(missing.stderr, `${dir}/missing.policy.yaml: No such file or directory\n`);
    assert.equal(missing.code, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
