/**
 * Reading CLImax configs from YAML text, files and the bundled catalogue.
 *
 * @module
 */
import { ConfigError } from "./errors.ts";
import type { CLImaxConfig } from "./models.ts";
import { modelSchemas } from "./_schemas.ts";
import { copyPlainConfig } from "./_plain_config.ts";
import { describeValue } from "./_json_value.ts";
import { optionalFunction, optionsObject } from "./_options.ts";
import {
  DEFAULT_SOURCE,
  type Locator,
  validateData,
  type ValidateOptions,
  validateOptions,
} from "./_validate.ts";
import { directoryUrl, yamlFileNames } from "./_paths.ts";
import { readYaml } from "./_yaml.ts";

/**
 * The largest config accepted, in bytes for a file and in characters for text: 4 MiB, room for
 * thousands of tools while keeping a hostile file from tying up a process.
 */
export const MAX_CONFIG_SIZE: number = 4 * 1024 * 1024;

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
 * Parses YAML text as a CLImax config and returns it fully defaulted. The YAML is read as
 * YAML 1.1, like the Python original's PyYAML: `yes`/`no`/`on`/`off` are booleans.
 *
 * @throws {ConfigError} For a YAML syntax error, duplicate keys, too many alias expansions, text
 * over `MAX_CONFIG_SIZE`, or anything that is not a valid config; each issue has a line and
 * column.
 * @throws {RangeError} When `options` is not an object or `onWarning` not a function.
 * @example
 * ```ts
 * import { parseConfig } from "@climax/tool-index";
 *
 * const config = parseConfig(
 *   `
 * name: git-tools
 * command: git
 * category: vcs
 * tools:
 *   - name: git_status
 *     description: Show the working tree status
 *     command: status
 * `,
 *   { source: "git.yaml" },
 * );
 * console.log(config.tools[0].args); // []
 * ```
 */
export function parseConfig(yamlText: string, options: ValidateOptions = {}): CLImaxConfig {
  return parseLocatedConfig(yamlText, options).config;
}

/** A config parsed from YAML text, and where each part of it stands in that text. */
export interface LocatedConfig {
  /** The validated, fully defaulted config. */
  config: CLImaxConfig;
  /** Finds the line and column of the YAML node at a data path such as `["tools", 0, "name"]`. */
  locate: Locator;
}

/**
 * Parses YAML text as `parseConfig` does, and keeps the locator of its YAML nodes, so that
 * checks made on the validated config (the command line's warnings) can point into the text.
 *
 * @throws {ConfigError} As `parseConfig` does.
 */
export function parseLocatedConfig(yamlText: string, options?: ValidateOptions): LocatedConfig {
  const checked = validateOptions(options);
  const source = checked.source ?? DEFAULT_SOURCE;
  if (typeof yamlText !== "string") {
    throw new ConfigError(source, [{
      path: "",
      message: `Expected YAML text, got ${describeValue(yamlText)}`,
    }]);
  }
  if (yamlText.length > MAX_CONFIG_SIZE) {
    throw new ConfigError(source, [{
      path: "",
      message: `The config is ${yamlText.length} characters, over the limit of ${MAX_CONFIG_SIZE}`,
      line: 1,
      column: 1,
    }]);
  }
  const { value, locate } = readYaml(yamlText, source);
  if (value === null || value === undefined) {
    throw new ConfigError(source, [{
      path: "",
      message: "The config is empty; expected a mapping with at least command and tools",
      line: 1,
      column: 1,
    }]);
  }
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new ConfigError(source, [{
      path: "",
      message: `Expected a mapping with keys such as command and tools at the top level, got ${
        describeValue(value)
      }`,
      ...(locate([], "value") ?? { line: 1, column: 1 }),
    }]);
  }
  return {
    config: copyPlainConfig(value) ??
      validateData(modelSchemas().config, value, { ...checked, source }, locate),
    locate,
  };
}

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
  options: LoadConfigOptions = {},
): Promise<CLImaxConfig> {
  const checked = validateOptions(options);
  const { target, source, bundled } = resolveTarget(nameOrPath);
  const text = await readText(target, source, bundled);
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
 * order, so that two processes reading the same directory build the same index. Needs
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
  options: LoadConfigDirOptions = {},
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
  const folder = directoryUrl(dir);
  const source = dir instanceof URL ? filePathOf(dir) : dir;
  let names: string[];
  try {
    names = await yamlFileNames(folder);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) fail(source, "Directory not found");
    if (error instanceof Deno.errors.NotADirectory) fail(source, "Not a directory");
    const denied = permissionProblem(error);
    if (denied) fail(source, `The directory cannot be read: ${denied}`);
    throw error;
  }
  const configs: CLImaxConfig[] = [];
  let firstError: ConfigError | undefined;
  for (const name of names) {
    try {
      const text = await readText(
        new URL(encodeURIComponent(name), folder),
        join(source, name),
        false,
      );
      configs.push(parseConfig(text, { strict, onWarning, source: join(source, name) }));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      if (onError) onError(error);
      else firstError ??= error;
    }
  }
  if (firstError) throw firstError;
  return configs;
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
  if (nameOrPath instanceof URL) {
    if (nameOrPath.protocol !== "file:") {
      throw new ConfigError(nameOrPath.href, [{
        path: "",
        message: `Only file: URLs can be loaded, got a ${nameOrPath.protocol} URL`,
      }]);
    }
    return { target: nameOrPath, source: filePathOf(nameOrPath), bundled: false };
  }
  if (typeof nameOrPath !== "string" || nameOrPath === "") {
    throw new ConfigError(String(nameOrPath), [{
      path: "",
      message: "Expected a bundled config name, a file path or a file: URL",
    }]);
  }
  if (!isBundledName(nameOrPath)) return { target: nameOrPath, source: nameOrPath, bundled: false };
  if (!BUNDLED_NAME.test(nameOrPath) || nameOrPath.includes("..")) {
    throw new ConfigError(nameOrPath, [{
      path: "",
      message: "Not a bundled config name: use letters, digits, '-', '_' and '.' only",
    }]);
  }
  return {
    target: new URL(`../configs/${nameOrPath}.yaml`, import.meta.url),
    source: `configs/${nameOrPath}.yaml`,
    bundled: true,
  };
}

async function readText(target: string | URL, source: string, bundled: boolean): Promise<string> {
  let bytes: Uint8Array;
  try {
    if (target instanceof URL && target.protocol !== "file:") {
      // The bundled catalogue of a copy imported over the network, such as from JSR.
      const response = await fetch(target);
      if (!response.ok) {
        await response.body?.cancel();
        throw new Deno.errors.NotFound(`${response.status} ${response.statusText}`);
      }
      bytes = new Uint8Array(await response.arrayBuffer());
    } else {
      const info = await Deno.stat(target);
      if (!info.isFile) fail(source, "Not a regular file");
      if (info.size > MAX_CONFIG_SIZE) {
        fail(source, `The file is ${info.size} bytes, over the limit of ${MAX_CONFIG_SIZE}`);
      }
      bytes = await Deno.readFile(target);
    }
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      fail(source, bundled ? "No bundled config has this name" : "File not found");
    }
    const denied = permissionProblem(error);
    if (denied) fail(source, `The file cannot be read: ${denied}`);
    if (error instanceof ConfigError) throw error;
    // Whatever else the file system says (a symlink loop, an I/O error) is about this file.
    fail(source, `The file cannot be read: ${error instanceof Error ? error.message : error}`);
  }
  if (bytes.length > MAX_CONFIG_SIZE) {
    fail(source, `The file is ${bytes.length} bytes, over the limit of ${MAX_CONFIG_SIZE}`);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    fail(source, "The file is not UTF-8 text");
  }
}

/**
 * Why reading failed for want of permission, if it did: the system's, or Deno's own when it runs
 * without `--allow-read` for the path.
 */
function permissionProblem(error: unknown): string | undefined {
  if (error instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (error instanceof Deno.errors.NotCapable) return "Deno has no read permission (--allow-read)";
  return undefined;
}

function fail(source: string, message: string): never {
  throw new ConfigError(source, [{ path: "", message }]);
}
