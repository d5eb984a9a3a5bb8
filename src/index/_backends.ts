// Backends and MCP servers as the registry takes them from its callers, checked and copied: a
// backend of a known kind with the fields of that kind, a server's name and details.
import { ConfigError, InvalidBackendError } from "../errors.ts";
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from "../limits.ts";
import type { BackendKind, McpServerInfo, ToolBackend } from "../registry_types.ts";
import type { ToolArg } from "../types.ts";
import { deepFreeze } from "../_freeze.ts";
import { describeValue, isPlainObject } from "../_json_value.ts";
import { type Fail, nameField, nameListField, textField, urlField } from "../config/fields.ts";
import { validateToolArg, validateToolDef } from "../config/validate.ts";

/** The kinds of backend, for checks and messages. */
export const BACKEND_KINDS: readonly BackendKind[] = ["climax", "mcp", "local"];

/** What fails a check of the backend or server `label`: an `InvalidBackendError`. */
function backendFailure(label: string): Fail {
  return (field, problem) => {
    throw new InvalidBackendError(label, field, problem);
  };
}

function mapping(value: unknown, fail: Fail, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || !isPlainObject(value)) {
    fail("", `Expected ${what} (a mapping), got ${describeValue(value)}`);
  }
  return value as Record<string, unknown>;
}

/**
 * A frozen copy of `value` when it is a backend of a known kind with the fields of that kind.
 *
 * @throws {InvalidBackendError} When it is not.
 */
export function checkBackend(value: unknown): ToolBackend {
  const input = mapping(value, backendFailure(describeValue(value)), "a backend");
  const kind = input.kind as BackendKind;
  const fail = backendFailure(`${String(kind)} ${String(input.id)}`);
  if (!BACKEND_KINDS.includes(kind)) {
    fail(
      "kind",
      `Expected one of ${BACKEND_KINDS.map((k) => `"${k}"`).join(", ")}, got ${
        describeValue(kind)
      }`,
    );
  }
  const id = nameField(input.id, "id", fail);
  switch (kind) {
    case "local":
      return deepFreeze({ kind, id });
    case "mcp":
      return deepFreeze({ kind, id, url: urlField(input.url, "url", fail) });
    case "climax":
      return deepFreeze(climaxBackend(input, id, fail));
  }
}

function climaxBackend(input: Record<string, unknown>, id: string, fail: Fail): ToolBackend {
  const valid = <T>(field: string, check: () => T): T => {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return fail(field, error.issues[0].message);
    }
  };
  const tool = valid("tool", () => validateToolDef(input.tool, { strict: true }));
  if (typeof input.base_command !== "string") {
    fail("base_command", `Expected a string, got ${describeValue(input.base_command)}`);
  }
  const env = mapping(input.env ?? {}, (_field, problem) => fail("env", problem), "variables");
  if (!Object.values(env).every((value) => typeof value === "string")) {
    fail("env", "Expected a mapping of strings");
  }
  const globals = input.global_args ?? [];
  if (!Array.isArray(globals)) {
    fail("global_args", `Expected a list, got ${describeValue(globals)}`);
  }
  const globalArgs: ToolArg[] = globals.map((arg, i) =>
    valid(`global_args[${i}]`, () => validateToolArg(arg, { strict: true }))
  );
  return {
    kind: "climax",
    id,
    tool,
    base_command: input.base_command,
    env: { ...env as Record<string, string> },
    working_dir: textField(input.working_dir, "working_dir", MAX_TEXT_LENGTH, fail),
    global_args: globalArgs,
  };
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
