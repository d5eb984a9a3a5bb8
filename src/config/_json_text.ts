// JSON text → plain data, with where each part of it stands: the one reader of the JSON files
// of config/ (MCP tool lists and MCP configs), bounded in size and located where it fails.
import { ConfigError } from "../errors.ts";
import { MAX_CONFIG_SIZE } from "../limits.ts";
import type { Locator } from "./yaml/data_path.ts";
import { jsonErrorOffset, jsonLocator } from "./yaml/json_position.ts";

/** Plain data read from JSON text, and where its parts stand in that text. */
export interface JsonText {
  value: unknown;
  /** The line and column of a path's value or key (the last of a repeated key). */
  locate: Locator;
}

/**
 * The value of JSON text, with a locator of its parts.
 *
 * @throws {ConfigError} When the text is over `MAX_CONFIG_SIZE` characters, or not JSON: then
 * at the line and column where it stops being JSON.
 */
export function readJsonText(text: string, source: string): JsonText {
  if (text.length > MAX_CONFIG_SIZE) {
    throw new ConfigError(source, [{
      path: "",
      message: `The file is ${text.length} characters, over the limit of ${MAX_CONFIG_SIZE}`,
    }]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const at = jsonErrorOffset(text);
    const before = text.slice(0, Math.max(at, 0));
    const line = before.split("\n").length;
    throw new ConfigError(source, [{
      path: "",
      message: at >= text.length || at < 0
        ? "The file is not JSON: it ends before its value is complete"
        : `The file is not JSON: unexpected ${JSON.stringify(text[at])}`,
      ...(at >= 0 ? { line, column: at - before.lastIndexOf("\n") } : {}),
    }], { cause: error });
  }
  return { value, locate: jsonLocator(text) };
}
