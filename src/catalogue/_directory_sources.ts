// The files of a catalogue directory as a live catalogue keeps them: for each, the text last
// read and the version of it the registry holds. A reload reads every file, parses those whose
// text changed, and applies each to the registry in one synchronous pass, so that no request
// sees some files of a reload and not others. A file that does not load keeps its last good
// version in the registry, and its error until a reload loads it; a file whose tools clash with
// another file's waits, and is tried again whenever another file changes.
import { ConfigError, InvalidToolError } from "../errors.ts";
import type { RegistryCore } from "../registry/registry_core.ts";
import { counted } from "../_words.ts";
import { type Catalogue, clashMessage } from "./load.ts";
import type { SourceHealth } from "./served.ts";
import {
  type FileSource,
  namespaceOf,
  sourceFileNames,
  type SourceParser,
  sourceParser,
  swapSource,
  toolCount,
} from "./source_kinds.ts";

/** One file, as the catalogue last saw it. */
interface FileState {
  /** Its text when last applied or refused; absent when unknown, so that it is read again. */
  text?: string;
  /** The version of it the registry holds; absent when none ever loaded. */
  served?: FileSource;
  /** A version whose tools clashed with another file's, tried again at every reload. */
  waiting?: FileSource;
  /** Why its latest version is not served, and since when. */
  problem?: { error: ConfigError; since: Date };
}

/** The texts of a directory's files, by name, and the error of each that cannot be read. */
export interface DirectoryTexts {
  read: Map<string, { text: string; source: string }>;
  unreadable: Map<string, ConfigError>;
}

/** How the files are read and reported. */
export interface DirectoryOptions {
  /** Receives each message for the operator: a file reloaded, a file that does not load. */
  report: (message: string) => void;
  /**
   * Where the upstream MCP server of this namespace is named, if one is: its tools come from the
   * server, and no file may claim its namespace.
   */
  upstreamPlace: (namespace: string) => string | undefined;
}

/**
 * The text of every source file of `dir`, and the error of each that cannot be read.
 *
 * @throws {ConfigError} When the directory cannot be read.
 */
export async function directoryTexts(dir: string | URL): Promise<DirectoryTexts> {
  // Loaded only here: the module of the config readers loads the YAML parser, which a cold
  // start from a compiled catalogue does without.
  const { readDirectoryFiles } = await import("../config/files.ts");
  const read = new Map<string, { text: string; source: string }>();
  const unreadable = new Map<string, ConfigError>();
  const texts = await readDirectoryFiles(
    dir,
    sourceFileNames,
    (text, source, file) => ({ text, source, file }),
    (error) => unreadable.set(fileName(error.source), error),
  );
  for (const { file, text, source } of texts) read.set(file, { text, source });
  return { read, unreadable };
}

/** The files of one directory, applied to one registry. */
export class DirectorySources {
  readonly #dir: string | URL;
  readonly #registry: RegistryCore;
  readonly #options: DirectoryOptions;
  readonly #files = new Map<string, FileState>();
  /** Why the directory itself could not be read at the latest reload, and since when. */
  #problem?: { message: string; since: Date };

  /**
   * The files of `dir` as `loaded` says they loaded into its registry; `texts`, when given, are
   * their texts as read before they were loaded, so that the first reload applies only what
   * changed after that.
   */
  constructor(
    dir: string | URL,
    loaded: Catalogue,
    texts: DirectoryTexts | undefined,
    options: DirectoryOptions,
  ) {
    const registry = loaded.registry;
    this.#dir = dir;
    this.#registry = registry;
    this.#options = options;
    const now = new Date();
    const text = (file: string) => texts?.read.get(file)?.text;
    for (const source of loaded.sources) {
      const file = source.file;
      const upstream = options.upstreamPlace(namespaceOf(source));
      if (upstream !== undefined) {
        swapSource(registry, source, undefined);
        const error = upstreamClash(this.#pathOf(file), namespaceOf(source), upstream);
        this.#files.set(file, { text: text(file), problem: { error, since: now } });
      } else {
        this.#files.set(file, { text: text(file), served: source });
      }
    }
    for (const error of loaded.errors) {
      const file = fileName(error.source);
      this.#files.set(file, { text: text(file), problem: { error, since: now } });
    }
    for (const source of loaded.held) this.#files.get(source.file)!.waiting = source;
  }

  /** The path of the file whose served source has the namespace `namespace`, if one has. */
  placeOf(namespace: string): string | undefined {
    for (const [file, state] of this.#files) {
      if (state.served !== undefined && namespaceOf(state.served) === namespace) {
        return this.#pathOf(file);
      }
    }
    return undefined;
  }

  /** The errors of the files whose latest version is not served. */
  errors(): ConfigError[] {
    return [...this.#files.values()].flatMap((file) => file.problem ? [file.problem.error] : []);
  }

  /**
   * Reads every file and applies those whose text changed since it was last applied, then the
   * versions that wait for a clash to go.
   */
  async reload(): Promise<void> {
    let texts: DirectoryTexts;
    try {
      texts = await directoryTexts(this.#dir);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      if (this.#problem === undefined) {
        this.#problem = { message: error.message, since: new Date() };
        this.#options.report(`${error.message}\nThe catalogue stays as it was.`);
      }
      return;
    }
    this.#problem = undefined;
    const parse = await sourceParser({ warn: this.#options.report, strict: false });
    // From here to the end, nothing awaits: the reload is applied as one.
    const { read, unreadable } = texts;
    for (const [file, state] of [...this.#files]) {
      if (!read.has(file) && !unreadable.has(file)) this.#apply(file, state, undefined, undefined);
    }
    for (const [file, { text, source }] of read) {
      const state = this.#files.get(file) ?? {};
      if (state.text === text) continue;
      this.#apply(file, state, this.#parse(parse, text, source, file), text);
    }
    for (const [file, error] of unreadable) {
      this.#apply(file, this.#files.get(file) ?? {}, error, undefined);
    }
    this.#retryWaiting();
  }

  /**
   * Reads every file and applies each again, changed or not: for sources that other code
   * loaded, such as a compiled catalogue's. A file that does not load now is served no more,
   * where a reload would keep its version of before.
   */
  async reloadAll(): Promise<void> {
    const before = new Map<string, FileSource | undefined>();
    for (const [file, state] of this.#files) {
      before.set(file, state.served);
      state.text = undefined;
    }
    await this.reload();
    for (const [file, state] of this.#files) {
      const kept = state.served;
      if (state.problem === undefined || kept === undefined || kept !== before.get(file)) continue;
      swapSource(this.#registry, kept, undefined);
      state.served = undefined;
      this.#options.report(`${file} is served no more until it loads`);
    }
  }

  /** Each file's health, in name order. */
  health(): SourceHealth[] {
    const found: SourceHealth[] = [];
    if (this.#problem !== undefined) {
      const { message, since } = this.#problem;
      found.push({
        kind: "directory",
        name: directoryName(this.#dir),
        status: "failing",
        tools: 0,
        problem: message.slice(message.lastIndexOf(": ") + 2),
        since: since.toISOString(),
      });
    }
    for (const [file, state] of [...this.#files].sort(([a], [b]) => a < b ? -1 : 1)) {
      const tools = state.served === undefined ? 0 : toolCount(state.served);
      if (state.problem === undefined) {
        found.push({ kind: "file", name: file, status: "ok", tools });
        continue;
      }
      // The file's name alone: where the server keeps its files is not the public's.
      const { issues } = state.problem.error;
      found.push({
        kind: "file",
        name: file,
        status: "failing",
        tools,
        problem: new ConfigError(file, issues).message,
        since: state.problem.since.toISOString(),
        problems: issues.length,
      });
    }
    return found;
  }

  #parse(parse: SourceParser, text: string, source: string, file: string) {
    try {
      const parsed = parse(text, source, file);
      const upstream = this.#options.upstreamPlace(namespaceOf(parsed));
      if (upstream !== undefined) return upstreamClash(source, namespaceOf(parsed), upstream);
      return parsed;
    } catch (error) {
      if (error instanceof ConfigError) return error;
      throw error;
    }
  }

  /**
   * Applies the new version of one file, read as `text` (absent when the file went or cannot
   * be read), or records why it cannot be.
   */
  #apply(
    file: string,
    state: FileState,
    next: FileSource | undefined | ConfigError,
    text: string | undefined,
  ): void {
    state.waiting = undefined;
    if (next instanceof ConfigError) {
      state.text = text;
      return this.#fail(file, state, next);
    }
    try {
      swapSource(this.#registry, state.served, next);
    } catch (error) {
      const refused = error instanceof ConfigError;
      if (!refused && !(error instanceof InvalidToolError)) throw error;
      state.text = text;
      if (refused) return this.#fail(file, state, this.#refused(file, error));
      state.waiting = next;
      return this.#fail(file, state, this.#clash(file, error));
    }
    if (next === undefined) {
      this.#files.delete(file);
      if (state.served !== undefined) this.#options.report(`Removed ${file}`);
      return;
    }
    this.#loaded(file, state, next, text);
  }

  /**
   * Tries every waiting version again, until a round loads none: a file that frees another's
   * tools may come after it in name order.
   */
  #retryWaiting(): void {
    for (let progress = true; progress;) {
      progress = false;
      for (const [file, state] of this.#files) {
        const waiting = state.waiting;
        if (waiting === undefined) continue;
        try {
          swapSource(this.#registry, state.served, waiting);
        } catch (error) {
          if (error instanceof ConfigError) {
            state.waiting = undefined;
            this.#fail(file, state, this.#refused(file, error));
            continue;
          }
          if (!(error instanceof InvalidToolError)) throw error;
          this.#fail(file, state, this.#clash(file, error));
          continue;
        }
        this.#loaded(file, state, waiting, state.text);
        progress = true;
      }
    }
  }

  #loaded(file: string, state: FileState, next: FileSource, text: string | undefined): void {
    const failed = state.problem !== undefined;
    this.#files.set(file, { text, served: next });
    this.#options.report(
      `${failed ? "Loaded" : state.served ? "Reloaded" : "Added"} ${file}: ${
        counted(toolCount(next), "tool")
      }`,
    );
  }

  #fail(file: string, state: FileState, error: ConfigError): void {
    const known = state.problem?.error.message === error.message;
    state.problem = { error, since: state.problem?.since ?? new Date() };
    this.#files.set(file, state);
    if (known) return;
    this.#options.report(
      `${error.message}\n${
        state.served ? `The previous version of ${file} is served until it loads.` : ""
      }`.trimEnd(),
    );
  }

  #clash(file: string, error: InvalidToolError): ConfigError {
    const message = clashMessage(this.#registry, error);
    return new ConfigError(this.#pathOf(file), [{ path: "", message }], { cause: error });
  }

  /** The error of a file whose config the catalogue's policy does not fit. */
  #refused(file: string, error: ConfigError): ConfigError {
    return new ConfigError(this.#pathOf(file), [{
      path: "",
      message: `The policy does not fit this config:\n${error.message}`,
    }], { cause: error });
  }

  #pathOf(file: string): string {
    const dir = typeof this.#dir === "string" ? this.#dir : decodeURIComponent(this.#dir.pathname);
    return dir.endsWith("/") ? `${dir}${file}` : `${dir}/${file}`;
  }
}

/** The error of a file claiming the namespace of the upstream server named at `place`. */
function upstreamClash(source: string, namespace: string, place: string): ConfigError {
  return new ConfigError(source, [{
    path: "name",
    message:
      `The namespace ${
        JSON.stringify(namespace)
      } is also that of the upstream MCP server of ${place}, whose tools come from the server ` +
      "itself; rename one of them",
  }]);
}

/** The name of a file from the path a `ConfigError` gives. */
function fileName(source: string): string {
  return source.slice(source.lastIndexOf("/") + 1);
}

function directoryName(dir: string | URL): string {
  const path = (typeof dir === "string" ? dir : decodeURIComponent(dir.pathname))
    .replace(/\/+$/, "");
  return path.slice(path.lastIndexOf("/") + 1) || path;
}
