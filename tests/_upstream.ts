// A real upstream MCP server for the tests: the SDK's own server over Streamable HTTP on a
// loopback port, listing its tools in pages, whose tools a test changes, and which a test can
// make go down, hang or answer what is not JSON-RPC.
import { createMcpHandler, type ListToolsResult, Server } from "@modelcontextprotocol/server";

/** A tool as the SDK's server lists it: an MCP tool whose input schema is an object schema. */
export type ServedTool = ListToolsResult["tools"][number];

/** How the server answers: as an MCP server, never, or with text that is not JSON. */
export type UpstreamBehaviour = "serve" | "hang" | "garbage";

/** A running upstream server. */
export interface TestUpstream {
  /** Its MCP endpoint. */
  readonly url: string;
  /** The tools it lists; a test may replace them. */
  tools: ServedTool[];
  /** How it answers from the next request on. */
  behaviour: UpstreamBehaviour;
  /** How many `tools/list` requests it has answered. */
  readonly listCalls: number;
  /** Stops listening: connections are refused until `start()`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): void;
}

/**
 * Starts a server named `name` listing `tools`, `pageSize` to a page, on a free loopback port,
 * asking for `token` as a bearer token when one is given.
 */
export function startUpstream(
  name: string,
  tools: ServedTool[],
  { pageSize = 2, token }: { pageSize?: number; token?: string } = {},
): TestUpstream {
  let listCalls = 0;
  const hanging = new Set<() => void>();
  const state = { tools, behaviour: "serve" as UpstreamBehaviour };
  const handler = createMcpHandler(() => {
    const server = new Server(
      { name, version: "1.0.0", title: `The ${name} server` },
      { capabilities: { tools: {} } },
    );
    server.setRequestHandler("tools/list", (request) => {
      listCalls++;
      const start = Number(request.params?.cursor ?? 0);
      const end = start + pageSize;
      return {
        tools: state.tools.slice(start, end),
        ...(end < state.tools.length ? { nextCursor: String(end) } : {}),
      };
    });
    return server;
  });

  const answer = (request: Request): Response | Promise<Response> => {
    if (token !== undefined && request.headers.get("Authorization") !== `Bearer ${token}`) {
      return new Response("Unauthorized", { status: 401 });
    }
    if (state.behaviour === "hang") {
      return new Promise((resolve) => {
        hanging.add(() => resolve(new Response(null, { status: 503 })));
      });
    }
    if (state.behaviour === "garbage") {
      return new Response("{ this is not JSON-RPC", {
        headers: { "Content-Type": "application/json" },
      });
    }
    // Without the request's abort signal, which Deno warns about reading.
    const { url, method, headers, body } = request;
    return handler.fetch(new Request(url, { method, headers, body }));
  };

  let port = 0;
  let server: Deno.HttpServer<Deno.NetAddr> | undefined;
  const listen = () => {
    server = Deno.serve({ hostname: "127.0.0.1", port, onListen() {} }, answer);
    port = server.addr.port;
  };
  listen();

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    get tools() {
      return state.tools;
    },
    set tools(next: ServedTool[]) {
      state.tools = next;
    },
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(next: UpstreamBehaviour) {
      state.behaviour = next;
    },
    get listCalls() {
      return listCalls;
    },
    async stop() {
      for (const release of hanging) release();
      hanging.clear();
      await server?.shutdown();
      server = undefined;
    },
    start: listen,
  };
}

/** `count` MCP tools named `<prefix>_<i>`, each with a description and an object schema. */
export function mcpTools(prefix: string, count: number): ServedTool[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix}_${i}`,
    title: `${prefix} ${i}`,
    description: `Looks up ${prefix} record number ${i}`,
    inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    annotations: { readOnlyHint: true },
  }));
}
