// The local MCP server: the meta-tools of the HTTP endpoint, climax_search and climax_get, in
// the same words, and climax_call, which calls a tool where it lives: a CLImax tool's command
// line on this machine, an MCP server's tool through its server. Or, classic, every tool listed
// directly, as CLImax's own server lists them, each called the same way.
import type { McpServer } from "@modelcontextprotocol/server";
import type { BackendKind } from "../registry/types.ts";
import type { ExecutorConfig } from "../types.ts";
import { type BackendCaller, callTool, MAX_ANSWER_BYTES } from "../call/call_tool.ts";
import { climaxCaller } from "../call/climax_caller.ts";
import { untilListed } from "../registry/tool_lookup.ts";
import { metaToolServer } from "../answer/meta_tools.ts";
import { classicServer, type LiveRegistry } from "./classic.ts";

/** How the local server serves. */
export interface LocalServerOptions {
  /** List every tool directly, as the registry holds it now and later, instead of the meta-tools. */
  classic: boolean;
  /** Where the tools run: locally or in docker, as the policy's executor says. */
  executor: ExecutorConfig;
  /** Show env values in climax_get's answers instead of masking them. */
  exposeEnv: boolean;
  /** The callers of the other kinds of backend: an MCP server's tools, through it. */
  callers?: Partial<Record<BackendKind, BackendCaller>>;
  /** The most milliseconds a call of an MCP server's tool may take. */
  callTimeoutMs: number;
  /** Resolves once the servers that list their tools later have listed them or failed. */
  ready?: () => Promise<void>;
}

/** What the local server tells an agent at initialize. */
const INSTRUCTIONS =
  "Find a tool with climax_search: call it with no arguments for the summary of every CLI and server when you do not know what is there, or give a plain-language request as query (ranked by its words and their meaning, best first; nothing when no tool comes near). Then call it with climax_call, giving its tool_name and args as its input_schema describes (climax_get shows the command line or server behind it).";

const CALL_DESCRIPTION =
  "Call a tool by its tool_name with its args and return what it answers: a CLI tool runs on this machine, an MCP server's tool is called through its server. Use climax_search first to find the tool and its input_schema.";

/** An MCP server over `registry` that calls its tools under `options`. */
export function localServer(registry: LiveRegistry, options: LocalServerOptions): McpServer {
  const callers = { ...options.callers, climax: climaxCaller(options.executor) };
  const call = async (
    reference: string,
    args: unknown,
    context: { signal?: AbortSignal; onProgress?: Parameters<BackendCaller>[3]["onProgress"] },
  ) => {
    await untilListed(registry, reference, options);
    return await callTool(registry, reference, args, {
      callers,
      // A command line has its own timeout, which the caller's bounds; an MCP call this one.
      timeoutMs: options.callTimeoutMs,
      maxAnswerBytes: MAX_ANSWER_BYTES,
      ...context,
    });
  };
  if (options.classic) return classicServer(registry, call);
  return metaToolServer(registry, {
    exposeEnv: options.exposeEnv,
    instructions: INSTRUCTIONS,
    call: { call, description: CALL_DESCRIPTION },
  });
}
