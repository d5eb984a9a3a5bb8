// A real upstream MCP server for the tests: the SDK's own server over Streamable HTTP on a
// loopback port, listing its tools in pages, whose tools a test changes (telling the clients),
// and which a test can make go down, hang, fail or answer what is not JSON-RPC. By default it
// keeps sessions (Mcp-Session-Id) for 2025-era clients, as a deployed server does, and serves
// 2026-era clients (those that negotiate) without; `stateless: true` serves every client
// without sessions, as `createMcpHandler` alone does.
import {
  createMcpHandler,
  InMemoryServerEventBus,
  isLegacyRequest,
  type ListToolsResult,
  Server,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";

/** A tool as the SDK's server lists it: an MCP tool whose input schema is an object schema. */
export type ServedTool = ListToolsResult["tools"][number];

/**
 * How the server answers: as an MCP server; never; with text that is not JSON; with HTTP 500 and
 * a text body; with a 200 HTML page; or by dropping the connection before any body is sent.
 */
export type UpstreamBehaviour = "serve" | "hang" | "garbage" | "error500" | "html" | "close";

/** How a test upstream is set up. */
export interface UpstreamOptions {
  /** The most tools on a page of `tools/list` (default 2). */
  pageSize?: number;
  /** The bearer token every request must carry, if any. */
  token?: string;
  /** The title in its server info (default `The <name> server`). */
  title?: string;
  /** The instructions it gives at `initialize`, if any. */
  instructions?: string;
  /** Serves without sessions: no Mcp-Session-Id, and GET and DELETE answered 405. */
  stateless?: boolean;
  /**
   * Declares `tools: { listChanged: true }`, so clients wait to be told of changes instead of
   * polling, and makes `changeTools` tell them (default false).
   */
  listChanged?: boolean;
}

/** A running upstream server. */
export interface TestUpstream {
  /** Its MCP endpoint. */
  readonly url: string;
  /** The tools it lists; setting them tells no client (`changeTools` does). */
  tools: ServedTool[];
  /** How it answers from the next request on. */
  behaviour: UpstreamBehaviour;
  /** How many `tools/list` requests it has answered. */
  readonly listCalls: number;
  /** How many sessions it has opened (an `initialize` each). */
  readonly sessionsOpened: number;
  /** How many sessions clients have ended with a DELETE. */
  readonly sessionsClosed: number;
  /** How many standalone GET event streams (where a session's notifications go) it has opened. */
  readonly streamsOpened: number;
  /** How many 2026-era `subscriptions/listen` streams are open now. */
  readonly subscriptions: number;
  /** The headers of the last request it received, if any. */
  readonly lastHeaders: Headers | undefined;
  /**
   * Replaces its tools and, with `listChanged`, sends `notifications/tools/list_changed` to every
   * session whose GET stream is open and every 2026-era subscription; a session without an open
   * stream misses it.
   */
  changeTools(tools: ServedTool[]): Promise<void>;
  /** Stops listening and forgets its sessions: connections are refused until `start()`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): void;
}

/** The error a response's body fails with to drop its connection. */
class DroppedConnection extends Error {}

/** A legacy client's session: its server and the transport that holds it. */
interface Session {
  server: Server;
  transport: WebStandardStreamableHTTPServerTransport;
}

/**
 * Starts a server named `name` listing `tools`, `pageSize` to a page, on a free loopback port,
 * asking for `token` as a bearer token when one is given.
 */
export function startUpstream(
  name: string,
  tools: ServedTool[],
  {
    pageSize = 2,
    token,
    title = `The ${name} server`,
    instructions,
    stateless = false,
    listChanged = false,
  }: UpstreamOptions = {},
): TestUpstream {
  const counts = { list: 0, opened: 0, closed: 0, streams: 0 };
  let lastHeaders: Headers | undefined;
  const hanging = new Set<() => void>();
  const sessions = new Map<string, Session>();
  const state = { tools, behaviour: "serve" as UpstreamBehaviour };

  const makeServer = (): Server => {
    const server = new Server(
      { name, version: "1.0.0", title },
      {
        capabilities: { tools: listChanged ? { listChanged: true } : {} },
        ...(instructions === undefined ? {} : { instructions }),
      },
    );
    server.setRequestHandler("tools/list", (request) => {
      counts.list++;
      const start = Number(request.params?.cursor ?? 0);
      const end = start + pageSize;
      return {
        tools: state.tools.slice(start, end),
        ...(end < state.tools.length ? { nextCursor: String(end) } : {}),
      };
    });
    // A call of a listed tool answers its name and arguments, as text and as structured content.
    server.setRequestHandler("tools/call", (request) => {
      const { name, arguments: args = {} } = request.params;
      if (!state.tools.some((tool) => tool.name === name)) {
        return { content: [{ type: "text", text: `Unknown tool: ${name}` }], isError: true };
      }
      return {
        content: [{ type: "text", text: `${name} ${JSON.stringify(args)}` }],
        structuredContent: { name, args },
      };
    });
    return server;
  };
  // Stateful, it serves the 2026-era requests only, the 2025-era ones going to the sessions.
  // A closed handler answers nothing more: each start of the server makes its own.
  const bus = new InMemoryServerEventBus();
  const makeHandler = () =>
    createMcpHandler(makeServer, {
      bus,
      keepAliveMs: 0,
      ...(stateless ? {} : { legacy: "reject" }),
    });
  let handler = makeHandler();

  /** A 2025-era request: to its session, or to a new one, which only `initialize` opens. */
  const answerInSession = async (request: Request): Promise<Response> => {
    const id = request.headers.get("Mcp-Session-Id");
    if (id !== null) {
      const session = sessions.get(id);
      if (session === undefined) {
        return Response.json({
          jsonrpc: "2.0",
          error: { code: -32001, message: "Session not found" },
          id: null,
        }, { status: 404 });
      }
      return session.transport.handleRequest(request);
    }
    const server = makeServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      keepAliveMs: 0,
      onsessioninitialized: (sessionId) => {
        counts.opened++;
        sessions.set(sessionId, { server, transport });
      },
      onsessionclosed: (sessionId) => {
        counts.closed++;
        sessions.delete(sessionId);
      },
    });
    await server.connect(transport);
    return transport.handleRequest(request);
  };

  const answer = async (received: Request): Promise<Response> => {
    lastHeaders = new Headers(received.headers);
    if (token !== undefined && received.headers.get("Authorization") !== `Bearer ${token}`) {
      return new Response("Unauthorized", { status: 401 });
    }
    switch (state.behaviour) {
      case "hang":
        return new Promise((resolve) => {
          hanging.add(() => resolve(new Response(null, { status: 503 })));
        });
      case "garbage":
        return new Response("{ this is not JSON-RPC", {
          headers: { "Content-Type": "application/json" },
        });
      case "error500":
        return new Response("Internal failure: the upstream is broken", {
          status: 500,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
      case "html":
        return new Response(
          "<!doctype html><html><head><title>Sign in</title></head>" +
            "<body><h1>Sign in to continue</h1></body></html>",
          { headers: { "Content-Type": "text/html; charset=utf-8" } },
        );
      case "close":
        // Deno.serve sends a response's head before its body: the body's failure cuts the
        // connection, and the client's read of it fails as a network error.
        return new Response(
          new ReadableStream({
            pull(controller) {
              controller.error(new DroppedConnection("dropped"));
            },
          }),
          { headers: { "Content-Type": "application/json" } },
        );
      case "serve":
        break;
    }
    // Without the request's abort signal, which Deno warns about reading.
    const { url, method, headers, body } = received;
    const request = new Request(url, { method, headers, body });
    if (stateless || !await isLegacyRequest(request)) return handler.fetch(request);
    const response = await answerInSession(request);
    if (method === "GET" && response.status === 200) counts.streams++;
    return response;
  };

  const onError = (error: unknown): Response => {
    if (!(error instanceof DroppedConnection)) console.error(error);
    return new Response("Internal Server Error", { status: 500 });
  };

  let port = 0;
  let server: Deno.HttpServer<Deno.NetAddr> | undefined;
  const listen = () => {
    server = Deno.serve({ hostname: "127.0.0.1", port, onListen() {}, onError }, answer);
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
      return counts.list;
    },
    get sessionsOpened() {
      return counts.opened;
    },
    get sessionsClosed() {
      return counts.closed;
    },
    get streamsOpened() {
      return counts.streams;
    },
    get subscriptions() {
      return bus.listenerCount;
    },
    get lastHeaders() {
      return lastHeaders;
    },
    async changeTools(next: ServedTool[]) {
      state.tools = next;
      if (!listChanged) return;
      handler.notify.toolsChanged();
      await Promise.all(
        [...sessions.values()].map(({ server }) => server.sendToolListChanged().catch(() => {})),
      );
    },
    async stop() {
      for (const release of hanging) release();
      hanging.clear();
      // Their open event streams end here, else the server's shutdown would wait for them.
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map(({ server }) => server.close().catch(() => {})));
      await handler.close();
      await server?.shutdown();
      server = undefined;
    },
    start() {
      handler = makeHandler();
      listen();
    },
  };
}

/**
 * `count` MCP tools named `<prefix>_<i>`, each with a description and an object schema, and an
 * output schema too with `outputSchema: true`.
 */
export function mcpTools(
  prefix: string,
  count: number,
  { outputSchema = false }: { outputSchema?: boolean } = {},
): ServedTool[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix}_${i}`,
    title: `${prefix} ${i}`,
    description: `Looks up ${prefix} record number ${i}`,
    inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    ...(outputSchema
      ? {
        outputSchema: {
          type: "object",
          properties: { id: { type: "string" }, found: { type: "boolean" } },
          required: ["found"],
        },
      }
      : {}),
    annotations: { readOnlyHint: true },
  }));
}
