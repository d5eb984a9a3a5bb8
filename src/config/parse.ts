/**
 * YAML text → a validated CLImax config, with the line and column of every problem.
 *
 * @module
 */
import type { CLImaxConfig } from "../types.ts";
import { type ValidateOptions, validateOptions } from "../_options.ts";
import { validateConfigData } from "./validate.ts";
import type { ParsedYaml } from "./yaml/read.ts";
import { readYamlMapping } from "./yaml/document.ts";
import { DEFAULT_SOURCE } from "./zod_validate.ts";

/**
 * Parses YAML text as a CLImax config and returns it fully defaulted. The YAML is read as
 * YAML 1.1, like the Python original's PyYAML: `yes`/`no`/`on`/`off` are booleans. The config
 * is checked as `validateConfig` checks one. A YAML error is reported at the line that is wrong
 * where that can be told (a key or list item indented unlike its siblings, a quote or bracket
 * never closed), else where the parser stopped.
 *
 * @throws {ConfigError} For a YAML syntax error, duplicate keys, too many alias expansions, text
 * over `MAX_CONFIG_SIZE`, or anything that is not a valid config; each issue has a line and
 * column.
 * @throws {RangeError} When `options` is not an object or `onWarning` not a function.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
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
 * assert.deepEqual(config.tools[0].args, []);
 * ```
 */
export function parseConfig(yamlText: string, options?: ValidateOptions): CLImaxConfig {
  const checked = validateOptions(options);
  const source = checked.source ?? DEFAULT_SOURCE;
  const parsed = readConfigYaml(yamlText, source);
  return validateConfigData(parsed.value, checked, parsed);
}

/**
 * Reads YAML text as the plain data of a config, the mapping `parseConfig` then validates, with
 * where each part stands in the text and how it was written. The command line checks the data
 * itself too, and so needs it whether or not it makes a valid config.
 *
 * @throws {ConfigError} For text that is not a string or is over `MAX_CONFIG_SIZE`, a YAML
 * error, or YAML that is not a mapping.
 */
export function readConfigYaml(yamlText: string, source: string): ParsedYaml {
  return readYamlMapping(yamlText, source, {
    kind: "config",
    empty: "The config is empty; expected a mapping with at least command and tools",
    keys: "command and tools",
  });
}
