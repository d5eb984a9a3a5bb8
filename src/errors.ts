/**
 * The typed errors of the library.
 *
 * @module
 */

/** One problem found in a config, with where it is. */
export interface ConfigIssue {
  /** Where in the config, written like `tools[2].args[0].type`; `""` for the whole config. */
  path: string;
  /** What is wrong, in sentence case. */
  message: string;
  /** 1-based line in the YAML text, when the config came from YAML text. */
  line?: number;
  /** 1-based column in the YAML text, when the config came from YAML text. */
  column?: number;
}

/** Renders one issue as `source:line:column: path: message`, leaving out the parts it lacks. */
export function formatIssue(source: string, issue: ConfigIssue): string {
  const where = issue.line === undefined ? source : `${source}:${issue.line}:${issue.column ?? 1}`;
  return issue.path === ""
    ? `${where}: ${issue.message}`
    : `${where}: ${issue.path}: ${issue.message}`;
}

/**
 * Thrown for anything that is not a valid config: YAML syntax errors, wrong types, missing
 * keys, unknown keys under `strict`, files that are too large or not text.
 *
 * @example Report every problem of a config
 * ```ts
 * import { ConfigError, parseConfig } from "@climax/tool-index";
 *
 * try {
 *   parseConfig("command: git\ntools: 3\n", { source: "git.yaml" });
 * } catch (error) {
 *   if (error instanceof ConfigError) {
 *     for (const issue of error.issues) {
 *       console.log(issue.line, issue.column, issue.path, issue.message);
 *     }
 *   }
 * }
 * ```
 */
export class ConfigError extends Error {
  /** The file or the `source` option the config came from. */
  readonly source: string;
  /** Every problem found, in document order where known. */
  readonly issues: ConfigIssue[];

  /** Makes an error whose message lists every issue as `source:line:column: path: message`. */
  constructor(source: string, issues: ConfigIssue[], options?: ErrorOptions) {
    super(issues.map((issue) => formatIssue(source, issue)).join("\n"), options);
    this.name = "ConfigError";
    this.source = source;
    this.issues = issues;
  }
}

/**
 * Thrown by `ToolIndex.searchPage` for a cursor that was not issued for the same search
 * parameters by an index of the same `version`: tampered, foreign or stale.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { InvalidCursorError, ToolIndex } from "@climax/tool-index";
 *
 * const index = ToolIndex.fromConfigs([]);
 * assert.throws(() => index.searchPage({ cursor: "not-a-cursor" }), InvalidCursorError);
 * ```
 */
export class InvalidCursorError extends Error {
  /** Makes the error with a message that says why the cursor was refused. */
  constructor(message: string) {
    super(message);
    this.name = "InvalidCursorError";
  }
}

/**
 * Thrown by a `ToolRegistry` for a tool it cannot hold: a field missing or of the wrong kind (an
 * MCP tool without a name, an `inputSchema` that is not an object schema), or an ID registered
 * again with another definition. The registry is left as it was.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { InvalidToolError, ToolRegistry } from "@climax/tool-index";
 *
 * const registry = new ToolRegistry();
 * assert.throws(
 *   () => registry.registerMcpTools("github", [{ name: "", inputSchema: { type: "object" } }]),
 *   (error) => error instanceof InvalidToolError && error.tool === "tools[0]" && error.field === "name",
 * );
 * ```
 */
export class InvalidToolError extends Error {
  /** The tool: its ID when it has one, else where it stands in the input, such as `tools[3]`. */
  readonly tool: string;
  /** The field that is wrong, such as `inputSchema`; `""` for the tool as a whole. */
  readonly field: string;
  /** What is wrong, in sentence case. */
  readonly problem: string;

  /** Makes the error; the message names the tool and the field, then the problem. */
  constructor(tool: string, field: string, problem: string, options?: ErrorOptions) {
    super(`${tool}${field === "" ? "" : `: ${field}`}: ${problem}`, options);
    this.name = "InvalidToolError";
    this.tool = tool;
    this.field = field;
    this.problem = problem;
  }
}

/**
 * Thrown by a `ToolRegistry` for a backend it cannot hold: an unknown `kind`, a missing `id`, or
 * a field of the wrong kind. The registry is left as it was.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { InvalidBackendError, ToolRegistry, type ToolBackend } from "@climax/tool-index";
 *
 * const backend = { kind: "carrier-pigeon", id: "coo" } as unknown as ToolBackend;
 * const tool = { namespace: "x", name: "y", input_schema: { type: "object" } };
 * assert.throws(
 *   () => new ToolRegistry().register(tool, backend),
 *   (error) => error instanceof InvalidBackendError && error.field === "kind",
 * );
 * ```
 */
export class InvalidBackendError extends Error {
  /** The backend: its kind and ID where they are known, such as `mcp github`. */
  readonly backend: string;
  /** The field that is wrong, such as `kind`. */
  readonly field: string;

  /** Makes the error; the message names the backend and the field, then the problem. */
  constructor(backend: string, field: string, problem: string, options?: ErrorOptions) {
    super(`Backend ${backend}: ${field}: ${problem}`, options);
    this.name = "InvalidBackendError";
    this.backend = backend;
    this.field = field;
  }
}

/**
 * Thrown by a `ToolRegistry` change that names a tool, backend or source it does not hold.
 * Lookups (`getTool`, `getAllBackends`) return `undefined` instead.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { NotFoundError, ToolRegistry } from "@climax/tool-index";
 *
 * assert.throws(
 *   () => new ToolRegistry().unregisterBackend("github:search_issues", "mcp", "github"),
 *   (error) =>
 *     error instanceof NotFoundError &&
 *     error.message === 'No tool has the ID "github:search_issues"',
 * );
 * ```
 */
export class NotFoundError extends Error {
  /** Makes the error with a message that says what is not there. */
  constructor(message: string) {
    super(message);
    this.name = "NotFoundError";
  }
}

/**
 * Thrown by `ToolRegistry.searchPage` in a mode whose searcher is not deterministic: its pages
 * could repeat or skip tools. A registry made with `requireDeterministicSearcher: false` pages
 * such a searcher anyway.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { NonDeterministicSearcherError, ToolRegistry } from "@climax/tool-index";
 *
 * const shuffled = { deterministic: false, search: () => [] };
 * const registry = new ToolRegistry({ searchers: { shuffled } });
 * assert.throws(
 *   () => registry.searchPage({ query: "x", mode: "shuffled" }),
 *   NonDeterministicSearcherError,
 * );
 * ```
 */
export class NonDeterministicSearcherError extends Error {
  /** The mode whose searcher is not deterministic. */
  readonly mode: string;

  /** Makes the error for the searcher of `mode`. */
  constructor(mode: string) {
    super(
      `The searcher of mode "${mode}" is not deterministic, so its results cannot be paged; ` +
        "use search(), or make the registry with requireDeterministicSearcher: false",
    );
    this.name = "NonDeterministicSearcherError";
    this.mode = mode;
  }
}

/**
 * Thrown by a searcher asked to search for a request it was not prepared for: its
 * `prepare` (which `ToolRegistry.prepareSearch` runs) must be awaited first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { UnpreparedSearchError } from "@climax/tool-index";
 *
 * const error = new UnpreparedSearchError("hybrid", "get me a cab");
 * assert.equal(error.mode, "hybrid");
 * ```
 */
export class UnpreparedSearchError extends Error {
  /** The mode whose searcher was not prepared. */
  readonly mode: string;

  /** Makes the error for a search of `query` in `mode`. */
  constructor(mode: string, query: string) {
    super(
      `The ${mode} search of ${JSON.stringify(query)} was not prepared: ` +
        "await prepareSearch() with the same parameters first",
    );
    this.name = "UnpreparedSearchError";
    this.mode = mode;
  }
}

/** One argument of a call that cannot run, and why. */
export interface ArgumentProblem {
  /** The argument's name; `""` for the arguments as a whole. */
  argument: string;
  /** What is wrong, in sentence case. */
  message: string;
}

/**
 * Thrown before anything runs, for a call whose arguments the tool's definition or its policy
 * refuses: a missing required argument, a value of the wrong type, outside its enum, its pattern
 * or its bounds, or one that the program could read as an option or that no command line can
 * carry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkArguments, InvalidArgumentsError, ToolIndex, validateConfig } from "@climax/tool-index";
 *
 * const index = ToolIndex.fromConfigs([validateConfig({
 *   command: "git",
 *   tools: [{ name: "git_log", description: "Show commits", args: [{ name: "max_count", type: "integer", flag: "-n" }] }],
 * })]);
 * assert.throws(
 *   () => checkArguments(index.get("git_log")!, { max_count: "five" }),
 *   (error) => error instanceof InvalidArgumentsError && error.problems[0].argument === "max_count",
 * );
 * ```
 */
export class InvalidArgumentsError extends Error {
  /** The tool that was called. */
  readonly tool: string;
  /** Every problem found, in the order of the tool's arguments. */
  readonly problems: ArgumentProblem[];

  /** Makes the error; its message lists each problem on a line of its own. */
  constructor(tool: string, problems: ArgumentProblem[]) {
    super(
      `The arguments of ${tool} were refused:\n${
        problems.map(({ argument, message }) =>
          `  - ${argument === "" ? "" : `${argument}: `}${message}`
        ).join("\n")
      }`,
    );
    this.name = "InvalidArgumentsError";
    this.tool = tool;
    this.problems = problems;
  }
}

/**
 * Why a backend cannot take a call now: the call goes to the next backend, if there is one.
 *
 * @example
 * ```ts
 * import { type BackendCaller, BackendUnavailableError } from "@climax/tool-index";
 *
 * const restarting: BackendCaller = () =>
 *   Promise.reject(new BackendUnavailableError("the handler is restarting"));
 * ```
 */
export class BackendUnavailableError extends Error {
  /** Makes the error; the message is one sentence for the agent. */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "BackendUnavailableError";
  }
}
