// What length normalisation needs of a source when a delta index holds only some of its tools:
// the average field lengths over all of them, as one index of every tool would measure them.
import {
  configAverages,
  configKey,
  DEFAULT_RANKING,
  fieldLengths,
  FIELDS,
  type RankedConfig,
} from "../search/ranked.ts";
import type { ToolTemplate } from "./_registry_input.ts";

/** A registry's slots as its search reads them: a hole where a tool left. */
type Slots = readonly ({ readonly template: ToolTemplate } | undefined)[];

/** The field lengths of each definition, measured once. */
const lengthsOfTemplate = new WeakMap<ToolTemplate, Float32Array>();

function lengthsOf(template: ToolTemplate): Float32Array {
  let lengths = lengthsOfTemplate.get(template);
  if (lengths === undefined) {
    lengths = fieldLengths(template.ranked, template.owner);
    lengthsOfTemplate.set(template, lengths);
  }
  return lengths;
}

/**
 * The average field lengths of the sources of the tools at `positions`, over every tool of
 * `slots` from the same source: a delta holds only the tools that changed, and a source's
 * lengths measured over those alone scored them as a fresh build would not (2% of bundled-dev's
 * top tens differed after two edits). Sources are told apart by `configKey`, as a build tells
 * them apart, keyed by it in the map returned.
 */
export function sourceAverages(
  slots: Slots,
  positions: readonly number[],
  averages: Float64Array,
): Map<string, Float64Array> {
  const wanted = new Map<string, RankedConfig>();
  for (const position of positions) {
    const owner = slots[position]!.template.owner;
    wanted.set(configKey(owner), owner);
  }
  // The names first: a string test per tool, where most tools are of other sources.
  const names = new Set([...wanted.values()].map((owner) => owner.name));
  const templates: ToolTemplate[] = [];
  const owners: RankedConfig[] = [];
  for (const slot of slots) {
    if (slot === undefined || !names.has(slot.template.owner.name)) continue;
    const owner = wanted.get(configKey(slot.template.owner));
    if (owner === undefined) continue;
    templates.push(slot.template);
    owners.push(owner);
  }
  const lengths = new Float32Array(templates.length * FIELDS.length);
  templates.forEach((template, doc) => lengths.set(lengthsOf(template), doc * FIELDS.length));
  const byOwner = configAverages(owners, lengths, averages, DEFAULT_RANKING.lengthPrior);
  return new Map([...wanted].map(([key, owner]) => [key, byOwner.get(owner)!]));
}
