// A file of YAML text that must be one mapping at the top level, as configs and policies are:
// the checks on its text and on its top level that both make, in the words of either kind.
import { ConfigError } from "../../errors.ts";
import { MAX_CONFIG_SIZE } from "../../limits.ts";
import { describeValue } from "../../_json_value.ts";
import { type ParsedYaml, readYaml } from "./read.ts";

/** How the errors of one kind of document name it and what it should hold. */
export interface DocumentWords {
  /** What the document is: "config", "policy". */
  kind: string;
  /** Why an empty document is refused, in full. */
  empty: string;
  /** The keys to name as examples of the top level, such as "command and tools". */
  keys: string;
}

/**
 * Reads YAML text that must be one mapping, with where each part stands in the text.
 *
 * @throws {ConfigError} For text that is not a string or is over `MAX_CONFIG_SIZE`, a YAML
 * error, an empty document, or one whose top level is not a mapping.
 */
export function readYamlMapping(
  yamlText: string,
  source: string,
  words: DocumentWords,
): ParsedYaml {
  if (typeof yamlText !== "string") {
    throw new ConfigError(source, [{
      path: "",
      message: `Expected YAML text, got ${describeValue(yamlText)}`,
    }]);
  }
  if (yamlText.length > MAX_CONFIG_SIZE) {
    throw new ConfigError(source, [{
      path: "",
      message:
        `The ${words.kind} is ${yamlText.length} characters, over the limit of ${MAX_CONFIG_SIZE}`,
      line: 1,
      column: 1,
    }]);
  }
  const parsed = readYaml(yamlText, source);
  const { value, locate } = parsed;
  if (value === null || value === undefined) {
    throw new ConfigError(source, [{ path: "", message: words.empty, line: 1, column: 1 }]);
  }
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new ConfigError(source, [{
      path: "",
      message: `Expected a mapping with keys such as ${words.keys} at the top level, got ${
        describeValue(value)
      }`,
      ...(locate([], "value") ?? { line: 1, column: 1 }),
    }]);
  }
  return parsed;
}
