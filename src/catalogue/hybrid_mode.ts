/**
 * The service's `hybrid` mode: hybrid search (`src/hybrid/`) with the token table, loaded when a
 * search first asks for it, never at the start. The table then loads, with the vectors `deno task
 * catalogue` stored beside the directory's compiled catalogue; the tools that have none (an
 * upstream server's, an edited file's) are encoded as they register, or at the first search that
 * needs them.
 *
 * @module
 */
import { UnpreparedSearchError } from "../errors.ts";
import type { RegistryCore } from "../registry/registry_core.ts";
import type { Searcher } from "../registry/types.ts";
import type { HybridSearcher, StoredVectors } from "../hybrid/mod.ts";
import { directoryUrl, readConfigText } from "../config/files.ts";
import { messageOf } from "../_error_message.ts";

/** The name of the mode. */
export const HYBRID_MODE = "hybrid";

/** What the browse page's choice of the mode calls it, and how an agent is told what it does. */
export const HYBRID_MODE_SPEC: Readonly<{ label: string; description: string }> = Object.freeze({
  label: "by meaning",
  description:
    "'hybrid' weighs the words of a request with their meaning, so it also finds a tool that says the same in other words, and answers nothing when no tool comes near (its first use takes under a second)",
});

/** The file of stored vectors in a directory of sources, beside the compiled catalogue. */
export const VECTORS_FILE = "_vectors.json";

/** How long a failed load is remembered before a search tries again, in seconds. */
export const RETRY_SECONDS = 60;

/**
 * Thrown when hybrid search cannot load (the encoder's files, or its runtime). Its message is
 * for clients and names nothing of the machine; the `cause` says why.
 */
export class HybridUnavailableError extends Error {
  override name = "HybridUnavailableError";
}

/** The `hybrid` searcher of a catalogue of `dir`, and what starts its encoding of new tools. */
export interface HybridMode {
  /** The searcher, for the registry's `searchers`. */
  readonly searcher: Searcher;
  /**
   * Encodes the tools of `registry` as they register, once the mode has loaded (a search asked
   * for it), and forgets those that went: its searches then wait for no tool. Returns what stops
   * it.
   */
  follow(registry: RegistryCore): () => void;
}

/** The hybrid mode of a catalogue of the directory `dir`, whose stored vectors it reads. */
export function hybridMode(dir: string | URL, report: (message: string) => void): HybridMode {
  let loading: Promise<HybridSearcher> | undefined;
  let loaded: HybridSearcher | undefined;
  let failed: { error: HybridUnavailableError; at: number } | undefined;
  let followed: RegistryCore | undefined;
  let scheduled = false;
  // One pass for all the changes of a task (a source lists its tools one change each).
  const encodeAll = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      if (loaded === undefined || followed === undefined) return;
      const registry = followed;
      const entries = registry.ids().map((id) => registry.getEntry(id)!);
      loaded.keepOnly(entries);
      loaded.addTools(entries).catch((error) =>
        report(`Hybrid search could not encode the new tools: ${messageOf(error)}`)
      );
    });
  };
  const load = () => {
    if (failed !== undefined && performance.now() - failed.at < RETRY_SECONDS * 1000) {
      return Promise.reject(failed.error);
    }
    return loading ??= (async () => {
      loaded = await createHybridSearcher(readStoredVectors(dir, report));
      encodeAll();
      return loaded;
    })().catch((error) => {
      loading = undefined;
      report(`Hybrid search cannot load: ${messageOf(error)}`);
      const unavailable = new HybridUnavailableError(
        "Hybrid search is not available on this service now; search in ranked mode",
        { cause: error },
      );
      failed = { error: unavailable, at: performance.now() };
      throw unavailable;
    });
  };
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
      return registry.onChange(encodeAll);
    },
  };
}

/**
 * The searcher of the service's mode, given the `vectors` stored before (read while the table
 * loads): hybrid search with the token table, which encodes a request in a tenth of a
 * millisecond and holds megabytes, where the full encoder takes tens of milliseconds and hundreds
 * of megabytes (docs/search.md).
 */
export async function createHybridSearcher(
  vectors?: StoredVectors | Promise<StoredVectors | undefined>,
): Promise<HybridSearcher> {
  const { HybridSearcher, loadTokenTable } = await import("../hybrid/mod.ts");
  const [table, stored] = await Promise.all([loadTokenTable(), vectors]);
  return new HybridSearcher(table, { vectors: stored, mode: HYBRID_MODE });
}

/**
 * The vectors stored in `dir` (a path or a URL, local or remote); none when there is no file.
 * A file that cannot be read or parsed is reported, and none is used.
 */
export async function readStoredVectors(
  dir: string | URL,
  report: (message: string) => void,
): Promise<StoredVectors | undefined> {
  const file = new URL(VECTORS_FILE, directoryUrl(dir));
  try {
    return JSON.parse(await readConfigText(file, VECTORS_FILE)) as StoredVectors;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    report(`The stored vectors ${file.href} are not used: ${messageOf(error)}`);
    return undefined;
  }
}
