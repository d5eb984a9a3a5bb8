// The upstream MCP servers of a live catalogue, each kept by a supervisor: started when their
// entry comes, stopped when it goes, restarted when it changes. A server's tools enter the
// registry when it lists them and leave it only when its entry goes: a server that fails keeps
// what it last listed.
//
// The supervisors' code loads when the first server begins: a start serves its first answers
// before any begins, and with the code of the servers' client left out.
import { BackendUnavailableError, InvalidBackendError, InvalidToolError } from "../errors.ts";
import type { EnvReader, McpServerConfig } from "../config/mcp_config.ts";
import type { RegistryCore } from "../registry/registry_core.ts";
import type { UpstreamHealth, UpstreamSupervisor } from "../upstream/supervisor.ts";
import type { UpstreamCallOptions } from "../upstream/connection.ts";
import { UpstreamError, UpstreamTimeoutError } from "../upstream/upstream_error.ts";
import type { BackendCaller, CallResult } from "../call/call_tool.ts";
import type { SourceHealth } from "./served.ts";
import { replaceSource, type ServerSource, swapSource } from "./source_kinds.ts";
import { messageOf } from "../_error_message.ts";

/** How the servers are kept. */
export interface UpstreamsOptions {
  /** The most milliseconds starting and `initialize`, and then each `tools/list`, may take. */
  timeoutMs: number;
  /** Whether programs may be started here. */
  canRun: boolean;
  /** Receives each message for the operator. */
  report: (message: string) => void;
  /** Reads the variables a program needs to start. */
  readEnv: EnvReader;
}

/** The most pages of one upstream's `tools/list` followed. */
const MAX_PAGES = 1000;

/** One server: its entry, its supervisor once it has begun, and its first try. */
interface Running {
  readonly config: McpServerConfig;
  /** Made when it begins. */
  supervisor?: UpstreamSupervisor;
  /**
   * Starts it, once: resolves with its supervisor, or with nothing when its entry went (or the
   * upstreams stopped) before the supervisors' code loaded.
   */
  readonly begin: () => Promise<UpstreamSupervisor | undefined>;
  /** Resolves once its first try has succeeded or failed, or it was dropped unbegun. */
  readonly first: Promise<void>;
}

/** The supervisors' code (with the servers' client), loaded when the first server begins. */
let supervisorCode: Promise<typeof import("../upstream/supervisor.ts")> | undefined;

/** The upstream MCP servers of one registry. */
export class Upstreams {
  readonly #registry: RegistryCore;
  readonly #options: UpstreamsOptions;
  readonly #running = new Map<string, Running>();
  /** What each namespace's server last listed, as the registry holds it. */
  readonly #sources = new Map<string, ServerSource>();
  /** Starts each server not started yet: set by `start()`, until which new servers wait. */
  #starting?: () => void;
  /** The stops under way of servers whose entries went or changed. */
  readonly #stopping = new Set<Promise<void>>();
  #stopped = false;

  /** Keeps servers' tools in `registry`; none runs before `apply`. */
  constructor(registry: RegistryCore, options: UpstreamsOptions) {
    this.#registry = registry;
    this.#options = options;
  }

  /** Starts the servers that wait, and from now on each new one at once; never twice. */
  start(): void {
    if (this.#starting !== undefined) return;
    this.#starting = () => {};
    for (const running of this.#running.values()) running.begin();
  }

  /** The entry of the server of `namespace`, if one runs. */
  configOf(namespace: string): McpServerConfig | undefined {
    return this.#running.get(namespace)?.config;
  }

  /**
   * Makes the servers running those of `configs`: stops those whose entry went (their tools
   * go) or changed, then starts the new and changed ones in the background.
   */
  async apply(configs: readonly McpServerConfig[]): Promise<void> {
    const next = new Map(configs.map((config) => [config.namespace, config]));
    const stopping: Promise<void>[] = [];
    for (const [namespace, running] of this.#running) {
      const config = next.get(namespace);
      if (config !== undefined && sameServer(config, running.config)) continue;
      this.#running.delete(namespace);
      if (running.supervisor !== undefined) {
        const stop = running.supervisor.stop();
        this.#stopping.add(stop);
        stopping.push(stop.finally(() => this.#stopping.delete(stop)));
      }
      if (config === undefined) {
        swapSource(this.#registry, this.#sources.get(namespace), undefined);
        this.#sources.delete(namespace);
        this.#options.report(`Upstream ${namespace}: removed`);
      }
    }
    await Promise.all(stopping);
    if (this.#stopped) return;
    for (const config of configs) {
      if (this.#running.has(config.namespace)) continue;
      const running = this.#kept(config);
      this.#running.set(config.namespace, running);
      if (this.#starting !== undefined) running.begin();
    }
  }

  /**
   * Calls the tool `name` of the server of `namespace` (see `UpstreamSupervisor.call`).
   *
   * @throws {UpstreamError} When no server has that namespace, or it cannot be reached in time.
   */
  async call(
    namespace: string,
    name: string,
    args: Record<string, unknown>,
    options: UpstreamCallOptions,
  ): Promise<Record<string, unknown>> {
    const supervisor = await this.#running.get(namespace)?.begin();
    if (supervisor === undefined) {
      throw new UpstreamError(namespace, "no upstream server has this name");
    }
    return supervisor.call(name, args, options);
  }

  /**
   * The caller of MCP backends through these servers: the server's answer as it is, its refusal
   * (a JSON-RPC error) as an error result in its words, a server that cannot be reached as a
   * backend that is down.
   */
  caller(): BackendCaller {
    return async (backend, tool, args, { signal, timeoutMs, onProgress }) => {
      try {
        const answer = await this.call(backend.id, tool.name, args, {
          signal,
          timeoutMs,
          onProgress,
        });
        return answer as CallResult;
      } catch (error) {
        if (error instanceof UpstreamTimeoutError || signal.aborted) throw error;
        if (error instanceof UpstreamError) {
          throw new BackendUnavailableError(`the MCP server ${error.message}`, { cause: error });
        }
        return {
          content: [{
            type: "text",
            text: `The MCP server ${backend.id} refused: ${messageOf(error)}`,
          }],
          isError: true,
        };
      }
    };
  }

  /** Resolves once every server's first try has succeeded or failed (after `start()`). */
  async ready(): Promise<void> {
    await Promise.all([...this.#running.values()].map((running) => running.first));
  }

  /**
   * Lists every server's tools again now, starting those that wait and connecting those that are
   * not; joins what is under way.
   */
  async refresh(): Promise<void> {
    await Promise.all(
      [...this.#running.values()].map(async (running) => (await running.begin())?.refresh()),
    );
  }

  /** Lists again the servers that do not say when their tools change. */
  async poll(): Promise<void> {
    await Promise.all([...this.#running.values()].map(({ supervisor }) => supervisor?.poll()));
  }

  /** How each server is doing. */
  health(): SourceHealth[] {
    return [...this.#running].map(([name, { config, supervisor }]) => {
      const { status, transport, problem, since, nextTry, stderr } = supervisor?.health() ??
        unbegun(config);
      return {
        kind: "mcp_server",
        name,
        transport,
        status,
        // What is served: a restarted server's last tools until it lists its own.
        tools: this.#sources.get(name)?.tools.length ?? 0,
        ...(problem === undefined ? {} : { problem }),
        ...(since === undefined ? {} : { since: since.toISOString() }),
        ...(nextTry === undefined ? {} : { next_try: nextTry.toISOString() }),
        ...(stderr === undefined ? {} : { stderr }),
      };
    });
  }

  /** Stops every server; resolves once their programs have ended and their sessions closed. */
  async stop(): Promise<void> {
    this.#stopped = true;
    const running = [...this.#running.values()];
    this.#running.clear();
    await Promise.all([
      ...running.map(({ supervisor }) => supervisor?.stop()),
      ...this.#stopping,
    ]);
  }

  /** The server of `config`, kept here: its supervisor is made when it begins. */
  #kept(config: McpServerConfig): Running {
    let begun: Promise<UpstreamSupervisor | undefined> | undefined;
    let tried = () => {};
    const first = new Promise<void>((resolve) => tried = resolve);
    const running: Running = {
      config,
      first,
      begin: () =>
        begun ??= (supervisorCode ??= import("../upstream/supervisor.ts")).then((code) => {
          if (this.#running.get(config.namespace) !== running) {
            tried();
            return undefined;
          }
          const supervisor = running.supervisor = this.#supervisor(code.UpstreamSupervisor, config);
          supervisor.start().then(tried);
          return supervisor;
        }),
    };
    return running;
  }

  #supervisor(
    Supervisor: typeof UpstreamSupervisor,
    config: McpServerConfig,
  ): UpstreamSupervisor {
    return new Supervisor(config, {
      timeoutMs: this.#options.timeoutMs,
      maxPages: MAX_PAGES,
      canRun: this.#options.canRun,
      readEnv: this.#options.readEnv,
      report: this.#options.report,
      accept: (server, tools) => {
        const source: ServerSource = { kind: "mcp_server", server, tools };
        replaceSource(this.#registry, source);
        this.#sources.set(config.namespace, source);
      },
      isRefusal: (error) =>
        error instanceof InvalidToolError || error instanceof InvalidBackendError,
    });
  }
}

/** How a server that has not begun is doing: what its supervisor would say before it starts. */
function unbegun(config: McpServerConfig): UpstreamHealth {
  return { status: "pending", transport: config.transport, tools: 0 };
}

/** Whether two entries start the same server: the same in all but where they are written. */
function sameServer(a: McpServerConfig, b: McpServerConfig): boolean {
  const { place: _a, ...restA } = a;
  const { place: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}

/** Whether this process may start programs: not on Deno Deploy, nor without `--allow-run`. */
export function mayRunPrograms(): boolean {
  try {
    return Deno.permissions.querySync({ name: "run" }).state === "granted";
  } catch {
    return false;
  }
}
