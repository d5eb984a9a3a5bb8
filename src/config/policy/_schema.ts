// The zod schema of a policy file, outside the module's API as the config's are (see
// `model_schemas.ts`): the public surface is the interfaces of policy_types.ts. Key order is
// CLImax's field order. Built on first use, as the config's schemas are.
import { z } from "zod";
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from "../../limits.ts";
import type { PolicyConfig } from "../../policy_types.ts";
import type { ExecutorConfig } from "../../types.ts";
import { modelSchemas } from "../model_schemas.ts";

let built: z.ZodType<PolicyConfig> | undefined;

/** The schema of a policy, built on the first call. */
export function policySchema(): z.ZodType<PolicyConfig> {
  return built ??= buildSchema();
}

function buildSchema(): z.ZodType<PolicyConfig> {
  const name = z.string().max(MAX_NAME_LENGTH, {
    error: `Over the limit of ${MAX_NAME_LENGTH} characters for a name`,
  });
  const text = z.string().max(MAX_TEXT_LENGTH, {
    error: `Over the limit of ${MAX_TEXT_LENGTH} characters for a text`,
  });

  const executorSchema: z.ZodType<ExecutorConfig> = z.strictObject({
    type: z.enum(["local", "docker"]).default("local"),
    image: text.nullable().default(null),
    volumes: z.array(text).default([]),
    working_dir: text.nullable().default(null),
    network: name.nullable().default(null),
  }).superRefine((executor, context) => {
    if (executor.type === "docker" && !executor.image) {
      context.addIssue({
        code: "custom",
        path: ["image"],
        message: "The docker executor needs an image to run the commands in, such as alpine/git",
      });
    }
  });

  const toolPolicySchema = z.strictObject({
    description: text.nullable().default(null),
    args: z.record(name, modelSchemas().argConstraint).default({}),
  });

  return z.strictObject({
    executor: executorSchema.default({
      type: "local",
      image: null,
      volumes: [],
      working_dir: null,
      network: null,
    }),
    default: z.enum(["enabled", "disabled"]).default("disabled"),
    tools: z.record(name, toolPolicySchema).default({}),
    servers: z.record(
      name,
      z.strictObject({
        deny: z.array(name).default([]),
        allow: z.array(name).nullable().default(null),
        tools: z.record(
          name,
          z.strictObject({ description: text.nullable().default(null) }),
        ).default({}),
      }),
    ).default({}),
  });
}
