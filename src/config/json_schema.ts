/**
 * The JSON Schema of the CLImax config format, generated from the same zod models that
 * validate configs.
 *
 * @module
 */
import { z } from "zod";
import { modelSchemas } from "./model_schemas.ts";

/**
 * The JSON Schema (draft 2020-12) of a CLImax config as written: required keys, types,
 * defaults and descriptions, with unknown keys refused. Point an editor at it (for example
 * with a `# yaml-language-server: $schema=` line) for completion and checking.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { configJsonSchema } from "@climax/tool-index";
 *
 * const schema = configJsonSchema();
 * assert.deepEqual(schema.required, ["command", "tools"]);
 * ```
 */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(modelSchemas().config, { io: "input", target: "draft-2020-12" });
  return {
    $schema: schema.$schema,
    title: "CLImax config",
    description: "A command-line program and the MCP tools it exposes, for CLImax and tool-index.",
    ...schema,
  };
}
