// The tools of an upstream MCP server, fetched with the official SDK's client over Streamable
// HTTP: one connection, every page of `tools/list` (the SDK follows `nextCursor`), then closed.
// The whole fetch is bounded by one timeout, so a server that hangs costs that much and no more.
import type { McpServerInfo, McpTool } from "../mcp_types.ts";

/** An upstream MCP server whose tools the catalogue serves. */
export interface UpstreamServer {
  /** The namespace of its tools. */
  namespace: string;
  /** Its Streamable HTTP endpoint. */
  url: string;
  /** The bearer token sent with each request, or `null` for none. */
  token: string | null;
}

/** What an upstream server listed: the server as a source of tools, and its tools. */
export interface UpstreamTools {
  server: McpServerInfo;
  tools: McpTool[];
}

/** How a fetch of an upstream's tools is bounded. */
export interface FetchOptions {
  /** The most milliseconds the whole fetch may take: connecting and every page. */
  timeoutMs: number;
  /** The most pages of `tools/list` followed before the server is taken to loop. */
  maxPages: number;
}

/** Why the tools of an upstream server could not be fetched. */
export class UpstreamError extends Error {
  /** The namespace of the server. */
  readonly namespace: string;
  /** What failed, in words for an operator, without the server's URL. */
  readonly reason: string;

  /** Makes the error, whose message is the namespace and the reason. */
  constructor(namespace: string, reason: string, options?: ErrorOptions) {
    super(`${namespace}: ${reason}`, options);
    this.name = "UpstreamError";
    this.namespace = namespace;
    this.reason = reason;
  }
}

/** The client's name and version, as the upstream server sees them. */
const CLIENT_INFO = { name: "tool-index", version: "0.1.0" };

/**
 * The tools `server` lists now, every page of them, in the namespace `server.namespace`.
 *
 * @throws {UpstreamError} When the server cannot be reached, does not answer in time, or answers
 * what is not a `tools/list` result.
 */
export async function fetchUpstreamTools(
  server: UpstreamServer,
  { timeoutMs, maxPages }: FetchOptions,
): Promise<UpstreamTools> {
  // The client is loaded by the first fetch: a service without upstreams never pays for it.
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  const signal = AbortSignal.timeout(timeoutMs);
  const client = new Client(CLIENT_INFO, { listMaxPages: maxPages });
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    requestInit: server.token === null
      ? undefined
      : { headers: { Authorization: `Bearer ${server.token}` } },
  });
  const options = { signal, timeout: timeoutMs };
  try {
    await client.connect(transport, options);
    const { tools } = await client.listTools(undefined, { ...options, cacheMode: "bypass" });
    const info = client.getServerVersion();
    return {
      server: {
        name: server.namespace,
        url: server.url,
        title: info?.title ?? null,
        description: info?.description ?? null,
      },
      tools: tools as McpTool[],
    };
  } catch (error) {
    // The URL may name hosts of a private network: /healthz, open to all, does not show it.
    const reason = signal.aborted
      ? `no answer within ${timeoutMs} ms`
      : describe(error).replaceAll(new URL(server.url).href, "its URL").replaceAll(
        server.url,
        "its URL",
      );
    throw new UpstreamError(server.namespace, reason, { cause: error });
  } finally {
    // A server that hangs may never answer the close either: nothing waits for it.
    client.close().catch(() => {});
  }
}

/**
 * What went wrong, in the words of the error and of its causes: a failed fetch says only
 * "fetch failed", and its cause why (the connection was refused, the name not found).
 */
function describe(error: unknown): string {
  const words: string[] = [];
  for (let at = error, depth = 0; at !== undefined && depth < 4; depth++) {
    const message = at instanceof SyntaxError
      ? `the answer is not JSON-RPC (${at.message})`
      : at instanceof Error
      ? at.message
      : String(at);
    if (message !== "" && !words.some((word) => word.includes(message))) words.push(message);
    at = at instanceof Error ? at.cause : undefined;
  }
  return words.join(": ");
}
