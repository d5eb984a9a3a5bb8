// What a search that found nothing should point to: ranked mode, after a literal search, when a
// request in plain words ("list running containers"), rarely anyone's text word for word, has
// words that rank tools; the summary, after a ranked search that no tool matches, to learn what
// the catalogue has and the words it says it in. One rule, for every surface that words a hint.
import { DEFAULT_MODE } from "./search_modes.ts";

/** What the test reads of a search's parameters: `ToolIndex`'s and `ToolRegistry`'s alike. */
interface HintParams {
  query?: string | null;
  mode?: string;
  limit?: number;
  cursor?: string | null;
}

/** Where a search that found nothing points: ranked mode, or the summary of the catalogue. */
export type EmptySearchHint = "ranked" | "summary";

/**
 * The hint for a first page of `params` that found `found` tools with `search`: `ranked` when a
 * substring search found nothing that ranked mode finds, as the query has words that rank;
 * `summary` when a search of another mode (ranked, or a searcher's, such as hybrid) with a query
 * found nothing; none otherwise (no query, a zero limit, a later page).
 */
export function emptySearchHint<P extends HintParams>(
  search: (params: P) => readonly unknown[],
  params: P,
  found: number,
): EmptySearchHint | null {
  if (found > 0 || params.cursor || !params.query || params.limit === 0) return null;
  if ((params.mode ?? DEFAULT_MODE) !== "substring") return "summary";
  return search({ ...params, mode: "ranked", limit: 1 }).length > 0 ? "ranked" : null;
}
