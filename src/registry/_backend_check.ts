// Backends as the registry takes them from its callers, checked and copied: a backend of a
// known kind with the fields of that kind (see `_backend_kinds.ts`). A CLImax backend's tool and
// global arguments are validated as a config's are, with zod: only a library user's
// registrations come this way, never the service's.
import type { ToolBackend } from "./types.ts";
import { deepFreeze } from "../_freeze.ts";
import { describeValue } from "../_json_value.ts";
import { validateToolArg, validateToolDef } from "../config/validate.ts";
import {
  BACKEND_KINDS,
  backendFailure,
  checkBackendFields,
  type ConfigChecks,
  isBackendKind,
  mapping,
} from "./_backend_kinds.ts";

/** A CLImax backend's parts, validated strictly, as a config's are. */
const STRICT: ConfigChecks = {
  toolDef: (value) => validateToolDef(value, { strict: true }),
  toolArg: (value) => validateToolArg(value, { strict: true }),
};

/**
 * A frozen copy of `value` when it is a backend of a known kind with the fields of that kind.
 *
 * @throws {InvalidBackendError} When it is not.
 */
export function checkBackend(value: unknown): ToolBackend {
  const input = mapping(value, backendFailure(describeValue(value)), "a backend");
  const kind = input.kind;
  const fail = backendFailure(`${String(kind)} ${String(input.id)}`);
  if (!isBackendKind(kind)) {
    return fail(
      "kind",
      `Expected one of ${BACKEND_KINDS.map((k) => `"${k}"`).join(", ")}, got ${
        describeValue(kind)
      }`,
    );
  }
  return deepFreeze(checkBackendFields(kind, input, fail, STRICT));
}
