/**
 * YAML text → a validated CLImax config, with the line and column of every problem.
 *
 * @module
 */
import { ConfigError } from "../errors.ts";
import { MAX_CONFIG_SIZE } from "../limits.ts";
import type { CLImaxConfig } from "../types.ts";
import { describeValue } from "../_json_value.ts";
import { type ValidateOptions, validateOptions } from "../_options.ts";
import type { Locator } from "./data_path.ts";
import { modelSchemas } from "./model_schemas.ts";
import { copyPlainConfig } from "./_fast_copy.ts";
import { readYaml } from "./_yaml.ts";
import { DEFAULT_SOURCE, validateData } from "./_zod_validate.ts";

/**
 * Parses YAML text as a CLImax config and returns it fully defaulted. The YAML is read as
 * YAML 1.1, like the Python original's PyYAML: `yes`/`no`/`on`/`off` are booleans.
 *
 * @throws {ConfigError} For a YAML syntax error, duplicate keys, too many alias expansions, text
 * over `MAX_CONFIG_SIZE`, or anything that is not a valid config; each issue has a line and
 * column.
 * @throws {RangeError} When `options` is not an object or `onWarning` not a function.
 * @example
 * ```ts
 * import { parseConfig } from "@climax/tool-index";
 *
 * const config = parseConfig(
 *   `
 * name: git-tools
 * command: git
 * category: vcs
 * tools:
 *   - name: git_status
 *     description: Show the working tree status
 *     command: status
 * `,
 *   { source: "git.yaml" },
 * );
 * console.log(config.tools[0].args); // []
 * ```
 */
export function parseConfig(yamlText: string, options: ValidateOptions = {}): CLImaxConfig {
  return parseLocatedConfig(yamlText, options).config;
}

/** A config parsed from YAML text, and where each part of it stands in that text. */
export interface LocatedConfig {
  /** The validated, fully defaulted config. */
  config: CLImaxConfig;
  /** Finds the line and column of the YAML node at a data path such as `["tools", 0, "name"]`. */
  locate: Locator;
}

/**
 * Parses YAML text as `parseConfig` does, and keeps the locator of its YAML nodes, so that
 * checks made on the validated config (the command line's warnings) can point into the text.
 *
 * @throws {ConfigError} As `parseConfig` does.
 */
export function parseLocatedConfig(yamlText: string, options?: ValidateOptions): LocatedConfig {
  const checked = validateOptions(options);
  const source = checked.source ?? DEFAULT_SOURCE;
  if (typeof yamlText !== "string") {
    throw new ConfigError(source, [{
      path: "",
      message: `Expected YAML text, got ${describeValue(yamlText)}`,
    }]);
  }
  if (yamlText.length > MAX_CONFIG_SIZE) {
    throw new ConfigError(source, [{
      path: "",
      message: `The config is ${yamlText.length} characters, over the limit of ${MAX_CONFIG_SIZE}`,
      line: 1,
      column: 1,
    }]);
  }
  const { value, locate } = readYaml(yamlText, source);
  if (value === null || value === undefined) {
    throw new ConfigError(source, [{
      path: "",
      message: "The config is empty; expected a mapping with at least command and tools",
      line: 1,
      column: 1,
    }]);
  }
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new ConfigError(source, [{
      path: "",
      message: `Expected a mapping with keys such as command and tools at the top level, got ${
        describeValue(value)
      }`,
      ...(locate([], "value") ?? { line: 1, column: 1 }),
    }]);
  }
  return {
    config: copyPlainConfig(value) ??
      validateData(modelSchemas().config, value, { ...checked, source }, locate),
    locate,
  };
}
