// The exact filters of a search, category and CLI: each value's tools, and each tool's value.
import type { RankedConfig } from "../search/ranked.ts";

/** The tools of one filter value: the value's number, and the tools' positions in order. */
export interface Filter {
  id: number;
  positions: Int32Array;
}

/**
 * The filter of each value that `valueOf` gives the tools' configs, by the value lowercased,
 * and the value's number for each tool (-1 for none).
 */
export function buildFilter(
  owners: readonly RankedConfig[],
  valueOf: (config: RankedConfig) => string | null,
): [Map<string, Filter>, Int32Array] {
  const lists = new Map<string, number[]>();
  const idOf = new Int32Array(owners.length).fill(-1);
  const ids = new Map<string, number>();
  owners.forEach((config, position) => {
    const value = valueOf(config);
    if (!value) return;
    const key = value.toLowerCase();
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
      lists.set(key, []);
    }
    idOf[position] = id;
    lists.get(key)!.push(position);
  });
  const filters = new Map<string, Filter>();
  for (const [key, positions] of lists) {
    filters.set(key, { id: ids.get(key)!, positions: Int32Array.from(positions) });
  }
  return [filters, idOf];
}
