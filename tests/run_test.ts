// Running found tools: the arguments checked and coerced as CLImax does, the command line built
// by CLImax's rules (each expected argv written from those rules, not from our output), and real
// programs run without a shell, stopped at their timeout, their output cut at its bound.
import assert from "node:assert/strict";
import {
  buildCommandLine,
  checkArguments,
  InvalidArgumentsError,
  MAX_ARGUMENT_LENGTH,
  type ResolvedTool,
  runResultText,
  runTool,
  type ToolDefInput,
  ToolIndex,
  validateConfig,
} from "../mod.ts";

const ENV: Record<string, string> = { HOME: "/home/me", TOKEN: "t0k", EMPTY: "" };
const getEnv = (name: string) => ENV[name];

/** The resolved tool of a one-tool config. */
function resolve(
  tool: ToolDefInput,
  config: Record<string, unknown> = {},
): ResolvedTool {
  const index = ToolIndex.fromConfigs([
    validateConfig({ command: "prog", ...config, tools: [tool] }),
  ]);
  return index.get(tool.name)!;
}

/** The problems `checkArguments` reports, as `argument: message`. */
function refusals(resolved: ResolvedTool, args: unknown): string[] {
  try {
    checkArguments(resolved, args);
  } catch (error) {
    assert.ok(error instanceof InvalidArgumentsError);
    return error.problems.map(({ argument, message }) => `${argument}: ${message}`);
  }
  return [];
}

const everyShape = resolve({
  name: "shapes",
  description: "Every argument shape",
  command: "users  list",
  args: [
    { name: "max_count", type: "integer" },
    { name: "second", positional: true },
    { name: "format", flag: "-f", default: "short" },
    { name: "verbose", type: "boolean", flag: "-v" },
    { name: "quiet", type: "boolean" },
    { name: "file", flag: "file=" },
    { name: "first", positional: true },
    { name: "dir", cwd: true },
    { name: "input", stdin: true },
    { name: "unset_positional", positional: true, default: "never" },
  ],
}, {
  command: "~/bin/python -m  app",
  env: { APP_MODE: "test" },
  working_dir: "/srv",
  global_args: [
    { name: "token", flag: "--token", default: "$TOKEN" },
    { name: "missing", flag: "--missing", default: "${NOT_SET}" },
    { name: "blank", flag: "--blank", default: "$EMPTY" },
    { name: "debug", type: "boolean", flag: "--debug", default: true },
    { name: "region", flag: "region=", default: "eu-west-1" },
  ],
});

Deno.test("buildCommandLine() follows CLImax: base, subcommand, positionals, flags, globals", () => {
  const line = buildCommandLine(everyShape, {
    file: "a.txt",
    first: "one",
    quiet: false,
    verbose: true,
    max_count: 5,
    second: "two",
    dir: "/tmp/work",
    input: "piped text",
  }, getEnv);
  assert.equal(line.command, "/home/me/bin/python");
  assert.deepEqual(line.args, [
    "-m",
    "app",
    "users",
    "list",
    // Positionals in the order the tool defines them, not the call's; no default for them.
    "two",
    "one",
    // Flags: a name becomes --kebab-case, a default fills in, a false boolean adds nothing.
    "--max-count",
    "5",
    "-f",
    "short",
    "-v",
    "file=a.txt",
    // Globals: an unset variable or an empty value leaves the argument out.
    "--token",
    "t0k",
    "--debug",
    "region=eu-west-1",
  ]);
  assert.equal(line.cwd, "/tmp/work");
  assert.equal(line.stdin, "piped text");
  assert.deepEqual(line.env, { APP_MODE: "test" });
  const bare = buildCommandLine(everyShape, {}, getEnv);
  assert.equal(bare.cwd, "/srv", "the config's working directory without a cwd argument");
  assert.equal(bare.stdin, null);
});

Deno.test("buildCommandLine() under a docker executor prefixes docker run as CLImax does", () => {
  const line = buildCommandLine(everyShape, {}, getEnv, {
    type: "docker",
    image: "python:3.12",
    volumes: ["$HOME/data:/data", "/tmp:/tmp"],
    network: "none",
    working_dir: "/data",
  });
  assert.equal(line.command, "docker");
  assert.deepEqual(line.args.slice(0, 11), [
    "run",
    "--rm",
    "-v",
    "/home/me/data:/data",
    "-v",
    "/tmp:/tmp",
    "--network",
    "none",
    "-w",
    "/data",
    "python:3.12",
  ]);
  assert.equal(line.args[11], "/home/me/bin/python");
});

Deno.test("checkArguments() coerces types as CLImax does and refuses what cannot convert", () => {
  const typed = resolve({
    name: "typed",
    description: "Typed arguments",
    args: [
      { name: "flag", type: "boolean" },
      { name: "count", type: "integer" },
      { name: "ratio", type: "number" },
      { name: "text" },
    ],
  });
  assert.deepEqual(checkArguments(typed, { flag: "TRUE", count: "7", ratio: "0.5", text: 42 }), {
    flag: true,
    count: 7,
    ratio: 0.5,
    text: "42",
  });
  assert.deepEqual(checkArguments(typed, { flag: 0, count: 7.9, ratio: true, text: false }), {
    flag: false,
    count: 7,
    ratio: 1,
    text: "false",
  });
  assert.deepEqual(checkArguments(typed, { flag: null, count: undefined }), {});
  assert.deepEqual(refusals(typed, { flag: "yes", count: "7.5", ratio: "half", text: {} }), [
    'flag: Cannot convert "yes" to boolean',
    'count: Cannot convert "7.5" to integer',
    'ratio: Cannot convert "half" to number',
    "text: Cannot convert an object to string",
  ]);
  assert.deepEqual(refusals(typed, [1, 2]), [
    ": The arguments must be an object of names and values, got an array",
  ]);
});

Deno.test("checkArguments() refuses missing required, unknown and out-of-enum arguments", () => {
  const tool = resolve({
    name: "checkout",
    description: "Switch branches",
    args: [
      { name: "branch", positional: true, required: true },
      { name: "mode", enum: ["soft", "hard"] },
    ],
  });
  assert.deepEqual(refusals(tool, { mdoe: "soft", mode: "medium" }), [
    'mdoe: checkout has no such argument; did you mean "mode"?',
    "branch: Missing required argument",
    "mode: Must be one of: soft, hard",
  ]);
  assert.deepEqual(checkArguments(tool, { branch: "main", mode: "hard" }), {
    branch: "main",
    mode: "hard",
  });
});

Deno.test("checkArguments() applies a policy's pattern in full and its bounds", () => {
  const tool = resolve({
    name: "git_log",
    description: "Show commits",
    args: [{ name: "max_count", type: "integer", flag: "-n" }, {
      name: "branch",
      flag: "--branch",
    }],
  });
  const constrained: ResolvedTool = {
    ...tool,
    arg_constraints: {
      max_count: { pattern: null, min: 1, max: 50 },
      branch: { pattern: "[a-z]+", min: null, max: null },
    },
  };
  assert.deepEqual(checkArguments(constrained, { max_count: 50, branch: "main" }), {
    max_count: 50,
    branch: "main",
  });
  assert.deepEqual(refusals(constrained, { max_count: 51, branch: "main2" }), [
    "max_count: The value 51 is above the maximum of 50",
    'branch: The value "main2" does not match the pattern [a-z]+',
  ]);
  assert.deepEqual(refusals(constrained, { max_count: 0 }), [
    "max_count: The value 0 is below the minimum of 1",
  ]);
});

const echo = resolve({
  name: "say",
  description: "Print words",
  args: [
    { name: "words", positional: true },
    { name: "separator", flag: "--sep" },
    { name: "inline", flag: "--label=" },
  ],
}, { command: "echo" });

Deno.test("a value never becomes an option, a second command or a broken command line", async () => {
  for (const value of ["; rm -rf /", "$(id)", "`id`", "a\nb", "x && echo pwned", "'\"|>"]) {
    const result = await runTool(echo, { words: value });
    assert.equal(result.exitCode, 0, value);
    assert.deepEqual(result.commandLine.args, [value]);
    assert.equal(result.stdout, `${value}\n`, "printed as written, nothing expanded or run");
  }
  assert.deepEqual(refusals(echo, { words: "--exec=/bin/sh", separator: "-e" }), [
    'words: The value "--exec=/bin/sh" begins with "-", which the program would read as an option',
    'separator: The value "-e" begins with "-", which the program would read as an option',
  ]);
  // Joined to its flag, a leading "-" is part of the one word.
  assert.deepEqual(checkArguments(echo, { inline: "-x" }), { inline: "-x" });
  assert.deepEqual(refusals(echo, { words: "a\0b" }), [
    "words: The value holds a NUL character, which no command line can carry",
  ]);
  assert.deepEqual(refusals(echo, { words: "x".repeat(1_000_000) }), [
    `words: The value is 1000000 characters, over the limit of ${MAX_ARGUMENT_LENGTH}`,
  ]);
});

Deno.test("runTool() runs real programs: output, stdin, working directory, exit codes", async () => {
  const git = resolve({ name: "git_version", description: "Git's version", command: "--version" }, {
    command: "git",
  });
  const version = await runTool(git, {});
  assert.equal(version.exitCode, 0);
  assert.match(runResultText(version), /^git version \d/);

  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/marker.txt`, "");
    const ls = resolve({
      name: "ls_here",
      description: "List a directory",
      args: [{ name: "where", cwd: true }, { name: "path", positional: true }],
    }, { command: "ls" });
    const listed = await runTool(ls, { where: dir });
    assert.equal(runResultText(listed), "marker.txt");
    const missing = await runTool(ls, { where: dir, path: "nope" });
    assert.notEqual(missing.exitCode, 0);
    assert.match(runResultText(missing), /^\[stderr\]\n.*nope.*\n\n\[exit code: [1-9]\d*\]$/s);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }

  const cat = resolve({
    name: "cat_in",
    description: "Echo standard input",
    args: [{ name: "text", stdin: true }],
  }, { command: "cat" });
  assert.equal(runResultText(await runTool(cat, { text: "from stdin\n" })), "from stdin");
  assert.equal(runResultText(await runTool(cat, {})), "(no output)");

  const absent = resolve({ name: "absent", description: "Not installed" }, {
    command: "no-such-program-here",
  });
  const notFound = await runTool(absent, {});
  assert.equal(notFound.exitCode, -1);
  assert.equal(
    runResultText(notFound),
    "[stderr]\nCommand not found: no-such-program-here\n\n[exit code: -1]",
  );
});

Deno.test("runTool() stops a program at its timeout and cuts output at its bound", async () => {
  const sleeper = resolve({
    name: "sleeper",
    description: "Sleeps past its timeout",
    command: "-c",
    timeout: 0.3,
    args: [{ name: "script", positional: true }],
  }, { command: "sh" });
  const started = performance.now();
  const slept = await runTool(sleeper, { script: "echo before; sleep 20; echo after" });
  assert.ok(performance.now() - started < 10_000, "it did not wait for the sleep");
  assert.equal(slept.timedOut, true);
  assert.equal(slept.exitCode, -1);
  assert.equal(
    runResultText(slept),
    "before\n\n[stderr]\nCommand timed out after 0.3s\n\n[exit code: -1]",
  );

  const loud = await runTool(sleeper, { script: "head -c 3000000 /dev/zero | tr '\\0' a" }, {
    maxOutputBytes: 1000,
  });
  assert.equal(loud.exitCode, 0);
  assert.equal(loud.stdout, "a".repeat(1000));
  assert.deepEqual(loud.cut, { stdout: 3_000_000, stderr: 0, kept: 1000 });
  assert.match(runResultText(loud), /\[output cut: standard output wrote 3000000 bytes/);
});
