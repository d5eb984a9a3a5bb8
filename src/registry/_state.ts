// What a registry holds at one version: its tools, each with the backends that reach it, in
// load order, and its sources and namespaces. A state is changed in place until it is shared
// (by a snapshot); a shared state is copied before the next change, so a snapshot keeps its view.
//
// Load order is by source, then by the tool's place in its source: a source (the backends of one
// kind and ID: a config, a server) keeps the place it first came in, and lists its tools in the
// order it last gave them. A tool reached by several sources stands where the earliest puts it.
// A fresh registry given the same sources in the same order holds the tools in the same order.
import type { BackendKind, RegistryEntry, ToolBackend } from "./types.ts";
import { canonicalJson } from "../_json_value.ts";
import { Hash64 } from "../_hash.ts";
import type { JsonValue } from "../types.ts";
import type { ToolTemplate } from "./registrations.ts";
import { RegistrySearch } from "./_segmented_search.ts";
import { type SearchTables, ToolSearch } from "../index/tool_search.ts";

/** A tool's places in its sources: at most this many tools in one source. */
export const SOURCE_SPAN = 2 ** 20;

/** One backend of a tool, and the tool's place in the list of the backend's source. */
export interface Listing {
  readonly backend: ToolBackend;
  readonly place: number;
}

/** One tool of a registry: its definition, and its backends in the order of their sources. */
export class Slot {
  readonly template: ToolTemplate;
  readonly listings: readonly Listing[];
  /** Where the tool stands in load order: a smaller one comes first. */
  readonly order: number;
  #backends: readonly ToolBackend[] | undefined;
  #entry: RegistryEntry | undefined;
  #hash: string | undefined;

  /**
   * The tool of `template`, reached by `listings`, standing at `order`; `kept` are what an
   * earlier slot of the same tool made, still true of this one.
   */
  constructor(
    template: ToolTemplate,
    listings: readonly Listing[],
    order: number,
    kept?: { entry?: RegistryEntry; hash?: string },
  ) {
    this.template = template;
    this.listings = Object.freeze(listings);
    this.order = order;
    this.#entry = kept?.entry;
    this.#hash = kept?.hash;
  }

  /** The tool's ID. */
  get id(): string {
    return this.template.id;
  }

  /** The tool's backends, in the order of their sources. */
  get backends(): readonly ToolBackend[] {
    return this.#backends ??= Object.freeze(this.listings.map((listing) => listing.backend));
  }

  /** What a search returns for the tool, made on first use. */
  get entry(): RegistryEntry {
    if (this.#entry === undefined) {
      const { id, name, description, namespace, category, tags, input_schema } = this.template.tool;
      this.#entry = Object.freeze({
        id,
        tool_name: name,
        description,
        cli_name: namespace,
        category,
        tags,
        input_schema,
      });
    }
    return this.#entry;
  }

  /**
   * A hash of the tool, its backends and what its source says of its namespace: what the
   * registry's content version is made of.
   */
  get hash(): string {
    const { tool, owner } = this.template;
    return this.#hash ??= new Hash64()
      .update(canonicalJson([tool, this.backends, owner.description] as unknown as JsonValue))
      .digest();
  }

  /**
   * The tool with `template` and `listings`, standing at `order`: what it shows, and its hash,
   * are kept when they stay the same.
   */
  with(template: ToolTemplate, listings: readonly Listing[], order: number): Slot {
    if (template !== this.template) return new Slot(template, listings, order);
    const same = listings.length === this.listings.length &&
      listings.every((listing, i) => listing.backend === this.listings[i].backend);
    return new Slot(template, listings, order, {
      entry: this.#entry,
      hash: same ? this.#hash : undefined,
    });
  }
}

/** A source of tools: where it stands among sources, and its list's next free place. */
export interface SourceRecord {
  readonly ordinal: number;
  /** The place a tool added to the source takes. */
  next: number;
  /** The IDs of the tools the source reaches. */
  readonly ids: Set<string>;
}

/** The key of the source of the backends of kind `kind` and ID `id`. */
export function keyOf(kind: BackendKind, id: string): string {
  return `${kind}\u0000${id}`;
}

/** The key of a backend's source: its kind and ID. */
export function sourceKey(backend: ToolBackend): string {
  return keyOf(backend.kind, backend.id);
}

/** The tools, sources and namespaces of one version of a registry. */
export class RegistryState {
  /** The monotonic version: one more for every call that changed something. */
  version = 0;
  /** Every tool, in a slot of its own for as long as it is there; a hole where one left. */
  slots: (Slot | undefined)[] = [];
  /** The slot of each tool, by ID. */
  byId: Map<string, number> = new Map();
  /** The sources, by key. */
  sources: Map<string, SourceRecord> = new Map();
  /** The ordinal the next new source takes. */
  nextOrdinal = 0;
  /** How many tools each namespace has. */
  namespaces: Map<string, number> = new Map();
  /** How many tools there are. */
  size = 0;
  #ordered: Slot[] | undefined;
  #search: RegistrySearch | undefined;
  /** The search of an earlier version, which the next one is made from. */
  #earlier: RegistrySearch | undefined;
  /** The slots changed since `#earlier` was made. */
  #touched: number[] = [];
  #contentHash: string | undefined;
  /** Tables taken by `adopt`, made the search when one is first needed. */
  #adopted: SearchTables | undefined;

  /** A copy that changes apart from this state. */
  clone(): RegistryState {
    const copy = new RegistryState();
    copy.version = this.version;
    copy.slots = [...this.slots];
    copy.byId = new Map(this.byId);
    copy.sources = new Map(
      [...this.sources].map(([key, record]) => [key, { ...record, ids: new Set(record.ids) }]),
    );
    copy.nextOrdinal = this.nextOrdinal;
    copy.namespaces = new Map(this.namespaces);
    copy.size = this.size;
    copy.#ordered = this.#ordered;
    copy.#search = this.#search;
    copy.#earlier = this.#earlier;
    copy.#touched = [...this.#touched];
    copy.#contentHash = this.#contentHash;
    copy.#adopted = this.#adopted;
    return copy;
  }

  /** Notes that the slot at `position` changes; the search made so far is the earlier one. */
  touch(position: number): void {
    this.#keepSearch();
    this.#touched.push(position);
  }

  /** Drops what was computed from the content, after a change. */
  changed(): void {
    this.#keepSearch();
    this.#ordered = undefined;
    this.#contentHash = undefined;
  }

  /** Makes the current search, if any, the one the next is made from. */
  #keepSearch(): void {
    // Adopted tables are of the tools before the change: the next search is made from them.
    this.makeAdoptedSearch();
    if (this.#search === undefined) return;
    this.#earlier = this.#search;
    this.#search = undefined;
    this.#touched = [];
  }

  /** The tools in load order. */
  get ordered(): readonly Slot[] {
    if (this.#ordered === undefined) {
      this.#ordered = this.slots.filter((slot) => slot !== undefined);
      this.#ordered.sort((a, b) => a.order - b.order);
    }
    return this.#ordered;
  }

  /**
   * Takes `tables` (the tables of the one index over every tool) and `contentHash` from a
   * registry built earlier from the same sources by the same code, instead of building them.
   * The tables are checked now and made the search when one is first needed: a cold start's
   * first answers, such as its health, need none.
   *
   * @throws {RangeError} When `tables` do not fit the tools.
   */
  adopt(tables: SearchTables, contentHash: string): void {
    ToolSearch.checkTables(tables, this.size);
    this.#adopted = tables;
    this.#search = undefined;
    this.#contentHash = contentHash;
  }

  /** The search over the current tools, made on first use after a change from the last one. */
  get search(): RegistrySearch {
    this.makeAdoptedSearch();
    return this.#search ??= this.#earlier?.update(this.slots, this.#touched, this.size) ??
      RegistrySearch.build(this.slots);
  }

  /**
   * Drops the search and the content hash, adopted or made, to be made again from the tools
   * when next needed: for tables and a hash that other code made.
   */
  forgetSearch(): void {
    this.#adopted = undefined;
    this.#search = undefined;
    this.#earlier = undefined;
    this.#touched = [];
    this.#contentHash = undefined;
  }

  /** Makes the adopted tables, if any are waiting, the search. */
  makeAdoptedSearch(): void {
    if (this.#adopted === undefined) return;
    this.#search = RegistrySearch.build(this.slots, this.#adopted);
    this.#adopted = undefined;
  }

  /**
   * A 16-hex-digit hash of everything the registry holds, in order: the same content gives the
   * same hash in any process, whatever changes led to it.
   */
  get contentHash(): string {
    if (this.#contentHash === undefined) {
      const hash = new Hash64();
      for (const slot of this.ordered) hash.update(slot.hash);
      this.#contentHash = hash.digest();
    }
    return this.#contentHash;
  }
}
