// The local server's classic mode: every tool of the registry listed directly, as CLImax's own
// server lists its tools, each called as climax_call calls it. The list follows the registry: when
// a source lists its tools or a config reloads, the tools that came, changed or left are
// registered or removed, and the client is told the list changed.
import {
  type CallToolResult,
  fromJsonSchema,
  type JsonSchemaValidator,
  type jsonSchemaValidator,
  McpServer,
  type RegisteredTool,
} from "@modelcontextprotocol/server";
import type { RegistryView } from "../registry/registry_view.ts";
import type { ChangeEvent, RegistryTool } from "../registry/types.ts";
import type { CallResult } from "../call/call_tool.ts";
import { PACKAGE_VERSION } from "../answer/package_version.ts";

/** A registry that tells its listeners of every change: a `ToolRegistry`, or its core. */
export type LiveRegistry = RegistryView & {
  /** Calls `listener` with every change; returns the function that unsubscribes it. */
  onChange(listener: (event: ChangeEvent) => void): () => void;
};

/** Calls the tool with an ID, with its arguments as the client gave them, as climax_call does. */
export type ClassicCall = (
  id: string,
  args: unknown,
  context: { signal: AbortSignal },
) => Promise<CallResult>;

/** A tool as listed: the ID it calls and what it shows, as JSON, to see when it changed. */
interface Listed {
  id: string;
  shown: string;
  tool: RegisteredTool;
}

/**
 * Lets any arguments through: the schema is listed for the client to read, and `call` checks the
 * arguments as climax_call does, so that a call answers the same either way.
 */
const UNCHECKED: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

/**
 * An MCP server that lists every tool of `registry` directly, as the registry is now and after
 * each of its changes, each calling through `call`. A tool is listed by its name when no other
 * tool answers to that name, else by its ID.
 */
export function classicServer(registry: LiveRegistry, call: ClassicCall): McpServer {
  const mcp = new McpServer({ name: "tool-index", version: PACKAGE_VERSION }, {
    capabilities: { tools: { listChanged: true } },
    // A change that adds or removes many tools is announced once.
    debouncedNotificationMethods: ["notifications/tools/list_changed"],
  });
  const listed = new Map<string, Listed>();
  const follow = () => {
    const wanted = listing(registry);
    for (const [name, { id, shown, tool: registered }] of listed) {
      const want = wanted.get(name);
      if (want?.id === id && want.shown === shown) continue;
      registered.remove();
      listed.delete(name);
    }
    for (const [name, { id, shown, tool }] of wanted) {
      if (!listed.has(name)) listed.set(name, { id, shown, tool: register(mcp, name, tool, call) });
    }
  };
  follow();
  // The events of one change come together: the list is compared once, after the last.
  let pending = false;
  const unsubscribe = registry.onChange(() => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      follow();
    });
  });
  // A server that closes (its client went, or the transport discarded it) follows no longer.
  mcp.server.onclose = unsubscribe;
  return mcp;
}

/** Each tool of `registry` by the name it is listed by, with its ID and what it shows, as JSON. */
function listing(
  registry: RegistryView,
): Map<string, { id: string; shown: string; tool: RegistryTool }> {
  const wanted = new Map<string, { id: string; shown: string; tool: RegistryTool }>();
  for (const id of registry.ids()) {
    const { tool } = registry.getTool(id)!;
    // The bare name only when it calls this tool: an ID, or a name two namespaces share, does not.
    const found = registry.lookup(tool.name);
    const name = found.length === 1 && found[0] === id ? tool.name : id;
    const shown = JSON.stringify([tool.title, tool.description, tool.input_schema]);
    wanted.set(name, { id, shown, tool });
  }
  return wanted;
}

/** Registers `tool` on `mcp` as `name`, calling it by its ID through `call`. */
function register(
  mcp: McpServer,
  name: string,
  { id, title, description, input_schema }: RegistryTool,
  call: ClassicCall,
): RegisteredTool {
  return mcp.registerTool(
    name,
    {
      title: title ?? undefined,
      description,
      inputSchema: fromJsonSchema<Record<string, unknown>>(input_schema, UNCHECKED),
    },
    async (args, context) =>
      await call(id, args, { signal: context.mcpReq.signal }) as CallToolResult,
  );
}
