// Where a running service, and the command line given no file, get their tools: a directory of
// configs, by default the bundled catalogue. A directory's compiled catalogue is read when it is
// current (see `compiled.ts`), with the index packed in it; else the YAML is parsed, by a parser
// loaded only then, and the index built.
import type { ConfigError } from "../errors.ts";
import type { CLImaxConfig } from "../types.ts";
import { BUNDLED_CONFIGS, directoryUrl } from "../config/files.ts";
import { validateConfig } from "../config/validate.ts";
import { indexOfValidConfigs, type ToolIndex } from "../index/tool_index.ts";
import { readCompiledCatalogue } from "./compiled.ts";
import { restoreIndex } from "./_packed_index.ts";

/** The configs of a directory, and the way to their index. */
export interface Catalogue {
  /** The valid configs, in file name order. */
  configs: CLImaxConfig[];
  /** The error of each file that is not a valid config, in file name order; each is left out. */
  errors: ConfigError[];
  /**
   * The index of `configs`: restored from the compiled catalogue when it has one that fits,
   * else built. Warnings (a duplicate tool name) go to `warn`, by default `console.warn`.
   */
  index(warn?: (message: string) => void): ToolIndex;
}

/**
 * The configs of `dir` (a path or a `file:` URL; default the bundled catalogue): from its
 * compiled catalogue when that is current, else from the YAML. Every file that does not load is
 * reported in `errors`, not just the first.
 */
export async function loadCatalogue(dir: string | URL = BUNDLED_CONFIGS): Promise<Catalogue> {
  const compiled = await readCompiledCatalogue(directoryUrl(dir)).catch(() => undefined);
  if (compiled) {
    const { configs, index: packed } = compiled;
    return {
      configs,
      errors: [],
      index(warn = (message) => console.warn(message)) {
        if (packed === undefined) return indexOfValidConfigs(configs, warn);
        const restored = restoreIndex(configs, packed, warn);
        if (restored !== undefined) return restored;
        warn("The compiled catalogue's index does not fit its configs: building it instead");
        return indexOfValidConfigs(configs, warn);
      },
    };
  }
  // Parsing YAML is the slowest part of a cold start, and its parser the largest module.
  const { loadConfigDir } = await import("../config/load.ts");
  const errors: ConfigError[] = [];
  const configs = await loadConfigDir(dir, { onError: (error) => errors.push(error) });
  return {
    configs,
    errors,
    index: (warn = (message) => console.warn(message)) => indexOfValidConfigs(configs, warn),
  };
}

/**
 * The bundled configs. From a local copy, as `loadCatalogue` reads them. From a copy run over
 * the network, such as from JSR, the YAML would need `fetch` and `--allow-net`, so the compiled
 * catalogue comes in as a JSON module instead, loaded as the code is, with no read or net
 * permission.
 *
 * @throws {ConfigError} The first error of a bundled YAML config that does not load.
 */
export async function bundledConfigs(): Promise<CLImaxConfig[]> {
  if (BUNDLED_CONFIGS.protocol === "file:") {
    const { configs, errors } = await loadCatalogue(BUNDLED_CONFIGS);
    if (errors.length > 0) throw errors[0];
    return configs;
  }
  const catalogue = await import("../../configs/_catalogue.json", { with: { type: "json" } });
  const configs: unknown[] = catalogue.default.configs;
  return configs.map((config, i) => validateConfig(config, { source: `configs[${i}]` }));
}
