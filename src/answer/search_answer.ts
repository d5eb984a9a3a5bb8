// A search as the service answers it, over HTTP (`GET /search`) and MCP (`climax_search`) alike:
// each result in full or in summary, and a hint when nothing was found (see `emptySearchHint`).
import type { RegistrySearchPageParams } from "../registry/registry_params.ts";
import type { RegistryView } from "../registry/registry_view.ts";
import { emptySearchHint } from "../index/ranked_hint.ts";
import { SEARCH_MODES } from "../index/search_modes.ts";
import type { ToolIndexEntry } from "../types.ts";
import { wireEntry } from "./tool_answer.ts";

/** How much of each result an answer carries. */
export type Detail = "full" | "summary";

/** The values of the `detail` parameter, the default first. */
export const DETAILS: readonly [Detail, ...Detail[]] = ["full", "summary"];

/** The longest description a summary result carries, in characters, `…` included. */
export const SUMMARY_DESCRIPTION_LENGTH = 120;

/** A result in summary: enough to choose a tool, not to call it. */
export interface SummaryEntry {
  tool_name: string;
  cli_name: string;
  category: string | null;
  description: string;
}

/** One page of a search, as both surfaces answer it. */
export interface SearchAnswer {
  mode: "search";
  results: (ToolIndexEntry | SummaryEntry)[];
  next_cursor: string | null;
  /**
   * Set when nothing was found: a substring search that ranked mode would answer, or a ranked
   * search that no tool matches.
   */
  hint?: string;
}

/** How a surface words each hint: how its client asks for ranked mode, and for the summary. */
export interface HintWords {
  ranked: string;
  summary: string;
}

/** The page of `registry`'s search that `params` ask for, each result in the `detail` asked. */
export function searchAnswer(
  registry: RegistryView,
  params: RegistrySearchPageParams,
  detail: Detail,
  hints: HintWords,
): SearchAnswer {
  const page = registry.searchPage(params);
  const answer: SearchAnswer = {
    mode: "search",
    results: page.results.map(detail === "summary" ? summaryEntry : wireEntry),
    next_cursor: page.next_cursor,
  };
  const search = (p: RegistrySearchPageParams) => registry.search(p);
  const hint = emptySearchHint(search, params, page.results.length);
  if (hint === "ranked") answer.hint = `No tool's text contains "${params.query}". ${hints.ranked}`;
  if (hint === "summary") answer.hint = `No tool matches these words. ${hints.summary}`;
  return answer;
}

/** The JSON text of each result, kept with the result, which stands for its tool's entry. */
const resultTexts = new WeakMap<ToolIndexEntry | SummaryEntry, string>();

/**
 * `answer` as JSON, the text `JSON.stringify` gives. Each frozen result's text is made once and
 * kept: a result is the same frozen object for as long as its tool's entry is (`wireEntry`,
 * `summaryEntry`), and writing tools' frozen fields again took most of the time an answer
 * took to write.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchAnswerText } from "./search_answer.ts";
 *
 * const answer = {
 *   mode: "search" as const,
 *   results: [{ tool_name: "ls", cli_name: "coreutils", category: null, description: "List" }],
 *   next_cursor: null,
 *   hint: "Try other words.",
 * };
 * assert.equal(searchAnswerText(answer), JSON.stringify(answer));
 * ```
 */
export function searchAnswerText(answer: SearchAnswer): string {
  const { mode, results, next_cursor, hint } = answer;
  const texts = results.map((result) => {
    let text = resultTexts.get(result);
    if (text === undefined) {
      text = JSON.stringify(result);
      // Only a frozen result cannot change after its text is made.
      if (Object.isFrozen(result)) resultTexts.set(result, text);
    }
    return text;
  });
  const rest = `"next_cursor":${JSON.stringify(next_cursor)}` +
    (hint === undefined ? "" : `,"hint":${JSON.stringify(hint)}`);
  return `{"mode":${JSON.stringify(mode)},"results":[${texts.join(",")}],${rest}}`;
}

/**
 * `answer()` once `registry` is ready to search as `params` ask: at once for the index's modes;
 * once the mode's searcher has prepared for a mode of its own (hybrid search encodes the
 * request), as a promise.
 *
 * @throws {HybridUnavailableError} Through the promise, when hybrid search cannot load.
 */
export function whenPrepared<T>(
  registry: RegistryView,
  params: RegistrySearchPageParams,
  answer: () => T,
): T | Promise<T> {
  if (params.mode === undefined || (SEARCH_MODES as readonly string[]).includes(params.mode)) {
    return answer();
  }
  return registry.prepareSearch(params).then(answer);
}

/** The summary of each entry, made once: an entry never changes. */
const summaries = new WeakMap<ToolIndexEntry, SummaryEntry>();

/**
 * A result in summary: its names, its category and the beginning of its description. Made
 * once per entry and frozen, as `wireEntry` is.
 */
export function summaryEntry(entry: ToolIndexEntry): SummaryEntry {
  let summary = summaries.get(entry);
  if (summary === undefined) {
    summary = Object.freeze({
      tool_name: entry.tool_name,
      cli_name: entry.cli_name,
      category: entry.category,
      description: cut(entry.description, SUMMARY_DESCRIPTION_LENGTH),
    });
    summaries.set(entry, summary);
  }
  return summary;
}

/** `text` cut at a word boundary to at most `length` characters, `…` ending a cut one. */
function cut(text: string, length: number): string {
  if (text.length <= length) return text;
  const room = text.slice(0, length - 1);
  const space = room.lastIndexOf(" ");
  // A text without a space in reach is cut mid-word rather than to nothing.
  return `${(space > length / 2 ? room.slice(0, space) : room).trimEnd()}…`;
}
