/**
 * The data model: the CLImax config format and the records an index hands out, as interfaces
 * only. Every field keeps the spec's snake_case name, because that is the JSON that CLImax
 * clients read; a validated model is fully defaulted, with `null` for unset optional values.
 * The functions that validate plain data into these are in `config/validate.ts`.
 *
 * @module
 */
/** The JSON type of an argument value. */
export type ArgType = "string" | "integer" | "number" | "boolean";

/** Any value JSON can carry. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/**
 * One argument of a tool: how an agent's value becomes part of the command line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateToolArg } from "@climax/tool-index";
 *
 * const arg = validateToolArg({ name: "max_count", type: "integer", flag: "-n" });
 * assert.equal(arg.required, false);
 * assert.equal(arg.default, null);
 * ```
 */
export interface ToolArg {
  /** The property name agents use. */
  name: string;
  /** What the argument means, for agents. Default `""`. */
  description: string;
  /** The JSON type of the value. Default `"string"`. */
  type: ArgType;
  /** Whether an agent must give it. Default `false`. */
  required: boolean;
  /** The value used when none is given; `null` for none. */
  default: JsonValue;
  /** The flag before the value, such as `"-n"`; one ending in `=` is joined to the value. */
  flag: string | null;
  /** The value is placed positionally, without a flag. Default `false`. */
  positional: boolean;
  /** The value sets the working directory instead of being passed. Default `false`. */
  cwd: boolean;
  /** The value is piped to standard input instead of being passed. Default `false`. */
  stdin: boolean;
  /** The allowed values, or `null` for any. */
  enum: string[] | null;
}

/**
 * One tool: a subcommand of the config's base command and its arguments.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateToolDef } from "@climax/tool-index";
 *
 * const tool = validateToolDef({ name: "git_status", description: "Show the working tree status" });
 * assert.equal(tool.command, "");
 * assert.deepEqual(tool.args, []);
 * assert.equal(tool.timeout, null);
 * ```
 */
export interface ToolDef {
  /** The tool name, unique in an index. */
  name: string;
  /** What the tool does, for agents. */
  description: string;
  /** Subcommand(s) appended to the base command. Default `""`. */
  command: string;
  /** The tool's arguments. Default `[]`. */
  args: ToolArg[];
  /** Seconds before the command is stopped; `null` for the runner's default. */
  timeout: number | null;
}

/**
 * One CLImax YAML config: a command-line program and the tools it exposes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateConfig } from "@climax/tool-index";
 *
 * const config = validateConfig({
 *   name: "git-tools",
 *   command: "git",
 *   category: "vcs",
 *   tools: [{ name: "git_status", description: "Show the working tree status" }],
 * });
 * assert.deepEqual(config.tags, []);
 * assert.equal(config.working_dir, null);
 * ```
 */
export interface CLImaxConfig {
  /** The CLI's name. Default `"climax"`. */
  name: string;
  /** What the CLI is for. Default `""`. */
  description: string;
  /** The base command. */
  command: string;
  /** Extra environment variables for the command. Default `{}`. */
  env: Record<string, string>;
  /** The directory the command runs in; `null` for the caller's. */
  working_dir: string | null;
  /** A free-text category for filtering; `null` for none. */
  category: string | null;
  /** Free-text tags for discovery. Default `[]`. */
  tags: string[];
  /** Arguments appended to every tool's command. Default `[]`. */
  global_args: ToolArg[];
  /** The tools. */
  tools: ToolDef[];
}

/**
 * A tool argument as written in a config: only `name` is required, the rest has defaults.
 *
 * @example
 * ```ts
 * import type { ToolArgInput } from "@climax/tool-index";
 *
 * const arg: ToolArgInput = { name: "max_count", type: "integer", flag: "-n" };
 * ```
 */
export interface ToolArgInput {
  /** See {@linkcode ToolArg.name}. */
  name: string;
  /** See {@linkcode ToolArg.description}. */
  description?: string;
  /** See {@linkcode ToolArg.type}. */
  type?: ArgType;
  /** See {@linkcode ToolArg.required}. */
  required?: boolean;
  /** See {@linkcode ToolArg.default}. */
  default?: JsonValue;
  /** See {@linkcode ToolArg.flag}. */
  flag?: string | null;
  /** See {@linkcode ToolArg.positional}. */
  positional?: boolean;
  /** See {@linkcode ToolArg.cwd}. */
  cwd?: boolean;
  /** See {@linkcode ToolArg.stdin}. */
  stdin?: boolean;
  /** See {@linkcode ToolArg.enum}. */
  enum?: string[] | null;
}

/**
 * A tool as written in a config: `name` and `description` are required, the rest has defaults.
 *
 * @example
 * ```ts
 * import type { ToolDefInput } from "@climax/tool-index";
 *
 * const tool: ToolDefInput = { name: "git_status", description: "Show the working tree status" };
 * ```
 */
export interface ToolDefInput {
  /** See {@linkcode ToolDef.name}. */
  name: string;
  /** See {@linkcode ToolDef.description}. */
  description: string;
  /** See {@linkcode ToolDef.command}. */
  command?: string;
  /** See {@linkcode ToolDef.args}. */
  args?: ToolArgInput[];
  /** See {@linkcode ToolDef.timeout}. */
  timeout?: number | null;
}

/**
 * A config as written, before defaults: `command` and `tools` are required. A validated
 * {@linkcode CLImaxConfig} is one too.
 *
 * @example
 * ```ts
 * import { type CLImaxConfigInput, ToolIndex } from "@climax/tool-index";
 *
 * const jq: CLImaxConfigInput = { name: "jq", command: "jq", tools: [] };
 * ToolIndex.fromConfigs([jq]);
 * ```
 */
export interface CLImaxConfigInput {
  /** See {@linkcode CLImaxConfig.name}. */
  name?: string;
  /** See {@linkcode CLImaxConfig.description}. */
  description?: string;
  /** See {@linkcode CLImaxConfig.command}. */
  command: string;
  /** See {@linkcode CLImaxConfig.env}. */
  env?: Record<string, string>;
  /** See {@linkcode CLImaxConfig.working_dir}. */
  working_dir?: string | null;
  /** See {@linkcode CLImaxConfig.category}. */
  category?: string | null;
  /** See {@linkcode CLImaxConfig.tags}. */
  tags?: string[];
  /** See {@linkcode CLImaxConfig.global_args}. */
  global_args?: ToolArgInput[];
  /** See {@linkcode CLImaxConfig.tools}. */
  tools: ToolDefInput[];
}

/**
 * A policy constraint on one argument's values, checked before a call runs.
 *
 * @example
 * ```ts
 * import type { ArgConstraint } from "@climax/tool-index";
 *
 * const branch: ArgConstraint = { pattern: "[A-Za-z0-9._/-]+", min: null, max: null };
 * const maxCount: ArgConstraint = { pattern: null, min: 1, max: 50 };
 * ```
 */
export interface ArgConstraint {
  /** A regular expression a string value must match in full; `null` for none. */
  pattern: string | null;
  /** The inclusive minimum of a numeric value; `null` for none. */
  min: number | null;
  /** The inclusive maximum of a numeric value; `null` for none. */
  max: number | null;
}

/**
 * Where a tool's command runs: on this machine, or in a fresh docker container of `image`,
 * as a policy's `executor` says.
 *
 * @example
 * ```ts
 * import type { ExecutorConfig } from "@climax/tool-index";
 *
 * const sandbox: ExecutorConfig = { type: "docker", image: "alpine/git", volumes: ["$PWD:/repo"], working_dir: "/repo" };
 * ```
 */
export interface ExecutorConfig {
  /** `"local"` runs the command itself; `"docker"` runs it with `docker run --rm`. */
  type: "local" | "docker";
  /** The docker image; required for docker. */
  image?: string | null;
  /** Docker `-v` volumes, `$VAR` expanded. */
  volumes?: string[];
  /** Docker `-w`: the working directory inside the container. */
  working_dir?: string | null;
  /** Docker `--network`. */
  network?: string | null;
}

/**
 * A tool with everything needed to run it: its definition and its config's command,
 * environment, working directory and global arguments.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolIndex, validateConfig } from "@climax/tool-index";
 *
 * const index = ToolIndex.fromConfigs([validateConfig({
 *   command: "git",
 *   tools: [{ name: "git_status", description: "Show the working tree status", command: "status" }],
 * })]);
 * const resolved = index.get("git_status");
 * assert.equal(resolved?.base_command, "git");
 * assert.equal(resolved?.tool.command, "status");
 * ```
 */
export interface ResolvedTool {
  /** The tool's definition. */
  tool: ToolDef;
  /** The config's base command. */
  base_command: string;
  /** The config's environment variables. */
  env: Record<string, string>;
  /** The config's working directory, or `null`. */
  working_dir: string | null;
  /** The config's global arguments. */
  global_args: ToolArg[];
  /** A description that replaces the tool's own, set by a policy; `null` for none. */
  description_override: string | null;
  /** Policy constraints by argument name. Default `{}`. */
  arg_constraints: Record<string, ArgConstraint>;
}

/**
 * What a search returns for one tool: enough to call it without another lookup.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolIndex, validateConfig } from "@climax/tool-index";
 *
 * const index = ToolIndex.fromConfigs([validateConfig({
 *   name: "git-tools",
 *   command: "git",
 *   tools: [{ name: "git_log", description: "Show commits", args: [{ name: "max_count", type: "integer" }] }],
 * })]);
 * const [entry] = index.search({ query: "commits" });
 * assert.equal(entry.cli_name, "git-tools");
 * assert.equal(entry.input_schema.type, "object");
 * ```
 */
export interface ToolIndexEntry {
  /** The tool name. */
  tool_name: string;
  /** What the tool does. */
  description: string;
  /** The name of the config the tool comes from. */
  cli_name: string;
  /** The config's category, or `null`. */
  category: string | null;
  /** The config's tags. */
  tags: string[];
  /** The JSON Schema of the tool's arguments, as `buildInputSchema` makes it. */
  input_schema: Record<string, unknown>;
}

/**
 * An overview of one loaded config.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolIndex, validateConfig } from "@climax/tool-index";
 *
 * const index = ToolIndex.fromConfigs([validateConfig({
 *   name: "git-tools",
 *   command: "git",
 *   tools: [{ name: "git_status", description: "Show the working tree status" }],
 * })]);
 * assert.deepEqual(index.summary(), [
 *   { name: "git-tools", description: "", tool_count: 1, category: null, tags: [] },
 * ]);
 * ```
 */
export interface CLISummary {
  /** The config's name. */
  name: string;
  /** The config's description. */
  description: string;
  /** How many tools the config defines. */
  tool_count: number;
  /** The config's category, or `null`. */
  category: string | null;
  /** The config's tags. */
  tags: string[];
}
