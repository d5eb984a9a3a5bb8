// What a registry holds at one version: its tools in load order, each with its backends, and
// its namespaces. A state is changed in place until it is shared (by a snapshot); a shared
// state is copied before the next change, so a snapshot keeps its view.
import type { RegistryEntry, ToolBackend } from "../registry_types.ts";
import { canonicalJson } from "../_json_value.ts";
import { Hash64 } from "../_hash.ts";
import type { JsonValue } from "../types.ts";
import type { ToolTemplate } from "./_registry_input.ts";
import { RegistrySearch } from "./_registry_search.ts";

/** One tool of a registry: its definition and its backends, in registration order. */
export class Slot {
  readonly template: ToolTemplate;
  readonly backends: readonly ToolBackend[];
  #entry: RegistryEntry | undefined;
  #hash: string | undefined;

  constructor(template: ToolTemplate, backends: readonly ToolBackend[], entry?: RegistryEntry) {
    this.template = template;
    this.backends = Object.freeze(backends);
    this.#entry = entry;
  }

  /** The tool's ID. */
  get id(): string {
    return this.template.id;
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

  /** The same tool with other backends. */
  withBackends(backends: readonly ToolBackend[]): Slot {
    return new Slot(this.template, backends, this.#entry);
  }
}

/** The tools and namespaces of one version of a registry. */
export class RegistryState {
  /** The monotonic version: one more for every call that changed something. */
  version = 0;
  /** The tools in load order; a removed tool leaves a hole. */
  slots: (Slot | undefined)[] = [];
  /** The slot of each tool, by ID. */
  byId: Map<string, number> = new Map();
  /** How many tools each namespace has. */
  namespaces: Map<string, number> = new Map();
  /** How many tools there are. */
  size = 0;
  #search: RegistrySearch | undefined;
  #contentVersion: string | undefined;

  /** A copy that changes apart from this state. */
  clone(): RegistryState {
    const copy = new RegistryState();
    copy.version = this.version;
    copy.slots = [...this.slots];
    copy.byId = new Map(this.byId);
    copy.namespaces = new Map(this.namespaces);
    copy.size = this.size;
    copy.#search = this.#search;
    copy.#contentVersion = this.#contentVersion;
    return copy;
  }

  /** Drops what was computed from the content, after a change. */
  changed(): void {
    this.#search = undefined;
    this.#contentVersion = undefined;
  }

  /** The search over the current tools, built on first use after a change. */
  get search(): RegistrySearch {
    return this.#search ??= new RegistrySearch(this.slots);
  }

  /**
   * A 16-hex-digit hash of everything the registry holds, in order: the same content gives the
   * same hash in any process, whatever changes led to it.
   */
  get contentVersion(): string {
    if (this.#contentVersion === undefined) {
      const hash = new Hash64();
      for (const slot of this.slots) if (slot !== undefined) hash.update(slot.hash);
      this.#contentVersion = hash.digest();
    }
    return this.#contentVersion;
  }
}
