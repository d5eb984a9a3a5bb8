// The MCP endpoint: two meta-tools, climax_search and climax_get, over Streamable HTTP, served
// statelessly (any instance answers any request) with the official SDK's web-standard handler.
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { RegistryView } from "../registry/registry_view.ts";
import { metaToolServer } from "../answer/meta_tools.ts";
import { problem, problemResponse } from "./problem.ts";
import type { ServiceSettings } from "./settings.ts";

/** The largest JSON-RPC request body read, in bytes. */
export const MAX_MCP_BODY = 1024 * 1024;

/** Answers MCP requests: POST for JSON-RPC; GET and DELETE get 405, as a stateless server. */
export function mcpHandler(
  registry: RegistryView,
  settings: ServiceSettings,
): (request: Request) => Promise<Response> {
  const handler = createMcpHandler(
    () => metaToolServer(registry, { exposeEnv: settings.exposeEnv }),
    {
      maxRequestBodySize: MAX_MCP_BODY,
    },
  );
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
