// How the service starts: its settings from the environment, then its policy, then the catalogue
// of its config directory and upstream MCP servers, then the app. A start that cannot serve
// every config, or whose policy file does not load, stops with what to fix, unless the operator
// chose to serve the valid configs: no half-built catalogue is ever served unasked. An upstream that does not answer is reported, not fatal: the service
// serves the rest, and fetches the upstream's tools again at each refresh.
import type { Hono } from "hono";
import { ConfigError } from "../errors.ts";
import { LiveCatalogue } from "../catalogue/live.ts";
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

/**
 * The app of the service as the environment (read through `getEnv`, such as `Deno.env.get`)
 * configures it.
 *
 * @throws {StartError} When a setting is wrong, or a config does not load.
 */
export async function startService(
  getEnv: (name: string) => string | undefined,
): Promise<Hono> {
  try {
    return await start(getEnv);
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof InvalidConfigsError ||
      error instanceof SettingsError;
    if (!known) throw error;
    throw new StartError(`tool-index cannot start:\n${error.message}`, { cause: error });
  }
}

async function start(getEnv: (name: string) => string | undefined): Promise<Hono> {
  const settings = settingsFromEnv(getEnv);
  const warn = (message: string) => console.warn(message);
  const policy = settings.policyFile === null
    ? undefined
    : await loadPolicyFile(settings.policyFile, settings.configDir, warn);
  const catalogue = await LiveCatalogue.open({
    dir: settings.configDir ?? undefined,
    policy,
    watch: settings.watchConfig,
    upstreams: settings.upstreams,
    refreshSeconds: settings.refreshSeconds,
    timeoutMs: settings.upstreamTimeoutSeconds * 1000,
  });
  const errors = catalogue.fileErrors();
  if (errors.length > 0 && !settings.skipInvalidConfigs) {
    catalogue.close();
    throw new InvalidConfigsError(errors);
  }
  for (const error of errors) {
    console.warn(`Skipped ${error.source} (SKIP_INVALID_CONFIGS is set):\n${error.message}`);
  }
  const { sources } = catalogue.health();
  if (!sources.some((source) => source.status === "ok" && source.kind !== "directory")) {
    catalogue.close();
    const upstreams = settings.upstreams.length > 0 ? " and no upstream MCP server answered" : "";
    throw new ConfigError(String(settings.configDir ?? "configs/"), [{
      path: "",
      message: errors.length > 0
        ? `No config file of this directory is valid${upstreams}`
        : `No config files (${SOURCE_FILE_NAMES}) in this directory${upstreams}`,
    }]);
  }
  return createApp(catalogue, settings);
}
