/**
 * The tool-index service: builds the index once at cold start from the bundled `configs/` (or
 * the directory named by `CONFIG_DIR`) and answers search, summary and get over HTTP.
 *
 * Run it with `deno task start`, `deno serve main.ts`, or on Deno Deploy, unchanged: the
 * default export is an object with `fetch`.
 *
 * @module
 */
import { readCompiledCatalogue } from "./src/_catalogue.ts";
import { restoreIndex } from "./src/_packed_index.ts";
import { directoryUrl } from "./src/_paths.ts";
import { ConfigError } from "./src/errors.ts";
import { createApp, type SkippedConfig } from "./src/http/app.ts";
import { SettingsError, settingsFromEnv } from "./src/http/settings.ts";
import type { CLImaxConfig } from "./src/models.ts";
import { indexOfValidConfigs, type ToolIndex } from "./src/tool_index.ts";

/** Every config file that does not load, when the operator did not choose to start without them. */
class InvalidConfigsError extends Error {
  constructor(errors: ConfigError[]) {
    super(errors.map((error) => error.message).join("\n"));
    this.name = "InvalidConfigsError";
  }
}

/**
 * The configs of the directory, validated: from its compiled catalogue when that is current
 * (see `deno task catalogue`), with the index built from them, else from the YAML, whose parser
 * is loaded only then. Every file that does not load is reported, not just the first.
 */
async function loadConfigs(
  dir: string | URL,
): Promise<{ configs: CLImaxConfig[]; errors: ConfigError[]; packed?: unknown }> {
  const compiled = await readCompiledCatalogue(directoryUrl(dir)).catch(() => undefined);
  if (compiled) return { configs: compiled.configs, errors: [], packed: compiled.index };
  const { loadConfigDir } = await import("./src/config.ts");
  const errors: ConfigError[] = [];
  const configs = await loadConfigDir(dir, { onError: (error) => errors.push(error) });
  return { configs, errors };
}

/** The index of `configs`: restored from the catalogue's packed index when it fits, else built. */
function indexOf(configs: CLImaxConfig[], packed: unknown): ToolIndex {
  const warn = (message: string) => console.warn(message);
  const restored = packed === undefined ? undefined : restoreIndex(configs, packed, warn);
  if (restored === undefined && packed !== undefined) {
    console.warn("The compiled catalogue's index does not fit its configs: building it instead");
  }
  return restored ?? indexOfValidConfigs(configs, warn);
}

async function start(): Promise<{ fetch: (request: Request) => Response | Promise<Response> }> {
  const settings = settingsFromEnv((name) => Deno.env.get(name));
  const dir = settings.configDir ?? new URL("./configs/", import.meta.url);
  const { configs, errors, packed } = await loadConfigs(dir);
  if (errors.length > 0 && !settings.skipInvalidConfigs) throw new InvalidConfigsError(errors);
  const skipped: SkippedConfig[] = errors.map((error) => ({
    // The name within the directory: where the server keeps its files is not the public's.
    file: error.source.slice(error.source.lastIndexOf("/") + 1),
    problems: error.issues.length,
  }));
  for (const error of errors) {
    console.warn(`Skipped ${error.source} (SKIP_INVALID_CONFIGS is set):\n${error.message}`);
  }
  if (configs.length === 0) {
    throw new ConfigError(String(settings.configDir ?? "configs/"), [{
      path: "",
      message: errors.length > 0
        ? "No config file of this directory is valid"
        : "No config files (*.yaml, *.yml) in this directory",
    }]);
  }
  const index = indexOf(configs, packed);
  return createApp(index, settings, { skipped });
}

let app: Awaited<ReturnType<typeof start>>;
try {
  app = await start();
} catch (error) {
  const known = error instanceof ConfigError || error instanceof InvalidConfigsError ||
    error instanceof SettingsError;
  if (!known) throw error;
  // A config that does not load stops the start: no half-built index is ever served.
  console.error(`tool-index cannot start:\n${error.message}`);
  if (error instanceof InvalidConfigsError) {
    console.error("Fix the files above, or set SKIP_INVALID_CONFIGS=1 to serve the others.");
  }
  Deno.exit(1);
}

export default { fetch: app.fetch };
