/**
 * The tool-index service: builds the index once at cold start from the bundled `configs/` (or
 * the directory named by `CONFIG_DIR`) and answers search, summary and get over HTTP.
 *
 * Run it with `deno task start`, `deno serve main.ts`, or on Deno Deploy, unchanged: the
 * default export is an object with `fetch`.
 *
 * @module
 */
import { readCatalogue } from "./src/_catalogue.ts";
import { directoryUrl } from "./src/_paths.ts";
import { ConfigError } from "./src/errors.ts";
import { createApp } from "./src/http/app.ts";
import { SettingsError, settingsFromEnv } from "./src/http/settings.ts";
import type { CLImaxConfig } from "./src/models.ts";
import { indexOfValidConfigs } from "./src/tool_index.ts";

/**
 * The configs of the directory, validated: from its compiled catalogue when that is current
 * (see `deno task catalogue`), else from the YAML, whose parser is loaded only then.
 */
async function loadConfigs(dir: string | URL): Promise<CLImaxConfig[]> {
  const compiled = await readCatalogue(directoryUrl(dir)).catch(() => undefined);
  if (compiled) return compiled;
  const { loadConfigDir } = await import("./src/config.ts");
  return await loadConfigDir(dir);
}

async function start(): Promise<{ fetch: (request: Request) => Response | Promise<Response> }> {
  const settings = settingsFromEnv((name) => Deno.env.get(name));
  const configs = await loadConfigs(settings.configDir ?? new URL("./configs/", import.meta.url));
  if (configs.length === 0) {
    throw new ConfigError(String(settings.configDir ?? "configs/"), [{
      path: "",
      message: "No config files (*.yaml, *.yml) in this directory",
    }]);
  }
  const index = indexOfValidConfigs(configs, (message) => console.warn(message));
  return createApp(index, settings);
}

let app: Awaited<ReturnType<typeof start>>;
try {
  app = await start();
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof SettingsError)) throw error;
  // A config that does not load stops the start: no half-built index is ever served.
  console.error(`tool-index cannot start:\n${error.message}`);
  Deno.exit(1);
}

export default { fetch: app.fetch };
