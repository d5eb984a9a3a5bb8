// The MCP endpoint: the meta-tools, climax_search and climax_get, and, where the catalogue
// reaches MCP servers, climax_call, which calls their tools through it; over Streamable HTTP,
// served statelessly (any instance answers any request) with the official SDK's web-standard
// handler. A browser page of another site may not use it: requests are refused by their `Host`
// and `Origin` as `guard.ts` says.
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { RegistryView } from "../registry/registry_view.ts";
import type { ServedCatalogue } from "../catalogue/served.ts";
import {
  BACKEND_META_KEY,
  type CallResult,
  callTool,
  MAX_ANSWER_BYTES,
} from "../call/call_tool.ts";
import { type MetaToolOptions, metaToolServer } from "../answer/meta_tools.ts";
import type { ServiceSettings } from "./settings.ts";

/** The largest JSON-RPC request body read, in bytes. */
export const MAX_MCP_BODY = 1024 * 1024;

const CALL_DESCRIPTION =
  "Call an MCP server's tool by its tool_name with its args, through this index, and return what the server answers. Use climax_search first to find the tool and its input_schema. CLI tools run on the local MCP server (deno task mcp), not here.";

/** Why a CLImax tool is not run by the service, and where it can be. */
const CLIMAX_NOT_HERE =
  "it is a CLI tool, which runs on the machine that has its program: call it through the local MCP server (deno task mcp) there";

/** Answers MCP requests: POST for JSON-RPC; GET and DELETE get 405, as a stateless server. */
export function mcpHandler(
  catalogue: ServedCatalogue,
  settings: ServiceSettings,
): (request: Request) => Promise<Response> {
  const registry: RegistryView = catalogue.registry;
  const mcp = catalogue.callers?.mcp;
  const call: MetaToolOptions["call"] = mcp === undefined ? undefined : {
    description: CALL_DESCRIPTION,
    call: (reference, args, context) =>
      callLog(reference, async () => {
        // A tool not known yet may be one of a server that has not listed its tools.
        if (registry.lookup(reference).length === 0) await catalogue.ready?.();
        return await callTool(registry, reference, args, {
          callers: { mcp },
          notHere: { climax: CLIMAX_NOT_HERE },
          timeoutMs: settings.callTimeoutSeconds * 1000,
          maxAnswerBytes: MAX_ANSWER_BYTES,
          ...context,
        });
      }),
  };
  const handler = createMcpHandler(
    () => metaToolServer(registry, { exposeEnv: settings.exposeEnv, call }),
    { maxRequestBodySize: MAX_MCP_BODY },
  );
  // Without the request's own abort signal: the SDK reads it, and Deno warns, on reading the
  // signal of a request it serves, that the signal also aborts once the answer is sent.
  return (request) =>
    handler.fetch(
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      }),
    );
}

// One log line per call of a tool: its ID or name as asked, the backend that served it, how it
// ended and how long it took; never the values of its arguments.
/**
 * Runs `call` of the tool `reference` and prints its line, such as
 * `call docs:search mcp:docs ok 12ms`.
 */
async function callLog(
  reference: string,
  call: () => Promise<CallResult>,
): Promise<CallResult> {
  const started = performance.now();
  const result = await call();
  const backend = result._meta?.[BACKEND_META_KEY] as { kind: string; id: string } | undefined;
  const served = backend === undefined ? "-" : `${backend.kind}:${backend.id}`;
  const ms = Math.round(performance.now() - started);
  console.log(`call ${reference} ${served} ${result.isError ? "error" : "ok"} ${ms}ms`);
  return result;
}
