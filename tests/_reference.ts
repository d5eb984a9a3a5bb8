// The contract's substring search written as plainly as possible: the reference that search()
// must equal, for the differential and property tests.
import type { CLImaxConfig, SearchParams } from "../mod.ts";

/** A tool as the reference scan sees it. */
export interface Row {
  name: string;
  /** The searched fields, lowercased once. */
  fields: string[];
  category: string | null;
  cli: string;
}

/** The tools in load order, a later duplicate replacing the earlier one at the end. */
export function referenceRows(configs: readonly CLImaxConfig[]): Row[] {
  const rows = new Map<string, Row>();
  for (const config of configs) {
    for (const tool of config.tools) {
      rows.delete(tool.name);
      rows.set(tool.name, {
        name: tool.name,
        fields: [tool.name, tool.description, config.name, config.category ?? "", ...config.tags]
          .map((field) => field.toLowerCase()),
        category: config.category,
        cli: config.name,
      });
    }
  }
  return [...rows.values()];
}

/** The seed contract, written as plainly as possible. */
export function referenceSearch(rows: readonly Row[], params: SearchParams): string[] {
  const limit = params.limit ?? 10;
  if (limit <= 0) return [];
  const query = params.query ? params.query.toLowerCase() : null;
  const category = params.category ? params.category.toLowerCase() : null;
  const cli = params.cli ? params.cli.toLowerCase() : null;
  const out: string[] = [];
  for (const row of rows) {
    if (query !== null && !row.fields.some((field) => field.includes(query))) {
      continue;
    }
    if (category !== null && (row.category === null || row.category.toLowerCase() !== category)) {
      continue;
    }
    if (cli !== null && row.cli.toLowerCase() !== cli) continue;
    out.push(row.name);
    if (out.length === limit) break;
  }
  return out;
}
