// Where a catalogue's tools come from, as environment variables name them: read the same way by
// the service (`deno serve main.ts`, `deno task start`, Deno Deploy) and the local MCP server.
import { MAX_NAME_LENGTH } from "../limits.ts";
import type { EnvReader, HttpServerConfig } from "../config/mcp_config.ts";

/** The sources of a catalogue and how they are kept current, as an operator sets them. */
export interface SourceSettings {
  /** The directory of configs to serve; `null` for the bundled catalogue. `CONFIG_DIR`. */
  configDir: string | null;
  /**
   * The policy file the configs' tools are served under (see `loadPolicy`), read from anywhere;
   * `null` for none. `POLICY_FILE`.
   */
  policyFile: string | null;
  /**
   * Reload the config directory's files and the MCP config when they change. `WATCH_CONFIG=1`;
   * `deno task start` and the local MCP server turn it on unless it is set.
   */
  watchConfig: boolean;
  /**
   * Upstream MCP servers whose tools are served beside the configs' (`MCP_SERVERS`): JSON, an
   * object of namespaces, each with its Streamable HTTP URL, or `{ "url": …, "token_env": … }`
   * to send the bearer token held by that environment variable.
   */
  upstreams: HttpServerConfig[];
  /**
   * The MCP config file whose servers' tools are served (`MCP_CONFIG`): JSON in the form MCP
   * clients use (`mcpServers`, or VS Code's `servers`), stdio and HTTP servers; watched with
   * the config directory.
   */
  mcpConfig: string | null;
  /**
   * Seconds between listings of the upstreams that do not say when their tools change; 0 for
   * never. `MCP_REFRESH_SECONDS`, default 300.
   */
  refreshSeconds: number;
  /**
   * Seconds an upstream may take to start and answer `initialize`, then each `tools/list`.
   * `MCP_TIMEOUT_SECONDS`, default 10.
   */
  upstreamTimeoutSeconds: number;
  /**
   * Seconds a call of an MCP server's tool may take before it is answered as timed out.
   * `MCP_CALL_TIMEOUT_SECONDS`, default 60.
   */
  callTimeoutSeconds: number;
}

/**
 * Thrown for an environment variable that cannot be used.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SettingsError, sourceSettingsFromEnv } from "./source_settings.ts";
 *
 * assert.throws(() => sourceSettingsFromEnv((name) => name === "WATCH_CONFIG" ? "maybe" : undefined), SettingsError);
 * ```
 */
export class SettingsError extends Error {
  /** Makes the error; the message names the variable and what it takes. */
  constructor(message: string) {
    super(message);
    this.name = "SettingsError";
  }
}

/** A bearer token's characters (RFC 6750's b64token): any other could never be sent in one. */
export const BEARER_TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;

const TRUE = new Set(["1", "true", "yes", "on"]);
const FALSE = new Set(["0", "false", "no", "off"]);

/** The switch `value` of the variable `name`: 1 or 0, true or false, yes or no, on or off. */
export function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  const lower = value.toLowerCase();
  if (TRUE.has(lower)) return true;
  if (FALSE.has(lower)) return false;
  throw new SettingsError(`${name} must be 1 or 0 (or true or false), got "${value}"`);
}

/** The whole number of seconds `value` of the variable `name`, from `min`. */
export function seconds(
  name: string,
  value: string | undefined,
  fallback: number,
  min = 0,
): number {
  if (value === undefined || value === "") return fallback;
  if (!/^\d{1,7}$/.test(value) || Number(value) < min) {
    throw new SettingsError(
      `${name} must be a whole number of seconds${min > 0 ? ` from ${min}` : ""}, got "${value}"`,
    );
  }
  return Number(value);
}

/**
 * The upstream servers of `MCP_SERVERS`, with their tokens read through `get`.
 *
 * @throws {SettingsError} When the JSON is not an object of servers, or a token is missing.
 */
function upstreamServers(
  text: string | undefined,
  get: (name: string) => string | undefined,
): HttpServerConfig[] {
  if (text === undefined || text.trim() === "") return [];
  const wrong = (why: string): never => {
    throw new SettingsError(
      `MCP_SERVERS ${why}. It is a JSON object of namespaces, each with its URL or ` +
        `{ "url": …, "token_env": … }, such as {"docs": "https://example.com/mcp"}`,
    );
  };
  let servers: unknown;
  try {
    servers = JSON.parse(text);
  } catch (error) {
    wrong(`is not JSON (${(error as SyntaxError).message})`);
  }
  if (typeof servers !== "object" || servers === null || Array.isArray(servers)) {
    wrong("is not a JSON object");
  }
  return Object.entries(servers as Record<string, unknown>).map(
    ([namespace, value]): HttpServerConfig => {
      if (namespace === "" || namespace.length > MAX_NAME_LENGTH) {
        wrong(`has a namespace of ${namespace.length} characters, not 1 to ${MAX_NAME_LENGTH}`);
      }
      const server = typeof value === "string" ? { url: value } : value;
      if (typeof server !== "object" || server === null) wrong(`gives ${namespace} no URL`);
      const { url, token_env: tokenEnv, ...rest } = server as Record<string, unknown>;
      const unknown = Object.keys(rest);
      if (unknown.length > 0) wrong(`gives ${namespace} the unknown key ${unknown[0]}`);
      if (
        typeof url !== "string" || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)
      ) {
        wrong(`gives ${namespace} no http or https URL`);
      }
      if (tokenEnv !== undefined && typeof tokenEnv !== "string") {
        wrong(`gives ${namespace} a token_env that is not a variable's name`);
      }
      const token = typeof tokenEnv === "string" ? get(tokenEnv) || null : null;
      if (tokenEnv !== undefined && token === null) {
        throw new SettingsError(
          `${tokenEnv}, the token of the MCP server ${namespace}, is not set`,
        );
      }
      if (token !== null && !BEARER_TOKEN.test(token)) {
        throw new SettingsError(`${tokenEnv} holds characters that no bearer token can carry`);
      }
      return {
        namespace,
        transport: "http",
        url: url as string,
        headers: token === null ? {} : { Authorization: `Bearer ${token}` },
        place: `MCP_SERVERS (${namespace})`,
      };
    },
  );
}

/**
 * The sources the environment names, read through `get` (such as `Deno.env.get`);
 * `WATCH_CONFIG` unset means `watchByDefault`.
 *
 * @throws {SettingsError} When a variable holds what cannot be used.
 */
export function sourceSettingsFromEnv(get: EnvReader, watchByDefault = false): SourceSettings {
  return {
    configDir: get("CONFIG_DIR") || null,
    policyFile: get("POLICY_FILE") || null,
    watchConfig: flag("WATCH_CONFIG", get("WATCH_CONFIG"), watchByDefault),
    upstreams: upstreamServers(get("MCP_SERVERS"), get),
    mcpConfig: get("MCP_CONFIG") || null,
    refreshSeconds: seconds("MCP_REFRESH_SECONDS", get("MCP_REFRESH_SECONDS"), 300),
    upstreamTimeoutSeconds: seconds("MCP_TIMEOUT_SECONDS", get("MCP_TIMEOUT_SECONDS"), 10, 1),
    callTimeoutSeconds: seconds("MCP_CALL_TIMEOUT_SECONDS", get("MCP_CALL_TIMEOUT_SECONDS"), 60, 1),
  };
}
