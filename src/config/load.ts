/**
 * Config files → validated configs: one file (or a bundled config by name), or every config
 * file of a directory. Needs `--allow-read`.
 *
 * @module
 */
import { ConfigError } from "../errors.ts";
import type { CLImaxConfig } from "../types.ts";
import { describeValue } from "../_json_value.ts";
import { closest } from "../_suggest.ts";
import {
  optionalFunction,
  optionsObject,
  type ValidateOptions,
  validateOptions,
} from "../_options.ts";
import {
  BUNDLED_CONFIGS,
  directoryUrl,
  fileProblem,
  permissionProblem,
  readConfigText,
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

function filePathOf(url: URL): string {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    throw new ConfigError(url.href, [{
      path: "",
      message: "The file: URL has malformed percent-escapes",
    }]);
  }
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

/**
 * What `read` makes of each file of the directory `dir` that `list` names, in name order; a
 * file that is not valid (`read` throws a `ConfigError`) goes to `onError` instead. Files are
 * named in messages by the directory as given, then the name.
 *
 * @throws {ConfigError} When the directory cannot be read.
 */
export async function readDirectoryFiles<T>(
  dir: string | URL,
  list: (folder: URL) => Promise<string[]>,
  read: (text: string, source: string, name: string) => T,
  onError: (error: ConfigError) => void,
): Promise<T[]> {
  const folder = directoryUrl(dir);
  const place = dir instanceof URL ? filePathOf(dir) : dir;
  let names: string[];
  try {
    names = await list(folder);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) fileProblem(place, "Directory not found");
    if (error instanceof Deno.errors.NotADirectory) fileProblem(place, "Not a directory");
    const denied = permissionProblem(error);
    if (denied) fileProblem(place, `The directory cannot be read: ${denied}`);
    throw error;
  }
  const found: T[] = [];
  for (const name of names) {
    const source = join(place, name);
    try {
      found.push(
        read(await readSourceText(new URL(encodeURIComponent(name), folder), source), source, name),
      );
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      onError(error);
    }
  }
  return found;
}

function join(dir: string, name: string): string {
  return dir.endsWith("/") ? `${dir}${name}` : `${dir}/${name}`;
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

/**
 * The file a path or a `file:` URL names, and the name its errors give it: the path, or the URL's
 * decoded path.
 *
 * @throws {ConfigError} For a URL that is not `file:` or whose escapes are malformed, or for
 * anything but a non-empty path; `expected` says what was expected.
 */
export function fileTarget(
  path: string | URL,
  expected: string,
): { target: string | URL; source: string } {
  if (path instanceof URL) {
    if (path.protocol !== "file:") {
      throw new ConfigError(path.href, [{
        path: "",
        message: `Only file: URLs can be loaded, got a ${path.protocol} URL`,
      }]);
    }
    return { target: path, source: filePathOf(path) };
  }
  if (typeof path !== "string" || path === "") {
    throw new ConfigError(String(path), [{ path: "", message: expected }]);
  }
  return { target: path, source: path };
}

/**
 * The text of a config or tool list file, with what keeps it from being read worded as a
 * `ConfigError`; `bundled` words a missing file as a bundled name that is not there.
 *
 * @throws {ConfigError} When the file cannot be read or is no config file.
 */
export async function readSourceText(
  target: string | URL,
  source: string,
  bundled = false,
): Promise<string> {
  try {
    return await readConfigText(target, source);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    if (error instanceof Deno.errors.NotFound) {
      fileProblem(source, bundled ? await noBundledConfig(source) : "File not found");
    }
    const denied = permissionProblem(error);
    if (denied) fileProblem(source, `The file cannot be read: ${denied}`);
    // Whatever else the file system says (a symlink loop, an I/O error) is about this file.
    fileProblem(
      source,
      `The file cannot be read: ${error instanceof Error ? error.message : error}`,
    );
  }
}

/** Why the bundled name of `source` (`configs/<name>.yaml`) names no config, with those it may mean. */
async function noBundledConfig(source: string): Promise<string> {
  const name = source.slice("configs/".length, -".yaml".length);
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(BUNDLED_CONFIGS)) {
      if (entry.isFile && /^[^_].*\.yaml$/.test(entry.name)) names.push(entry.name.slice(0, -5));
    }
  } catch {
    // Without leave to list the bundled configs, the message names none.
  }
  names.sort();
  const near = closest(name, names);
  const meant = near === undefined ? "." : `; did you mean "${near}"?`;
  return `No bundled config has this name${meant}${
    names.length > 0 ? ` The bundled configs: ${names.join(", ")}` : ""
  }`;
}
