// Where a running service, and the command line given no file, get their tools: a directory of
// sources (YAML configs and MCP tool lists), by default the bundled catalogue. A directory's
// compiled catalogue is read when it is current (see `compiled.ts`), with the search packed in
// it; else the files are parsed, by parsers loaded only then, and the search is built.
import { ConfigError, InvalidToolError, NotFoundError } from "../errors.ts";
import type { PolicyConfig } from "../policy_types.ts";
import type { CLImaxConfig } from "../types.ts";
import { BUNDLED_CONFIGS, directoryUrl, sourceFileNames } from "../config/files.ts";
import { policyFindings, reportFindings, toolsByName } from "../config/policy_findings.ts";
import {
  registerValidSources,
  type RegistryCore,
  registryCore,
  type ValidSource,
} from "../registry/registry_core.ts";
import { type CatalogueSource, readCompiledCatalogue } from "./compiled.ts";
import { restoreIndex } from "./_packed_index.ts";
import { sourceParser } from "./_source_parser.ts";

export type { CatalogueSource } from "./compiled.ts";

/** The sources of a directory, with the registry of those that load. */
export interface Catalogue {
  /** The sources that loaded, in file name order. */
  sources: CatalogueSource[];
  /** The error of each file that did not, in file name order; each is left out. */
  errors: ConfigError[];
  /** The sources that parsed but whose tools clash with an earlier file's; in `errors` too. */
  held: CatalogueSource[];
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
}

/** The sources of a directory as they are read, before a registry is made of them. */
interface DirectoryRead {
  sources: CatalogueSource[];
  errors: ConfigError[];
  /** The packed search of the compiled catalogue, when the sources come from it. */
  packed?: unknown;
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
    : (await import("../config/policy_check.ts")).knownPolicy(options.policy, warn);
  const { sources, errors, packed } = await readDirectory(dir, warn, strict);
  if (policy !== undefined) {
    const configs = sources.flatMap((source) => "config" in source ? [source.config] : []);
    reportFindings(policyFindings(policy, toolsByName(configs)), warn);
  }
  const registry = registryCore({ onWarning: warn, policy });
  if (packed !== undefined) {
    // A compiled catalogue's configs were validated, and its sources found free of clashes,
    // when it was compiled: they are registered in one change, not validated again. Its search
    // was built without a policy: under one, it is built again.
    registerValidSources(registry, sources.map(validSource));
    if (policy === undefined && !restoreIndex(registry, packed)) {
      warn("The compiled catalogue's search does not fit its sources: building it instead");
    }
    return { sources, errors, held: [], registry };
  }
  const loaded: CatalogueSource[] = [];
  const held: CatalogueSource[] = [];
  for (const source of sources) {
    try {
      registerSource(registry, source);
      loaded.push(source);
    } catch (error) {
      if (!(error instanceof InvalidToolError)) throw error;
      held.push(source);
      errors.push(
        new ConfigError(source.file, [{ path: "", message: error.message }], {
          cause: error,
        }),
      );
    }
  }
  return { sources: loaded, errors, held, registry };
}

/**
 * Registers a source's tools: a config's, reached by a `climax` backend named by its file, or a
 * tool list's, reached by its MCP server.
 *
 * @throws {InvalidToolError} When one of its tools clashes with one already registered.
 */
export function registerSource(registry: RegistryCore, source: CatalogueSource): void {
  if ("config" in source) {
    registry.registerValidConfig(source.config, source.file);
  } else {
    const { tools, ...server } = source.toolList;
    registry.registerMcpTools(server, tools);
  }
}

/**
 * Makes `registry` hold `next` where it held `previous`, two versions of one file (either absent
 * when the file came or went): the source is replaced in one change when it stays the same
 * source (the same file's config, the same server's tool list), else the old one is removed and
 * the new one registered, the old one put back when the new one does not fit.
 *
 * @throws {InvalidToolError} When a tool of `next` clashes with one of another source; the
 * registry then holds `previous` again.
 */
export function swapSource(
  registry: RegistryCore,
  previous: CatalogueSource | undefined,
  next: CatalogueSource | undefined,
): void {
  if (previous !== undefined && next !== undefined) {
    if ("config" in previous && "config" in next) {
      return registry.replaceValidConfig(next.config, next.file);
    }
    if ("toolList" in previous && "toolList" in next) {
      const { tools, ...server } = next.toolList;
      if (server.name === previous.toolList.name) return registry.replaceMcpTools(server, tools);
    }
  }
  if (previous !== undefined) removeSource(registry, previous);
  if (next === undefined) return;
  try {
    registerSource(registry, next);
  } catch (error) {
    if (previous !== undefined) registerSource(registry, previous);
    throw error;
  }
}

/** A compiled catalogue's source, as `registerValidSources` takes it. */
function validSource(source: CatalogueSource): ValidSource {
  if ("config" in source) return { config: source.config, source: source.file };
  const { tools, ...server } = source.toolList;
  return { server, tools };
}

function removeSource(registry: RegistryCore, source: CatalogueSource): void {
  const [kind, id] = "config" in source
    ? ["climax", source.file] as const
    : ["mcp", source.toolList.name] as const;
  try {
    registry.removeSource(kind, id);
  } catch (error) {
    // A source without tools has nothing in the registry to remove.
    if (!(error instanceof NotFoundError)) throw error;
  }
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
  const configs = (sources: readonly CatalogueSource[]) =>
    sources.flatMap((source) => "config" in source ? [source.config] : []);
  if (BUNDLED_CONFIGS.protocol === "file:") {
    const { sources, errors } = await readDirectory(BUNDLED_CONFIGS, (m) => console.warn(m));
    if (errors.length > 0) throw errors[0];
    return configs(sources);
  }
  const [catalogue, { validateConfig }] = await Promise.all([
    import("../../configs/_catalogue.json", { with: { type: "json" } }),
    import("../config/validate.ts"),
  ]);
  const { files } = catalogue.default as unknown as { files: CatalogueSource[] };
  return configs(files).map((config, i) => validateConfig(config, { source: `configs[${i}]` }));
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
): Promise<DirectoryRead> {
  const folder = directoryUrl(dir);
  const compiled = await readCompiledCatalogue(folder).catch(() => undefined);
  if (compiled) return { sources: compiled.files, errors: [], packed: compiled.index };
  const [parse, { readDirectoryFiles }] = await Promise.all([
    sourceParser({ warn, strict }),
    import("../config/load.ts"),
  ]);
  const errors: ConfigError[] = [];
  const sources = await readDirectoryFiles(
    dir,
    sourceFileNames,
    parse,
    (error) => errors.push(error),
  );
  return { sources, errors };
}
