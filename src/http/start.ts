// How the service starts: its settings from the environment, then its policy, then the catalogue
// of its config directory and upstream MCP servers, then the app. A start that cannot serve
// every config, whose policy file or MCP config does not load, or where two sources claim one
// namespace, stops with what to fix, unless the operator chose to serve the valid configs: no
// half-built catalogue is ever served unasked. Upstreams are never waited for: the service
// serves the rest at once, and each upstream's tools as they come.
import type { Hono } from "hono";
import { ConfigError } from "../errors.ts";
import { LiveCatalogue } from "../catalogue/live.ts";
import { HYBRID_MODE, hybridMode } from "../catalogue/hybrid_mode.ts";
import { BUNDLED_CONFIGS } from "../config/files.ts";
import { loadPolicyFile } from "../catalogue/policy_file.ts";
import { SOURCE_FILE_NAMES } from "../catalogue/source_kinds.ts";
import { createApp } from "./app.ts";
import { SettingsError, settingsFromEnv } from "./settings.ts";

/** Why the service cannot start, in the words its log shows. */
export class StartError extends Error {
  /** Makes the error; the message says what to fix. */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StartError";
  }
}

/** Every config file that does not load, when the operator did not choose to start without them. */
class InvalidConfigsError extends Error {
  constructor(errors: readonly ConfigError[]) {
    super(
      `${errors.map((error) => error.message).join("\n")}\n` +
        "Fix the files above, or set SKIP_INVALID_CONFIGS=1 to serve the others.",
      { cause: errors },
    );
    this.name = "InvalidConfigsError";
  }
}

/** How the service is started. */
export interface StartOptions {
  /**
   * Stop the upstreams' programs and end their sessions when the process is told to stop
   * (SIGINT, SIGTERM), then exit: what a process serving the app wants. Default `false`.
   */
  stopOnSignals?: boolean;
}

/**
 * The app of the service as the environment (read through `getEnv`, such as `Deno.env.get`)
 * configures it.
 *
 * @throws {StartError} When a setting is wrong, or a config does not load.
 */
export async function startService(
  getEnv: (name: string) => string | undefined,
  options: StartOptions = {},
): Promise<Hono> {
  try {
    return await start(getEnv, options);
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof InvalidConfigsError ||
      error instanceof SettingsError;
    if (!known) throw error;
    throw new StartError(`tool-index cannot start:\n${error.message}`, { cause: error });
  }
}

async function start(
  getEnv: (name: string) => string | undefined,
  options: StartOptions,
): Promise<Hono> {
  const settings = settingsFromEnv(getEnv);
  const warn = (message: string) => console.warn(message);
  const policy = settings.policyFile === null
    ? undefined
    : await loadPolicyFile(settings.policyFile, settings.configDir, warn);
  const hybrid = hybridMode(settings.configDir ?? BUNDLED_CONFIGS, warn);
  const catalogue = await LiveCatalogue.open({
    dir: settings.configDir ?? undefined,
    policy,
    watch: settings.watchConfig,
    upstreams: settings.upstreams,
    mcpConfig: settings.mcpConfig ?? undefined,
    readEnv: getEnv,
    refreshSeconds: settings.refreshSeconds,
    timeoutMs: settings.upstreamTimeoutSeconds * 1000,
    holdUpstreams: true,
    // The first answer does not wait for the code to be read: it is checked once it is sent.
    checkCodeLater: true,
    searchers: { [HYBRID_MODE]: hybrid.searcher },
  });
  hybrid.follow(catalogue.registry);
  const errors = catalogue.fileErrors();
  if (errors.length > 0 && !settings.skipInvalidConfigs) {
    await catalogue.close();
    throw new InvalidConfigsError(errors);
  }
  for (const error of errors) {
    console.warn(`Skipped ${error.source} (SKIP_INVALID_CONFIGS is set):\n${error.message}`);
  }
  const { sources } = catalogue.health();
  // Upstreams may come later: only a catalogue that can never hold a tool is refused.
  if (!sources.some((source) => source.kind !== "directory" && source.status !== "failing")) {
    await catalogue.close();
    throw new ConfigError(String(settings.configDir ?? "configs/"), [{
      path: "",
      message: errors.length > 0
        ? "No config file of this directory is valid, and no upstream MCP server is named"
        : `No config files (${SOURCE_FILE_NAMES}) in this directory, and no upstream MCP ` +
          "server is named",
    }]);
  }
  if (options.stopOnSignals) stopOnSignals(() => catalogue.close());
  return createApp(catalogue, settings, { coldStart: true });
}

/**
 * Runs `stop` when the process is told to stop, then exits: a second signal exits at once, for
 * an operator who will not wait for the upstreams' grace period.
 */
function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = () => {
    if (stopping) Deno.exit(1);
    stopping = true;
    stop().finally(() => Deno.exit(0));
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    try {
      Deno.addSignalListener(signal, onSignal);
    } catch {
      // Where the signal cannot be listened for (SIGTERM on Windows), the default stands.
    }
  }
}
