import assert from "node:assert/strict";
import {
  ConfigError,
  validateCLISummary,
  validateResolvedTool,
  validateToolArg,
  validateToolDef,
  validateToolIndexEntry,
} from "../mod.ts";

Deno.test("validateToolArg() defaults every field", () => {
  assert.deepEqual(validateToolArg({ name: "a" }), {
    name: "a",
    description: "",
    type: "string",
    required: false,
    default: null,
    flag: null,
    positional: false,
    cwd: false,
    stdin: false,
    enum: null,
  });
});

Deno.test("validateToolDef() requires name and description", () => {
  assert.throws(
    () => validateToolDef({ name: "a" }),
    (error: unknown) => error instanceof ConfigError && error.issues[0].path === "description",
  );
  assert.deepEqual(validateToolDef({ name: "a", description: "b" }), {
    name: "a",
    description: "b",
    command: "",
    args: [],
    timeout: null,
  });
});

Deno.test("validateResolvedTool() reads what get() returns, as JSON", () => {
  const resolved = validateResolvedTool({
    tool: { name: "ls", description: "List files" },
    base_command: "ls",
    arg_constraints: { path: { pattern: "^/srv/" } },
  });
  assert.deepEqual(resolved, {
    tool: { name: "ls", description: "List files", command: "", args: [], timeout: null },
    base_command: "ls",
    env: {},
    working_dir: null,
    global_args: [],
    description_override: null,
    arg_constraints: { path: { pattern: "^/srv/", min: null, max: null } },
  });
});

Deno.test("validateToolIndexEntry() and validateCLISummary() default the optional fields", () => {
  assert.deepEqual(
    validateToolIndexEntry({ tool_name: "ls", description: "List", cli_name: "coreutils" }),
    {
      tool_name: "ls",
      description: "List",
      cli_name: "coreutils",
      category: null,
      tags: [],
      input_schema: {},
    },
  );
  assert.deepEqual(validateCLISummary({ name: "git", description: "", tool_count: 2 }), {
    name: "git",
    description: "",
    tool_count: 2,
    category: null,
    tags: [],
  });
  assert.throws(
    () => validateCLISummary({ name: "git", description: "", tool_count: 1.5 }),
    ConfigError,
  );
});

Deno.test("validators suggest known keys of the model they validate", () => {
  const warnings: string[] = [];
  validateToolIndexEntry(
    { tool_name: "ls", description: "List", cli_name: "c", tag: [] },
    { onWarning: (message) => warnings.push(message) },
  );
  validateResolvedTool(
    { tool: { name: "a", description: "b", timout: 3 }, base_command: "a" },
    { onWarning: (message) => warnings.push(message) },
  );
  assert.deepEqual(warnings, [
    '<input>: tag: Unknown key "tag"; did you mean "tags"?',
    '<input>: tool.timout: Unknown key "timout"; did you mean "timeout"?',
  ]);
});
