// Reading one state of a registry: searches and their pages, lookups by ID, namespaces and
// summaries. A registry reads its current state through this; a snapshot reads the state it
// kept.
import { InvalidCursorError, NonDeterministicSearcherError } from "../errors.ts";
import type {
  BackendSelector,
  RankedHit,
  RegistryEntry,
  ResolvedRegistryTool,
  SearchContext,
  SearchDoc,
  Searcher,
  ToolBackend,
} from "./types.ts";
import type { CLISummary } from "../types.ts";
import { describeValue } from "../_json_value.ts";
import type {
  NamespacePage,
  NamespacePageParams,
  RegistrySearchPage,
  RegistrySearchPageParams,
  RegistrySearchParams,
} from "./registry_params.ts";
import type { RegistryReads } from "./registry_view.ts";
import { type NormalizedParams, normalizeParams, pageKey } from "../index/search_params.ts";
import { DEFAULT_MODE } from "../index/search_modes.ts";
import { readTaggedCursor, signTaggedCursor } from "../index/cursor.ts";
import type { RegistryState } from "./_state.ts";

/** The number of namespaces of a page that gives no `limit`. */
const DEFAULT_NAMESPACE_LIMIT = 100;

/** How a registry reads: its searchers and its backend selector. */
export interface ReaderSettings {
  /** The searchers given by the library user, by mode. */
  readonly searchers: ReadonlyMap<string, Searcher>;
  /** Every mode a search may name: the built-in ones, then the searchers'. */
  readonly modes: readonly string[];
  readonly selectBackend: BackendSelector;
  readonly requireDeterministicSearcher: boolean;
}

/** Reads one state of a registry. */
export class StateReader implements RegistryReads {
  readonly #state: RegistryState;
  readonly #settings: ReaderSettings;

  constructor(state: RegistryState, settings: ReaderSettings) {
    this.#state = state;
    this.#settings = settings;
  }

  /** The state it reads. */
  get state(): RegistryState {
    return this.#state;
  }

  get size(): number {
    return this.#state.size;
  }

  get version(): number {
    return this.#state.version;
  }

  get contentVersion(): string {
    return this.#state.contentHash;
  }

  get modes(): readonly string[] {
    return this.#settings.modes;
  }

  search(params: RegistrySearchParams = {}): RegistryEntry[] {
    return this.#collect(this.#normalize(params), 0, false).results;
  }

  async prepareSearch(params: RegistrySearchParams = {}): Promise<void> {
    const normalized = this.#normalize(params);
    const searcher = this.#settings.searchers.get(normalized.mode);
    if (searcher?.prepare === undefined || normalized.limit <= 0) return;
    await searcher.prepare(normalized.query, this.#docs(normalized));
  }

  searchPage(params: RegistrySearchPageParams = {}): RegistrySearchPage {
    const normalized = this.#normalize(params);
    const searcher = this.#settings.searchers.get(normalized.mode);
    if (
      searcher !== undefined && !searcher.deterministic &&
      this.#settings.requireDeterministicSearcher
    ) {
      throw new NonDeterministicSearcherError(normalized.mode);
    }
    const key = pageKey(normalized);
    // The version the page is of: a change while a searcher runs (one that registers, or an
    // upstream's refresh) must not lend its version to an offset into the content before it.
    const version = this.contentVersion;
    const offset = this.#offsetOf(params.cursor, key);
    const { results, more } = this.#collect(normalized, offset, true);
    return {
      results,
      next_cursor: more ? signTaggedCursor(version, key, offset + results.length) : null,
    };
  }

  getTool(id: string): ResolvedRegistryTool | undefined {
    const slot = this.#slotOf(id);
    if (slot === undefined) return undefined;
    return { tool: slot.template.tool, backend: this.#settings.selectBackend(slot.backends) };
  }

  getEntry(id: string): RegistryEntry | undefined {
    return this.#slotOf(id)?.entry;
  }

  getAllBackends(id: string): ToolBackend[] | undefined {
    const slot = this.#slotOf(id);
    return slot === undefined ? undefined : [...slot.backends];
  }

  idsOf(name: string): string[] {
    return this.#state.ordered.filter((slot) => slot.template.name === name)
      .map((slot) => slot.id);
  }

  lookup(reference: string): string[] {
    return this.#slotOf(reference) === undefined ? this.idsOf(reference) : [reference];
  }

  ids(): string[] {
    return this.#state.ordered.map((slot) => slot.id);
  }

  listNamespaces(): string[] {
    return [...this.#state.namespaces.keys()].sort(byCodePoint);
  }

  listNamespacesPage(params: NamespacePageParams = {}): NamespacePage {
    if (params === null || typeof params !== "object") {
      throw new RangeError("Namespace page parameters must be an object");
    }
    const limit = params.limit ?? DEFAULT_NAMESPACE_LIMIT;
    if (typeof limit !== "number" || !Number.isInteger(limit)) {
      throw new RangeError(`The limit must be an integer, got ${describeValue(limit)}`);
    }
    // As a search's cursor, bound to what it pages, not to the length of its pages.
    const key = "namespaces";
    const offset = this.#offsetOf(params.cursor, key);
    const all = this.listNamespaces();
    const namespaces = limit <= 0 ? [] : all.slice(offset, offset + limit);
    const end = offset + namespaces.length;
    return {
      namespaces,
      next_cursor: limit > 0 && end < all.length
        ? signTaggedCursor(this.contentVersion, key, end)
        : null,
    };
  }

  summary(): CLISummary[] {
    const namespaces = this.#state.namespaces;
    const summaries = new Map<string, CLISummary>();
    for (const slot of this.#state.ordered) {
      const { namespace } = slot.template;
      if (summaries.has(namespace)) continue;
      const { description, category, tags } = slot.template.owner;
      summaries.set(namespace, {
        name: namespace,
        description,
        tool_count: namespaces.get(namespace)!,
        category,
        tags: [...tags],
      });
      if (summaries.size === namespaces.size) break;
    }
    return [...summaries.values()];
  }

  #slotOf(id: string) {
    if (typeof id !== "string") return undefined;
    const slot = this.#state.byId.get(id);
    return slot === undefined ? undefined : this.#state.slots[slot];
  }

  #normalize(params: RegistrySearchParams): NormalizedParams {
    if (params === null || typeof params !== "object") {
      throw new RangeError("Search parameters must be an object");
    }
    const normalized = normalizeParams(params, this.#settings.modes);
    const namespace = params.namespace;
    if (namespace !== undefined && namespace !== null && typeof namespace !== "string") {
      throw new RangeError(`The namespace must be a string or null, got ${typeof namespace}`);
    }
    const wanted = namespace?.toLowerCase() ?? "";
    if (wanted === "") return normalized;
    // A namespace is the CLI name of its tools: the two filters are one, and must agree.
    if (normalized.cli !== "" && normalized.cli !== wanted) return { ...normalized, limit: 0 };
    return { ...normalized, cli: wanted };
  }

  #offsetOf(cursor: unknown, key: string): number {
    if (cursor === undefined || cursor === null || cursor === "") return 0;
    if (typeof cursor !== "string") throw new InvalidCursorError("The cursor must be a string");
    return readTaggedCursor(cursor, this.contentVersion, key);
  }

  #collect(
    params: NormalizedParams,
    skip: number,
    wantMore: boolean,
  ): { results: RegistryEntry[]; more: boolean } {
    const results: RegistryEntry[] = [];
    if (params.limit <= 0) return { results, more: false };
    const want = params.limit + (wantMore ? 1 : 0);
    const slots = this.#state.slots;
    // Most registries have no searcher of the user's, and then none is looked up.
    const searchers = this.#settings.searchers;
    const searcher = searchers.size === 0 ? undefined : searchers.get(params.mode);
    if (searcher === undefined) {
      for (const slot of this.#state.search.find(params, skip, want)) {
        results.push(slots[slot]!.entry);
      }
    } else {
      results.push(...this.#custom(searcher, params, skip, want));
    }
    const more = wantMore && results.length > params.limit;
    if (more) results.length = params.limit;
    return { results, more };
  }

  /** The results of a searcher of the library user's: the tools that pass the filters, ranked. */
  #custom(
    searcher: Searcher,
    params: NormalizedParams,
    skip: number,
    want: number,
  ): RegistryEntry[] {
    const docs = this.#docs(params);
    let byId = entriesById.get(docs);
    if (byId === undefined) {
      entriesById.set(docs, byId = new Map(docs.map((doc) => [doc.id, doc.entry])));
    }
    const seen = new Set<string>();
    const found: RegistryEntry[] = [];
    for (const id of searcher.search(params.query, skip + want, docs, this.#context(params))) {
      const entry = byId.get(id);
      if (entry === undefined || seen.has(id)) continue;
      seen.add(id);
      found.push(entry);
    }
    return found.slice(skip, skip + want);
  }

  /**
   * The tools that pass the filters of `params`, in load order, as a searcher sees them: each
   * made once per state, and without filters the same array every time, so that a searcher may
   * keep what it works out of it.
   */
  #docs(params: NormalizedParams): readonly SearchDoc[] {
    const state = this.#state;
    let made = searchDocs.get(state);
    // A registry's state changes in place: what was made of it before a change is made again.
    if (made?.version !== state.version) {
      searchDocs.set(state, made = { version: state.version, bySlot: [] });
    }
    const unfiltered = params.category === "" && params.cli === "";
    if (unfiltered && made.all !== undefined) return made.all;
    // A search with no query browses: the tools that pass the filters, in load order.
    const filtered = { ...params, mode: DEFAULT_MODE, query: "", needle: "" };
    const { bySlot } = made;
    const docs = state.search.find(filtered, 0, state.size).map((slot) =>
      bySlot[slot] ??= searchDoc(state, slot)
    );
    if (unfiltered) made.all = Object.freeze(docs);
    return docs;
  }

  /** Ranked search of the same query and filters, for a searcher that builds on it. */
  #context(params: NormalizedParams): SearchContext {
    return {
      ranked: (limit: number): RankedHit[] => {
        if (!Number.isInteger(limit) || limit <= 0) return [];
        const scores: number[] = [];
        const slots = this.#state.search.find({ ...params, mode: "ranked" }, 0, limit, scores);
        // A query with no word to rank by browses, with no scores: that is no ranked answer.
        if (scores.length !== slots.length) return [];
        return slots.map((slot, i) => ({
          id: this.#state.slots[slot]!.entry.id,
          score: scores[i],
        }));
      },
    };
  }
}

/** The documents made of each state's tools at a version: by slot, and all in load order. */
const searchDocs = new WeakMap<
  RegistryState,
  { version: number; bySlot: SearchDoc[]; all?: readonly SearchDoc[] }
>();

/** The entries of a searcher's documents by ID: made once for the array of every tool. */
const entriesById = new WeakMap<readonly SearchDoc[], ReadonlyMap<string, RegistryEntry>>();

/** The tool of `slot` as a searcher sees it. */
function searchDoc(state: RegistryState, slot: number): SearchDoc {
  const { entry, template } = state.slots[slot]!;
  const { title, description, namespace, category, tags, name } = template.tool;
  const text = [name, title ?? "", description, namespace, category ?? "", ...tags]
    .filter((field) => field !== "").join(" ");
  return Object.freeze({ id: entry.id, text, entry });
}

/**
 * Compares by code point, as Go's strings sort: JavaScript's `<` compares UTF-16 code units, which
 * put a character past U+FFFF (a surrogate pair, from U+D800) before those from U+E000 to U+FFFF.
 */
function byCodePoint(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(j)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return i < a.length ? 1 : j < b.length ? -1 : 0;
}
