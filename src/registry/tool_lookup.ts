// What a reference to a tool finds in a registry: an ID, or a bare name that one namespace has;
// when it finds none, the IDs a typo most likely meant.
import type { RegistryView } from "./registry_view.ts";
import { editDistance } from "../_suggest.ts";

/** What a reference to a tool finds: the tool's ID, the IDs it could mean, or none. */
export type ToolLookup =
  | { kind: "found"; id: string }
  | { kind: "ambiguous"; ids: string[] }
  | { kind: "missing"; closest: string[] };

/** How many IDs a miss suggests. */
const SUGGESTIONS = 5;

/** The tool that `reference` (an ID, or a bare name) names in `registry`. */
export function lookupTool(registry: RegistryView, reference: string): ToolLookup {
  const ids = registry.lookup(reference);
  if (ids.length === 1) return { kind: "found", id: ids[0] };
  if (ids.length > 1) return { kind: "ambiguous", ids };
  return { kind: "missing", closest: closestIds(registry, reference) };
}

/**
 * Waits for `later.ready()` when `reference` finds no tool in `registry` yet: it may name a tool
 * of a server that has not listed its tools.
 */
export async function untilListed(
  registry: RegistryView,
  reference: string,
  later: { ready?(): Promise<void> },
): Promise<void> {
  if (registry.lookup(reference).length === 0) await later.ready?.();
}

/**
 * The IDs nearest to `reference`, by the edit distance of their names or IDs, then load order.
 * A candidate whose length is further from the reference's than a likely typo is not measured:
 * measuring a long made-up name against every tool made a 404 slow.
 */
function closestIds(registry: RegistryView, reference: string): string[] {
  const lower = reference.toLowerCase();
  const reach = Math.max(3, Math.floor(lower.length / 3));
  const distance = (text: string) => {
    const candidate = text.toLowerCase();
    if (candidate.includes(lower)) return 0;
    if (Math.abs(candidate.length - lower.length) > reach) return Infinity;
    return editDistance(lower, candidate);
  };
  return registry.ids()
    .map((id, order) => {
      const name = registry.getEntry(id)!.tool_name;
      return { id, order, distance: Math.min(distance(name), distance(id)) };
    })
    .filter((candidate) => candidate.distance !== Infinity)
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, SUGGESTIONS)
    .map((candidate) => candidate.id);
}
