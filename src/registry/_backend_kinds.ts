// The kinds of backend, each defined once: where the default selector ranks it and the fields a
// backend of it has. Also what a check of a backend or an MCP server's details says when it
// fails. No zod here: the registry core imports this, and a CLImax backend's tool is checked
// with the validators `_backend_check.ts` hands in.
import { ConfigError, InvalidBackendError } from "../errors.ts";
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from "../limits.ts";
import type { ToolArg, ToolDef } from "../types.ts";
import type { McpServerInfo } from "../mcp_types.ts";
import type { BackendKind, ToolBackend } from "./types.ts";
import { describeValue, isPlainObject } from "../_json_value.ts";
import { type Fail, nameField, nameListField, textField, urlField } from "../config/fields.ts";

/** The validators of a config's parts, which a CLImax backend's tool is checked with. */
export interface ConfigChecks {
  /** The tool, validated strictly. */
  toolDef(value: unknown): ToolDef;
  /** A global argument, validated strictly. */
  toolArg(value: unknown): ToolArg;
}

/** One kind of backend. */
interface BackendKindSpec {
  /** Where the default selector (`preferredBackend`) takes it: lower first. */
  readonly preference: number;
  /**
   * A backend of this kind, with the ID `id`, from the other fields of `input`.
   *
   * @throws The failure of `fail` for a field of the wrong kind.
   */
  check(input: Record<string, unknown>, id: string, fail: Fail, checks: ConfigChecks): ToolBackend;
}

/** Every kind of backend: the type makes the compiler hold the table to `BackendKind`. */
const BACKEND_KIND_SPECS: { readonly [K in BackendKind]: BackendKindSpec } = {
  climax: { preference: 1, check: climaxBackend },
  mcp: {
    preference: 2,
    check: (input, id, fail) => ({ kind: "mcp", id, url: urlField(input.url, "url", fail) }),
  },
  // A handler in process: no process to start, no network.
  local: { preference: 0, check: (_input, id) => ({ kind: "local", id }) },
};

/** The kinds of backend, for checks and messages. */
export const BACKEND_KINDS: readonly BackendKind[] = Object.freeze(
  Object.keys(BACKEND_KIND_SPECS) as BackendKind[],
);

/** The kinds of backend in the order the default selector prefers them. */
export const KIND_PREFERENCE: readonly BackendKind[] = Object.freeze(
  [...BACKEND_KINDS].sort((a, b) =>
    BACKEND_KIND_SPECS[a].preference - BACKEND_KIND_SPECS[b].preference
  ),
);

/** Whether `kind` is a kind of backend. */
export function isBackendKind(kind: unknown): kind is BackendKind {
  return typeof kind === "string" && Object.hasOwn(BACKEND_KIND_SPECS, kind);
}

/**
 * A backend of `kind` from the fields of `input`, its ID among them.
 *
 * @throws The failure of `fail` for a field of the wrong kind.
 */
export function checkBackendFields(
  kind: BackendKind,
  input: Record<string, unknown>,
  fail: Fail,
  checks: ConfigChecks,
): ToolBackend {
  return BACKEND_KIND_SPECS[kind].check(input, nameField(input.id, "id", fail), fail, checks);
}

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

/** A CLImax backend: the config's command line for one of its tools. */
function climaxBackend(
  input: Record<string, unknown>,
  id: string,
  fail: Fail,
  checks: ConfigChecks,
): ToolBackend {
  const valid = <T>(field: string, check: () => T): T => {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return fail(field, error.issues[0].message);
    }
  };
  const tool = valid("tool", () => checks.toolDef(input.tool));
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
    valid(`global_args[${i}]`, () => checks.toolArg(arg))
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
