// The zod schemas of what the routes answer, for /openapi.json only: they are loaded with it,
// not at cold start.
import { z } from "zod";
import {
  cliSummarySchema,
  jsonValueSchema,
  resolvedToolSchema,
  toolArgSchema,
  toolDefSchema,
  toolIndexEntrySchema,
} from "../_schemas.ts";

/**
 * The schemas that /openapi.json names as components, by id. A registry of its own, so the
 * library's schemas gain no id where the config's JSON Schema is generated.
 */
export const components: z.core.$ZodRegistry<{ id: string }> = z.registry<{ id: string }>();

function component<S extends z.ZodType>(id: string, schema: S): S {
  components.add(schema, { id });
  return schema;
}

export const searchResponseSchema = component(
  "SearchResponse",
  z.object({
    mode: z.literal("search"),
    results: z.array(component("ToolIndexEntry", toolIndexEntrySchema)),
    next_cursor: z.string().nullable().meta({
      description: "Pass as `cursor` for the next page; null on the last page.",
    }),
  }),
);

export const summaryResponseSchema = component(
  "SummaryResponse",
  z.object({
    mode: z.literal("summary"),
    summary: z.array(component("CLISummary", cliSummarySchema)),
  }),
);

component("JsonValue", jsonValueSchema);
component("ToolArg", toolArgSchema);
component("ToolDef", toolDefSchema);
export const resolvedToolResponseSchema = component("ResolvedTool", resolvedToolSchema);

export const healthSchema = component(
  "Health",
  z.object({
    status: z.literal("ok"),
    tools: z.int(),
    clis: z.int(),
    version: z.string(),
    skipped: z.array(z.object({ file: z.string(), problems: z.int() })).optional().meta({
      description:
        "Config files left out because they are invalid; only under SKIP_INVALID_CONFIGS",
    }),
  }),
);

export const problemSchema = component(
  "Problem",
  z.object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    invalid_params: z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
  }),
);
