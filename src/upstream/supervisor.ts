// One upstream MCP server kept in the catalogue: connected in the background, listed when it
// answers, listed again when it says its tools changed or when asked, and, when it fails,
// stopped and tried again after a delay that doubles up to a minute. Whatever fails, the tools
// it last listed stay with whoever took them; the supervisor only reports.
import type { EnvReader, McpServerConfig } from "../config/mcp_config.ts";
import { KEPT_MCP_TOOL_FIELDS } from "../config/mcp_tools.ts";
import type { McpServerInfo, McpTool } from "../mcp_types.ts";
import {
  connectUpstream,
  type UpstreamCallOptions,
  type UpstreamConnection,
} from "./connection.ts";
import { describeFailure, UpstreamError, UpstreamTimeoutError } from "./upstream_error.ts";
import { StderrLines } from "./_stderr_lines.ts";
import { counted } from "../_words.ts";

/** How an upstream is doing: not yet answered, serving, failing, or not startable here. */
export type UpstreamStatus = "pending" | "ok" | "failing" | "not_runnable";

/** How an upstream is doing, for `/healthz`. */
export interface UpstreamHealth {
  status: UpstreamStatus;
  /** How it is reached. */
  transport: "stdio" | "http";
  /** How many of its tools were accepted last. */
  tools: number;
  /** What fails, while it fails. */
  problem?: string;
  /** Since when it fails. */
  since?: Date;
  /** When it is tried again, while it waits to be. */
  nextTry?: Date;
  /** The last lines a stdio server wrote on stderr. */
  stderr?: string[];
}

/** What a supervisor needs. */
export interface SupervisorOptions {
  /** The most milliseconds starting and `initialize`, and then each `tools/list`, may take. */
  timeoutMs: number;
  /** The most pages of one `tools/list` followed. */
  maxPages: number;
  /** Whether programs may be started here: not on Deno Deploy, nor without `--allow-run`. */
  canRun: boolean;
  /** Takes a listed server's tools; throws what says why it cannot (an invalid tool). */
  accept: (server: McpServerInfo, tools: McpTool[]) => void;
  /** Whether an error `accept` threw is one to report (and keep the last tools) rather than raise. */
  isRefusal: (error: unknown) => boolean;
  /** Receives each message for the operator. */
  report: (message: string) => void;
  /** Reads the variables a program needs to start; see `ConnectOptions.readEnv`. */
  readEnv?: EnvReader;
  /** Milliseconds before each try after a failure, the last repeated. Default 1 s doubling to 60 s. */
  retryMs?: readonly number[];
}

const RETRY_MS = [1000, 2000, 4000, 8000, 16_000, 32_000, 60_000];

/** The fields of an MCP tool the catalogue keeps; the others are said once, then left out. */
const KEPT_FIELDS = new Set(KEPT_MCP_TOOL_FIELDS);

/**
 * Keeps one upstream MCP server's tools in the catalogue.
 *
 * @example
 * ```ts ignore
 * const supervisor = new UpstreamSupervisor(config, { ...options, accept: register });
 * await supervisor.start();
 * console.log(supervisor.health().status);
 * await supervisor.stop();
 * ```
 */
export class UpstreamSupervisor {
  /** The server's entry. */
  readonly config: McpServerConfig;
  readonly #options: SupervisorOptions;
  #status: UpstreamStatus = "pending";
  #tools = 0;
  #problem?: { message: string; since: Date };
  #connection?: UpstreamConnection;
  /** What its program wrote on stderr, across restarts: one bound on what reaches the log. */
  readonly #stderr: StderrLines;
  #work?: Promise<void>;
  #again = false;
  #failures = 0;
  /** How many tries to connect and list were made. */
  #attempts = 0;
  #retry?: ReturnType<typeof setTimeout>;
  #nextTry?: Date;
  #stopped = false;
  /** Aborts what is under way when the supervisor stops. */
  readonly #stopping = new AbortController();
  #dropped = new Set<string>();

  /** Supervises the server `config` names; nothing starts before `start()`. */
  constructor(config: McpServerConfig, options: SupervisorOptions) {
    this.config = config;
    this.#options = options;
    this.#stderr = new StderrLines((line) => options.report(`[${config.namespace}] ${line}`));
  }

  /** Connects and lists in the background; resolves once that first try has succeeded or failed. */
  start(): Promise<void> {
    if (this.config.transport === "stdio" && !this.#options.canRun) {
      this.#status = "not_runnable";
      this.#problem = {
        message: "stdio servers cannot be started here: the index may not run programs " +
          "(it runs without --allow-run, as on Deno Deploy)",
        since: new Date(),
      };
      this.#options.report(`Upstream ${this.config.namespace}: ${this.#problem.message}`);
      return Promise.resolve();
    }
    return this.refresh();
  }

  /** Lists the server's tools now, connecting first if need be; joins a listing under way. */
  refresh(): Promise<void> {
    if (this.#stopped || this.#status === "not_runnable") return Promise.resolve();
    this.#work ??= this.#attempt().finally(() => {
      this.#work = undefined;
      // A change told during a listing is listed now; after a failure, the retry lists it.
      const again = this.#again && this.#status === "ok";
      this.#again = false;
      if (again) this.refresh();
    });
    return this.#work;
  }

  /**
   * Lists the server's tools again unless it says when they change, or waits to be tried again
   * after a failure: what an interval of polling calls.
   */
  poll(): Promise<void> {
    if (this.#connection?.announcesChanges || this.#nextTry !== undefined) {
      return Promise.resolve();
    }
    return this.refresh();
  }

  /**
   * Calls the server's tool `name` with `args` (see `UpstreamConnection.callTool`). A server
   * still starting is waited for; one that failed is tried again first, at once.
   *
   * @throws {UpstreamError} When the server cannot be reached, or does not answer in time
   * (`UpstreamTimeoutError`); a connection that failed is ended and tried again later.
   */
  async call(
    name: string,
    args: Record<string, unknown>,
    options: UpstreamCallOptions,
  ): Promise<Record<string, unknown>> {
    const { namespace } = this.config;
    if (this.#status === "not_runnable") throw new UpstreamError(namespace, this.#problem!.message);
    // One try to connect, at once, for a call; a refresh that only joined the end of a lost
    // connection made none, and the next one does.
    const attempts = this.#attempts;
    if (this.#connection === undefined && !this.#stopped) await this.refresh();
    if (this.#connection === undefined && !this.#stopped && this.#attempts === attempts) {
      await this.refresh();
    }
    const connection = this.#connection;
    if (connection === undefined) {
      throw new UpstreamError(namespace, this.#problem?.message ?? "it is not connected");
    }
    try {
      return await connection.callTool(name, args, options);
    } catch (error) {
      // A failed call on a program's pipe is a broken pipe; an HTTP request that failed leaves
      // the session to the next listing to judge.
      const lost = error instanceof UpstreamError && !(error instanceof UpstreamTimeoutError) &&
        this.config.transport === "stdio";
      if (lost && this.#connection === connection && this.#work === undefined) {
        this.#work = this.#drop().then(() => this.#fail(error.reason, true)).finally(() => {
          this.#work = undefined;
        });
      }
      throw error;
    }
  }

  /** How the server is doing now. */
  health(): UpstreamHealth {
    const stderr = this.#stderr.last;
    return {
      status: this.#status,
      transport: this.config.transport,
      tools: this.#tools,
      ...(this.#problem ? { problem: this.#problem.message, since: this.#problem.since } : {}),
      ...(this.#nextTry ? { nextTry: this.#nextTry } : {}),
      ...(this.config.transport === "stdio" && stderr.length > 0 ? { stderr } : {}),
    };
  }

  /** Stops trying, and ends the session or stops the program; resolves once it has. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    this.#nextTry = undefined;
    // A program still starting is stopped by the try under way, which the abort ends.
    this.#stopping.abort();
    await this.#work?.catch(() => {});
    const connection = this.#connection;
    this.#connection = undefined;
    await connection?.close();
  }

  async #attempt(): Promise<void> {
    this.#attempts++;
    clearTimeout(this.#retry);
    this.#nextTry = undefined;
    const { namespace } = this.config;
    try {
      const connection = this.#connection ?? await this.#connect();
      const tools = await connection.listTools();
      if (this.#stopped) return;
      this.#options.accept(connection.server, tools);
      this.#sayDropped(tools);
      if (this.#status !== "ok" || this.#tools !== tools.length) {
        this.#options.report(`Upstream ${namespace}: ${counted(tools.length, "tool")}`);
      }
      this.#status = "ok";
      this.#tools = tools.length;
      this.#problem = undefined;
      this.#failures = 0;
    } catch (error) {
      if (this.#stopped) return;
      if (this.#options.isRefusal(error)) {
        // The server answers; its list does not fit: the next change or refresh tries again.
        this.#fail(`its tools/list was refused: ${(error as Error).message}`, false);
      } else {
        // Whatever else failed, the connection is not to be trusted: a new one is made later.
        await this.#drop();
        this.#fail(error instanceof UpstreamError ? error.reason : describeFailure(error), true);
      }
    }
  }

  async #connect(): Promise<UpstreamConnection> {
    const { namespace } = this.config;
    const connection = await connectUpstream(this.config, {
      timeoutMs: this.#options.timeoutMs,
      maxPages: this.#options.maxPages,
      readEnv: this.#options.readEnv,
      stderr: this.#stderr,
      signal: this.#stopping.signal,
      onListChanged: () => {
        if (this.#work) this.#again = true;
        else this.refresh();
      },
      onLost: (reason) => {
        // A listing under way fails on the lost connection, and says so itself.
        if (this.#connection !== connection || this.#stopped || this.#work) return;
        this.#work = this.#drop().then(() => this.#fail(reason, true)).finally(() => {
          this.#work = undefined;
        });
      },
    });
    if (this.#stopped) {
      await connection.close();
      throw new UpstreamError(namespace, "stopped");
    }
    this.#connection = connection;
    return connection;
  }

  /** Ends the connection. */
  async #drop(): Promise<void> {
    const connection = this.#connection;
    this.#connection = undefined;
    await connection?.close();
  }

  #fail(message: string, retry: boolean): void {
    if (this.#stopped) return;
    const { namespace } = this.config;
    const kept = this.#tools > 0
      ? `; its last ${counted(this.#tools, "tool")} ${this.#tools === 1 ? "is" : "are"} served`
      : "";
    let next = "";
    if (retry) {
      const retryMs = this.#options.retryMs ?? RETRY_MS;
      const delay = retryMs[Math.min(this.#failures, retryMs.length - 1)];
      this.#failures++;
      this.#nextTry = new Date(Date.now() + delay);
      clearTimeout(this.#retry);
      this.#retry = setTimeout(() => this.refresh(), delay);
      // Only the server keeps the process alive: a retry waiting does not.
      Deno.unrefTimer(this.#retry);
      next = `; next try in ${delay / 1000} s`;
    }
    if (this.#problem?.message !== message) {
      // The log is the operator's: it names the server's origin where /healthz, open to all,
      // says "its URL" (never its path, query or credentials).
      const logged = this.config.transport === "http"
        ? message.replaceAll("its URL", new URL(this.config.url).origin)
        : message;
      this.#options.report(`Upstream ${namespace} failed: ${logged}${kept}${next}`);
    }
    this.#status = "failing";
    this.#problem = { message, since: this.#problem?.since ?? new Date() };
  }

  /** Says once which fields of the server's tools are left out. */
  #sayDropped(tools: readonly McpTool[]): void {
    const fresh = new Set<string>();
    for (const tool of tools) {
      for (const key of Object.keys(tool)) {
        if (!KEPT_FIELDS.has(key) && !this.#dropped.has(key)) fresh.add(key);
      }
    }
    if (fresh.size === 0) return;
    for (const key of fresh) this.#dropped.add(key);
    const fields = [...fresh].join(", ");
    this.#options.report(
      `Upstream ${this.config.namespace}: ${
        fresh.size === 1
          ? `the field ${fields} of its tools is`
          : `the fields ${fields} of its tools are`
      } left out`,
    );
  }
}
