// A catalogue that stays current while the service runs: the files of a directory, reloaded
// when they change, and the tools of upstream MCP servers, named by the service's settings and
// by an MCP config file (reloaded when it changes too), each listed when it answers and again
// when it says its tools changed or at an interval. Every source that fails keeps what it last
// loaded in the registry and is reported in the health until it loads again: a broken file or
// a server that is down never empties the catalogue, and none is waited for at the start.
//
// The upstreams' client and the watching of files are loaded, and timers set (a process's first
// loads Deno's timers), only by a catalogue that uses them: a cold start of the bundled
// catalogue, on Deno Deploy, needs none.
import { ConfigError } from "../errors.ts";
import { messageOf } from "../_error_message.ts";
import { BUNDLED_CONFIGS, directoryUrl } from "../config/files.ts";
import type { EnvReader, McpServerConfig } from "../config/mcp_config.ts";
import type { RegistryCore } from "../registry/registry_core.ts";
import type { BackendCaller } from "../call/call_tool.ts";
import type { PolicyConfig } from "../policy_types.ts";
import { loadCatalogue, type LoadOptions } from "./load.ts";
import { codeIsCurrent } from "./compiled.ts";
import type { CatalogueHealth, ServedCatalogue, SourceHealth } from "./served.ts";
import { DirectorySources, directoryTexts } from "./_directory_sources.ts";
import { McpConfigFile, readMcpConfigFile, sameNamespaces } from "./_mcp_config_file.ts";
import type { Upstreams } from "./_upstreams.ts";
import type { DirectoryWatch } from "./_watch.ts";

/** How a live catalogue is made and kept current. */
export interface LiveCatalogueOptions {
  /** The directory of YAML configs and MCP tool lists; default the bundled catalogue. */
  dir?: string | URL;
  /** Reload the directory's files, and the MCP config file, when they change. Default `false`. */
  watch?: boolean;
  /** How many milliseconds the files must be quiet after a change before a reload. Default 150. */
  debounceMs?: number;
  /** Upstream MCP servers whose tools are served, beside those of `mcpConfig`. */
  upstreams?: readonly McpServerConfig[];
  /**
   * The path of an MCP config file in the clients' form (`mcpServers`, or VS Code's `servers`)
   * whose servers' tools are served; see `parseMcpConfig`.
   */
  mcpConfig?: string;
  /** Reads the environment: the MCP config's `${VAR}`s, what its programs need to start. */
  readEnv?: EnvReader;
  /** Whether stdio servers may be started. Default: whether this process may run programs. */
  canRun?: boolean;
  /**
   * Leave the upstreams unstarted until `serving()` is called, or a second has passed: a
   * service answers its first request before it starts programs. Default `false`.
   */
  holdUpstreams?: boolean;
  /** Seconds between listings of the upstreams that do not say when their tools change; 0 for never. */
  refreshSeconds?: number;
  /** The most milliseconds an upstream may take to start and answer, then to list. Default 10,000. */
  timeoutMs?: number;
  /** Receives each message for the operator. Default `console.warn`. */
  report?: (message: string) => void;
  /**
   * A policy applied to the configs' tools, at the start and at every reload (see
   * `loadCatalogue`). It is read once: a changed policy file takes a restart.
   */
  policy?: PolicyConfig;
  /** Searches of modes of their own for the registry (see `ToolRegistryOptions.searchers`). */
  searchers?: LoadOptions["searchers"];
  /**
   * Take the directory's compiled catalogue without hashing the code at the start, and check
   * the code once `serving()` is called: a catalogue that other code compiled is then read
   * again from its files, and its search built again. Default `false`: checked at the start.
   */
  checkCodeLater?: boolean;
  /** The folder of the code that `checkCodeLater` checks: this package's `src/`, or a test's. */
  code?: URL;
}

/** The longest the upstreams are held back when the service is not asked anything. */
const HOLD_MS = 1000;

type Settings = {
  code?: URL;
  watch: boolean;
  debounceMs: number;
  refreshSeconds: number;
  report: (message: string) => void;
  readEnv: EnvReader;
};

/**
 * The tools of a directory and of upstream MCP servers, kept current, in one registry.
 *
 * @example
 * ```ts ignore
 * const catalogue = await LiveCatalogue.open({ dir: "configs/", mcpConfig: "mcp.json" });
 * await catalogue.ready();
 * console.log(catalogue.registry.size, catalogue.health().status);
 * await catalogue.close();
 * ```
 */
export class LiveCatalogue implements ServedCatalogue {
  /** The registry of every source's tools. */
  readonly registry: RegistryCore;
  /** The caller of MCP tools, through their servers, when the catalogue names any. */
  readonly callers: { mcp?: BackendCaller };
  readonly #directory: DirectorySources;
  /** The upstreams, where the catalogue names any: the MCP config file may name them later. */
  readonly #upstreams?: Upstreams;
  readonly #fixed: readonly McpServerConfig[];
  readonly #mcpConfig?: McpConfigFile;
  readonly #settings: Settings;
  #queue: Promise<void> = Promise.resolve();
  #closed = false;
  #watches: DirectoryWatch[] = [];
  #timer?: ReturnType<typeof setInterval>;
  /** Whether the code that compiled the catalogue is to be checked once the service answers. */
  #codeUnchecked = false;
  /** The check of that code, once begun, and what it led to. */
  #codeCheck?: Promise<void>;

  private constructor(
    registry: RegistryCore,
    directory: (upstreamPlace: (namespace: string) => string | undefined) => DirectorySources,
    upstreams: Upstreams | undefined,
    fixed: readonly McpServerConfig[],
    mcpConfig: McpConfigFile | undefined,
    settings: Settings,
  ) {
    this.registry = registry;
    this.callers = upstreams === undefined ? {} : { mcp: upstreams.caller() };
    this.#upstreams = upstreams;
    this.#fixed = fixed;
    this.#mcpConfig = mcpConfig;
    this.#settings = settings;
    this.#directory = directory((namespace) => upstreams?.configOf(namespace)?.place);
  }

  /**
   * Loads the directory's files and starts the upstreams, then keeps them current as the
   * options say. Upstreams are not waited for (see `ready`): their tools join as they answer.
   * A file that does not load is left out and reported (see `fileErrors`).
   *
   * @throws {ConfigError} When the directory or the MCP config file cannot be read or is not
   * valid, when two upstreams claim one namespace, or when the policy does not fit.
   */
  static async open(options: LiveCatalogueOptions = {}): Promise<LiveCatalogue> {
    const dir = options.dir ?? BUNDLED_CONFIGS;
    const settings: Settings = {
      code: options.code,
      watch: options.watch ?? false,
      debounceMs: options.debounceMs ?? 150,
      refreshSeconds: options.refreshSeconds ?? 300,
      report: options.report ?? ((message: string) => console.warn(message)),
      readEnv: options.readEnv ?? readDenoEnv,
    };
    // Watching begins, and the texts are read, before the files are loaded: an edit made while
    // the catalogue starts is then reloaded, never taken for one already applied.
    let catalogue: LiveCatalogue | undefined;
    const early = { directory: false, mcpConfig: false };
    const watches: DirectoryWatch[] = [];
    let upstreams: Upstreams | undefined;
    try {
      if (settings.watch) {
        const { watchDirectory, watchFile } = await import("./_watch.ts");
        watches.push(
          await watchDirectory(
            directoryUrl(dir),
            settings.debounceMs,
            () => catalogue ? catalogue.#reloadInBackground() : early.directory = true,
          ),
        );
        if (options.mcpConfig !== undefined) {
          watches.push(
            await watchFile(
              options.mcpConfig,
              settings.debounceMs,
              () => catalogue ? catalogue.#reloadMcpConfigInBackground() : early.mcpConfig = true,
            ),
          );
        }
      }
      const texts = settings.watch ? await directoryTexts(dir) : undefined;
      const { policy, searchers, checkCodeLater } = options;
      const loaded = await loadCatalogue(dir, {
        warn: settings.report,
        policy,
        searchers,
        checkCodeLater,
      });
      const fixed = options.upstreams ?? [];
      // Loaded while the MCP config is read: two imports under way at once cost about one.
      const upstreamCode = fixed.length > 0 || options.mcpConfig !== undefined
        ? import("./_upstreams.ts")
        : undefined;
      const read = options.mcpConfig === undefined
        ? { servers: [], refused: [] }
        : await readMcpConfigFile(options.mcpConfig, settings.readEnv);
      const clash = sameNamespaces([...fixed, ...read.servers]);
      if (clash !== undefined) throw new ConfigError(options.mcpConfig ?? "MCP_SERVERS", [clash]);
      if (upstreamCode !== undefined) {
        const { Upstreams, mayRunPrograms } = await upstreamCode;
        upstreams = new Upstreams(loaded.registry, {
          timeoutMs: options.timeoutMs ?? 10_000,
          canRun: options.canRun ?? mayRunPrograms(),
          report: settings.report,
          readEnv: settings.readEnv,
        });
        await upstreams.apply([...fixed, ...read.servers]);
      }
      catalogue = new LiveCatalogue(
        loaded.registry,
        (upstreamPlace) =>
          new DirectorySources(dir, loaded, texts, { report: settings.report, upstreamPlace }),
        upstreams,
        fixed,
        options.mcpConfig === undefined
          ? undefined
          : new McpConfigFile(options.mcpConfig, settings.report),
        settings,
      );
      // An entry with problems is left out, and said, as at every reload: the others are served.
      if (read.refused.length > 0) {
        catalogue.#mcpConfig!.fail(
          new ConfigError(options.mcpConfig!, read.refused.flatMap((entry) => entry.issues)),
          "left out",
        );
      }
      catalogue.#watches = watches;
      catalogue.#codeUnchecked = loaded.compiled && checkCodeLater === true;
      if (upstreams !== undefined) {
        if (options.holdUpstreams) {
          // Not a setTimeout: a process's first loads Deno's timers, milliseconds the first
          // answer would wait for. This timer is not one, and keeps a process up to a second.
          const started = catalogue;
          AbortSignal.timeout(HOLD_MS).addEventListener("abort", () => started.serving());
        } else {
          catalogue.#startUpstreams();
        }
      }
    } catch (error) {
      for (const watch of watches) watch.close();
      await (catalogue?.close() ?? upstreams?.stop());
      throw error;
    }
    if (early.directory) catalogue.#reloadInBackground();
    if (early.mcpConfig) catalogue.#reloadMcpConfigInBackground();
    return catalogue;
  }

  /** The errors of the directory's files whose latest version is not served. */
  fileErrors(): ConfigError[] {
    return this.#directory.errors();
  }

  /** How each source is doing: `degraded` while one fails or cannot run here. */
  health(): CatalogueHealth {
    const upstreams = this.#upstreams?.health() ?? [];
    const sources: SourceHealth[] = [...this.#directory.health(), ...upstreams];
    if (this.#mcpConfig !== undefined) sources.push(this.#mcpConfig.health());
    const failing = sources.some((source) =>
      source.status === "failing" || source.status === "not_runnable"
    );
    return { status: failing ? "degraded" : "ok", sources };
  }

  /**
   * Starts the upstreams held back by `holdUpstreams`, once the service answers; registers the
   * compiled catalogue's sources and makes the search restored from it, which no answer has
   * needed yet if the first one only read the catalogue's facts (a health check); and, with
   * `checkCodeLater`, checks the code that compiled it.
   */
  serving(): void {
    if (this.#closed) return;
    this.#startUpstreams();
    this.registry.makeAdoptedSearch();
    if (this.#codeUnchecked) this.#checkCode();
  }

  /**
   * Resolves once every upstream has answered its first `tools/list`, or failed to, and the
   * code check that `serving()` began, if any, is done.
   */
  async ready(): Promise<void> {
    await Promise.all([this.#upstreams?.ready(), this.#codeCheck]);
  }

  /**
   * Reads the directory again and applies what changed; one reload at a time, each after the
   * one before it, whether that one succeeded or not.
   */
  reload(): Promise<void> {
    return this.#enqueue(async () => {
      await this.#directory.reload();
      // An entry refused for a namespace a file held may be let in now.
      if (this.#mcpConfig?.failing) await this.#applyMcpConfig();
    });
  }

  /**
   * Reads the MCP config file again and applies what changed (servers of entries that came start,
   * of those that went stop, of changed ones restart); an invalid file changes nothing.
   */
  reloadMcpConfig(): Promise<void> {
    return this.#enqueue(() => this.#applyMcpConfig());
  }

  /** Lists every upstream's tools again now; a listing under way is joined. */
  refreshUpstreams(): Promise<void> {
    return this.#upstreams?.refresh() ?? Promise.resolve();
  }

  /**
   * Stops watching and refreshing, and stops the upstreams: resolves once their programs have
   * ended (TERM, then KILL after a grace period) and their sessions are closed.
   */
  async close(): Promise<void> {
    this.#closed = true;
    for (const watch of this.#watches) watch.close();
    // Naming clearInterval loads Deno's timers: not done where no timer was made.
    if (this.#timer !== undefined) clearInterval(this.#timer);
    // A reload applying an MCP config may be stopping servers: they end before this does.
    await this.#queue;
    await this.#upstreams?.stop();
  }

  #enqueue(work: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(() => this.#closed ? undefined : work());
    this.#queue = run.catch(() => {});
    return run;
  }

  #reloadInBackground(): void {
    this.reload().catch((error) => this.#settings.report(`The reload failed: ${error}`));
  }

  #reloadMcpConfigInBackground(): void {
    this.reloadMcpConfig().catch((error) =>
      this.#settings.report(`The reload of the MCP config failed: ${error}`)
    );
  }

  async #applyMcpConfig(): Promise<void> {
    // A catalogue with an MCP config file has upstreams.
    await this.#mcpConfig?.apply(
      this.#upstreams!,
      this.#fixed,
      (namespace) => this.#directory.placeOf(namespace),
      this.#settings.readEnv,
    );
  }

  /**
   * Checks, once, that this code compiled the catalogue: one that other code compiled may hold
   * other sources and another search than this code makes of the same files, so they are read
   * and indexed again.
   */
  #checkCode(): void {
    this.#codeUnchecked = false;
    const report = this.#settings.report;
    // Code that cannot be read is not known to be this code's: the files are read again.
    this.#codeCheck = codeIsCurrent(this.#settings.code).catch(() => false).then((current) => {
      if (current) return;
      report(
        "The compiled catalogue may have been compiled by other code than this: its files are " +
          "read and indexed again. Run `deno task catalogue` to compile it with this code.",
      );
      // The search first: from now on no answer comes from the other code's tables.
      this.registry.rebuildSearch();
      return this.#enqueue(() => this.#directory.reloadAll()).catch((error) =>
        report(`The compiled catalogue's files could not be read again: ${messageOf(error)}`)
      );
    });
  }

  /** Starts the upstreams (again, it does nothing), and their polling once. */
  #startUpstreams(): void {
    const upstreams = this.#upstreams;
    if (upstreams === undefined) return;
    upstreams.start();
    const { refreshSeconds } = this.#settings;
    if (refreshSeconds === 0 || this.#timer !== undefined) return;
    const timer = setInterval(() => {
      upstreams.poll().catch((error) => this.#settings.report(`The refresh failed: ${error}`));
    }, refreshSeconds * 1000);
    // The timer alone does not keep a process alive: the server does, while it serves.
    Deno.unrefTimer(timer);
    this.#timer = timer;
  }
}

/** A variable of this process's environment, or `undefined` where none may be read. */
function readDenoEnv(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}
