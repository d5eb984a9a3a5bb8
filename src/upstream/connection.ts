// One connection to an upstream MCP server, made with the official SDK's client: a program
// started over stdio, or a Streamable HTTP endpoint whose one session lasts as long as the
// connection and is ended (DELETE) when it closes. The SDK is loaded by the first connection:
// a service without upstreams never pays for it.
import type { StandardSchemaV1 } from "@modelcontextprotocol/client";
import type { EnvReader, McpServerConfig } from "../config/mcp_config.ts";
import type { McpServerInfo, McpTool } from "../mcp_types.ts";
import { describeFailure, UpstreamError, UpstreamTimeoutError } from "./upstream_error.ts";
import { stdioEnvironment } from "./_stdio_environment.ts";
import { StderrLines } from "./_stderr_lines.ts";
import { messageOf } from "../_error_message.ts";

/** How a connection is made and what it tells. */
export interface ConnectOptions {
  /** The most milliseconds starting and `initialize` may take, and then each `tools/list`. */
  timeoutMs: number;
  /** The most pages of one `tools/list` followed before the server is taken to loop. */
  maxPages: number;
  /** Reads the index's environment variables that a program needs to start (`PATH`, `HOME`…). */
  readEnv?: EnvReader;
  /** Takes what a stdio server writes on stderr. */
  stderr?: StderrLines;
  /** Gives up connecting or listing, the program stopped, when it aborts. */
  signal?: AbortSignal;
  /** Called when the server says its tools changed (`notifications/tools/list_changed`). */
  onListChanged?: () => void;
  /** Called once when the connection ends without `close()`: the program exited, or broke it. */
  onLost?: (reason: string) => void;
}

/** A connection to an upstream MCP server. */
export interface UpstreamConnection {
  /** The server as a source of tools: its namespace, and its title and description. */
  readonly server: McpServerInfo;
  /** Whether the server says when its tools change; others are polled. */
  readonly announcesChanges: boolean;
  /**
   * The tools the server lists now, every page of them.
   *
   * @throws {UpstreamError} When it does not answer in time or answers what is not a list.
   */
  listTools(): Promise<McpTool[]>;
  /**
   * Calls the tool `name` with `args` and answers exactly what the server answered; progress
   * the server reports goes to `onProgress`, and an abort of `signal` cancels the call there.
   *
   * @throws {UpstreamError} When the server does not answer within `timeoutMs`, or the
   * connection fails; a refusal of the server's (a JSON-RPC error) is thrown as it is.
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options: UpstreamCallOptions,
  ): Promise<Record<string, unknown>>;
  /** Ends the session or stops the program (TERM, then KILL after a grace period). */
  close(): Promise<void>;
}

/** How one call is made. */
export interface UpstreamCallOptions {
  /** The most milliseconds the call may take; progress does not extend it. */
  timeoutMs: number;
  /** Cancels the call, at the server too (`notifications/cancelled`). */
  signal?: AbortSignal;
  /** Receives each progress notification of the call. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

/** The client's name and version, as the upstream server sees them. */
const CLIENT_INFO = { name: "tool-index", version: "0.1.0" };

/** A result schema (Standard Schema) that takes any object: what is in it is checked later. */
const ANY_RESULT: StandardSchemaV1<Record<string, unknown>> = {
  "~standard": {
    version: 1,
    vendor: "tool-index",
    validate: (value) =>
      typeof value === "object" && value !== null
        ? { value: value as Record<string, unknown> }
        : { issues: [{ message: "Expected an object" }] },
  },
};

/** How long a program has to end once its stdin is closed (TERM comes at half of it) before KILL. */
const STOP_GRACE_MS = 4500;

/** How long the end of an HTTP session is waited for: a server that hangs never answers it. */
const END_SESSION_MS = 1000;

/** The most characters of a server's instructions taken as its description. */
const DESCRIPTION_LENGTH = 300;

/**
 * Connects to the server `config` names: starts its program or opens its session, and
 * initializes.
 *
 * @throws {UpstreamError} When the program cannot start, or the server does not answer
 * `initialize` within the timeout.
 */
export async function connectUpstream(
  config: McpServerConfig,
  options: ConnectOptions,
): Promise<UpstreamConnection> {
  const { Client } = await import("@modelcontextprotocol/client");
  const { namespace } = config;
  const hidden = config.transport === "http" ? [new URL(config.url).href, config.url] : [];
  const stderr = options.stderr ?? new StderrLines(() => {});
  let closing = false;
  // What ends the connection before it is made is the failure `connect` throws, not a loss.
  let connected = false;
  let lost = false;
  let oversized = false;
  const lose = (reason: string) => {
    if (closing || lost || !connected) return;
    lost = true;
    options.onLost?.(reason);
  };
  const client = new Client(CLIENT_INFO, {
    listMaxPages: options.maxPages,
    listChanged: {
      tools: { autoRefresh: false, debounceMs: 0, onChanged: () => options.onListChanged?.() },
    },
  });
  const transport = config.transport === "stdio"
    ? await stdioTransport(config, options, stderr)
    : await httpTransport(config);
  let ended = false;
  let onEnd = () => {};
  const end = new Promise<void>((resolve) => onEnd = resolve);
  client.onclose = () => {
    ended = true;
    onEnd();
    lose(config.transport === "stdio" ? "the program exited" : "the connection closed");
  };
  if (config.transport === "stdio") {
    // What the SDK's reader cannot take as a message is something other than MCP on stdout;
    // its other reports (a late progress notification) leave the connection as it is.
    client.onerror = (error) => {
      // The SDK's reader stops at a message of 10 MiB, and closes the connection.
      if (/ReadBuffer exceeded/.test(messageOf(error))) {
        oversized = true;
        return lose("it wrote a message over 10 MiB on stdout, more than is read of one");
      }
      if (!isUnreadable(error)) return;
      lose(`it wrote what is not MCP on stdout (${describeFailure(error)})`);
    };
  }
  const fail = (error: unknown, signal: AbortSignal, what: string): never => {
    const reason = options.signal?.aborted
      ? "stopped"
      : signal.aborted
      ? `no answer to ${what} within ${options.timeoutMs} ms`
      : startFailure(config, error) ?? describeFailure(error, hidden);
    throw new UpstreamError(namespace, reason, { cause: error });
  };
  let closed: Promise<void> | undefined;
  const close = () => closed ??= closeOnce();
  const closeOnce = async () => {
    closing = true;
    if ("terminateSession" in transport) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        transport.terminateSession().catch(() => {}),
        new Promise((resolve) => timer = setTimeout(resolve, END_SESSION_MS)),
      ]);
      clearTimeout(timer);
    }
    const closedAt = Date.now();
    await client.close().catch(() => {});
    // The SDK's last resort, SIGKILL after SIGTERM, never reaches the program under Deno (a
    // second kill of one child is not sent): a program that outlives the grace is killed here.
    const pid = "started" in transport ? transport.started : null;
    if (pid !== null && !ended) {
      const left = Math.max(0, STOP_GRACE_MS - (Date.now() - closedAt));
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([end, new Promise((resolve) => timer = setTimeout(resolve, left))]);
      clearTimeout(timer);
    }
    if (pid !== null && !ended) {
      try {
        Deno.kill(pid, "SIGKILL");
      } catch {
        // It ended between the two.
      }
    }
    stderr.end();
  };
  const bounded = () => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    return options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  };
  const signal = bounded();
  try {
    await client.connect(transport, { signal, timeout: options.timeoutMs });
  } catch (error) {
    await close();
    fail(error, signal, "initialize");
  }
  connected = true;
  const info = client.getServerVersion();
  return {
    server: {
      name: namespace,
      title: info?.title ?? null,
      description: serverDescription(info?.title, info?.description, client.getInstructions()),
      url: config.transport === "http" ? config.url : null,
    },
    announcesChanges: client.getServerCapabilities()?.tools?.listChanged === true,
    async listTools() {
      const signal = bounded();
      const tools: unknown[] = [];
      try {
        let cursor: string | undefined;
        for (let page = 0; page < options.maxPages; page++) {
          // Taken as sent: the registry's checks name a tool that is not one, the SDK's would not.
          const result = await client.request(
            { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
            ANY_RESULT,
            { signal, timeout: options.timeoutMs },
          );
          if (!Array.isArray(result.tools)) {
            throw new Error("the answer to tools/list holds no list of tools");
          }
          tools.push(...result.tools);
          cursor = typeof result.nextCursor === "string" ? result.nextCursor : undefined;
          if (cursor === undefined) return tools as McpTool[];
        }
        throw new Error(`tools/list still had a next page after ${options.maxPages} pages`);
      } catch (error) {
        return fail(error, signal, "tools/list");
      }
    },
    async callTool(name, args, { timeoutMs, signal, onProgress }) {
      try {
        return await client.request(
          { method: "tools/call", params: { name, arguments: args } },
          ANY_RESULT,
          { signal, timeout: timeoutMs, ...(onProgress ? { onprogress: onProgress } : {}) },
        );
      } catch (error) {
        if (signal?.aborted) throw error;
        if ((error as { code?: unknown } | null)?.code === "REQUEST_TIMEOUT") {
          throw new UpstreamTimeoutError(namespace, `no answer within ${timeoutMs} ms`, {
            cause: error,
          });
        }
        // The server's own refusal is its answer; anything else is the connection's failure.
        if (isJsonRpcError(error)) throw error;
        const reason = oversized
          ? "its answer was over 10 MiB, more than is read of one message"
          : describeFailure(error, hidden);
        throw new UpstreamError(namespace, reason, { cause: error });
      }
    },
    close,
  };
}

/** Whether `error` says a line of a program's stdout could not be read as a JSON-RPC message. */
function isUnreadable(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return error instanceof SyntaxError || name === "ZodError" || name === "$ZodError" ||
    /JSON-RPC|JSONRPC/i.test(messageOf(error));
}

/**
 * Whether `error` is a JSON-RPC error a server answered with (its code a number), not a failure
 * of the connection (the SDK's own errors have codes in words).
 */
function isJsonRpcError(error: unknown): boolean {
  return typeof (error as { code?: unknown } | null)?.code === "number";
}

async function stdioTransport(
  config: Extract<McpServerConfig, { transport: "stdio" }>,
  options: ConnectOptions,
  stderr: StderrLines,
) {
  const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
  const read = options.readEnv ?? ((name: string) => Deno.env.get(name));
  let names: string[] = [];
  try {
    names = Object.keys(Deno.env.toObject());
  } catch {
    // Without leave to list the environment, the locale's variables beyond LANG are not passed.
  }
  // The program's ID, kept once it starts: the SDK forgets it as soon as it begins to close.
  class Transport extends StdioClientTransport {
    started: number | null = null;
    override async start(): Promise<void> {
      await super.start();
      this.started = this.pid;
    }
  }
  const transport = new Transport({
    command: config.command,
    args: config.args,
    env: stdioEnvironment(config.env, read, names),
    cwd: config.cwd ?? undefined,
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Uint8Array | string) => stderr.write(String(chunk)));
  return transport;
}

async function httpTransport(config: Extract<McpServerConfig, { transport: "http" }>) {
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  return new StreamableHTTPClientTransport(new URL(config.url), {
    requestInit: { headers: config.headers },
  });
}

/** Why a stdio server's program did not start, in plain words, when that is what failed. */
function startFailure(config: McpServerConfig, error: unknown): string | undefined {
  if (config.transport !== "stdio") return undefined;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOENT") return `the command "${config.command}" was not found`;
  if (code === "EACCES") return `the command "${config.command}" may not be run`;
  return undefined;
}

/**
 * What a server says it is for: its title, then its own description or else the first
 * paragraph of prose of its instructions (headings skipped), cut at a sentence's end where one
 * comes soon enough.
 */
export function serverDescription(
  title: string | undefined,
  description: string | undefined,
  instructions: string | undefined,
): string | null {
  const prose = description?.trim() || firstParagraph(instructions ?? "");
  const text = [title?.trim(), prose].filter(Boolean).join(": ").replace(/\s+/g, " ");
  if (text === "") return null;
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH);
  const end = cut.search(/[.!?](?=\s)[^.!?]*$/);
  return end > DESCRIPTION_LENGTH / 3 ? cut.slice(0, end + 1) : `${cut.replace(/\s\S*$/, "")}…`;
}

/** The first paragraph of `markdown` that is not a heading. */
function firstParagraph(markdown: string): string {
  const paragraphs = markdown.split(/\n\s*\n/).map((paragraph) => paragraph.trim());
  return paragraphs.find((paragraph) => paragraph !== "" && !paragraph.startsWith("#")) ?? "";
}
