/**
 * Config files → validated configs: one file (or a bundled config by name), or every config
 * file of a directory. Needs `--allow-read`.
 *
 * @module
 */
import { ConfigError } from "../errors.ts";
import type { CLImaxConfig } from "../types.ts";
import { describeValue } from "../_json_value.ts";
import {
  optionalFunction,
  optionsObject,
  type ValidateOptions,
  validateOptions,
} from "../_options.ts";
import {
  BUNDLED_CONFIGS,
  fileTarget,
  readDirectoryFiles,
  readSourceText,
  yamlFileNames,
} from "./files.ts";
import { parseConfig } from "./parse.ts";

/** Options of `loadConfig`. */
export interface LoadConfigOptions {
  /** Report keys the format does not know as issues instead of warnings. */
  strict?: boolean;
  /** Receives each warning; default `console.warn` of the message. */
  onWarning?: ValidateOptions["onWarning"];
}

/** Options of `loadConfigDir`. */
export interface LoadConfigDirOptions extends LoadConfigOptions {
  /**
   * Receives the error of each file that is not a valid config, and the loading goes on
   * without that file. Without it, the first such error (in file name order) is thrown once
   * every file has been read.
   */
  onError?: (error: ConfigError) => void;
}

const BUNDLED_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/**
 * Reads and parses a config file. A bare name, with no `/` or `\` and no `.yaml`/`.yml`
 * suffix, names a bundled config (`configs/<name>.yaml` of this package) and can never reach
 * outside that folder; anything else is a path or a `file:` URL. Needs `--allow-read`.
 *
 * @throws {ConfigError} When the file is missing, not a regular file, larger than
 * `MAX_CONFIG_SIZE`, not UTF-8 text, or not a valid config.
 * @example
 * ```ts ignore
 * import { loadConfig, ToolIndex } from "@climax/tool-index";
 *
 * const index = ToolIndex.fromConfigs([await loadConfig("git"), await loadConfig("./my-cli.yaml")]);
 * ```
 */
export async function loadConfig(
  nameOrPath: string | URL,
  options?: LoadConfigOptions,
): Promise<CLImaxConfig> {
  const checked = validateOptions(options);
  const { target, source, bundled } = resolveTarget(nameOrPath);
  const text = await readSourceText(target, source, bundled);
  return parseConfig(text, { ...checked, source });
}

/**
 * Loads every `*.yaml` and `*.yml` file of a directory (not its subdirectories), in file name
 * order, so that two processes reading the same directory build the same index. Policy files
 * (`*.policy.yaml`, `*.policy.yml`; see `loadPolicy`) are not configs, and are left out. Needs
 * `--allow-read`.
 *
 * @throws {ConfigError} When the directory cannot be read, or, without `onError`, when a file
 * is not a valid config.
 * @throws {RangeError} When `options` is not an object or a handler in it not a function.
 * @example
 * ```ts ignore
 * import { loadConfigDir, ToolIndex } from "@climax/tool-index";
 *
 * const skipped: string[] = [];
 * const configs = await loadConfigDir("./configs", { onError: (error) => skipped.push(error.message) });
 * const index = ToolIndex.fromConfigs(configs);
 * ```
 */
export async function loadConfigDir(
  dir: string | URL,
  options?: LoadConfigDirOptions,
): Promise<CLImaxConfig[]> {
  const { strict, onWarning: warning, onError: given } = optionsObject(options);
  const onWarning = optionalFunction(warning, "onWarning");
  const onError = optionalFunction(given, "onError");
  if (typeof dir !== "string" && !(dir instanceof URL)) {
    throw new ConfigError(String(dir), [{
      path: "",
      message: `Expected a directory path or a file: URL, got ${describeValue(dir)}`,
    }]);
  }
  let firstError: ConfigError | undefined;
  const configs = await readDirectoryFiles(
    dir,
    yamlFileNames,
    (text, source) => parseConfig(text, { strict, onWarning, source }),
    (error) => {
      if (onError) onError(error);
      else firstError ??= error;
    },
  );
  if (firstError) throw firstError;
  return configs;
}

function isBundledName(name: string): boolean {
  return !name.includes("/") && !name.includes("\\") && !/\.ya?ml$/i.test(name);
}

function resolveTarget(
  nameOrPath: string | URL,
): { target: string | URL; source: string; bundled: boolean } {
  const file = fileTarget(
    nameOrPath,
    "Expected a bundled config name, a file path or a file: URL",
  );
  if (nameOrPath instanceof URL || !isBundledName(nameOrPath)) return { ...file, bundled: false };
  if (!BUNDLED_NAME.test(nameOrPath) || nameOrPath.includes("..")) {
    throw new ConfigError(nameOrPath, [{
      path: "",
      message: "Not a bundled config name: use letters, digits, '-', '_' and '.' only",
    }]);
  }
  return {
    target: new URL(`${nameOrPath}.yaml`, BUNDLED_CONFIGS),
    source: `configs/${nameOrPath}.yaml`,
    bundled: true,
  };
}
