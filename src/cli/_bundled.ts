// The bundled catalogue (configs/ of this package), for list and search with no file given.
import { readCatalogue } from "../_catalogue.ts";
import { loadConfigDir } from "../config.ts";
import { type CLImaxConfig, validateConfig } from "../models.ts";

const BUNDLED = new URL("../../configs/", import.meta.url);

/**
 * The bundled configs. From a local copy, the compiled catalogue when it is current, else the
 * YAML (as the service reads them). From a copy run over the network, such as from JSR, the
 * YAML would need `fetch` and `--allow-net`, so the compiled catalogue comes in as a JSON
 * module instead, loaded as the code is, with no read or net permission.
 *
 * @throws {ConfigError} When a bundled YAML config does not load.
 */
export async function bundledConfigs(): Promise<CLImaxConfig[]> {
  if (BUNDLED.protocol === "file:") {
    return await readCatalogue(BUNDLED).catch(() => undefined) ?? await loadConfigDir(BUNDLED);
  }
  const catalogue = await import("../../configs/_catalogue.json", { with: { type: "json" } });
  const configs: unknown[] = catalogue.default.configs;
  return configs.map((config, i) => validateConfig(config, { source: `configs[${i}]` }));
}
