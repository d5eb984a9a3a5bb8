// The searches of a registry's tools: the same substring and ranked searches as a ToolIndex's,
// over the tools that are there, answering with their slots.
import type { NormalizedParams } from "./search_params.ts";
import type { ToolTemplate } from "./_registry_input.ts";
import { ToolSearch } from "./_tool_search.ts";

/** Finds a registry's tools by their slots. */
export class RegistrySearch {
  /** The slot of each searched tool. */
  readonly #slots: Int32Array;
  readonly #search: ToolSearch;

  /** Indexes the tools of `slots` (holes left out), in order. */
  constructor(slots: readonly ({ readonly template: ToolTemplate } | undefined)[]) {
    const live: number[] = [];
    for (let slot = 0; slot < slots.length; slot++) if (slots[slot] !== undefined) live.push(slot);
    this.#slots = Int32Array.from(live);
    const templates = live.map((slot) => slots[slot]!.template);
    this.#search = new ToolSearch(
      templates.map((template) => template.ranked),
      templates.map((template) => template.owner),
    );
  }

  /**
   * The slots of the tools `params` finds, in the order of the results, leaving out the first
   * `skip`: `count` of them at most.
   */
  find(params: NormalizedParams, skip: number, count: number): number[] {
    const slots = this.#slots;
    return this.#search.find(params, skip, count).map((position) => slots[position]);
  }
}
