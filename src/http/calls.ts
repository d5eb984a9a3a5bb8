// How the service calls a tool, over MCP (`climax_call`) and over HTTP (`POST
// /tools/{tool_name}/call`) alike: through the MCP servers its catalogue reaches; a CLI tool is
// not run here, and the answer says where it can be. One log line per call: the tool as asked,
// the backend that served it, how it ended, how long it took; never the arguments' values.
import type { ServedCatalogue } from "../catalogue/served.ts";
import { BACKEND_META_KEY, callTool, MAX_ANSWER_BYTES } from "../call/call_tool.ts";
import type { MetaCall } from "../answer/meta_tools.ts";
import { untilListed } from "../registry/tool_lookup.ts";
import type { ServiceSettings } from "./settings.ts";

/** Why a CLImax tool is not run by the service, and where it can be. */
const CLIMAX_NOT_HERE =
  "it is a CLI tool, which runs on the machine that has its program: call it through the local MCP server (deno task mcp) there";

/**
 * How the service calls the tools of `catalogue`, or `undefined` when it reaches no MCP server:
 * the service then offers no call at all.
 */
export function serviceCall(
  catalogue: ServedCatalogue,
  settings: ServiceSettings,
): MetaCall | undefined {
  const mcp = catalogue.callers?.mcp;
  if (mcp === undefined) return undefined;
  const { registry } = catalogue;
  return async (reference, args, context) => {
    const started = performance.now();
    await untilListed(registry, reference, catalogue);
    const result = await callTool(registry, reference, args, {
      callers: { mcp },
      notHere: { climax: CLIMAX_NOT_HERE },
      timeoutMs: settings.callTimeoutSeconds * 1000,
      maxAnswerBytes: MAX_ANSWER_BYTES,
      ...context,
    });
    const backend = result._meta?.[BACKEND_META_KEY] as { kind: string; id: string } | undefined;
    const served = backend === undefined ? "-" : `${backend.kind}:${backend.id}`;
    const ms = Math.round(performance.now() - started);
    // The tool as asked is quoted: what a client sends cannot begin a line of its own.
    console.log(
      `call ${JSON.stringify(reference)} ${served} ${result.isError ? "error" : "ok"} ${ms}ms`,
    );
    return result;
  };
}
