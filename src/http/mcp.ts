// The MCP endpoint: the meta-tools, climax_search and climax_get, and, where the catalogue
// reaches MCP servers, climax_call, which calls their tools through it; over Streamable HTTP,
// served statelessly (any instance answers any request) with the official SDK's web-standard
// handler. A browser page of another site may not use it: requests are refused by their `Host`
// and `Origin` as `callerGuard` says.
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { ServedCatalogue } from "../catalogue/served.ts";
import { metaToolServer } from "../answer/meta_tools.ts";
import { serviceCall } from "./calls.ts";
import { problem, problemResponse } from "./problem.ts";
import type { ServiceSettings } from "./settings.ts";

/** The largest JSON-RPC request body read, in bytes. */
export const MAX_MCP_BODY = 1024 * 1024;

const CALL_DESCRIPTION =
  "Call an MCP server's tool by its tool_name with its args, through this index, and return what the server answers. Use climax_search first to find the tool and its input_schema. CLI tools run on the local MCP server (deno task mcp), not here.";

/** Answers MCP requests: POST for JSON-RPC; GET and DELETE get 405, as a stateless server. */
export function mcpHandler(
  catalogue: ServedCatalogue,
  settings: ServiceSettings,
): (request: Request) => Promise<Response> {
  const call = serviceCall(catalogue, settings);
  const handler = createMcpHandler(
    () =>
      metaToolServer(catalogue.registry, {
        exposeEnv: settings.exposeEnv,
        call: call && { call, description: CALL_DESCRIPTION },
      }),
    { maxRequestBodySize: MAX_MCP_BODY },
  );
  // Without the request's own abort signal: the SDK reads it, and Deno warns, on reading the
  // signal of a request it serves, that the signal also aborts once the answer is sent.
  return (request) => {
    // A stateless endpoint takes POST alone; another method (TRACE, PUT…) is a 405 before the
    // SDK, which could not even copy the request of some of them.
    if (request.method !== "POST") {
      return Promise.resolve(problemResponse(
        problem(405, `${request.method} is not allowed on /mcp: send JSON-RPC by POST`),
        { Allow: "POST" },
      ));
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
