// A catalogue that stays current while the service runs: the files of a directory, reloaded
// when they change, and the tools of upstream MCP servers, fetched again at an interval. Every
// source that fails keeps what it last loaded in the registry and is reported in the health
// until it loads again: a broken file or a server that is down never empties the catalogue.
//
// The fetching of upstreams and the watching of files are loaded only by a catalogue that uses
// them: a cold start of the bundled catalogue, on Deno Deploy, needs neither.
import { type ConfigError, InvalidBackendError, InvalidToolError } from "../errors.ts";
import { BUNDLED_CONFIGS, directoryUrl } from "../config/files.ts";
import type { RegistryCore } from "../registry/registry_core.ts";
import type { PolicyConfig } from "../policy_types.ts";
import { loadCatalogue } from "./load.ts";
import type { CatalogueHealth, ServedCatalogue, SourceHealth } from "./served.ts";
import { replaceSource, serverKey } from "./source_kinds.ts";
import type { UpstreamServer } from "./upstream.ts";
import { DirectorySources, directoryTexts } from "./_directory_sources.ts";
import type { DirectoryWatch } from "./_watch.ts";

/** How a live catalogue is made and kept current. */
export interface LiveCatalogueOptions {
  /** The directory of YAML configs and MCP tool lists; default the bundled catalogue. */
  dir?: string | URL;
  /** Reload the directory's files when they change. Default `false`. */
  watch?: boolean;
  /** How many milliseconds the files must be quiet after a change before a reload. Default 150. */
  debounceMs?: number;
  /** Upstream MCP servers whose tools are served. */
  upstreams?: readonly UpstreamServer[];
  /** Seconds between fetches of the upstreams' tools; 0 fetches them at the start only. */
  refreshSeconds?: number;
  /** The most milliseconds one fetch of an upstream's tools may take. Default 10,000. */
  timeoutMs?: number;
  /** Receives each message for the operator. Default `console.warn`. */
  report?: (message: string) => void;
  /**
   * A policy applied to the configs' tools, at the start and at every reload (see
   * `loadCatalogue`). It is read once: a changed policy file takes a restart.
   */
  policy?: PolicyConfig;
}

/** The most pages of one upstream's `tools/list` followed. */
const MAX_PAGES = 1000;

/** One upstream server as the catalogue last saw it. */
interface UpstreamState {
  server: UpstreamServer;
  /** How many of its tools are served. */
  tools: number;
  /** Why its latest fetch failed, and since when. */
  problem?: { message: string; since: Date };
  /** The fetch under way, which another refresh joins rather than starting its own. */
  fetching?: Promise<void>;
}

/**
 * The tools of a directory and of upstream MCP servers, kept current, in one registry.
 *
 * @example
 * ```ts ignore
 * const catalogue = await LiveCatalogue.open({ dir: "configs/", watch: true });
 * console.log(catalogue.registry.size, catalogue.health().status);
 * catalogue.close();
 * ```
 */
export class LiveCatalogue implements ServedCatalogue {
  /** The registry of every source's tools. */
  readonly registry: RegistryCore;
  readonly #directory: DirectorySources;
  readonly #upstreams: Map<string, UpstreamState>;
  readonly #options: Required<Omit<LiveCatalogueOptions, "dir" | "upstreams" | "policy">>;
  #queue: Promise<void> = Promise.resolve();
  #closed = false;
  #watch?: DirectoryWatch;
  #timer?: ReturnType<typeof setInterval>;

  private constructor(
    registry: RegistryCore,
    directory: (isUpstream: (key: string) => boolean) => DirectorySources,
    upstreams: readonly UpstreamServer[],
    options: Required<Omit<LiveCatalogueOptions, "dir" | "upstreams" | "policy">>,
  ) {
    this.registry = registry;
    this.#options = options;
    this.#upstreams = new Map(upstreams.map((server) => [server.namespace, { server, tools: 0 }]));
    const keys = new Set(upstreams.map((server) => serverKey(server.namespace)));
    this.#directory = directory((key) => keys.has(key));
  }

  /**
   * Loads the directory's files and fetches the upstreams' tools, then keeps them current as
   * the options say. A file that does not load is left out and reported (see `fileErrors`);
   * an upstream that does not answer is reported in the health.
   *
   * @throws {ConfigError} When the directory cannot be read, or the policy does not fit it.
   */
  static async open(options: LiveCatalogueOptions = {}): Promise<LiveCatalogue> {
    const dir = options.dir ?? BUNDLED_CONFIGS;
    const settings = {
      watch: options.watch ?? false,
      debounceMs: options.debounceMs ?? 150,
      refreshSeconds: options.refreshSeconds ?? 300,
      timeoutMs: options.timeoutMs ?? 10_000,
      report: options.report ?? ((message: string) => console.warn(message)),
    };
    // Watching begins, and the texts are read, before the files are loaded: an edit made while
    // the catalogue starts is then reloaded, never taken for one already applied.
    let catalogue: LiveCatalogue | undefined;
    let changedEarly = false;
    const onChange = () => catalogue ? catalogue.#reloadInBackground() : changedEarly = true;
    const watch = settings.watch
      ? await (await import("./_watch.ts")).watchDirectory(
        directoryUrl(dir),
        settings.debounceMs,
        onChange,
      )
      : undefined;
    try {
      const texts = settings.watch ? await directoryTexts(dir) : undefined;
      const loaded = await loadCatalogue(dir, { warn: settings.report, policy: options.policy });
      catalogue = new LiveCatalogue(
        loaded.registry,
        (isUpstream) =>
          new DirectorySources(dir, loaded, texts, {
            report: settings.report,
            isUpstream,
          }),
        options.upstreams ?? [],
        settings,
      );
      catalogue.#watch = watch;
      await catalogue.#start();
    } catch (error) {
      watch?.close();
      catalogue?.close();
      throw error;
    }
    if (changedEarly) catalogue.#reloadInBackground();
    return catalogue;
  }

  /** The errors of the directory's files whose latest version is not served. */
  fileErrors(): ConfigError[] {
    return this.#directory.errors();
  }

  /** How each source is doing: `degraded` while one fails. */
  health(): CatalogueHealth {
    const sources: SourceHealth[] = this.#directory.health();
    for (const { server, tools, problem } of this.#upstreams.values()) {
      sources.push({
        kind: "mcp_server",
        name: server.namespace,
        status: problem ? "failing" : "ok",
        tools,
        ...(problem ? { problem: problem.message, since: problem.since.toISOString() } : {}),
      });
    }
    const failing = sources.some((source) => source.status === "failing");
    return { status: failing ? "degraded" : "ok", sources };
  }

  /**
   * Reads the directory again and applies what changed; one reload at a time, each after the
   * one before it, whether that one succeeded or not.
   */
  reload(): Promise<void> {
    const run = this.#queue.then(() => this.#closed ? undefined : this.#directory.reload());
    this.#queue = run.catch(() => {});
    return run;
  }

  /** Fetches every upstream's tools again and applies them; a fetch under way is joined. */
  async refreshUpstreams(): Promise<void> {
    await Promise.all([...this.#upstreams.values()].map((state) => this.#refresh(state)));
  }

  /** Stops watching and refreshing; what is under way then changes nothing. */
  close(): void {
    this.#closed = true;
    this.#watch?.close();
    clearInterval(this.#timer);
  }

  #reloadInBackground(): void {
    this.reload().catch((error) => this.#options.report(`The reload failed: ${error}`));
  }

  async #start(): Promise<void> {
    const { refreshSeconds } = this.#options;
    await this.refreshUpstreams();
    if (this.#upstreams.size === 0 || refreshSeconds === 0) return;
    const timer = setInterval(() => {
      this.refreshUpstreams().catch((error) =>
        this.#options.report(`The refresh failed: ${error}`)
      );
    }, refreshSeconds * 1000);
    // The timer alone does not keep a process alive: the server does, while it serves.
    Deno.unrefTimer(timer);
    this.#timer = timer;
  }

  #refresh(state: UpstreamState): Promise<void> {
    state.fetching ??= this.#fetch(state).finally(() => {
      state.fetching = undefined;
    });
    return state.fetching;
  }

  async #fetch(state: UpstreamState): Promise<void> {
    const { namespace } = state.server;
    const { fetchUpstreamTools, UpstreamError } = await import("./upstream.ts");
    try {
      const { server, tools } = await fetchUpstreamTools(state.server, {
        timeoutMs: this.#options.timeoutMs,
        maxPages: MAX_PAGES,
      });
      if (this.#closed) return;
      replaceSource(this.registry, { kind: "mcp_server", server, tools });
      if (state.problem !== undefined || state.tools !== tools.length) {
        this.#options.report(`Upstream ${namespace}: ${tools.length} tools`);
      }
      state.tools = tools.length;
      state.problem = undefined;
    } catch (error) {
      const known = error instanceof UpstreamError || error instanceof InvalidToolError ||
        error instanceof InvalidBackendError;
      if (!known) throw error;
      const message = error instanceof UpstreamError ? error.reason : error.message;
      if (state.problem?.message !== message) {
        this.#options.report(
          `Upstream ${namespace} failed: ${message}${
            state.tools > 0 ? `; its last ${state.tools} tools are served` : ""
          }`,
        );
      }
      state.problem = { message, since: state.problem?.since ?? new Date() };
    }
  }
}
