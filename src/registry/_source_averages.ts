// What length normalisation needs of a source when a delta index holds only some of its tools:
// the average field lengths over all of them, as one index of every tool would measure them.
import {
  configAverages,
  configKey,
  DEFAULT_RANKING,
  fieldLengths,
  FIELDS,
} from "../search/ranked.ts";
import type { ToolTemplate } from "./_registrations.ts";
import type { Part, Slots } from "./_segments.ts";
import type { Copies } from "./_live_copies.ts";

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
 * The average field lengths that ranking normalises the tools of each source of `templates`
 * against (see `configAverages`), by `configKey`, as one index of every tool would measure
 * them: `templates` are all the tools of those sources, and `averages` the averages over all
 * the tools there are.
 */
function sourceAverages(
  templates: readonly ToolTemplate[],
  averages: Float64Array,
): Map<string, Float64Array> {
  const lengths = new Float32Array(templates.length * FIELDS.length);
  templates.forEach((template, doc) => lengths.set(lengthsOf(template), doc * FIELDS.length));
  const owners = templates.map((template) => template.owner);
  const byOwner = configAverages(owners, lengths, averages, DEFAULT_RANKING.lengthPrior);
  const byKey = new Map<string, Float64Array>();
  for (const [owner, group] of byOwner) byKey.set(configKey(owner), group);
  return byKey;
}

/**
 * Adds the field lengths of `templates`, `sign` times, to `totals`. They are whole numbers, so
 * the totals are exact in whatever order tools come and go, as a fresh build's sums are.
 */
export function addLengths(
  totals: Float64Array,
  templates: Iterable<ToolTemplate>,
  sign: number,
): void {
  for (const template of templates) {
    const lengths = lengthsOf(template);
    for (let field = 0; field < totals.length; field++) totals[field] += sign * lengths[field];
  }
}

/** What a change does to the average field lengths of the sources whose tools it changed. */
export interface Remeasured {
  /**
   * Each such source's averages now, over all its tools, by `configKey`; undefined for a
   * source with no tools left.
   */
  readonly sources: Map<string, Float64Array | undefined>;
  /**
   * The slots of the other tools of the sources whose averages moved: indexed with the old
   * averages, they are to be indexed again.
   */
  readonly moved: number[];
}

/**
 * Measures again the sources of the tools that a change leaves stale (`staled`) or indexes anew
 * (at `changed` of `slots`), over all their tools in `parts` (their copies in `ranked`) and
 * at `changed`, with `averages` the averages over all tools now. A source's tools were indexed
 * with its averages in `owned`, or else with those of the main index's build (`parts[0]`).
 */
export function remeasure(
  parts: readonly (Part | undefined)[],
  ranked: Copies,
  slots: Slots,
  staled: readonly ToolTemplate[],
  changed: readonly number[],
  averages: Float64Array,
  owned: ReadonlyMap<string, Float64Array>,
): Remeasured {
  const names = new Map<string, string>();
  for (const template of staled) names.set(configKey(template.owner), template.owner.name);
  for (const position of changed) {
    const owner = slots[position]!.template.owner;
    names.set(configKey(owner), owner.name);
  }
  const members = membersOf(parts, ranked, slots, changed, names);
  const measured = sourceAverages(members.map((position) => slots[position]!.template), averages);
  const sources = new Map<string, Float64Array | undefined>();
  const movedKeys = new Set<string>();
  for (const [key, name] of names) {
    const now = measured.get(key);
    sources.set(key, now);
    if (now === undefined) continue;
    const before = owned.get(key) ?? builtAverages(parts[0]!, key, name);
    if (before === undefined || now.some((x, at) => x !== before[at])) movedKeys.add(key);
  }
  const kept = new Set(changed);
  const moved = members.filter((position) =>
    !kept.has(position) && movedKeys.has(configKey(slots[position]!.template.owner))
  );
  return { sources, moved };
}

/**
 * The slots of every tool there is of the sources `names` (by `configKey`): their copies in
 * `parts` that `ranked` answers with, and at `changed`. Found through the indexes' CLI filters:
 * looking among all the slots took 1 ms of each replacement of a 100-tool source among 10,000
 * tools.
 */
function membersOf(
  parts: readonly (Part | undefined)[],
  ranked: Copies,
  slots: Slots,
  changed: readonly number[],
  names: ReadonlyMap<string, string>,
): number[] {
  const found: number[] = [];
  // A CLI filter holds the names that differ in case only, which `configKey` tells apart.
  const filters = new Set([...names.values()].map((name) => name.toLowerCase()));
  parts.forEach((part, index) => {
    for (const name of filters) {
      for (const doc of part?.search.positionsOfCli(name) ?? []) {
        if (!ranked.left(index)?.[doc] && names.has(configKey(part!.templates[doc].owner))) {
          found.push(part!.slots[doc]);
        }
      }
    }
  });
  for (const position of changed) {
    if (names.has(configKey(slots[position]!.template.owner))) found.push(position);
  }
  return found;
}

/** The averages that the build of index `main` scored the tools of source `key` with. */
function builtAverages(main: Part, key: string, name: string): Float64Array | undefined {
  const templates: ToolTemplate[] = [];
  for (const doc of main.search.positionsOfCli(name) ?? []) {
    if (configKey(main.templates[doc].owner) === key) templates.push(main.templates[doc]);
  }
  return sourceAverages(templates, main.own.averages).get(key);
}
