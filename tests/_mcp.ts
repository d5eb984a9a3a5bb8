// What every MCP request over Streamable HTTP carries: a JSON body, and the two answer types a
// client must accept.

/** The headers of an MCP client's POST. */
export const MCP_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
};
