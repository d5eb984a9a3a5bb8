// The zod schemas of what the routes answer, for /openapi.json only: they are loaded with it,
// not at cold start.
import { z } from "zod";
import { modelSchemas } from "../config/model_schemas.ts";
import type { AnswerSchemaId } from "./routes.ts";

const models = modelSchemas();

/**
 * The schemas that /openapi.json names as components, by id. A registry of its own, so the
 * library's schemas gain no id where the config's JSON Schema is generated.
 */
export const components: z.core.$ZodRegistry<{ id: string }> = z.registry<{ id: string }>();

function component<S extends z.ZodType>(id: string, schema: S): S {
  components.add(schema, { id });
  return schema;
}

const searchResponse = component(
  "SearchResponse",
  z.object({
    mode: z.literal("search"),
    results: z.array(component("ToolIndexEntry", models.toolIndexEntry)),
    next_cursor: z.string().nullable().meta({
      description: "Pass as `cursor` for the next page; null on the last page.",
    }),
  }),
);

const summaryResponse = component(
  "SummaryResponse",
  z.object({
    mode: z.literal("summary"),
    summary: z.array(component("CLISummary", models.cliSummary)),
  }),
);

component("JsonValue", models.jsonValue);
component("ToolArg", models.toolArg);
component("ToolDef", models.toolDef);

/** The schema of each answer that the route table names, by its component id. */
export const ANSWER_SCHEMAS: Readonly<Record<AnswerSchemaId, z.ZodType>> = {
  SearchResponse: searchResponse,
  SummaryResponse: summaryResponse,
  ResolvedTool: component("ResolvedTool", models.resolvedTool),
  Health: component(
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
  ),
  Problem: component(
    "Problem",
    z.object({
      type: z.string(),
      title: z.string(),
      status: z.int(),
      detail: z.string(),
      invalid_params: z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
    }),
  ),
};
