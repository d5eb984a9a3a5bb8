// Backends as the registry takes them from its callers, checked and copied: a backend of a
// known kind with the fields of that kind. A CLImax backend's tool and global arguments are
// validated as a config's are, with zod: only a library user's registrations come this way,
// never the service's.
import { ConfigError } from "../errors.ts";
import { MAX_TEXT_LENGTH } from "../limits.ts";
import type { BackendKind, ToolBackend } from "./types.ts";
import type { ToolArg } from "../types.ts";
import { deepFreeze } from "../_freeze.ts";
import { describeValue } from "../_json_value.ts";
import { type Fail, nameField, textField, urlField } from "../config/fields.ts";
import { validateToolArg, validateToolDef } from "../config/validate.ts";
import { BACKEND_KINDS, backendFailure, mapping } from "./_backends.ts";

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
