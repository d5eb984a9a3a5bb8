// The MCP endpoint: two meta-tools, climax_search and climax_get, over Streamable HTTP, served
// statelessly (any instance answers any request) with the official SDK's web-standard handler.
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { InvalidCursorError } from "../errors.ts";
import type { RegistryView } from "../index/registry_view.ts";
import { described, MAX_ID_LENGTH, modeParam, SEARCH_PARAMS, textParam } from "./query.ts";
import { problem, problemResponse } from "./problem.ts";
import type { ServiceSettings } from "./settings.ts";
import { lookupTool, toolAnswer, wireEntry } from "./tool_answer.ts";

/** The largest JSON-RPC request body read, in bytes. */
export const MAX_MCP_BODY = 1024 * 1024;

const SEARCH_DESCRIPTION =
  "Search for available CLI tools by keyword, category, or CLI name. Call with no filters to get a summary of all available CLIs: their names, categories and tool counts, which tells you what to filter by. Each result carries the tool's input_schema, enough to call it; use climax_get for the command line behind a tool.";

// The search parameters as `GET /search` takes them, but typed as JSON carries them, and with
// null as no value, as in the library's search parameters and the Python original's tool.
const searchInput = z.object({
  query: described(textParam(SEARCH_PARAMS.query).nullish(), SEARCH_PARAMS.query),
  category: described(textParam(SEARCH_PARAMS.category).nullish(), SEARCH_PARAMS.category),
  cli: described(textParam(SEARCH_PARAMS.cli).nullish(), SEARCH_PARAMS.cli),
  namespace: described(textParam(SEARCH_PARAMS.namespace).nullish(), SEARCH_PARAMS.namespace),
  limit: z.int().min(SEARCH_PARAMS.limit.min).max(SEARCH_PARAMS.limit.max)
    .default(SEARCH_PARAMS.limit.default)
    .describe(`${SEARCH_PARAMS.limit.description} Caps the summary too.`),
  mode: described(modeParam().default(SEARCH_PARAMS.mode.default), SEARCH_PARAMS.mode),
  cursor: described(textParam(SEARCH_PARAMS.cursor).nullish(), SEARCH_PARAMS.cursor),
});

const getInput = z.object({
  tool_name: z.string().max(MAX_ID_LENGTH).describe(
    "The tool's ID (cli_name:tool_name, as returned by climax_search), or its exact name when no other CLI or server has a tool of that name.",
  ),
});

type ToolAnswer = { content: { type: "text"; text: string }[]; isError?: boolean };

function text(value: unknown): ToolAnswer {
  return { content: [{ type: "text", text: JSON.stringify(value) }] };
}

function toolError(message: string): ToolAnswer {
  return { content: [{ type: "text", text: message }], isError: true };
}

/** The MCP server of one request: a fresh instance over the registry as it is now. */
function server(registry: RegistryView, settings: ServiceSettings): McpServer {
  // A stateless server has no stream to announce a change on: each request reads the registry
  // as it is then.
  const mcp = new McpServer({ name: "tool-index", version: registry.contentVersion }, {
    capabilities: { tools: { listChanged: false } },
  });

  mcp.registerTool("climax_search", {
    description: SEARCH_DESCRIPTION,
    inputSchema: searchInput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, ({ query, category, cli, namespace, limit, mode, cursor }) => {
    if (!query && !category && !cli && !namespace) {
      if (cursor) {
        return toolError(
          "A cursor continues a search: give the query, category, cli or namespace it was issued for.",
        );
      }
      return text({ mode: "summary", summary: registry.summary().slice(0, limit) });
    }
    try {
      const page = registry.searchPage({ query, category, cli, namespace, limit, mode, cursor });
      return text({
        mode: "search",
        results: page.results.map(wireEntry),
        next_cursor: page.next_cursor,
      });
    } catch (error) {
      if (error instanceof InvalidCursorError) return toolError(`Invalid cursor: ${error.message}`);
      throw error;
    }
  });

  mcp.registerTool("climax_get", {
    description:
      "Get one tool's full definition by its exact name: the input_schema to call it with, and the command line, arguments and global arguments behind it.",
    inputSchema: getInput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, ({ tool_name }) => {
    const found = lookupTool(registry, tool_name);
    if (found.kind === "ambiguous") {
      return toolError(
        `Tools of several CLIs or servers are named ${tool_name}: ask for one by its ID (${
          found.ids.join(", ")
        }).`,
      );
    }
    if (found.kind === "missing") {
      return toolError(
        `Unknown tool: ${tool_name}.${
          found.closest.length > 0 ? ` The closest: ${found.closest.join(", ")}.` : ""
        }`,
      );
    }
    return text(toolAnswer(registry, found.id, settings.exposeEnv));
  });

  return mcp;
}

/** Answers MCP requests: POST for JSON-RPC; GET and DELETE get 405, as a stateless server. */
export function mcpHandler(
  registry: RegistryView,
  settings: ServiceSettings,
): (request: Request) => Promise<Response> {
  const handler = createMcpHandler(() => server(registry, settings), {
    maxRequestBodySize: MAX_MCP_BODY,
  });
  const allowed = settings.corsOrigin === "*" ? undefined : new Set(settings.corsOrigin);
  return (request) => {
    // Browsers send Origin: a page of an origin the operator did not allow is refused, which
    // also keeps DNS rebinding from reaching the tools. Clients that are not browsers send none.
    const origin = request.headers.get("Origin");
    if (allowed && origin !== null && !allowed.has(origin)) {
      return Promise.resolve(
        problemResponse(problem(403, `The origin ${origin} may not use this MCP endpoint`)),
      );
    }
    // Without the request's own abort signal: the SDK reads it, and Deno warns, on reading the
    // signal of a request it serves, that the signal also aborts once the answer is sent.
    return handler.fetch(
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      }),
    );
  };
}
