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
import type { Slots } from "./_search_parts.ts";

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
 * Adds to `known` the average field lengths of the sources of the tools at `positions` that it
 * lacks, each over every tool of `slots` from the same source: a delta holds only the tools that
 * changed, and a source's lengths measured over those alone scored them as a fresh build would
 * not (2% of bundled-dev's top tens differed after two edits). Sources are told apart by
 * `configKey`, as a build tells them apart, and keyed by it in `known`; `named` gives the
 * positions of the tools whose source has a name, among which those of the source are. What
 * is known of a source holds until its tools change: measuring every source of a delta again
 * at each change took 4 ms of each replacement of a 100-tool source among 10,000 tools, on
 * average, and looking for a source's tools among all the tools 1 ms.
 */
export function sourceAverages(
  slots: Slots,
  positions: readonly number[],
  averages: Float64Array,
  known: Map<string, Float64Array>,
  named: (name: string) => number[],
): void {
  const wanted = new Map<string, RankedConfig>();
  for (const position of positions) {
    const owner = slots[position]!.template.owner;
    const key = configKey(owner);
    if (!known.has(key)) wanted.set(key, owner);
  }
  if (wanted.size === 0) return;
  const candidates = new Set<number>();
  for (const owner of wanted.values()) {
    for (const position of named(owner.name)) candidates.add(position);
  }
  const templates: ToolTemplate[] = [];
  const owners: RankedConfig[] = [];
  // In the order of the slots, as they were measured when all of them were looked at.
  for (const position of [...candidates].sort((a, b) => a - b)) {
    const template = slots[position]!.template;
    const owner = wanted.get(configKey(template.owner));
    if (owner === undefined) continue;
    templates.push(template);
    owners.push(owner);
  }
  const lengths = new Float32Array(templates.length * FIELDS.length);
  templates.forEach((template, doc) => lengths.set(lengthsOf(template), doc * FIELDS.length));
  const byOwner = configAverages(owners, lengths, averages, DEFAULT_RANKING.lengthPrior);
  for (const [key, owner] of wanted) known.set(key, byOwner.get(owner)!);
}
