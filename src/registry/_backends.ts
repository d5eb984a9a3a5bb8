// MCP servers as the registry takes them from its callers, checked and copied, and what a check
// of a backend says when it fails (backends themselves are checked in `_backend_check.ts`).
import { InvalidBackendError } from "../errors.ts";
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from "../limits.ts";
import type { McpServerInfo } from "../types.ts";
import type { BackendKind } from "./types.ts";
import { describeValue, isPlainObject } from "../_json_value.ts";
import { type Fail, nameField, nameListField, textField, urlField } from "../config/fields.ts";

/** The kinds of backend, for checks and messages. */
export const BACKEND_KINDS: readonly BackendKind[] = ["climax", "mcp", "local"];

/** What fails a check of the backend or server `label`: an `InvalidBackendError`. */
export function backendFailure(label: string): Fail {
  return (field, problem) => {
    throw new InvalidBackendError(label, field, problem);
  };
}

/**
 * `value` when it is a mapping of plain data.
 *
 * @throws The failure of `fail` when it is not.
 */
export function mapping(value: unknown, fail: Fail, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || !isPlainObject(value)) {
    fail("", `Expected ${what} (a mapping), got ${describeValue(value)}`);
  }
  return value as Record<string, unknown>;
}

/**
 * An MCP server's details checked and defaulted; a string is a server known by name only.
 *
 * @throws {InvalidBackendError} For details of the wrong kind.
 */
export function checkServer(server: unknown): Required<McpServerInfo> {
  if (typeof server === "string") return checkServer({ name: server });
  const input = mapping(server, backendFailure(describeValue(server)), "a server name or details");
  const fail = backendFailure(`mcp ${String(input.name)}`);
  return {
    name: nameField(input.name, "name", fail),
    title: textField(input.title, "title", MAX_NAME_LENGTH, fail),
    description: textField(input.description, "description", MAX_TEXT_LENGTH, fail),
    url: urlField(input.url, "url", fail),
    category: textField(input.category, "category", MAX_NAME_LENGTH, fail),
    tags: input.tags === undefined ? [] : nameListField(input.tags, "tags", fail),
  };
}
