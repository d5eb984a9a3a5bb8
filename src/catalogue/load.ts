// Where a running service, and the command line given no file, get their tools: a directory of
// sources (YAML configs and MCP tool lists), by default the bundled catalogue. A directory's
// compiled catalogue is read when it is current (see `compiled.ts`), with the search packed in
// it; else the files are parsed, by parsers loaded only then, and the search is built.
import { ConfigError, InvalidToolError } from "../errors.ts";
import type { PolicyConfig } from "../policy_types.ts";
import type { CLImaxConfig } from "../types.ts";
import { BUNDLED_CONFIGS, directoryUrl } from "../config/files.ts";
import { policyFindings, reportFindings, toolsByName } from "../config/policy/findings.ts";
import { type RegistryCore, registryCore } from "../registry/registry_core.ts";
import type { Searcher } from "../registry/types.ts";
import { readCompiledCatalogue } from "./compiled.ts";
import {
  configsOf,
  type FileSource,
  registerSources,
  sourceFileNames,
  sourceParser,
} from "./source_kinds.ts";
import { packedFacts, restoreIndex } from "./_packed_index.ts";

/** The sources of a directory, with the registry of those that load. */
export interface Catalogue {
  /** The sources that loaded, in file name order. */
  sources: FileSource[];
  /** The error of each file that did not, in file name order; each is left out. */
  errors: ConfigError[];
  /** The sources that parsed but whose tools clash with an earlier file's; in `errors` too. */
  held: FileSource[];
  /** Whether the sources came from the directory's compiled catalogue. */
  compiled: boolean;
  /** A registry of `sources`, its search restored from the compiled catalogue when current. */
  registry: RegistryCore;
}

/** How `loadCatalogue` reads. */
export interface LoadOptions {
  /** Receives each warning, such as an unknown key. Default `console.warn`. */
  warn?: (message: string) => void;
  /** Take an unknown key for an error. */
  strict?: boolean;
  /**
   * A policy applied to the configs' tools (see `ToolRegistryOptions.policy`), checked against
   * every config first: its warnings go to `warn`. MCP tool lists are not touched.
   */
  policy?: PolicyConfig;
  /** Searches of modes of their own for the registry (see `ToolRegistryOptions.searchers`). */
  searchers?: Readonly<Record<string, Searcher>>;
  /**
   * Take a compiled catalogue without hashing the code now: the caller is to check it later
   * (see `ReadOptions.checkCodeLater`). Default `false`.
   */
  checkCodeLater?: boolean;
}

/** The sources of a directory as they are read, before a registry is made of them. */
interface DirectoryRead {
  sources: FileSource[];
  errors: ConfigError[];
  /** The packed search of the compiled catalogue, when the sources come from it. */
  packed?: unknown;
  /** Whether they come from the compiled catalogue. */
  compiled: boolean;
}

/**
 * The sources of `dir` (a path or a `file:` URL; default the bundled catalogue) and a registry
 * of them: each config in the namespace of its name, reached by a `climax` backend named by its
 * file; each tool list in the namespace of its server's name. Every file that does not load, or
 * whose tools clash with those of an earlier file, is reported in `errors`, not just the first.
 * Under a policy, only the configs' tools it exposes are registered.
 *
 * @throws {ConfigError} When the directory cannot be read; or, of the policy, when it does not
 * fit the configs (a constraint on an argument of a type it cannot apply to).
 */
export async function loadCatalogue(
  dir: string | URL = BUNDLED_CONFIGS,
  { warn = (message: string) => console.warn(message), strict = false, ...options }: LoadOptions =
    {},
): Promise<Catalogue> {
  // Validating a policy loads zod, which a start without one does without.
  const policy = options.policy === undefined
    ? undefined
    : (await import("../config/policy/check.ts")).knownPolicy(options.policy, warn);
  const { sources, errors, packed, compiled } = await readDirectory(
    dir,
    warn,
    strict,
    options.checkCodeLater,
  );
  if (policy !== undefined) {
    reportFindings(policyFindings(policy, toolsByName(configsOf(sources))), warn);
  }
  const registry = registryCore({ onWarning: warn, policy, searchers: options.searchers });
  if (packed !== undefined) {
    // A compiled catalogue's configs were validated, and its sources found free of clashes,
    // when it was compiled: they are registered in one change, not validated again. Its search
    // was built without a policy: under one, it is built again. Without one, they are
    // registered when more than the facts the catalogue holds is first read.
    const fill = () => {
      registerSources(registry, sources);
      if (policy === undefined && !restoreIndex(registry, packed)) {
        warn("The compiled catalogue's search does not fit its sources: building it instead");
      }
    };
    const facts = policy === undefined ? packedFacts(packed) : undefined;
    if (facts === undefined) fill();
    else registry.deferLoad(fill, facts);
    return { sources, errors, held: [], registry, compiled };
  }
  const loaded: FileSource[] = [];
  const held: FileSource[] = [];
  for (const source of sources) {
    try {
      registerSources(registry, [source]);
      loaded.push(source);
    } catch (error) {
      if (!(error instanceof InvalidToolError)) throw error;
      held.push(source);
      errors.push(
        new ConfigError(source.file, [{ path: "", message: clashMessage(registry, error) }], {
          cause: error,
        }),
      );
    }
  }
  return { sources: loaded, errors, held, registry, compiled };
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
    const { sources, errors } = await readDirectory(BUNDLED_CONFIGS, (m) => console.warn(m));
    if (errors.length > 0) throw errors[0];
    return configsOf(sources);
  }
  const [catalogue, { validateConfig }] = await Promise.all([
    import("../../configs/_catalogue.json", { with: { type: "json" } }),
    import("../config/validate.ts"),
  ]);
  const { files } = catalogue.default as unknown as { files: FileSource[] };
  return configsOf(files).map((config, i) => validateConfig(config, { source: `configs[${i}]` }));
}

/**
 * The sources of `dir`: from its compiled catalogue when that is current, else its files (read
 * with unknown keys as errors when `strict`).
 *
 * @throws {ConfigError} When the directory cannot be read.
 */
async function readDirectory(
  dir: string | URL,
  warn: (message: string) => void,
  strict = false,
  checkCodeLater = false,
): Promise<DirectoryRead> {
  const folder = directoryUrl(dir);
  const compiled = await readCompiledCatalogue(folder, { checkCodeLater }).catch(() => undefined);
  if (compiled) {
    return { sources: compiled.files, errors: [], packed: compiled.index, compiled: true };
  }
  const [parse, { readDirectoryFiles }] = await Promise.all([
    sourceParser({ warn, strict }),
    import("../config/files.ts"),
  ]);
  const errors: ConfigError[] = [];
  const sources = await readDirectoryFiles(
    dir,
    sourceFileNames,
    parse,
    (error) => errors.push(error),
  );
  return { sources, errors, compiled: false };
}

/**
 * What a tool that clashes with one registered already says: the sources that define it first,
 * by their files (a config's backend is named by its file) or servers, in plain words.
 */
export function clashMessage(registry: RegistryCore, error: InvalidToolError): string {
  const earlier = (registry.getAllBackends(error.tool) ?? []).map((backend) =>
    backend.kind === "climax" ? backend.id : `the MCP server ${backend.id}`
  );
  if (earlier.length === 0) return error.message;
  const namespace = error.tool.slice(0, error.tool.lastIndexOf(":"));
  return `The tool ${error.tool} is also defined, differently, by ${earlier.join(" and ")}: ` +
    `the namespace ${JSON.stringify(namespace)} is defined by both. Make the two definitions ` +
    "alike, or give one config another name";
}
