// The zod schemas of what the routes answer, for /openapi.json only: they are loaded with it,
// not at cold start.
import { z } from "zod";
import { modelSchemas } from "../config/model_schemas.ts";
import type { AnswerSchemaId } from "./routes.ts";
import { SUMMARY_DESCRIPTION_LENGTH } from "../answer/search_answer.ts";

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
    results: z.array(z.union([
      component("ToolIndexEntry", models.toolIndexEntry),
      component(
        "SummaryEntry",
        z.object({
          tool_name: z.string(),
          cli_name: z.string(),
          category: z.string().nullable(),
          description: z.string().meta({
            description: `Cut to ${SUMMARY_DESCRIPTION_LENGTH} characters, ending in … when cut`,
          }),
        }).meta({ description: "A result with detail=summary: get the tool to call it" }),
      ),
    ])),
    next_cursor: z.string().nullable().meta({
      description: "Pass as `cursor` for the next page; null on the last page.",
    }),
    hint: z.string().optional().meta({
      description:
        "Only when nothing was found: after a substring search that ranked mode answers, says to add mode=ranked; after a ranked search that no tool matches, says to read GET /summary",
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

/** `schema`, known to be a zod object, as one: the models are typed by what they parse. */
function asObject(schema: z.ZodType): z.ZodObject {
  if (!(schema instanceof z.ZodObject)) throw new TypeError("Expected an object schema");
  return schema;
}

const entry = asObject(models.toolIndexEntry);
const resolvedTool = asObject(models.resolvedTool);

const mcpBackend = z.strictObject({
  kind: z.literal("mcp"),
  id: z.string().meta({ description: "The server's name" }),
  url: z.string().nullable().meta({ description: "Where the server answers, when known" }),
});
const localBackend = z.strictObject({
  kind: z.literal("local"),
  id: z.string().meta({ description: "The name of the handler that runs the tool" }),
});
const climaxBackend = z.strictObject({
  kind: z.literal("climax"),
  id: z.string().meta({ description: "The config file the command line comes from" }),
  ...resolvedTool.omit({ description_override: true, arg_constraints: true }).shape,
  description_override: z.string().nullable().optional().meta({
    description: "The description a policy gives the tool, when the service runs under one",
  }),
  arg_constraints: resolvedTool.shape.arg_constraints.optional().meta({
    description: "A policy's constraints of the tool's arguments, when the service runs under one",
  }),
});

const toolResponse = component(
  "ToolResponse",
  z.union([
    entry.extend(resolvedTool.shape).meta({
      description: "A CLImax tool: its search entry and its command line",
    }),
    entry.extend({
      title: z.string().nullable(),
      annotations: z.record(z.string(), z.unknown()).nullable(),
      output_schema: z.record(z.string(), z.unknown()).nullable().meta({
        description: "The JSON Schema of the tool's structured result, when it has one",
      }),
      backend: z.union([mcpBackend, localBackend]),
    }).meta({ description: "A tool of an MCP server or a handler: its entry and its backend" }),
  ]),
);

const sourceHealth = z.strictObject({
  kind: z.enum(["file", "directory", "mcp_server", "mcp_config"]),
  name: z.string().meta({ description: "The file's name, the server's namespace" }),
  status: z.enum(["ok", "failing", "pending", "not_runnable"]).meta({
    description:
      "`pending` until an upstream first answers; `not_runnable` for a program where none may run",
  }),
  tools: z.int().meta({ description: "How many of its tools are served" }),
  transport: z.enum(["stdio", "http"]).optional().meta({
    description: "How an upstream is reached",
  }),
  problem: z.string().optional().meta({ description: "What failed, while it fails" }),
  since: z.string().optional().meta({ description: "When it began to fail (ISO 8601)" }),
  next_try: z.string().optional().meta({
    description: "When a failing upstream is tried again (ISO 8601)",
  }),
  stderr: z.array(z.string()).optional().meta({
    description: "The last lines a stdio server wrote on stderr",
  }),
  problems: z.int().optional().meta({ description: "How many problems a failing file has" }),
});

component("JsonValue", models.jsonValue);
component("ToolArg", models.toolArg);
component("ToolDef", models.toolDef);

/** The schema of each answer that the route table names, by its component id. */
export const ANSWER_SCHEMAS: Readonly<Record<AnswerSchemaId, z.ZodType>> = {
  Home: component(
    "Home",
    z.object({
      name: z.literal("tool-index"),
      description: z.string(),
      version: z.string().meta({ description: "The hash of the content served" }),
      package_version: z.string().meta({ description: "The version of tool-index serving it" }),
      tools: z.int(),
      clis: z.int(),
      links: z.record(z.string(), z.string()).meta({ description: "Each route's path, by name" }),
    }),
  ),
  JsonDocument: z.record(z.string(), z.unknown()),
  JsonRpcMessage: component(
    "JsonRpcMessage",
    z.looseObject({
      jsonrpc: z.literal("2.0"),
      id: z.union([z.string(), z.number()]).nullable().optional().meta({
        description: "null in an error answer to a message whose ID could not be read",
      }),
      method: z.string().optional(),
      params: z.record(z.string(), z.unknown()).optional(),
      result: z.record(z.string(), z.unknown()).optional(),
      error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() })
        .optional(),
    }).meta({ description: "A JSON-RPC 2.0 message, as MCP defines them" }),
  ),
  JsonRpcRequest: component(
    "JsonRpcRequest",
    z.looseObject({
      jsonrpc: z.literal("2.0"),
      id: z.union([z.string(), z.number()]).optional().meta({
        description: "The request's ID; a notification has none",
      }),
      method: z.string(),
      params: z.record(z.string(), z.unknown()).optional(),
    }).meta({ description: "A JSON-RPC 2.0 request or notification, as MCP defines them" }),
  ),
  SearchResponse: searchResponse,
  SummaryResponse: summaryResponse,
  NamespacesResponse: component(
    "NamespacesResponse",
    z.object({
      namespaces: z.array(z.string()),
      next_cursor: z.string().nullable().meta({
        description: "Pass as `cursor` for the next page; null on the last page.",
      }),
    }),
  ),
  ToolResponse: toolResponse,
  BackendsResponse: component(
    "BackendsResponse",
    z.object({
      id: z.string(),
      backends: z.array(z.union([climaxBackend, mcpBackend, localBackend])),
    }),
  ),
  Health: component(
    "Health",
    z.object({
      status: z.enum(["ok", "degraded"]).meta({
        description: "`degraded` while a source fails; its last good tools are served",
      }),
      tools: z.int(),
      clis: z.int(),
      version: z.string().meta({ description: "The hash of the content served" }),
      package_version: z.string().meta({ description: "The version of tool-index serving it" }),
      version_number: z.int().meta({
        description: "One more at every change of the catalogue since the start",
      }),
      sources: z.array(sourceHealth),
      skipped: z.array(z.object({ file: z.string(), problems: z.int() })).optional().meta({
        description:
          "Config files left out because they are invalid; only under SKIP_INVALID_CONFIGS",
      }),
    }),
  ),
  CallArguments: component(
    "CallArguments",
    z.record(z.string(), z.unknown()).meta({
      description: "The tool's arguments, as its input_schema describes them",
    }),
  ),
  CallResult: component(
    "CallResult",
    z.looseObject({
      content: z.array(z.record(z.string(), z.unknown())).meta({
        description: "What the tool answered: text, images, resource links",
      }),
      structuredContent: z.record(z.string(), z.unknown()).optional(),
      isError: z.boolean().optional().meta({
        description: "True when the call failed; the text says why and what to do",
      }),
      _meta: z.record(z.string(), z.unknown()).optional().meta({
        description: "`tool-index/backend`: the backend that served the call",
      }),
    }).meta({ description: "A tool's answer, as MCP's tools/call result" }),
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
