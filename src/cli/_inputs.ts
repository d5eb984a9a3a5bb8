// The configs and MCP tool lists the commands read: each argument is a file or a directory of
// them (a directory stands for its *.yaml, *.yml and *.mcp.json files, as a catalogue reads
// them), and no argument stands for the bundled catalogue.
import { ConfigError } from "../errors.ts";
import type { CLImaxConfig } from "../types.ts";
import { directoryUrl, readConfigText } from "../config/files.ts";
import { parseConfig } from "../config/parse.ts";
import { type McpToolList, parseMcpToolList } from "../config/mcp_tool_list.ts";
import { bundledConfigs } from "../catalogue/load.ts";
import { fileKindOf, SOURCE_FILE_NAMES, sourceFileNames } from "../catalogue/source_kinds.ts";
import { EXIT_INVALID, EXIT_USAGE, type Io } from "./_io.ts";
import { messageOf } from "../_error_message.ts";

/** A file that could not be read (missing, not allowed, gone since it was listed). */
export class UnreadableError extends Error {
  /** The file, as given. */
  readonly file: string;

  /** Makes the error for a file and the reason it could not be read. */
  constructor(file: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "UnreadableError";
    this.file = file;
  }
}

/** A config file an argument names, or an argument that names nothing readable. */
export interface Input {
  /** The file or directory, as given (a directory's files joined to it). */
  file: string;
  /** Why it cannot be read, in sentence case; absent when it can. */
  unreadable?: string;
}

/** Which files of a directory are inputs, and how a message names them. */
export interface InputFiles {
  list: (dir: URL) => Promise<string[]>;
  kinds: string;
}

/** A directory's YAML configs and MCP tool lists. */
export const SOURCE_INPUTS: InputFiles = { list: sourceFileNames, kinds: SOURCE_FILE_NAMES };

/**
 * The files the arguments name, in order: a file as given (whatever its name ends with), a
 * directory as its `*.yaml`, `*.yml` and `*.mcp.json` files (not its subdirectories') in name
 * order. A file named twice is read once. A directory with no config file is unreadable:
 * nothing would be checked, and a mistyped path in a CI script should not pass silently.
 */
export async function expandInputs(
  args: readonly string[],
  { list, kinds }: InputFiles = SOURCE_INPUTS,
): Promise<Input[]> {
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
        names = await list(directoryUrl(arg));
      } catch (error) {
        inputs.push({ file: arg, unreadable: ioMessage(error) });
        continue;
      }
      if (names.length === 0) {
        inputs.push({ file: arg, unreadable: `No config files (${kinds}) in this directory` });
      }
      for (const name of names) add(arg.endsWith("/") ? `${arg}${name}` : `${arg}/${name}`);
    } else {
      inputs.push({ file: arg, unreadable: "Not a regular file or a directory" });
    }
  }
  return inputs;
}

/**
 * The text of a config file. A file that is there but is no config (too large, not UTF-8) is
 * an invalid config, as `loadConfig` reports it, not an I/O error. What is not a file at all
 * (a directory a listed symlink leads to) cannot be read.
 *
 * @throws {UnreadableError} When the file cannot be read.
 * @throws {ConfigError} When it is larger than `MAX_CONFIG_SIZE` or not UTF-8 text.
 */
export async function readInputText(file: string): Promise<string> {
  try {
    return await readConfigText(file, file, { regularFile: false });
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new UnreadableError(file, ioMessage(error), { cause: error });
  }
}

/**
 * Configs and MCP tool lists loaded, or the exit status of a failure already reported on
 * standard error.
 */
export type Loaded = Sources | { status: number };

/** The configs and MCP tool lists the arguments name. */
export interface Sources {
  configs: CLImaxConfig[];
  toolLists: McpToolList[];
}

/**
 * Loads the configs the arguments name, or the bundled ones when there is none. Warnings are
 * left to `validate`. Every file is read before anything is reported, so one run shows every
 * problem: a file that cannot be read gives exit status 2, an invalid config 1.
 */
export async function loadInputs(inputs: readonly string[], io: Io): Promise<Loaded> {
  const quiet = () => {};
  if (inputs.length === 0) {
    try {
      return { configs: await bundledConfigs(), toolLists: [] };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      io.err(error.message);
      return { status: EXIT_INVALID };
    }
  }
  const unreadable: { file: string; message: string }[] = [];
  const failures: ConfigError[] = [];
  const configs: CLImaxConfig[] = [];
  const toolLists: McpToolList[] = [];
  for (const input of await expandInputs(inputs)) {
    if (input.unreadable !== undefined) {
      unreadable.push({ file: input.file, message: input.unreadable });
      continue;
    }
    try {
      const text = await readInputText(input.file);
      if (fileKindOf(input.file) === "tool_list") {
        toolLists.push(parseMcpToolList(text, input.file));
      } else {
        configs.push(parseConfig(text, { source: input.file, onWarning: quiet }));
      }
    } catch (error) {
      if (error instanceof UnreadableError) unreadable.push(error);
      else if (error instanceof ConfigError) failures.push(error);
      else throw error;
    }
  }
  for (const { file, message } of unreadable) io.err(`${file}: ${message}`);
  for (const failure of failures) io.err(failure.message);
  if (unreadable.length > 0) return { status: EXIT_USAGE };
  if (failures.length > 0) return { status: EXIT_INVALID };
  return { configs, toolLists };
}

function ioMessage(error: unknown): string {
  if (error instanceof Deno.errors.NotFound) return "No such file or directory";
  if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.NotCapable) {
    return "Cannot be read: permission denied";
  }
  if (error instanceof Deno.errors.IsADirectory) return "Is a directory";
  return `Cannot be read: ${messageOf(error)}`;
}
