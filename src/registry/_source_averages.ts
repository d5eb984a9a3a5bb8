// What length normalisation needs of a source when a delta segment holds only some of its tools:
// the average field lengths over all of them, as one index of every tool would measure them.
import {
  configAverages,
  configKey,
  DEFAULT_RANKING,
  fieldLengths,
  FIELDS,
} from "../search/ranked.ts";
import type { ToolTemplate } from "./registrations.ts";
import type { Segment, Slots } from "./_segments.ts";
import type { LiveCopies } from "./_live_copies.ts";

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
export interface AveragesChange {
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

/** A change of a registry's tools, as `remeasure` reads it. */
export interface MeasuredChange {
  /** The segments of the search before the change, the main one first. */
  readonly segments: readonly (Segment | undefined)[];
  /** The live copies of the tools in `segments`, the change's stale ones left out. */
  readonly ranked: LiveCopies;
  readonly slots: Slots;
  /** The definitions whose copies the change leaves stale. */
  readonly staled: readonly ToolTemplate[];
  /** The slots of the tools the change indexes anew. */
  readonly changed: readonly number[];
  /** The average field lengths over all the tools there are after the change. */
  readonly averages: Float64Array;
  /**
   * The averages that the tools of each source with tools in a delta were indexed with, by
   * `configKey`; the others were indexed with those of the main segment's build.
   */
  readonly owned: ReadonlyMap<string, Float64Array>;
}

/**
 * Measures again the sources of the tools that a change leaves stale or indexes anew, over all
 * their tools: their live copies and the changed ones.
 */
export function remeasure(change: MeasuredChange): AveragesChange {
  const { segments, slots, staled, changed, averages, owned } = change;
  const names = new Map<string, string>();
  for (const template of staled) names.set(configKey(template.owner), template.owner.name);
  for (const position of changed) {
    const owner = slots[position]!.template.owner;
    names.set(configKey(owner), owner.name);
  }
  const members = membersOf(change, names);
  const measured = sourceAverages(members.map((position) => slots[position]!.template), averages);
  const sources = new Map<string, Float64Array | undefined>();
  const movedKeys = new Set<string>();
  for (const [key, name] of names) {
    const now = measured.get(key);
    sources.set(key, now);
    if (now === undefined) continue;
    const before = owned.get(key) ?? builtAverages(segments[0]!, key, name);
    if (before === undefined || now.some((x, at) => x !== before[at])) movedKeys.add(key);
  }
  const kept = new Set(changed);
  const moved = members.filter((position) =>
    !kept.has(position) && movedKeys.has(configKey(slots[position]!.template.owner))
  );
  return { sources, moved };
}

/**
 * The slots of every tool there is of the sources `names` (by `configKey`): their live copies in
 * the change's segments, and the changed ones. Found through the segments' CLI filters, not by
 * looking at every slot.
 */
function membersOf(
  { segments, ranked, slots, changed }: MeasuredChange,
  names: ReadonlyMap<string, string>,
): number[] {
  const found: number[] = [];
  // A CLI filter holds the names that differ in case only, which `configKey` tells apart.
  const filters = new Set([...names.values()].map((name) => name.toLowerCase()));
  segments.forEach((segment, at) => {
    for (const name of filters) {
      for (const doc of segment?.search.positionsOfCli(name) ?? []) {
        if (!ranked.stale(at)?.[doc] && names.has(configKey(segment!.templates[doc].owner))) {
          found.push(segment!.slots[doc]);
        }
      }
    }
  });
  for (const position of changed) {
    if (names.has(configKey(slots[position]!.template.owner))) found.push(position);
  }
  return found;
}

/** The averages that the build of segment `main` scored the tools of source `key` with. */
function builtAverages(main: Segment, key: string, name: string): Float64Array | undefined {
  const templates: ToolTemplate[] = [];
  for (const doc of main.search.positionsOfCli(name) ?? []) {
    if (configKey(main.templates[doc].owner) === key) templates.push(main.templates[doc]);
  }
  return sourceAverages(templates, main.own.averages).get(key);
}
