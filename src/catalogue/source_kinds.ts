// The kinds of source a catalogue is made of, each defined once: how its files are recognised
// and parsed (validated as they are read), how its tools are registered and replaced, and what
// it is keyed and counted by. A new kind of source is one entry here and its parser; the
// catalogue's loading, reloading, refreshing and compiling read this table, never the kinds.
import { NotFoundError } from "../errors.ts";
import type { PolicyConfig } from "../policy_types.ts";
import type { CLImaxConfig } from "../types.ts";
import type { McpServerInfo, McpTool } from "../mcp_types.ts";
import { fileNames, isConfigFile, MCP_TOOL_LIST_FILE } from "../config/files.ts";
import type { McpToolList } from "../config/mcp_tool_list.ts";
import type { BackendKind } from "../registry/types.ts";
import type { RegistryCore } from "../registry/registry_core.ts";
import {
  type CheckedRegistration,
  mcpRegistrations,
  validConfigRegistrations,
} from "../registry/registrations.ts";

/** A CLImax config: a YAML file of a directory. */
export interface ConfigSource {
  readonly kind: "config";
  /** The file's name in its directory. */
  readonly file: string;
  readonly config: CLImaxConfig;
}

/** An MCP server's tools as a tool list file gives them: a `*.mcp.json` file of a directory. */
export interface ToolListSource {
  readonly kind: "tool_list";
  /** The file's name in its directory. */
  readonly file: string;
  readonly toolList: McpToolList;
}

/** An upstream MCP server, with the tools its latest `tools/list` answered. */
export interface ServerSource {
  readonly kind: "mcp_server";
  readonly server: McpServerInfo;
  readonly tools: readonly McpTool[];
}

/** One source of a catalogue's tools. */
export type CatalogueSource = ConfigSource | ToolListSource | ServerSource;

/** A source read from a file of a directory: what a compiled catalogue holds. */
export type FileSource = Extract<CatalogueSource, { readonly file: string }>;

/** How a file is parsed into a source. */
export interface ParseOptions {
  /** Receives each warning, such as an unknown key. */
  warn: (message: string) => void;
  /** Take an unknown key for an error. */
  strict: boolean;
}

/**
 * Makes the source of the file `file` from its text, validated; `origin` names it in errors.
 *
 * @throws {ConfigError} When the text is not a valid source of its kind.
 */
export type SourceParser = (text: string, origin: string, file: string) => FileSource;

/** How the files of a kind are told apart from other files, and read. */
interface FileReading<S extends FileSource> {
  /** The names of its files, for people: `*.yaml, *.yml`. */
  readonly names: string;
  /** Whether a file of this name holds a source of the kind. */
  matches(name: string): boolean;
  /**
   * Its parser, its modules loaded only when first asked for: a current compiled catalogue
   * needs no parser, and YAML's is the largest module of a cold start.
   */
  parser(options: ParseOptions): Promise<(text: string, origin: string, file: string) => S>;
}

/** One kind of source. */
interface SourceKindSpec<S extends CatalogueSource> {
  /** The kind of the backend that reaches its tools. */
  readonly backend: BackendKind;
  /** The ID of that backend: what a source is keyed by among the registry's sources. */
  id(source: S): string;
  /** The namespace of its tools. */
  namespace(source: S): string;
  /** How many tools it has. */
  toolCount(source: S): number;
  /** The configs it holds, which a policy is checked against. */
  configs(source: S): readonly CLImaxConfig[];
  /**
   * Its tools as the registry takes them, each reached by the source's backend; under
   * `policy`, only the configs' tools the policy exposes. The source was validated as it was
   * read, and is not validated again.
   *
   * @throws {InvalidToolError} When a tool of it is not valid.
   */
  registrations(source: S, policy: PolicyConfig | undefined): CheckedRegistration[];
  /** How its files are named and read; absent for a source that is no file. */
  readonly file?: FileReading<S & FileSource>;
}

/** Every kind of source: the type makes the compiler hold each entry to its source. */
const SOURCE_KINDS: { readonly [K in CatalogueSource["kind"]]: SourceKindSpec<SourceOf<K>> } = {
  config: {
    backend: "climax",
    // A config's backend is named by its file: two files may hold configs of one name.
    id: (source) => source.file,
    namespace: (source) => source.config.name,
    toolCount: (source) => source.config.tools.length,
    configs: (source) => [source.config],
    registrations: (source, policy) => validConfigRegistrations(source.config, source.file, policy),
    file: {
      names: "*.yaml, *.yml",
      matches: isConfigFile,
      parser: async ({ warn, strict }) => {
        const { parseConfig } = await import("../config/parse.ts");
        return (text, origin, file) => ({
          kind: "config",
          file,
          config: parseConfig(text, { source: origin, strict, onWarning: warn }),
        });
      },
    },
  },
  tool_list: {
    backend: "mcp",
    id: (source) => source.toolList.name,
    namespace: (source) => source.toolList.name,
    toolCount: (source) => source.toolList.tools.length,
    configs: () => [],
    registrations: (source, policy) => {
      const { tools, ...server } = source.toolList;
      return mcpRegistrations(server, tools, policy);
    },
    file: {
      names: "*.mcp.json",
      matches: (name) => MCP_TOOL_LIST_FILE.test(name),
      parser: async () => {
        const { parseMcpToolList } = await import("../config/mcp_tool_list.ts");
        return (text, origin, file) => ({
          kind: "tool_list",
          file,
          toolList: parseMcpToolList(text, origin),
        });
      },
    },
  },
  mcp_server: {
    backend: "mcp",
    id: (source) => source.server.name,
    namespace: (source) => source.server.name,
    toolCount: (source) => source.tools.length,
    configs: () => [],
    registrations: (source, policy) => mcpRegistrations(source.server, source.tools, policy),
  },
};

/** The source of a kind. */
type SourceOf<K extends CatalogueSource["kind"]> = Extract<CatalogueSource, { kind: K }>;

/** The entry of `source`'s kind, typed for it (the table's type pairs each kind with its entry). */
function specOf<S extends CatalogueSource>(source: S): SourceKindSpec<S> {
  return SOURCE_KINDS[source.kind] as unknown as SourceKindSpec<S>;
}

/** A kind of source read from files. */
type FileKind = FileSource["kind"];

/** The kinds of source read from files, in the order a file's name is tried against them. */
const FILE_KINDS = (Object.keys(SOURCE_KINDS) as CatalogueSource["kind"][]).filter(
  (kind): kind is FileKind => SOURCE_KINDS[kind].file !== undefined,
);

/** The kind of a file whose name says none, as a file given by name may be: YAML is native. */
const DEFAULT_FILE_KIND: FileKind = "config";

/** How the files of a kind are read. */
function readingOf(kind: FileKind): FileReading<FileSource> {
  return SOURCE_KINDS[kind].file as FileReading<FileSource>;
}

/** The names of the files a directory's sources are read from, for people. */
export const SOURCE_FILE_NAMES: string = FILE_KINDS.map((kind) => readingOf(kind).names)
  .join(", ");

/**
 * The names of a directory's source files (not its subdirectories'), sorted: the files of every
 * kind of source.
 */
export function sourceFileNames(dir: URL): Promise<string[]> {
  return fileNames(dir, isSourceFile);
}

/** Whether a file of this name is a source of a catalogue directory, of any kind. */
export function isSourceFile(name: string): boolean {
  return FILE_KINDS.some((kind) => readingOf(kind).matches(name));
}

/** The kind of source a file of this name holds; a config when its name says none. */
export function fileKindOf(name: string): FileKind {
  return FILE_KINDS.find((kind) => readingOf(kind).matches(name)) ?? DEFAULT_FILE_KIND;
}

/**
 * The one parser of a catalogue directory's files, its kinds' parsers loaded now: a file is
 * parsed as the kind of source its name says (see `fileKindOf`).
 */
export async function sourceParser(options: ParseOptions): Promise<SourceParser> {
  const parsers = new Map(
    await Promise.all(
      FILE_KINDS.map(async (kind) => [kind, await readingOf(kind).parser(options)] as const),
    ),
  );
  return (text, origin, file) => parsers.get(fileKindOf(file))!(text, origin, file);
}

/**
 * The key of a source among a registry's sources: its backend's kind and ID. Two sources of
 * one key are versions of one source.
 */
export function sourceKey(source: CatalogueSource): string {
  const spec = specOf(source);
  return keyOf(spec.backend, spec.id(source));
}

function keyOf(backend: BackendKind, id: string): string {
  return `${backend}\u0000${id}`;
}

/** The namespace of a source's tools. */
export function namespaceOf(source: CatalogueSource): string {
  return specOf(source).namespace(source);
}

/** How many tools a source has. */
export function toolCount(source: CatalogueSource): number {
  return specOf(source).toolCount(source);
}

/** The configs of `sources`, in order. */
export function configsOf(sources: readonly CatalogueSource[]): CLImaxConfig[] {
  return sources.flatMap((source) => specOf(source).configs(source));
}

/**
 * Registers the tools of `sources`, validated as they were read, in one change: under the
 * registry's policy, each reached by its source's backend.
 *
 * @throws {InvalidToolError} When one of their tools clashes with one already registered.
 */
export function registerSources(registry: RegistryCore, sources: readonly CatalogueSource[]): void {
  registry.registerChecked(
    sources.flatMap((source) => specOf(source).registrations(source, registry.policy)),
  );
}

/**
 * Makes `registry` hold `next` where it held `previous`, two versions of one source (either
 * absent when the source came or went): the source is replaced in one change when both have one
 * key, else the old one is removed and the new one registered, the old one put back when the new
 * one does not fit.
 *
 * @throws {InvalidToolError} When a tool of `next` clashes with one of another source; the
 * registry then holds `previous` again.
 * @throws {ConfigError} Of the policy, when it does not fit a config of `next`.
 */
export function swapSource(
  registry: RegistryCore,
  previous: CatalogueSource | undefined,
  next: CatalogueSource | undefined,
): void {
  if (previous !== undefined && next !== undefined && sourceKey(previous) === sourceKey(next)) {
    return replaceSource(registry, next);
  }
  if (previous !== undefined) removeSource(registry, previous);
  if (next === undefined) return;
  try {
    registerSources(registry, [next]);
  } catch (error) {
    if (previous !== undefined) registerSources(registry, [previous]);
    throw error;
  }
}

/**
 * Replaces the tools of the source of `source`'s key with those `source` has now, in one change:
 * a tool it no longer has loses its backend, a tool it still has keeps its place.
 *
 * @throws {InvalidToolError} When a tool of `source` clashes with one of another source.
 * @throws {ConfigError} Of the policy, when it does not fit a config of `source`.
 */
export function replaceSource(registry: RegistryCore, source: CatalogueSource): void {
  const spec = specOf(source);
  const registrations = spec.registrations(source, registry.policy);
  registry.replaceChecked(spec.backend, spec.id(source), registrations);
}

function removeSource(registry: RegistryCore, source: CatalogueSource): void {
  const spec = specOf(source);
  try {
    registry.removeSource(spec.backend, spec.id(source));
  } catch (error) {
    // A source without tools has nothing in the registry to remove.
    if (!(error instanceof NotFoundError)) throw error;
  }
}
