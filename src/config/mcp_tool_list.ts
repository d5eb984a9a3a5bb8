// MCP tool list files: an MCP server's name and details with its tools exactly as its
// `tools/list` answers them, as JSON text → a checked list, with the line and column of every
// problem. A catalogue holds them beside the YAML configs, named `<anything>.mcp.json`.
import { ConfigError, type ConfigIssue, InvalidToolError } from "../errors.ts";
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH, MAX_TOOLS_PER_CONFIG } from "../limits.ts";
import type { McpServerInfo, McpTool } from "../mcp_types.ts";
import { describeValue, isPlainObject } from "../_json_value.ts";
import { formatPath } from "./yaml/data_path.ts";
import { type Fail, nameField, nameListField, textField, urlField } from "./fields.ts";
import { checkMcpTools } from "./mcp_tools.ts";
import { readJsonText } from "./_json_text.ts";

/** An MCP server's details and its tools, as an MCP tool list file gives them. */
export interface McpToolList extends Required<McpServerInfo> {
  tools: McpTool[];
}

/** The keys of a tool list file beside `tools`. */
const SERVER_KEYS = ["name", "title", "description", "url", "category", "tags"];

/**
 * The tool list of an MCP tool list file's text: a JSON object with the server's `name`,
 * optionally its `title`, `description`, `url`, `category` and `tags`, and its `tools` as a
 * `tools/list` result gives them. Every problem is reported with its line and column.
 *
 * @throws {ConfigError} When the text is not JSON or not such a list.
 */
export function parseMcpToolList(text: string, source: string): McpToolList {
  const { value, locate } = readJsonText(text, source);
  const issues: ConfigIssue[] = [];
  const report = (path: (string | number)[], message: string, at: "key" | "value" = "value") =>
    issues.push({ path: formatPath(path), message, ...locate(path, at) });
  if (typeof value !== "object" || value === null || !isPlainObject(value)) {
    report(
      [],
      `Expected a mapping with the server's name and its tools, got ${describeValue(value)}`,
    );
    throw new ConfigError(source, issues);
  }
  const input = value as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (key !== "tools" && !SERVER_KEYS.includes(key)) {
      report(
        [key],
        `Unknown key "${key}"; a tool list has ${[...SERVER_KEYS, "tools"].join(", ")}`,
        "key",
      );
    }
  }
  const field = <T>(key: string, check: (fail: Fail) => T): T | undefined => {
    try {
      return check((subfield, problem) => {
        throw new InvalidToolError(key, subfield, problem);
      });
    } catch (error) {
      if (!(error instanceof InvalidToolError)) throw error;
      report([key], error.problem);
      return undefined;
    }
  };
  const name = field("name", (fail) => nameField(input.name, "", fail));
  const info = {
    title: field("title", (fail) => textField(input.title, "", MAX_NAME_LENGTH, fail)) ?? null,
    description: field(
      "description",
      (fail) => textField(input.description, "", MAX_TEXT_LENGTH, fail),
    ) ?? null,
    url: field("url", (fail) => urlField(input.url, "", fail)) ?? null,
    category: field("category", (fail) => textField(input.category, "", MAX_NAME_LENGTH, fail)) ??
      null,
    tags: input.tags === undefined
      ? []
      : field("tags", (fail) => nameListField(input.tags, "", fail)) ?? [],
  };
  const tools: McpTool[] = [];
  if (!Array.isArray(input.tools)) {
    report(
      input.tools === undefined ? [] : ["tools"],
      input.tools === undefined
        ? 'Missing required key "tools"'
        : `Expected a list of MCP tools, got ${describeValue(input.tools)}`,
    );
  } else if (input.tools.length > MAX_TOOLS_PER_CONFIG) {
    report(
      ["tools"],
      `Over the limit of ${MAX_TOOLS_PER_CONFIG} tools in one list, got ${input.tools.length}`,
    );
  } else {
    const names = new Set<string>();
    input.tools.forEach((tool, i) => {
      try {
        const [checked] = checkMcpTools([tool], name ?? "server");
        if (names.has(checked.name)) {
          report(["tools", i, "name"], `Duplicate tool name "${checked.name}" in this list`);
        }
        names.add(checked.name);
        tools.push(checked);
      } catch (error) {
        if (!(error instanceof InvalidToolError)) throw error;
        const path: (string | number)[] = ["tools", i, ...error.field.split(".").filter(Boolean)];
        report(path, error.problem);
      }
    });
  }
  if (issues.length > 0 || name === undefined) {
    throw new ConfigError(
      source,
      issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)),
    );
  }
  return { name, ...info, tools };
}
