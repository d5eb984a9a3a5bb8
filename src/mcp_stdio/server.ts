// The local MCP server: the meta-tools of the HTTP endpoint, climax_search and climax_get, in
// the same words, and climax_call, which runs a CLImax tool on this machine; or, classic, every
// tool listed directly, as CLImax's own server lists them.
import { fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { InvalidArgumentsError } from "../errors.ts";
import type { RegistryView } from "../registry/registry_view.ts";
import type { ExecutorConfig, ResolvedTool } from "../types.ts";
import { runResultText, runTool } from "../run/run_tool.ts";
import { metaToolServer } from "../answer/meta_tools.ts";
import {
  findTool,
  strictArguments,
  text,
  type ToolAnswer,
  toolError,
} from "../answer/mcp_answers.ts";
import { MAX_ID_LENGTH } from "../answer/params.ts";
import { climaxResolvedTool } from "../answer/tool_answer.ts";
import { PACKAGE_VERSION } from "../answer/package_version.ts";

/** How the local server serves. */
export interface LocalServerOptions {
  /** List every tool directly instead of the three meta-tools. */
  classic: boolean;
  /** Where the tools run: locally or in docker, as the policy's executor says. */
  executor: ExecutorConfig;
  /** Show env values in climax_get's answers instead of masking them. */
  exposeEnv: boolean;
}

/** What the local server tells an agent at initialize. */
const INSTRUCTIONS =
  "Find a tool with climax_search: call it with no arguments for the summary of every CLI when you do not know what is there, or give a plain-language request as query (ranked by default, best first). Then run it with climax_call, giving its tool_name and args as its input_schema describes (climax_get shows the command line behind it).";

const callInput = strictArguments({
  tool_name: z.string().max(MAX_ID_LENGTH).describe(
    "The tool to run: its ID (cli_name:tool_name) or its exact name, as climax_search returns it.",
  ),
  args: z.record(z.string(), z.unknown()).nullish().describe(
    "The tool's arguments, as its input_schema from climax_search describes them.",
  ),
});

/** An MCP server over `registry` that runs its CLImax tools under `options`. */
export function localServer(registry: RegistryView, options: LocalServerOptions): McpServer {
  if (options.classic) return classicServer(registry, options);
  const mcp = metaToolServer(registry, {
    exposeEnv: options.exposeEnv,
    instructions: INSTRUCTIONS,
  });
  mcp.registerTool("climax_call", {
    description:
      "Run a CLI tool by name with its arguments, on this machine, and return its output. Use climax_search first to find the tool and its input_schema.",
    inputSchema: callInput,
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  }, async ({ tool_name, args }) => {
    const found = findTool(registry, tool_name);
    if (typeof found !== "string") return found;
    return await call(registry, found, args ?? {}, options.executor);
  });
  return mcp;
}

/** Every CLImax tool of `registry` listed directly under its name, as CLImax's classic mode. */
function classicServer(registry: RegistryView, options: LocalServerOptions): McpServer {
  const mcp = new McpServer({ name: "tool-index", version: PACKAGE_VERSION }, {
    capabilities: { tools: { listChanged: false } },
  });
  for (const id of registry.ids()) {
    const entry = registry.getEntry(id)!;
    if (registry.getTool(id)?.backend.kind !== "climax") continue;
    // A name that two namespaces share is listed by its ID, which no other tool has.
    const name = registry.lookup(entry.tool_name).length === 1 ? entry.tool_name : id;
    mcp.registerTool(name, {
      description: entry.description,
      inputSchema: fromJsonSchema<Record<string, unknown>>(entry.input_schema),
    }, async (args) => await call(registry, id, args, options.executor));
  }
  return mcp;
}

/** Runs the tool `id` with `args`: its output as CLImax words it, or why nothing ran. */
async function call(
  registry: RegistryView,
  id: string,
  args: unknown,
  executor: ExecutorConfig,
): Promise<ToolAnswer> {
  const resolved = resolvedTool(registry, id);
  if (resolved === undefined) {
    return toolError(
      `${id} is a tool of an MCP server, not a command line: call it on its own server.`,
    );
  }
  try {
    return text(runResultText(await runTool(resolved, args, { executor })));
  } catch (error) {
    if (error instanceof InvalidArgumentsError) return toolError(`${error.message}\nNothing ran.`);
    throw error;
  }
}

/** The tool `id` with what runs it, when a CLImax config defines it. */
function resolvedTool(registry: RegistryView, id: string): ResolvedTool | undefined {
  const found = registry.getTool(id);
  if (found === undefined || found.backend.kind !== "climax") return undefined;
  return climaxResolvedTool(found.backend);
}
