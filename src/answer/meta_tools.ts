// The meta-tools of progressive discovery, climax_search and climax_get, and climax_call where
// the server calls tools, on an MCP server over a registry: what the HTTP endpoint and the local
// stdio server both serve, in the same words.
import { type CallToolResult, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { InvalidCursorError } from "../errors.ts";
import type { RegistryView } from "../registry/registry_view.ts";
import type { CallContext, CallResult } from "../call/call_tool.ts";
import { PACKAGE_VERSION } from "./package_version.ts";
import { MAX_ID_LENGTH, SEARCH_PARAMS, type TextParam } from "./params.ts";
import { searchAnswer, searchAnswerText, whenPrepared } from "./search_answer.ts";
import { HYBRID_MODE, HybridUnavailableError } from "../catalogue/hybrid_mode.ts";
import { findTool, strictArguments, text, toolError } from "./mcp_answers.ts";
import { agentToolAnswer } from "./tool_answer.ts";

const SEARCH_DESCRIPTION =
  "Search for available CLI tools by keyword, category, or CLI name. Call with no filters to get a summary of all available CLIs: their names, categories and tool counts, which tells you what to filter by. Each result carries the tool's input_schema, enough to call it (detail 'summary' leaves it out); use climax_get for the command line behind a tool.";

/** What the server tells an agent at initialize: how the two tools are meant to be used. */
export const INSTRUCTIONS =
  "Find a tool with climax_search: call it with no arguments for the summary of every CLI when you do not know what is there, or give a plain-language request as query (ranked by its words and their meaning, best first; nothing when no tool comes near). Call climax_get with the tool_name you chose before calling it, to read its input_schema and command line.";

/**
 * The mode of a climax_search that names none, where the registry offers it: hybrid search,
 * which on every development set ranks better than ranked search and answers fewer requests
 * that no tool answers (half as many of sgd-dev's among the bundled tools; docs/search.md). Not
 * HTTP's substring: agents write requests, not literal text.
 */
const MCP_DEFAULT_MODE = HYBRID_MODE;

/** The mode such a search takes where the registry has no hybrid search, or it cannot load. */
const FALLBACK_MODE = "ranked";

/**
 * A text parameter's schema: a string of at most its length. Its description goes on the
 * schema that also says how the parameter may be absent, where a JSON Schema reader looks.
 */
function textParam({ maxLength }: TextParam): z.ZodString {
  return z.string().max(maxLength);
}

/** Puts the description of `param` on `schema`. */
function described<S extends z.ZodType>(schema: S, param: { description: string }): S {
  return schema.meta({ description: param.description });
}

/**
 * `schema`, optional: a value left out is absent, and null, which some clients send for one they
 * leave blank, is taken as absent too. What clients read stays one plain type, no `anyOf`.
 */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => value === null ? undefined : value, schema.optional());
}

// The search parameters as `GET /search` takes them, but typed as JSON carries them; one that is
// left out, or null, has no value, as in the library's search parameters. Made once for each
// default mode: a stateless server is made again for every request.
const searchInputs = new Map<string, ReturnType<typeof searchInputOf>>();
const searchInput = (defaultMode: string) => {
  let input = searchInputs.get(defaultMode);
  if (input === undefined) searchInputs.set(defaultMode, input = searchInputOf(defaultMode));
  return input;
};

const searchInputOf = (defaultMode: string) =>
  strictArguments({
    query: described(optional(textParam(SEARCH_PARAMS.query)), SEARCH_PARAMS.query),
    category: described(optional(textParam(SEARCH_PARAMS.category)), SEARCH_PARAMS.category),
    cli: described(optional(textParam(SEARCH_PARAMS.cli)), SEARCH_PARAMS.cli),
    namespace: described(optional(textParam(SEARCH_PARAMS.namespace)), SEARCH_PARAMS.namespace),
    // No default in the schema: a search takes 10, the summary every CLI.
    limit: optional(z.int().min(SEARCH_PARAMS.limit.min).max(SEARCH_PARAMS.limit.max))
      .describe(
        `${SEARCH_PARAMS.limit.description} Caps the summary too when given; without it the summary lists every CLI.`,
      ),
    // Absent rather than defaulted, so that a search that named no mode can fall back.
    mode: described(
      optional(z.enum(SEARCH_PARAMS.mode.values).meta({ default: defaultMode })),
      SEARCH_PARAMS.mode,
    ),
    detail: described(
      z.enum(SEARCH_PARAMS.detail.values).default(SEARCH_PARAMS.detail.default),
      SEARCH_PARAMS.detail,
    ),
    cursor: described(optional(textParam(SEARCH_PARAMS.cursor)), SEARCH_PARAMS.cursor),
  });

const getInput = strictArguments({
  tool_name: z.string().max(MAX_ID_LENGTH).describe(
    "The tool's ID (cli_name:tool_name, as returned by climax_search), or its exact name when no other CLI or server has a tool of that name.",
  ),
});

const callInput = strictArguments({
  tool_name: z.string().max(MAX_ID_LENGTH).describe(
    "The tool to call: its ID (cli_name:tool_name, as climax_search returns it), or its exact name when no other CLI or server has a tool of that name.",
  ),
  args: optional(z.record(z.string(), z.unknown())).describe(
    "The tool's arguments, as its input_schema (from climax_search or climax_get) describes them.",
  ),
});

/** What climax_call does with a call: the tool named, its arguments, and the client's asks. */
export type MetaCall = (
  reference: string,
  args: unknown,
  context: MetaCallContext,
) => Promise<CallResult>;

/** The client's asks of one climax_call: its cancellation, its progress, and its request's id. */
export interface MetaCallContext extends Partial<Pick<CallContext, "signal" | "onProgress">> {
  /** The JSON-RPC id of the request that asked for the call. */
  requestId?: string | number;
}

/** What a server of the meta-tools says and shows. */
export interface MetaToolOptions {
  /** Show env values in climax_get's answers instead of masking them. */
  exposeEnv: boolean;
  /** What the server tells an agent at initialize; default how to use the two tools. */
  instructions?: string;
  /** Offers climax_call, which calls tools this way, with its description. */
  call?: { call: MetaCall; description: string };
}

/** The answer to a search whose mode cannot load: a tool error that says why. */
function unavailable(error: unknown): CallToolResult {
  if (error instanceof HybridUnavailableError) return toolError(error.message);
  throw error;
}

/** An MCP server with the two meta-tools over `registry`, as it is at each call. */
export function metaToolServer(
  registry: RegistryView,
  { exposeEnv, instructions = INSTRUCTIONS, call }: MetaToolOptions,
): McpServer {
  // A stateless server has no stream to announce a change on: each request reads the registry
  // as it is then.
  const mcp = new McpServer({ name: "tool-index", version: PACKAGE_VERSION }, {
    capabilities: { tools: { listChanged: false } },
    instructions,
  });

  const defaultMode = registry.modes.includes(MCP_DEFAULT_MODE) ? MCP_DEFAULT_MODE : FALLBACK_MODE;
  mcp.registerTool("climax_search", {
    description: SEARCH_DESCRIPTION,
    inputSchema: searchInput(defaultMode),
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, ({ query, category, cli, namespace, limit, mode, detail, cursor }) => {
    if (!query && !category && !cli && !namespace) {
      if (cursor) {
        return toolError(
          "A cursor continues a search: give the query, category, cli or namespace it was issued for.",
        );
      }
      const summary = registry.summary();
      return text({
        mode: "summary",
        summary: limit === null || limit === undefined ? summary : summary.slice(0, limit),
      });
    }
    const params = { query, category, cli, namespace, limit: limit ?? undefined, cursor };
    const hints = {
      ranked: 'Search again with "mode": "ranked" to rank tools by the words of a request.',
      summary:
        "Call climax_search with no query for the summary of what there is, and search again in its words.",
    };
    const answerIn = (chosen: string) => (): CallToolResult => {
      try {
        return text(
          searchAnswerText(searchAnswer(registry, { ...params, mode: chosen }, detail, hints)),
        );
      } catch (error) {
        if (!(error instanceof InvalidCursorError)) throw error;
        // The page before may have been answered in the fallback, while hybrid search could not load.
        if (mode === undefined && cursor && chosen !== FALLBACK_MODE) {
          return answerIn(FALLBACK_MODE)();
        }
        return toolError(`Invalid cursor: ${error.message}`);
      }
    };
    const chosen = mode ?? defaultMode;
    const answered = whenPrepared(registry, { ...params, mode: chosen }, answerIn(chosen));
    if (!(answered instanceof Promise)) return answered;
    return answered.catch((error) =>
      mode === undefined && error instanceof HybridUnavailableError
        ? answerIn(FALLBACK_MODE)()
        : unavailable(error)
    );
  });

  mcp.registerTool("climax_get", {
    description:
      "Get one tool's full definition by its exact name: the input_schema to call it with, and the command line, arguments and global arguments behind it.",
    inputSchema: getInput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, ({ tool_name }) => {
    const found = findTool(registry, tool_name);
    return typeof found === "string" ? text(agentToolAnswer(registry, found, exposeEnv)) : found;
  });

  if (call !== undefined) {
    mcp.registerTool("climax_call", {
      description: call.description,
      inputSchema: callInput,
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    }, async ({ tool_name, args }, context) => {
      const { id, signal, _meta, notify } = context.mcpReq;
      const token = _meta?.progressToken;
      const onProgress: CallContext["onProgress"] = token === undefined ? undefined : (
        progress,
      ) => {
        notify({ method: "notifications/progress", params: { progressToken: token, ...progress } })
          .catch(() => {});
      };
      return await call.call(tool_name, args ?? {}, {
        signal,
        onProgress,
        requestId: id,
      }) as CallToolResult;
    });
  }

  return mcp;
}
