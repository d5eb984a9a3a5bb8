// The MCP endpoint: the meta-tools, climax_search and climax_get, and, where the catalogue
// reaches MCP servers, climax_call, which calls their tools through it; over Streamable HTTP,
// served statelessly (any instance answers any request) with the official SDK's web-standard
// handler. A browser page of another site may not use it: requests are refused by their `Host`
// and `Origin` as `callerGuard` says. Its one state is the calls in flight: `initialize` is
// answered with an `Mcp-Session-Id` that names only the client, so that its cancellation, a POST
// of its own, reaches the call it names.
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { ServedCatalogue } from "../catalogue/served.ts";
import { metaToolServer } from "../answer/meta_tools.ts";
import type { MetaCall } from "../answer/meta_tools.ts";
import { CallsInFlight } from "../call/calls_in_flight.ts";
import { serviceCall } from "./calls.ts";
import { problem, problemResponse } from "./problem.ts";
import type { ServiceSettings } from "./settings.ts";

/** The largest JSON-RPC request body read, in bytes. */
export const MAX_MCP_BODY = 1024 * 1024;

/** The longest session ID taken as one; a longer header names no session of this service. */
const MAX_SESSION_LENGTH = 128;

/** The largest body read before the SDK, to find an `initialize` or a cancellation in it. */
const MAX_READ_BEFORE = 64 * 1024;

const CALL_DESCRIPTION =
  "Call an MCP server's tool by its tool_name with its args, through this index, and return what the server answers. Use climax_search first to find the tool and its input_schema. CLI tools run on the local MCP server (deno task mcp), not here.";

/** Answers MCP requests: POST for JSON-RPC; GET and DELETE get 405, as a stateless server. */
export function mcpHandler(
  catalogue: ServedCatalogue,
  settings: ServiceSettings,
): (request: Request) => Promise<Response> {
  const call = serviceCall(catalogue, settings);
  const inFlight = new CallsInFlight();
  const handler = createMcpHandler(
    ({ requestInfo }) => {
      const session = requestInfo === undefined ? null : sessionOf(requestInfo);
      return metaToolServer(catalogue.registry, {
        exposeEnv: settings.exposeEnv,
        call: call && {
          call: session === null ? call : cancellable(call, inFlight, session),
          description: CALL_DESCRIPTION,
        },
      });
    },
    { maxRequestBodySize: MAX_MCP_BODY },
  );
  return async (request) => {
    // A stateless endpoint takes POST alone; another method (TRACE, PUT…) is a 405 before the
    // SDK, which could not even copy the request of some of them.
    if (request.method !== "POST") {
      return problemResponse(
        problem(405, `${request.method} is not allowed on /mcp: send JSON-RPC by POST`),
        { Allow: "POST" },
      );
    }
    const body = await readUpTo(request, MAX_READ_BEFORE);
    const parsed = typeof body === "string" ? parseJson(body) : undefined;
    const messages = parsed === undefined ? [] : jsonRpcMessages(parsed.value);
    const session = sessionOf(request);
    for (const { method, params } of messages) {
      const id = params?.requestId;
      if (
        session !== null && method === "notifications/cancelled" &&
        (typeof id === "string" || typeof id === "number")
      ) inFlight.cancel(session, id);
    }
    // Without the request's own abort signal: the SDK reads it, and Deno warns, on reading the
    // signal of a request it serves, that the signal also aborts once the answer is sent.
    // The body parsed here is handed on, not parsed again.
    const response = await handler.fetch(
      new Request(request.url, { method: request.method, headers: request.headers, body }),
      parsed && { parsedBody: parsed.value },
    );
    if (!messages.some(({ method }) => method === "initialize")) return response;
    const headers = new Headers(response.headers);
    headers.set("Mcp-Session-Id", crypto.randomUUID());
    return new Response(response.body, { status: response.status, headers });
  };
}

/** `call`, cancelled when `session` cancels the JSON-RPC request that asked for it. */
function cancellable(call: MetaCall, inFlight: CallsInFlight, session: string): MetaCall {
  return (reference, args, context) => {
    const { requestId } = context;
    if (requestId === undefined) return call(reference, args, context);
    return inFlight.run(session, requestId, (cancelled) =>
      call(reference, args, {
        ...context,
        signal: context.signal === undefined
          ? cancelled
          : AbortSignal.any([context.signal, cancelled]),
      }));
  };
}

/**
 * The body of `request` as text when it has at most `max` bytes; otherwise a stream of it whole,
 * for the SDK to refuse or read.
 */
async function readUpTo(
  request: Request,
  max: number,
): Promise<string | ReadableStream<Uint8Array> | null> {
  if (request.body === null) return null;
  if (Number(request.headers.get("content-length") ?? 0) > max) return request.body;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    text += decoder.decode(read.value, { stream: true });
    size += read.value.length;
    if (size > max) {
      return new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
        },
        async pull(controller) {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
    }
  }
  return text + decoder.decode();
}

/** The value of a JSON text; undefined when it is not JSON, for the SDK to answer. */
function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** The JSON-RPC messages of a body's value, one or a batch; none when it is not JSON-RPC. */
function jsonRpcMessages(
  parsed: unknown,
): { method?: unknown; params?: Record<string, unknown> }[] {
  const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  return messages.filter((message): message is { method?: unknown } =>
    typeof message === "object" && message !== null
  );
}

/** The session a request names in its `Mcp-Session-Id` header, if it can be one of ours. */
function sessionOf(request: Request): string | null {
  const session = request.headers.get("mcp-session-id");
  return session === null || session.length > MAX_SESSION_LENGTH ? null : session;
}
