// What a search or a get may ask, over HTTP and MCP alike: the bounds of each parameter and
// what it means. Defined once here, for the HTTP routes, the MCP endpoint and the local MCP
// server, each of which makes its validation of them. No zod here: the service's start loads
// this module, and zod only when something needs it.
import { MAX_NAME_LENGTH } from "../limits.ts";
import { DEFAULT_LIMIT } from "../index/search_params.ts";
import { DEFAULT_MODE } from "../index/search_modes.ts";
import { SERVICE_MODES, serviceModeSpec } from "../catalogue/served_modes.ts";
import { DETAILS, SUMMARY_DESCRIPTION_LENGTH } from "./search_answer.ts";

/** The largest `limit` a request may ask for. */
export const MAX_LIMIT = 100;
/** The longest `query` a request may send, in characters. */
export const MAX_QUERY_LENGTH = 1000;
/** The longest `category`, `cli` or `cursor` a request may send, in characters. */
export const MAX_FILTER_LENGTH = 200;

/** A text parameter of a search: its longest value and what it means. */
export interface TextParam {
  maxLength: number;
  description: string;
}

/**
 * The parameters of a search, as `GET /search` and the MCP tool `climax_search` take them:
 * each one's bounds and description, in the order both list them.
 */
export const SEARCH_PARAMS = {
  query: {
    maxLength: MAX_QUERY_LENGTH,
    description:
      "Search keyword (matched against tool name, description, CLI name, category, tags). In substring mode it is one literal, case-insensitive phrase: use a single distinctive word such as 'commit' or 'container'. In ranked mode it takes a plain-language request such as 'list running containers' and returns the best matches first.",
  },
  category: {
    maxLength: MAX_FILTER_LENGTH,
    description:
      "Filter by CLI category (exact match, case-insensitive), as listed in the summary.",
  },
  cli: {
    maxLength: MAX_FILTER_LENGTH,
    description: "Filter by CLI name (exact match, case-insensitive), as listed in the summary.",
  },
  namespace: {
    maxLength: MAX_FILTER_LENGTH,
    description:
      "Filter by namespace: a CLI's name or an MCP server's (exact match, case-insensitive), as listed in the summary.",
  },
  limit: {
    min: 0,
    max: MAX_LIMIT,
    default: DEFAULT_LIMIT,
    description:
      `Maximum number of results to return (default: ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}).`,
  },
  mode: {
    values: SERVICE_MODES,
    default: DEFAULT_MODE,
    description: `How query matches: ${
      SERVICE_MODES.map((mode) => serviceModeSpec(mode).description).join("; ")
    }.`,
  },
  detail: {
    values: DETAILS,
    default: DETAILS[0],
    description:
      `How much of each result to return: 'full' (default) is the whole entry with the input_schema to call the tool with; 'summary' is tool_name, cli_name, category and the description cut to ${SUMMARY_DESCRIPTION_LENGTH} characters, a third of the tokens: get the one to call afterwards.`,
  },
  cursor: {
    maxLength: MAX_FILTER_LENGTH,
    description:
      "The next_cursor of a previous search answer, to get its next page: give the same query, category, cli and mode; the limit may change.",
  },
} as const;

/** The longest tool ID: a namespace, written with `:` and `%` escaped, then `:` and a name. */
export const MAX_ID_LENGTH = 4 * MAX_NAME_LENGTH + 1;
