// Config files on disk (or beside this package's code, wherever it was imported from): where
// the bundled ones are, which files of a directory are configs, and the one reader of a config
// file's text and of a directory's files, with what keeps them from being read worded as a
// `ConfigError`. No parser is imported here: watching a directory reads its texts without one.
import { ConfigError } from "../errors.ts";
import { MAX_CONFIG_SIZE } from "../limits.ts";
import { closest } from "../_suggest.ts";
import { messageOf } from "../_error_message.ts";

/** The bundled catalogue: `configs/` of this package, one YAML file per CLI. */
export const BUNDLED_CONFIGS: URL = new URL("../../configs/", import.meta.url);

/** A file: URL of a directory, from a path (relative to the working directory) or a URL. */
export function directoryUrl(dir: string | URL): URL {
  if (dir instanceof URL) return dir.href.endsWith("/") ? dir : new URL(`${dir.href}/`);
  const absolute = dir.startsWith("/") ? dir : `${Deno.cwd()}/${dir}`;
  const encoded = absolute.split("/").map(encodeURIComponent).join("/");
  return new URL(`file://${encoded.endsWith("/") ? encoded : `${encoded}/`}`);
}

/**
 * The names of a directory's `*.yaml` and `*.yml` configs (not its subdirectories'), sorted:
 * its policy files (`*.policy.yaml`) are not configs. Symlinks count, as mounted config maps
 * are made of them; one that leads nowhere is then reported as unreadable rather than silently
 * left out.
 */
export function yamlFileNames(dir: URL): Promise<string[]> {
  return fileNames(dir, isConfigFile);
}

/** A YAML config's file name. */
export const YAML_FILE = /\.ya?ml$/i;
/** A policy file's name, which a directory of configs may hold beside them: see `loadPolicy`. */
export const POLICY_FILE = /\.policy\.ya?ml$/i;
/** An MCP tool list's file name: see `parseMcpToolList`. */
export const MCP_TOOL_LIST_FILE = /\.mcp\.json$/i;

/** Whether a file of this name is a YAML config: a YAML file that is not a policy. */
export function isConfigFile(name: string): boolean {
  return YAML_FILE.test(name) && !POLICY_FILE.test(name);
}

/**
 * The names of the files of `dir` (not of its subdirectories) that are `wanted`, sorted.
 * Symlinks count, as `yamlFileNames` says.
 */
export async function fileNames(
  dir: URL,
  wanted: (name: string) => boolean,
): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if ((entry.isFile || entry.isSymlink) && wanted(entry.name)) names.push(entry.name);
  }
  return names.sort();
}

/** Options of `readConfigText`. */
export interface ReadOptions {
  /**
   * Refuse a path that is not a regular file (a directory, or a pipe that might never end) as a
   * `ConfigError`. Default `true`; `false` leaves it to the system's error when it is read.
   */
  regularFile?: boolean;
}

/**
 * The text of the config file at `target`, a path or a URL (a `file:` URL, or the bundled
 * catalogue of a copy imported over the network, such as from JSR). What makes a file that is
 * there no config (not a regular file, larger than `MAX_CONFIG_SIZE`, not UTF-8 text) is a
 * `ConfigError` naming `source`; a file that cannot be read at all throws the system's error
 * (such as `Deno.errors.NotFound`), for the caller to word as its users expect.
 *
 * @throws {ConfigError} When the file is no config file.
 */
export async function readConfigText(
  target: string | URL,
  source: string,
  { regularFile = true }: ReadOptions = {},
): Promise<string> {
  let bytes: Uint8Array;
  if (target instanceof URL && target.protocol !== "file:") {
    const response = await fetch(target);
    if (!response.ok) {
      await response.body?.cancel();
      throw new Deno.errors.NotFound(`${response.status} ${response.statusText}`);
    }
    bytes = new Uint8Array(await response.arrayBuffer());
  } else {
    const info = await Deno.stat(target);
    if (regularFile && !info.isFile) fileProblem(source, "Not a regular file");
    if (info.size > MAX_CONFIG_SIZE) tooLarge(source, info.size);
    bytes = await Deno.readFile(target);
  }
  // The file may have grown since it was measured.
  if (bytes.length > MAX_CONFIG_SIZE) tooLarge(source, bytes.length);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    fileProblem(source, "The file is not UTF-8 text");
  }
}

/**
 * Why reading failed for want of permission, if it did: the system's, or Deno's own when it runs
 * without `--allow-read` for the path.
 */
export function permissionProblem(error: unknown): string | undefined {
  if (error instanceof Deno.errors.PermissionDenied) return "permission denied";
  if (error instanceof Deno.errors.NotCapable) return "Deno has no read permission (--allow-read)";
  return undefined;
}

/** Throws a `ConfigError` of the file `source` as a whole. */
export function fileProblem(source: string, message: string): never {
  throw new ConfigError(source, [{ path: "", message }]);
}

function tooLarge(source: string, size: number): never {
  fileProblem(source, `The file is ${size} bytes, over the limit of ${MAX_CONFIG_SIZE}`);
}

/** The decoded path of a `file:` URL. */
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
      `The file cannot be read: ${messageOf(error)}`,
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
