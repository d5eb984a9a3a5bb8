// The files the commands read: each argument is a config file or a directory of them, and a
// directory stands for its *.yaml and *.yml files, as loadConfigDir reads them.
import { ConfigError } from "../errors.ts";
import { MAX_CONFIG_SIZE } from "../config.ts";
import { directoryUrl, yamlFileNames } from "../_paths.ts";

/** A config file an argument names, or an argument that names nothing readable. */
export interface Input {
  /** The file or directory, as given (a directory's files joined to it). */
  file: string;
  /** Why it cannot be read, in sentence case; absent when it can. */
  unreadable?: string;
}

/**
 * The config files the arguments name, in order: a file as given (whatever its name ends
 * with), a directory as its `*.yaml` and `*.yml` files (not its subdirectories') in name
 * order. A file named twice is read once. A directory with no config file is unreadable:
 * nothing would be checked, and a mistyped path in a CI script should not pass silently.
 */
export async function expandInputs(args: readonly string[]): Promise<Input[]> {
  const inputs: Input[] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    // The same file under two spellings ("a.yaml", "./a.yaml") has one URL.
    const key = directoryUrl(file).href;
    if (!seen.has(key)) inputs.push({ file });
    seen.add(key);
  };
  for (const arg of args) {
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(arg);
    } catch (error) {
      inputs.push({ file: arg, unreadable: ioMessage(error) });
      continue;
    }
    if (info.isFile) {
      add(arg);
    } else if (info.isDirectory) {
      let names: string[];
      try {
        names = await yamlFileNames(directoryUrl(arg));
      } catch (error) {
        inputs.push({ file: arg, unreadable: ioMessage(error) });
        continue;
      }
      if (names.length === 0) {
        inputs.push({ file: arg, unreadable: "No config files (*.yaml, *.yml) in this directory" });
      }
      for (const name of names) add(arg.endsWith("/") ? `${arg}${name}` : `${arg}/${name}`);
    } else {
      inputs.push({ file: arg, unreadable: "Not a regular file or a directory" });
    }
  }
  return inputs;
}

/** A file that could not be read (missing, not allowed, gone since it was listed). */
export class UnreadableError extends Error {
  /** The file, as given. */
  readonly file: string;

  /** Makes the error for a file and the reason it could not be read. */
  constructor(file: string, message: string) {
    super(message);
    this.name = "UnreadableError";
    this.file = file;
  }
}

/**
 * The text of a config file. A file that is there but is no config (too large, not UTF-8) is
 * an invalid config, as `loadConfig` reports it, not an I/O error.
 *
 * @throws {UnreadableError} When the file cannot be read.
 * @throws {ConfigError} When it is larger than `MAX_CONFIG_SIZE` or not UTF-8 text.
 */
export async function readConfigText(file: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    const info = await Deno.stat(file);
    if (info.size > MAX_CONFIG_SIZE) tooLarge(file, info.size);
    bytes = await Deno.readFile(file);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new UnreadableError(file, ioMessage(error));
  }
  if (bytes.length > MAX_CONFIG_SIZE) tooLarge(file, bytes.length);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ConfigError(file, [{ path: "", message: "The file is not UTF-8 text" }]);
  }
}

function tooLarge(file: string, size: number): never {
  throw new ConfigError(file, [{
    path: "",
    message: `The file is ${size} bytes, over the limit of ${MAX_CONFIG_SIZE}`,
  }]);
}

function ioMessage(error: unknown): string {
  if (error instanceof Deno.errors.NotFound) return "No such file or directory";
  if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.NotCapable) {
    return "Cannot be read: permission denied";
  }
  if (error instanceof Deno.errors.IsADirectory) return "Is a directory";
  const message = error instanceof Error ? error.message : String(error);
  return `Cannot be read: ${message}`;
}
