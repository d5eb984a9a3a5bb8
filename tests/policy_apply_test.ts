// A policy applied to an index and to a registry: what it leaves out is not there at all, what
// it describes is searched and shown so, what it constrains carries its bounds to the agent;
// tools and arguments it names that the configs lack are warnings, constraints of the wrong
// type errors, each located in the policy file.
import assert from "node:assert/strict";
import {
  buildInputSchema,
  checkPolicy,
  ConfigError,
  parsePolicy,
  ToolIndex,
  ToolRegistry,
  validateConfig,
} from "../mod.ts";
import { gitConfig, obsidianConfig } from "./_fixtures.ts";

const git = validateConfig({
  name: "git",
  command: "git",
  category: "vcs",
  tools: [
    { name: "git_status", description: "Show the working tree status", command: "status" },
    {
      name: "git_log",
      description: "Show commit logs",
      command: "log",
      args: [
        { name: "max_count", type: "integer", flag: "--max-count", description: "Limit" },
        { name: "oneline", type: "boolean", flag: "--oneline" },
        { name: "ratio", type: "number", flag: "--ratio" },
      ],
    },
    {
      name: "git_checkout",
      description: "Switch branches",
      command: "checkout",
      args: [{ name: "branch", positional: true, required: true }],
    },
    { name: "git_push", description: "Update remote refs", command: "push" },
  ],
});

const READONLY = `default: disabled
tools:
  git_status: {}
  git_log:
    description: "Recent history, at most fifty entries"
    args:
      max_count: { min: 1, max: 50 }
  git_checkout:
    args:
      branch: { pattern: "[A-Za-z0-9._/-]+" }
`;

function policy(yaml: string = READONLY) {
  return parsePolicy(yaml, { source: "readonly.policy.yaml" });
}

function indexUnder(yaml: string = READONLY, configs = [git, obsidianConfig]) {
  const warnings: string[] = [];
  const index = ToolIndex.fromConfigs(configs, {
    policy: policy(yaml),
    onWarning: (message) => warnings.push(message),
  });
  return { index, warnings };
}

function names(entries: readonly { tool_name: string }[]): string[] {
  return entries.map((entry) => entry.tool_name);
}

function policyErrors(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.message.split("\n");
  }
  assert.fail("Expected a ConfigError");
}

Deno.test("a disabled tool is neither searchable, gettable nor counted", () => {
  const { index } = indexUnder();
  assert.equal(index.size, 3);
  assert.deepEqual(index.names(), ["git_status", "git_log", "git_checkout"]);
  assert.deepEqual(names(index.search({ query: "push" })), []);
  assert.deepEqual(names(index.search({ query: "update remote refs", mode: "ranked" })), []);
  assert.equal(index.get("git_push"), undefined);
  assert.equal(index.getEntry("git_push"), undefined);
  assert.deepEqual(names(index.search({ cli: "git", limit: 100 })), [
    "git_status",
    "git_log",
    "git_checkout",
  ]);
  assert.deepEqual(index.summary().map(({ name, tool_count }) => [name, tool_count]), [["git", 3]]);
});

Deno.test("a config whose every tool is disabled leaves the summary; one without tools stays", () => {
  const empty = validateConfig({ name: "empty", command: "true", tools: [] });
  const { index } = indexUnder(READONLY, [git, obsidianConfig, empty]);
  assert.deepEqual(index.summary().map((cli) => cli.name), ["git", "empty"]);
});

Deno.test("under default enabled every tool stays, the named ones with the policy's say", () => {
  const { index } = indexUnder(READONLY.replace("default: disabled", "default: enabled"));
  assert.equal(index.size, git.tools.length + obsidianConfig.tools.length);
  assert.equal(index.get("git_push")?.description_override, null);
  assert.deepEqual(index.get("git_push")?.arg_constraints, {});
  assert.equal(index.getEntry("git_log")?.description, "Recent history, at most fifty entries");
});

Deno.test("without a policy nothing is left out, and the version differs from under one", () => {
  const plain = ToolIndex.fromConfigs([git, obsidianConfig]);
  const enabled = indexUnder("default: enabled\n").index;
  assert.equal(plain.size, enabled.size);
  assert.equal(plain.version, enabled.version);
  assert.notEqual(plain.version, indexUnder().index.version);
});

Deno.test("a description override is what search matches and what entries show", () => {
  const { index } = indexUnder();
  assert.deepEqual(names(index.search({ query: "fifty" })), ["git_log"]);
  assert.deepEqual(names(index.search({ query: "commit logs" })), []);
  assert.equal(index.search({ query: "recent history", mode: "ranked" })[0].tool_name, "git_log");
  assert.equal(
    index.search({ query: "fifty" })[0].description,
    "Recent history, at most fifty entries",
  );
});

Deno.test("get keeps the tool's own description and sets description_override", () => {
  const resolved = indexUnder().index.get("git_log")!;
  assert.equal(resolved.tool.description, "Show commit logs");
  assert.equal(resolved.description_override, "Recent history, at most fifty entries");
  assert.equal(indexUnder().index.get("git_status")?.description_override, null);
});

Deno.test("constraints land in arg_constraints and on the entry's input schema", () => {
  const { index } = indexUnder();
  assert.deepEqual(index.get("git_log")?.arg_constraints, {
    max_count: { pattern: null, min: 1, max: 50 },
  });
  assert.deepEqual(index.getEntry("git_log")?.input_schema.properties, {
    max_count: { type: "integer", description: "Limit", minimum: 1, maximum: 50 },
    oneline: { type: "boolean" },
    ratio: { type: "number" },
  });
  assert.deepEqual(index.get("git_checkout")?.arg_constraints, {
    branch: { pattern: "[A-Za-z0-9._/-]+", min: null, max: null },
  });
  // JSON Schema's pattern matches anywhere; the policy's matches the whole value.
  assert.deepEqual(index.getEntry("git_checkout")?.input_schema, {
    type: "object",
    properties: { branch: { type: "string", pattern: "^(?:[A-Za-z0-9._/-]+)$" } },
    required: ["branch"],
  });
  assert.deepEqual(
    index.search({ query: "fifty" })[0].input_schema,
    index.getEntry("git_log")?.input_schema,
  );
});

Deno.test("a pattern anchored at both ends without alternation is shown as written", () => {
  const yaml = "tools:\n  git_checkout:\n    args:\n      branch: { pattern: '^[a-z]+$' }\n";
  const schema = indexUnder(yaml).index.getEntry("git_checkout")?.input_schema;
  assert.deepEqual(schema?.properties, { branch: { type: "string", pattern: "^[a-z]+$" } });
  const alternation = "tools:\n  git_checkout:\n    args:\n      branch: { pattern: '^a|b$' }\n";
  assert.deepEqual(
    indexUnder(alternation).index.getEntry("git_checkout")?.input_schema.properties,
    {
      branch: { type: "string", pattern: "^(?:^a|b$)$" },
    },
  );
});

Deno.test("buildInputSchema stays CLImax's under a policy: the bounds are the entry's alone", () => {
  const { index } = indexUnder();
  const tool = index.get("git_log")!.tool;
  assert.deepEqual(buildInputSchema(tool.args).properties, {
    max_count: { type: "integer", description: "Limit" },
    oneline: { type: "boolean" },
    ratio: { type: "number" },
  });
});

Deno.test("a policy naming an unknown tool or argument is a located warning with a did-you-mean", () => {
  const yaml = `tools:
  git_lgo: {}
  git_log:
    args:
      max_cuont: { max: 5 }
      max_count: { max: 5 }
  kubectl_apply: {}
`;
  const { index, warnings } = indexUnder(yaml);
  assert.deepEqual(warnings, [
    `readonly.policy.yaml:2:3: tools.git_lgo: No config defines a tool "git_lgo", so the policy's entry is ignored; did you mean "git_log"?`,
    `readonly.policy.yaml:5:7: tools.git_log.args.max_cuont: The tool "git_log" has no argument "max_cuont", so its constraint is ignored; did you mean "max_count"?`,
    `readonly.policy.yaml:7:3: tools.kubectl_apply: No config defines a tool "kubectl_apply", so the policy's entry is ignored`,
  ]);
  assert.deepEqual(Object.keys(index.get("git_log")!.arg_constraints), ["max_count"]);
});

Deno.test("a default that the constraint refuses is a warning: leaving it out would run it", () => {
  const configs = [validateConfig({
    command: "git",
    tools: [{
      name: "git_log",
      description: "Show commit logs",
      args: [{ name: "max_count", type: "integer", flag: "-n", default: 100 }],
    }],
  })];
  const { warnings } = indexUnder(
    "tools:\n  git_log:\n    args:\n      max_count: { max: 50 }\n",
    configs,
  );
  assert.deepEqual(warnings, [
    `readonly.policy.yaml:4:7: tools.git_log.args.max_count: The default of "max_count", 100, is above the maximum 50: a call that leaves the argument out runs with it all the same`,
  ]);
});

Deno.test("a constraint on an argument of the wrong type is an error located in the policy", () => {
  const yaml = `tools:
  git_log:
    args:
      max_count: { pattern: "[0-9]+" }
      oneline: { min: 0, max: 1 }
      ratio: { pattern: "x", min: 0 }
  git_checkout:
    args:
      branch: { max: 10 }
`;
  assert.deepEqual(policyErrors(() => indexUnder(yaml)), [
    `readonly.policy.yaml:4:20: tools.git_log.args.max_count.pattern: A pattern applies to strings, but the argument "max_count" of "git_log" is of type "integer"`,
    `readonly.policy.yaml:5:18: tools.git_log.args.oneline.min: A minimum applies to integers and numbers, but the argument "oneline" of "git_log" is of type "boolean"`,
    `readonly.policy.yaml:5:26: tools.git_log.args.oneline.max: A maximum applies to integers and numbers, but the argument "oneline" of "git_log" is of type "boolean"`,
    `readonly.policy.yaml:6:16: tools.git_log.args.ratio.pattern: A pattern applies to strings, but the argument "ratio" of "git_log" is of type "number"`,
    `readonly.policy.yaml:9:17: tools.git_checkout.args.branch.max: A maximum applies to integers and numbers, but the argument "branch" of "git_checkout" is of type "string"`,
  ]);
});

Deno.test("a bad regular expression in a plain-data policy stops the index", () => {
  const bad = { tools: { git_checkout: { args: { branch: { pattern: "(" } } } } };
  assert.throws(
    () => ToolIndex.fromConfigs([git], { policy: bad as never }),
    (error: ConfigError) =>
      error.issues[0].path === "tools.git_checkout.args.branch.pattern" &&
      /not a valid regular expression/.test(error.message),
  );
});

Deno.test("a policy given as plain data is validated; one that is not valid is a ConfigError", () => {
  const index = ToolIndex.fromConfigs([git], {
    policy: { tools: { git_status: {} } } as never,
  });
  assert.deepEqual(index.names(), ["git_status"]);
  assert.throws(
    () => ToolIndex.fromConfigs([git], { policy: { default: "sometimes" } as never }),
    (error: ConfigError) => error.source === "policy" && error.issues[0].path === "default",
  );
});

Deno.test("checkPolicy reports what an index would, without building one", () => {
  const warnings: string[] = [];
  checkPolicy(policy("tools:\n  git_stauts: {}\n"), [git], {
    onWarning: (message) => warnings.push(message),
  });
  assert.deepEqual(warnings, [
    `readonly.policy.yaml:2:3: tools.git_stauts: No config defines a tool "git_stauts", so the policy's entry is ignored; did you mean "git_status"?`,
  ]);
  assert.throws(
    () => checkPolicy(policy("tools:\n  git_log:\n    args:\n      oneline: { max: 1 }\n"), [git]),
    ConfigError,
  );
});

Deno.test("a registry under a policy registers only the tools it exposes, as the index does", () => {
  const registry = new ToolRegistry({ policy: policy(), onWarning: () => {} });
  registry.registerConfig(git, { source: "git.yaml" });
  registry.registerConfig(obsidianConfig);
  registry.registerMcpTools("weather", [{ name: "forecast", inputSchema: { type: "object" } }]);
  assert.deepEqual(registry.ids(), [
    "git:git_status",
    "git:git_log",
    "git:git_checkout",
    "weather:forecast",
  ]);
  assert.deepEqual(registry.summary().map(({ name, tool_count }) => [name, tool_count]), [
    ["git", 3],
    ["weather", 1],
  ]);
  assert.equal(registry.getTool("git:git_push"), undefined);
  assert.deepEqual(registry.search({ query: "fifty" }).map((entry) => entry.id), ["git:git_log"]);
  const entry = registry.getEntry("git:git_log")!;
  assert.equal(entry.description, "Recent history, at most fifty entries");
  assert.deepEqual(entry.input_schema.properties, {
    max_count: { type: "integer", description: "Limit", minimum: 1, maximum: 50 },
    oneline: { type: "boolean" },
    ratio: { type: "number" },
  });
  const backend = registry.getTool("git:git_log")!.backend;
  assert.equal(backend.kind, "climax");
  if (backend.kind !== "climax") return;
  assert.equal(backend.tool.description, "Show commit logs");
  assert.equal(backend.description_override, "Recent history, at most fifty entries");
  assert.deepEqual(backend.arg_constraints, { max_count: { pattern: null, min: 1, max: 50 } });
});

Deno.test("a registry's policy applies to replaced configs; a call's own policy wins", () => {
  const registry = new ToolRegistry({ policy: policy(), onWarning: () => {} });
  registry.registerConfig(git, { source: "git.yaml" });
  registry.replaceConfig({ ...git, tools: git.tools.slice(2) }, { source: "git.yaml" });
  assert.deepEqual(registry.ids(), ["git:git_checkout"]);
  const plain = new ToolRegistry({ onWarning: () => {} });
  plain.registerConfig(git, { policy: policy("tools:\n  git_push: {}\n") });
  assert.deepEqual(plain.ids(), ["git:git_push"]);
  plain.registerConfig(gitConfig);
  assert.equal(plain.ids().length, 1 + gitConfig.tools.length);
});

Deno.test("a registry refuses a config its policy constrains with the wrong type, unchanged", () => {
  const registry = new ToolRegistry({
    policy: policy("tools:\n  git_log:\n    args:\n      oneline: { pattern: x }\n"),
    onWarning: () => {},
  });
  assert.deepEqual(policyErrors(() => registry.registerConfig(git)), [
    `readonly.policy.yaml:4:18: tools.git_log.args.oneline.pattern: A pattern applies to strings, but the argument "oneline" of "git_log" is of type "boolean"`,
  ]);
  assert.equal(registry.size, 0);
});
