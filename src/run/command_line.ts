// The command line of a call, built as CLImax builds it: the base command (with `~` and `$VAR`
// expanded) split into words, the tool's subcommand words, positional values in the order the
// tool defines them, then flags (defaults filled in, booleans as a bare flag, a flag ending in
// `=` joined to its value), then the config's global arguments; a `cwd` argument sets the working
// directory and a `stdin` argument is piped in instead of being passed. Never a shell: each value
// is one word of the program's argv, whatever it holds.
import type { ExecutorConfig, ResolvedTool, ToolArg } from "../types.ts";
import type { ArgumentValue } from "./arguments.ts";

/**
 * What runs for a call: the program, its arguments, and where and with what it runs.
 *
 * @example
 * ```ts
 * import type { CommandLine } from "@climax/tool-index";
 *
 * const line: CommandLine = { command: "git", args: ["log", "-n", "5"], cwd: null, stdin: null, env: {} };
 * ```
 */
export interface CommandLine {
  /** The program: the first word of the base command, or `docker` under a docker executor. */
  command: string;
  /** The words after it. */
  args: string[];
  /** The working directory: a `cwd` argument's value, else the config's; `null` inherits. */
  cwd: string | null;
  /** The text piped to standard input; `null` for none. */
  stdin: string | null;
  /** The config's environment variables, set over the inherited ones. */
  env: Record<string, string>;
}

/**
 * Reads an environment variable; `Deno.env.get` is one.
 *
 * @example
 * ```ts
 * import type { GetEnv } from "@climax/tool-index";
 *
 * const fixed: GetEnv = (name) => ({ HOME: "/home/me" } as Record<string, string>)[name];
 * ```
 */
export type GetEnv = (name: string) => string | undefined;

/**
 * The command line that runs `resolved` with `args` (as `checkArguments` returns them), under
 * `executor` (local by default; docker prefixes `docker run --rm` with the executor's volumes,
 * network, working directory and image, as CLImax does). `getEnv` expands `$VAR`, `${VAR}` and a
 * leading `~` (from `HOME`) in the base command, global arguments and docker volumes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCommandLine, ToolIndex, validateConfig } from "@climax/tool-index";
 *
 * const index = ToolIndex.fromConfigs([validateConfig({
 *   command: "git",
 *   tools: [{
 *     name: "git_log",
 *     description: "Show commits",
 *     command: "log",
 *     args: [{ name: "max_count", type: "integer", flag: "-n" }, { name: "path", positional: true }],
 *   }],
 * })]);
 * const line = buildCommandLine(index.get("git_log")!, { max_count: 5, path: "src" }, () => undefined);
 * assert.equal(line.command, "git");
 * assert.deepEqual(line.args, ["log", "src", "-n", "5"]);
 * ```
 */
export function buildCommandLine(
  resolved: ResolvedTool,
  args: Readonly<Record<string, ArgumentValue>>,
  getEnv: GetEnv,
  executor: ExecutorConfig = { type: "local" },
): CommandLine {
  const tool = resolved.tool;
  const words = splitWords(expandHome(expandVars(resolved.base_command, getEnv), getEnv));
  words.push(...splitWords(tool.command));
  for (const arg of tool.args) {
    if (arg.cwd || arg.stdin || !arg.positional) continue;
    const value = args[arg.name];
    if (value !== undefined) words.push(String(value));
  }
  for (const arg of tool.args) {
    if (arg.cwd || arg.stdin || arg.positional) continue;
    const value = args[arg.name] ?? defaultOf(arg);
    if (value !== undefined) words.push(...flagWords(arg, value));
  }
  for (const arg of resolved.global_args) words.push(...globalWords(arg, getEnv));

  let cwd = resolved.working_dir;
  let stdin: string | null = null;
  for (const arg of tool.args) {
    const value = args[arg.name];
    if (value === undefined) continue;
    if (arg.cwd && cwd === resolved.working_dir) cwd = String(value);
    if (arg.stdin && stdin === null) stdin = String(value);
  }
  const argv = executor.type === "docker" ? [...dockerPrefix(executor, getEnv), ...words] : words;
  const [command = "", ...rest] = argv;
  return { command, args: rest, cwd, stdin, env: { ...resolved.env } };
}

/**
 * The flag of an argument that is not positional: its own, or `--` and its name with `_` as `-`,
 * as CLImax makes one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { flagOf, validateToolArg } from "@climax/tool-index";
 *
 * assert.equal(flagOf(validateToolArg({ name: "max_count" })), "--max-count");
 * ```
 */
export function flagOf(arg: Pick<ToolArg, "name" | "flag">): string {
  return arg.flag || `--${arg.name.replaceAll("_", "-")}`;
}

/** The words a flag argument adds for `value`. */
function flagWords(arg: ToolArg, value: ArgumentValue): string[] {
  const flag = flagOf(arg);
  if (arg.type === "boolean") return value === true || value === "true" ? [flag] : [];
  return flag.endsWith("=") ? [`${flag}${value}`] : [flag, String(value)];
}

/**
 * The words a global argument adds: its default with variables expanded, left out when a
 * variable it names is unset or it expands to nothing.
 */
function globalWords(arg: ToolArg, getEnv: GetEnv): string[] {
  if (arg.default === null) return [];
  const raw = textOf(arg.default);
  const value = expandVars(raw, getEnv);
  if ((value === raw && raw.includes("$")) || value === "") return [];
  const flag = flagOf(arg);
  if (arg.type === "boolean") return ["true", "True", "1"].includes(value) ? [flag] : [];
  return flag.endsWith("=") ? [`${flag}${value}`] : [flag, value];
}

/** `docker run --rm`, the executor's volumes, network and working directory, then its image. */
function dockerPrefix(executor: ExecutorConfig, getEnv: GetEnv): string[] {
  const words = ["docker", "run", "--rm"];
  for (const volume of executor.volumes ?? []) words.push("-v", expandVars(volume, getEnv));
  if (executor.network) words.push("--network", executor.network);
  if (executor.working_dir) words.push("-w", executor.working_dir);
  words.push(executor.image ?? "");
  return words;
}

/** A flag argument's default, as the value it stands for; none when it has none. */
function defaultOf(arg: ToolArg): ArgumentValue | undefined {
  const value = arg.default;
  if (value === null) return undefined;
  return typeof value === "object" ? JSON.stringify(value) : value;
}

/** A JSON value as the text Python's `str()` gives a YAML scalar of its kind. */
function textOf(value: NonNullable<ToolArg["default"]>): string {
  if (typeof value === "boolean") return value ? "True" : "False";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Words split at runs of white space, as Python's `str.split()` splits them. */
function splitWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== "");
}

/** `$NAME` and `${NAME}` replaced by the variable's value; unset ones are left as written. */
function expandVars(text: string, getEnv: GetEnv): string {
  return text.replace(
    /\$(\w+)|\$\{([^}]*)\}/g,
    (written, bare: string | undefined, braced: string | undefined) =>
      getEnv(bare ?? braced ?? "") ?? written,
  );
}

/** A leading `~` (alone or before `/`) replaced by the home directory, when it is known. */
function expandHome(text: string, getEnv: GetEnv): string {
  const home = getEnv("HOME");
  if (home === undefined || !/^~(?:\/|\s|$)/.test(text)) return text;
  return home + text.slice(1);
}
