/**
 * The service's `hybrid` mode: hybrid search (`src/hybrid/`), loaded when a search first asks
 * for it, never at the start. The encoder then loads (about a second; about 240 MB), with
 * the vectors `deno task catalogue` stored beside the directory's compiled catalogue; the tools
 * that have none (an upstream server's, an edited file's) are encoded as they register, or at
 * the first search that needs them.
 *
 * @module
 */
import { UnpreparedSearchError } from "../errors.ts";
import type { RegistryCore } from "../registry/registry_core.ts";
import type { Searcher } from "../registry/types.ts";
import type { HybridSearcher, StoredVectors } from "../hybrid/mod.ts";
import { directoryUrl } from "../config/files.ts";

/** The name of the mode. */
export const HYBRID_MODE = "hybrid";

/** What the browse page's choice of the mode calls it, and how an agent is told what it does. */
export const HYBRID_MODE_SPEC: Readonly<{ label: string; description: string }> = Object.freeze({
  label: "by meaning",
  description:
    "'hybrid' weighs the words of a request with their meaning, so it also finds a tool that says the same in other words, and answers nothing when no tool comes near (its first use takes a second or two)",
});

/** The file of stored vectors in a directory of sources, beside the compiled catalogue. */
export const VECTORS_FILE = "_vectors.json";

/** Thrown when hybrid search cannot load: the encoder's files, or its runtime. */
export class HybridUnavailableError extends Error {
  override name = "HybridUnavailableError";
}

/** The `hybrid` searcher of a catalogue of `dir`, and what starts its encoding of new tools. */
export interface HybridMode {
  /** The searcher, for the registry's `searchers`. */
  readonly searcher: Searcher;
  /**
   * Encodes the tools of `registry` as they register, once the mode has loaded (a search asked
   * for it): its first searches then wait for no tool. Returns what stops it.
   */
  follow(registry: RegistryCore): () => void;
}

/** The hybrid mode of a catalogue of the directory `dir`, whose stored vectors it reads. */
export function hybridMode(dir: string | URL, report: (message: string) => void): HybridMode {
  let loading: Promise<HybridSearcher> | undefined;
  let loaded: HybridSearcher | undefined;
  let followed: RegistryCore | undefined;
  const encodeAll = (searcher: HybridSearcher, registry: RegistryCore) => {
    const entries = registry.ids().map((id) => registry.getEntry(id)!);
    searcher.addTools(entries).catch((error) =>
      report(`Hybrid search could not encode the new tools: ${messageOf(error)}`)
    );
  };
  const load = () =>
    loading ??= (async () => {
      const [{ HybridSearcher }, vectors] = await Promise.all([
        import("../hybrid/mod.ts"),
        storedVectors(dir),
      ]);
      const searcher = await HybridSearcher.create({ vectors, mode: HYBRID_MODE });
      if (followed !== undefined) encodeAll(searcher, followed);
      return loaded = searcher;
    })().catch((error) => {
      loading = undefined;
      throw new HybridUnavailableError(`Hybrid search cannot load: ${messageOf(error)}`, {
        cause: error,
      });
    });
  return {
    searcher: {
      deterministic: true,
      prepare: async (query, docs) => (await load()).prepare(query, docs),
      search: (query, limit, docs, context) => {
        if (loaded === undefined) throw new UnpreparedSearchError(HYBRID_MODE, query);
        return loaded.search(query, limit, docs, context);
      },
    },
    follow: (registry) => {
      followed = registry;
      return registry.onChange(() => {
        if (loaded !== undefined) encodeAll(loaded, registry);
      });
    },
  };
}

/** The vectors stored in `dir`; none when the file is missing or cannot be read. */
async function storedVectors(dir: string | URL): Promise<StoredVectors | undefined> {
  try {
    const text = await Deno.readTextFile(new URL(VECTORS_FILE, directoryUrl(dir)));
    return JSON.parse(text) as StoredVectors;
  } catch {
    return undefined;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
