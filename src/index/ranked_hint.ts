// Whether a literal search that found nothing should point to ranked mode: a request in plain
// words ("list running containers") is rarely anyone's text word for word, and ranked mode is
// what answers it. One test, for every surface that prints the hint.
import { DEFAULT_MODE } from "./search_modes.ts";

/** What the test reads of a search's parameters: `ToolIndex`'s and `ToolRegistry`'s alike. */
interface HintParams {
  query?: string | null;
  mode?: string;
  limit?: number;
}

/**
 * Whether `search`, having found nothing for `params` in substring mode, finds tools for them
 * in ranked mode: the query has words that rank. False for any other mode, an empty query or
 * a zero limit.
 */
export function rankedWouldFind<P extends HintParams>(
  search: (params: P) => readonly unknown[],
  params: P,
): boolean {
  if ((params.mode ?? DEFAULT_MODE) !== "substring" || !params.query || params.limit === 0) {
    return false;
  }
  return search({ ...params, mode: "ranked", limit: 1 }).length > 0;
}
