// Policy files read as configs are: CLImax's format, fully defaulted, every problem with its
// line and column, unknown keys as warnings with a "did you mean".
import assert from "node:assert/strict";
import {
  ConfigError,
  type ConfigIssue,
  loadPolicy,
  parsePolicy,
  ToolRegistry,
  validatePolicy,
} from "../mod.ts";

const ISSUE_POLICY = `default: disabled            # or enabled (CLImax's default is disabled)
executor: { type: local }    # or docker, with image, volumes, working_dir, network
tools:
  git_status: {}
  git_log:
    description: "Show recent commits (at most 50)"
    args:
      max_count: { min: 1, max: 50 }
  git_checkout:
    args:
      branch: { pattern: "^[A-Za-z0-9._/-]+$" }
`;

/** The issues of the ConfigError that `run` throws, as `line:column path: message`. */
function issuesOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.issues.map(({ line, column, path, message }) =>
      `${line}:${column} ${path}: ${message}`
    );
  }
  assert.fail("Expected a ConfigError");
}

function warningsOf(yaml: string): { message: string; issue: ConfigIssue }[] {
  const warnings: { message: string; issue: ConfigIssue }[] = [];
  parsePolicy(yaml, {
    source: "p.policy.yaml",
    onWarning: (message, issue) => warnings.push({ message, issue }),
  });
  return warnings;
}

Deno.test("the issue's policy parses fully defaulted, in CLImax's field order", () => {
  const policy = parsePolicy(ISSUE_POLICY);
  assert.deepEqual(policy, {
    executor: { type: "local", image: null, volumes: [], working_dir: null, network: null },
    default: "disabled",
    tools: {
      git_status: { description: null, args: {} },
      git_log: {
        description: "Show recent commits (at most 50)",
        args: { max_count: { pattern: null, min: 1, max: 50 } },
      },
      git_checkout: {
        description: null,
        args: { branch: { pattern: "^[A-Za-z0-9._/-]+$", min: null, max: null } },
      },
    },
    servers: {},
  });
  assert.deepEqual(Object.keys(policy), ["executor", "default", "tools", "servers"]);
});

Deno.test("a policy's servers section leaves out the MCP tools it denies or does not allow, and describes the others", () => {
  const policy = parsePolicy(`
servers:
  everything:
    deny: ["get-env", "trigger-*"]
    allow: ["echo", "get-*", "trigger-sampling"]
    tools:
      echo: { description: Echo a message back }
`);
  const registry = new ToolRegistry({ policy });
  const names = ["echo", "get-env", "GET-ENV", "get-sum", "trigger-sampling", "add", "Echo"];
  registry.registerMcpTools(
    "everything",
    names.map((name) => ({
      name,
      description: `The ${name} tool`,
      inputSchema: { type: "object" },
    })),
  );
  registry.registerMcpTools("other", [{ name: "get-env", inputSchema: { type: "object" } }]);
  assert.deepEqual(registry.ids(), [
    "everything:echo",
    "everything:get-sum",
    "everything:Echo",
    "other:get-env",
  ]);
  assert.equal(registry.getEntry("everything:echo")?.description, "Echo a message back");
  assert.equal(registry.getEntry("everything:Echo")?.description, "The Echo tool");
  assert.equal(registry.lookup("get-env").length, 1, "only the other server's");
});

Deno.test("an unset default is disabled, as CLImax's, and an unset executor is local", () => {
  const policy = parsePolicy("tools:\n  git_status: {}\n");
  assert.equal(policy.default, "disabled");
  assert.equal(policy.executor.type, "local");
});

Deno.test("a tool or argument given as null is named with nothing more to say", () => {
  const policy = parsePolicy(
    "default: enabled\ntools:\n  git_push:\n  git_log:\n    args:\n      n:\n",
  );
  assert.deepEqual(policy.tools.git_push, { description: null, args: {} });
  assert.deepEqual(policy.tools.git_log.args.n, { pattern: null, min: null, max: null });
});

Deno.test("the docker executor keeps its image, volumes, working directory and network", () => {
  const policy = parsePolicy(
    'executor:\n  type: docker\n  image: alpine/git\n  volumes: ["$PWD:/repo"]\n  working_dir: /repo\n  network: none\n',
  );
  assert.deepEqual(policy.executor, {
    type: "docker",
    image: "alpine/git",
    volumes: ["$PWD:/repo"],
    working_dir: "/repo",
    network: "none",
  });
});

Deno.test("an invalid regular expression is an error at its pattern's line and column", () => {
  const yaml = "tools:\n  git_checkout:\n    args:\n      branch: { pattern: '[a-z' }\n";
  assert.deepEqual(issuesOf(() => parsePolicy(yaml, { source: "p.policy.yaml" })), [
    "4:26 tools.git_checkout.args.branch.pattern: The pattern is not a valid regular expression (JavaScript's, with the u flag): Unterminated character class",
  ]);
});

Deno.test("Python-only regular expression syntax is an error, not a pattern that never matches", () => {
  const yaml = "tools:\n  t:\n    args:\n      a:\n        pattern: '(?P<name>x)'\n";
  assert.deepEqual(issuesOf(() => parsePolicy(yaml)), [
    "5:18 tools.t.args.a.pattern: The pattern is not a valid regular expression (JavaScript's, with the u flag): Invalid group",
  ]);
});

Deno.test("a minimum above its maximum is an error at the maximum", () => {
  const yaml = "tools:\n  git_log:\n    args:\n      max_count: { min: 50, max: 1 }\n";
  assert.deepEqual(issuesOf(() => parsePolicy(yaml)), [
    "4:34 tools.git_log.args.max_count.max: The maximum 1 is below the minimum 50: no value could pass",
  ]);
});

Deno.test("the docker executor without an image is an error at the executor", () => {
  assert.deepEqual(issuesOf(() => parsePolicy("default: enabled\nexecutor:\n  type: docker\n")), [
    "3:3 executor.image: The docker executor needs an image to run the commands in, such as alpine/git",
  ]);
});

Deno.test("values of the wrong kind are errors at their line and column", () => {
  const yaml = `default: maybe
executor: { type: podman }
tools:
  git_log:
    description: [not, text]
    args:
      max_count: { min: "1" }
`;
  assert.deepEqual(issuesOf(() => parsePolicy(yaml)), [
    `1:10 default: Expected one of "enabled", "disabled", got the string "maybe"`,
    `2:19 executor.type: Expected one of "local", "docker", got the string "podman"`,
    "5:18 tools.git_log.description: Expected a string, got a list",
    `7:25 tools.git_log.args.max_count.min: Expected a number, got the string "1"`,
  ]);
});

Deno.test("unknown keys are warnings with their line, column and a did-you-mean", () => {
  const warnings = warningsOf(
    "defualt: enabled\ntools:\n  git_log:\n    descripton: Recent commits\n    args:\n      n: { maximum: 5 }\n",
  );
  assert.deepEqual(warnings.map(({ message }) => message), [
    `p.policy.yaml:1:1: defualt: Unknown key "defualt"; did you mean "default"?`,
    `p.policy.yaml:4:5: tools.git_log.descripton: Unknown key "descripton"; did you mean "description"?`,
    `p.policy.yaml:6:12: tools.git_log.args.n.maximum: Unknown key "maximum"`,
  ]);
  assert.deepEqual(warnings[0].issue, {
    path: "defualt",
    message: `Unknown key "defualt"; did you mean "default"?`,
    line: 1,
    column: 1,
  });
});

Deno.test("under strict, unknown keys are errors", () => {
  assert.deepEqual(issuesOf(() => parsePolicy("tols: {}\n", { strict: true })), [
    `1:1 tols: Unknown key "tols"; did you mean "tools"?`,
  ]);
});

Deno.test("a config is never taken for a policy", () => {
  const config = `name: git
command: git
tools:
  - name: git_status
    description: Show the working tree status
`;
  assert.deepEqual(issuesOf(() => parsePolicy(config, { onWarning: () => {} })), [
    "2:10 command: A policy has no command: this looks like a CLImax config. A policy names tools under tools, a mapping of tool names",
    "4:3 tools: Expected a mapping, got a list",
  ]);
});

Deno.test("an empty policy, one that is no mapping, and broken YAML are located errors", () => {
  assert.deepEqual(issuesOf(() => parsePolicy("# nothing\n")), [
    "1:1 : The policy is empty; expected a mapping with default, executor or tools (an empty policy would disable every tool)",
  ]);
  assert.deepEqual(issuesOf(() => parsePolicy("- git_status\n")), [
    "1:1 : Expected a mapping with keys such as default and tools at the top level, got a list",
  ]);
  // The YAML reader's own wording is the config's, tested with it: here, where it points.
  const [broken] = issuesOf(() => parsePolicy("tools:\n  git_log: { args: {\n"));
  assert.match(broken, /^2:12 : .*never closed/);
});

Deno.test("validatePolicy takes plain data, as from JSON", () => {
  const policy = validatePolicy({
    default: "enabled",
    tools: { git_log: { args: { n: { max: 5 } } } },
  });
  assert.deepEqual(policy.tools.git_log.args.n, { pattern: null, min: null, max: 5 });
  assert.throws(() => validatePolicy({ tools: [] }), ConfigError);
  assert.throws(() => validatePolicy(null), ConfigError);
});

Deno.test("loadPolicy reads a file from anywhere, and names a missing one", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/readonly.policy.yaml`, ISSUE_POLICY);
    const policy = await loadPolicy(`${dir}/readonly.policy.yaml`);
    assert.deepEqual(Object.keys(policy.tools), ["git_status", "git_log", "git_checkout"]);
    await assert.rejects(() => loadPolicy(`${dir}/missing.policy.yaml`), (error) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.message, `${dir}/missing.policy.yaml: File not found`);
      return true;
    });
    await Deno.writeTextFile(`${dir}/bad.policy.yaml`, "default: off\n");
    await assert.rejects(
      () => loadPolicy(`${dir}/bad.policy.yaml`),
      (error: ConfigError) => error.message.startsWith(`${dir}/bad.policy.yaml:1:10: default:`),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
