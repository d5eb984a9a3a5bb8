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
  constructor(source: string, issues: ConfigIssue[]) {
    super(issues.map((issue) => formatIssue(source, issue)).join("\n"));
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
 * import { InvalidCursorError, ToolIndex } from "@climax/tool-index";
 *
 * const index = ToolIndex.fromConfigs([]);
 * try {
 *   index.searchPage({ cursor: "not-a-cursor" });
 * } catch (error) {
 *   console.log(error instanceof InvalidCursorError); // true
 * }
 * ```
 */
export class InvalidCursorError extends Error {
  /** Makes the error with a message that says why the cursor was refused. */
  constructor(message: string) {
    super(message);
    this.name = "InvalidCursorError";
  }
}
