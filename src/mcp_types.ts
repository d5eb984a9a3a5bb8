/**
 * The data model of MCP servers as sources of tools: a tool as a server lists it, and a server
 * as the namespace of its tools. Interfaces only.
 *
 * @module
 */
/**
 * One tool as an MCP server's `tools/list` result lists it: the fields a registry reads. Other
 * fields a server sends (`icons`, `execution`, `_meta`, …) are accepted and left out.
 *
 * @example
 * ```ts
 * import type { McpTool } from "@climax/tool-index";
 *
 * const tool: McpTool = {
 *   name: "search_issues",
 *   description: "Search issues and pull requests",
 *   inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
 *   annotations: { readOnlyHint: true },
 * };
 * ```
 */
export interface McpTool {
  /** The tool's name on its server. */
  name: string;
  /** A name for people. */
  title?: string;
  /** What the tool does. */
  description?: string;
  /** The JSON Schema of its arguments: an object schema (`type: "object"`). */
  inputSchema: { [key: string]: unknown };
  /** Hints about the tool's behaviour, such as `readOnlyHint`. */
  annotations?: { [key: string]: unknown };
  /** The JSON Schema of its `structuredContent`: an object schema. */
  outputSchema?: { [key: string]: unknown };
}

/**
 * An MCP server as a source of tools: its name is the namespace of its tools.
 *
 * @example
 * ```ts
 * import type { McpServerInfo } from "@climax/tool-index";
 *
 * const server: McpServerInfo = {
 *   name: "github",
 *   description: "Issues, pull requests and repositories on GitHub",
 *   url: "https://api.githubcopilot.com/mcp/",
 *   category: "code",
 * };
 * ```
 */
export interface McpServerInfo {
  /** The server's name: the namespace of its tools. */
  name: string;
  /** A name for people. */
  title?: string | null;
  /** What the server is for, as `summary()` shows it. */
  description?: string | null;
  /** Where the server answers (Streamable HTTP), when it is reached over the network. */
  url?: string | null;
  /** A category for the server's tools, as a config's `category`. */
  category?: string | null;
  /** Tags for the server's tools, as a config's `tags`. */
  tags?: readonly string[];
}
