// MCP client config files (Claude Desktop's claude_desktop_config.json, Claude Code's .mcp.json,
// Cursor's and VS Code's mcp.json): JSON text → the servers they name, each a namespace of
// tools, with the line and column of every problem.
import { ConfigError, type ConfigIssue } from "../errors.ts";
import { MAX_NAME_LENGTH } from "../limits.ts";
import { closest } from "../_suggest.ts";
import { describeValue, isMapping } from "../_json_value.ts";
import { formatPath } from "./yaml/data_path.ts";
import { readJsonText } from "./_json_text.ts";
import {
  EntryFields,
  envNameProblem,
  headerNameProblem,
  headerValueProblem,
  type Path,
  type Report,
} from "./_mcp_entry_fields.ts";
import type { EnvReader } from "./_variables.ts";

export type { EnvReader };

/** A stdio MCP server of an MCP config file: a process the index starts. */
export interface StdioServerConfig {
  /** The entry's key: the namespace of its tools. */
  namespace: string;
  transport: "stdio";
  /** The program to run, `${VAR}`s expanded. */
  command: string;
  /** Its arguments, `${VAR}`s expanded. */
  args: string[];
  /**
   * The variables its entry names, `${VAR}`s expanded; the process gets only these (plus PATH,
   * HOME and the like, added by whoever starts it).
   */
  env: Record<string, string>;
  /** The working directory, or null for the index's own. */
  cwd: string | null;
  /** Where the entry is, for messages: `file:line:column (mcpServers.name)`. */
  place: string;
}

/** A Streamable HTTP MCP server of an MCP config file. */
export interface HttpServerConfig {
  /** The entry's key: the namespace of its tools. */
  namespace: string;
  transport: "http";
  /** The server's endpoint, an http or https URL once its `${VAR}`s are expanded. */
  url: string;
  /** Headers sent with every request, `${VAR}`s expanded. */
  headers: Record<string, string>;
  /** Where the entry is, for messages: `file:line:column (mcpServers.name)`. */
  place: string;
}

/** A server of an MCP config file. */
export type McpServerConfig = StdioServerConfig | HttpServerConfig;

/** How an MCP config file is read. */
export interface McpConfigOptions {
  /** The file's name in messages. */
  source: string;
  /**
   * Reads an environment variable; when absent, `${VAR}`s are checked for their form only and
   * kept as written.
   */
  env?: EnvReader;
}

/** The keys that hold the servers: most clients', and VS Code's. */
const LIST_KEYS = ["mcpServers", "servers"] as const;
/** Each `type` an entry may give, and the transport it means. */
const TRANSPORTS: Readonly<Record<string, "stdio" | "http">> = {
  "stdio": "stdio",
  "http": "http",
  "streamable-http": "http",
  "streamableHttp": "http",
};
/** The keys of each transport's entries. */
const TRANSPORT_KEYS = {
  stdio: ["command", "args", "env", "cwd"],
  http: ["url", "headers"],
} as const;
/** Keys other clients write that change nothing here. */
const OTHER_CLIENTS_KEYS = [
  "disabled", // Cline's, as are the next three; `true` leaves the entry out
  "autoApprove",
  "alwaysAllow",
  "timeout", // Gemini CLI's too
  "envFile", // VS Code's and Cursor's
  "gallery", // VS Code's, as is version
  "version",
  "oauth", // Claude Code's
  "description", // Gemini CLI's
];
const ENTRY_KEYS = ["type", ...TRANSPORT_KEYS.stdio, ...TRANSPORT_KEYS.http];
const KNOWN_KEYS = [...ENTRY_KEYS, ...OTHER_CLIENTS_KEYS];
const TRANSPORT_NAMES = { stdio: "stdio", http: "Streamable HTTP" } as const;
const KIND_HINT = '"command" (a stdio server) or "url" (a Streamable HTTP server)';

/**
 * The servers of an MCP client config file's text: a JSON object whose `mcpServers` (or, as VS
 * Code writes it, `servers`) maps each server's name, the namespace of its tools, to how to start
 * it (`command`, `args`, `env`, `cwd`) or reach it (`url`, `headers`). Other keys of the file are
 * left alone, and so are entries with `"disabled": true`. `${VAR}`, `${env:VAR}` and
 * `${VAR:-default}` in the values are expanded with `options.env`.
 *
 * @throws {ConfigError} With every problem located (line, column, path): text that is not JSON,
 * a key that is misspelt or does not belong, a value of the wrong kind, a variable not set.
 */
export function parseMcpConfig(text: string, options: McpConfigOptions): McpServerConfig[] {
  const { servers, refused } = readMcpConfig(text, options);
  const issues = refused.flatMap((entry) => entry.issues);
  if (issues.length > 0) throw new ConfigError(options.source, byPlace(issues));
  return servers;
}

/** The servers of an MCP config, and the entries left out for their problems. */
export interface McpConfigServers {
  /** The servers of the valid entries, in the file's order. */
  servers: McpServerConfig[];
  /** Each entry that has problems: its namespace and every problem, located. */
  refused: { namespace: string; issues: ConfigIssue[] }[];
}

/**
 * The servers of an MCP client config file's text, as `parseMcpConfig` reads them, but for an
 * entry with problems, which is left out and reported on its own: one server written wrong does
 * not keep the others from being served.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readMcpConfig } from "./mcp_config.ts";
 *
 * const text = '{"mcpServers": {"a": {"command": "a-server"}, "b": {"comand": "b-server"}}}';
 * const { servers, refused } = readMcpConfig(text, { source: "mcp.json" });
 * assert.deepEqual(servers.map((server) => server.namespace), ["a"]);
 * assert.equal(refused[0].namespace, "b");
 * ```
 *
 * @throws {ConfigError} For what is wrong with the file as a whole: text that is not JSON, no
 * `mcpServers`, a list of servers that is not a mapping.
 */
export function readMcpConfig(text: string, options: McpConfigOptions): McpConfigServers {
  const { source, env } = options;
  const { value, locate } = readJsonText(text, source);
  const issues: ConfigIssue[] = [];
  const refused: McpConfigServers["refused"] = [];
  let entryIssues: ConfigIssue[] = issues;
  const report: Report = (path, message, at = "value") =>
    entryIssues.push({ path: formatPath(path), message, ...locate(path, at) });
  const servers: McpServerConfig[] = [];
  if (!isMapping(value)) {
    report([], `Expected a JSON object with "mcpServers", got ${describeValue(value)}`);
  } else {
    const lists = LIST_KEYS.filter((key) => Object.hasOwn(value, key));
    if (lists.length === 0) {
      report(
        [],
        'Missing "mcpServers" (or VS Code\'s "servers"): an MCP config maps each server\'s ' +
          "name to how to start or reach it",
      );
    }
    if (lists.length > 1) {
      report(["servers"], 'Both "mcpServers" and "servers"; an MCP config has one of them', "key");
    }
    for (const list of lists) {
      const entries = value[list];
      if (!isMapping(entries)) {
        report(
          [list],
          `Expected a mapping of server names to servers, got ${describeValue(entries)}`,
        );
        continue;
      }
      for (const [namespace, entry] of Object.entries(entries)) {
        const path = [list, namespace];
        const position = locate(path, "key");
        const place = position === undefined
          ? `${source} (${formatPath(path)})`
          : `${source}:${position.line}:${position.column} (${formatPath(path)})`;
        entryIssues = [];
        const server = checkEntry(path, entry, { report, env, place });
        if (entryIssues.length > 0) refused.push({ namespace, issues: byPlace(entryIssues) });
        else if (server !== undefined) servers.push(server);
        entryIssues = issues;
      }
    }
  }
  if (issues.length > 0) {
    throw new ConfigError(
      source,
      byPlace([...issues, ...refused.flatMap((entry) => entry.issues)]),
    );
  }
  return { servers, refused };
}

/** `issues` in the order of their places in the text. */
function byPlace(issues: ConfigIssue[]): ConfigIssue[] {
  return issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/**
 * Whether JSON text is in this form (a top-level object with `mcpServers` or `servers`): used by
 * the CLI to tell it from a tool list. Text that is not JSON is in this form when it writes
 * either key as a key (`"mcpServers":`), so that a broken MCP config is reported as one. Cheap,
 * never throws.
 */
export function isMcpConfigText(text: string): boolean {
  if (!/"(?:mcpServers|servers)"\s*:/.test(text)) return false;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return true;
  }
  return isMapping(value) && LIST_KEYS.some((key) => Object.hasOwn(value, key));
}

/** What an entry's checks share. */
interface EntryContext {
  report: Report;
  env: EnvReader | undefined;
  place: string;
}

/** The server of one entry; `undefined` when it is disabled or has problems, reported. */
function checkEntry(
  path: Path,
  entry: unknown,
  { report, env, place }: EntryContext,
): McpServerConfig | undefined {
  let problems = 0;
  const count: Report = (...problem) => {
    problems++;
    report(...problem);
  };
  if (!isMapping(entry)) {
    count(path, `Expected a mapping with ${KIND_HINT}, got ${describeValue(entry)}`);
    return undefined;
  }
  for (const key of Object.keys(entry)) {
    if (KNOWN_KEYS.includes(key)) continue;
    const near = closest(key, KNOWN_KEYS);
    count(
      [...path, key],
      `Unknown key "${key}" in ${formatPath(path)}; ` +
        (near === undefined
          ? `an entry has type, ${TRANSPORT_KEYS.stdio.join(", ")} (stdio) or ` +
            `${TRANSPORT_KEYS.http.join(", ")} (http)`
          : `did you mean "${near}"?`),
      "key",
    );
  }
  if (entry.disabled !== undefined && typeof entry.disabled !== "boolean") {
    count([...path, "disabled"], `Expected true or false, got ${describeValue(entry.disabled)}`);
  }
  if (entry.disabled === true) return undefined;
  const namespace = String(path[1]);
  if (namespace === "" || namespace.length > MAX_NAME_LENGTH || namespace.includes(":")) {
    count(
      path,
      `A server's name is its tools' namespace: 1 to ${MAX_NAME_LENGTH} characters, any but ":" ` +
        `(a tool's ID is namespace:name), got ${describeValue(namespace)}`,
      "key",
    );
  }
  const transport = transportOf(path, entry, count);
  if (transport === undefined) return undefined;
  const other = transport === "stdio" ? "http" : "stdio";
  for (const key of TRANSPORT_KEYS[other]) {
    if (Object.hasOwn(entry, key)) {
      count(
        [...path, key],
        `"${key}" belongs to ${TRANSPORT_NAMES[other]} servers; this entry is a ` +
          `${TRANSPORT_NAMES[transport]} server`,
        "key",
      );
    }
  }
  const fields = new EntryFields(path, entry, count, env);
  const server: McpServerConfig = transport === "stdio"
    ? {
      namespace,
      transport,
      command: fields.text("command", true) ?? "",
      args: fields.list("args"),
      env: fields.mapping("env", envNameProblem, () => undefined),
      cwd: fields.text("cwd", false),
      place,
    }
    : {
      namespace,
      transport,
      url: fields.url(),
      headers: fields.mapping("headers", headerNameProblem, headerValueProblem),
      place,
    };
  return problems === 0 ? server : undefined;
}

/**
 * The transport an entry's `type`, or else its keys, says; `undefined` when they say none. What
 * is wrong is reported, and a `type` that is wrong leaves the keys to say.
 */
function transportOf(
  path: Path,
  entry: Record<string, unknown>,
  report: Report,
): "stdio" | "http" | undefined {
  const { type } = entry;
  if (typeof type === "string" && Object.hasOwn(TRANSPORTS, type)) return TRANSPORTS[type];
  const hasCommand = Object.hasOwn(entry, "command");
  const hasUrl = Object.hasOwn(entry, "url");
  if (type !== undefined) {
    const near = typeof type === "string" ? closest(type, Object.keys(TRANSPORTS)) : undefined;
    report(
      [...path, "type"],
      type === "sse"
        ? "The deprecated SSE transport is not supported; Streamable HTTP is: give the server's " +
          'Streamable HTTP endpoint as "url", with "type": "http"'
        : near !== undefined
        ? `Unknown type ${JSON.stringify(type)}; did you mean "${near}"?`
        : `Expected a type of ${
          Object.keys(TRANSPORTS).map((name) => `"${name}"`).join(", ")
        }, got ${describeValue(type)}`,
    );
  } else if (hasCommand && hasUrl) {
    report(path, `Expected ${KIND_HINT}, not both; or say which with "type"`, "key");
  } else if (!hasCommand && !hasUrl) {
    report(path, `Missing ${KIND_HINT}`, "key");
  }
  return hasCommand === hasUrl ? undefined : hasCommand ? "stdio" : "http";
}
