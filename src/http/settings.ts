// The service's settings, read from environment variables so that `deno serve main.ts`, the
// `start` task and Deno Deploy are configured the same way.
import { MAX_NAME_LENGTH } from "../limits.ts";
import type { HttpServerConfig } from "../config/mcp_config.ts";

/** What an operator can set. */
export interface ServiceSettings {
  /** The directory of configs to serve; `null` for the bundled catalogue. `CONFIG_DIR`. */
  configDir: string | null;
  /**
   * The policy file the configs' tools are served under (see `loadPolicy`), read from anywhere;
   * `null` for none. `POLICY_FILE`.
   */
  policyFile: string | null;
  /** Show `env` values in `/tools/{name}` instead of masking them. `EXPOSE_ENV=1`. */
  exposeEnv: boolean;
  /** Require `Authorization: Bearer <token>` on every route but `/healthz`. `AUTH_TOKEN`. */
  authToken: string | null;
  /** Origins allowed by CORS: `*` or a comma-separated list. `CORS_ORIGIN`, default `*`. */
  corsOrigin: "*" | string[];
  /** Print one line per request. `LOG_REQUESTS=0` turns it off. */
  logRequests: boolean;
  /** Seconds clients and caches may reuse an answer. `CACHE_MAX_AGE`, default 60. */
  cacheMaxAge: number;
  /**
   * Serve the valid configs when some are not, with a warning per file left out, instead of
   * not starting. `SKIP_INVALID_CONFIGS=1`.
   */
  skipInvalidConfigs: boolean;
  /**
   * Reload the config directory's files when they change. `WATCH_CONFIG=1`; `deno task start`
   * turns it on unless it is set.
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
}

/** Thrown for an environment variable the service cannot use. */
export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SettingsError";
  }
}

/** A bearer token's characters (RFC 6750's b64token): any other could never be sent in one. */
const BEARER_TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;

const TRUE = new Set(["1", "true", "yes", "on"]);
const FALSE = new Set(["0", "false", "no", "off"]);

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  const lower = value.toLowerCase();
  if (TRUE.has(lower)) return true;
  if (FALSE.has(lower)) return false;
  throw new SettingsError(`${name} must be 1 or 0 (or true or false), got "${value}"`);
}

function seconds(name: string, value: string | undefined, fallback: number, min = 0): number {
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

/** Reads the settings through `get`, such as `Deno.env.get`. */
export function settingsFromEnv(get: (name: string) => string | undefined): ServiceSettings {
  const origin = (get("CORS_ORIGIN") ?? "*").trim();
  const authToken = get("AUTH_TOKEN") || null;
  if (authToken !== null && !BEARER_TOKEN.test(authToken)) {
    throw new SettingsError(
      "AUTH_TOKEN may hold only letters, digits and - . _ ~ + / (and = at the end), " +
        "the characters of a bearer token: no client could send this one",
    );
  }
  return {
    configDir: get("CONFIG_DIR") || null,
    policyFile: get("POLICY_FILE") || null,
    exposeEnv: flag("EXPOSE_ENV", get("EXPOSE_ENV"), false),
    authToken,
    corsOrigin: origin === "*" || origin === ""
      ? "*"
      : origin.split(",").map((item) => item.trim()).filter(Boolean),
    logRequests: flag("LOG_REQUESTS", get("LOG_REQUESTS"), true),
    cacheMaxAge: seconds("CACHE_MAX_AGE", get("CACHE_MAX_AGE"), 60),
    skipInvalidConfigs: flag("SKIP_INVALID_CONFIGS", get("SKIP_INVALID_CONFIGS"), false),
    watchConfig: flag("WATCH_CONFIG", get("WATCH_CONFIG"), false),
    upstreams: upstreamServers(get("MCP_SERVERS"), get),
    mcpConfig: get("MCP_CONFIG") || null,
    refreshSeconds: seconds("MCP_REFRESH_SECONDS", get("MCP_REFRESH_SECONDS"), 300),
    upstreamTimeoutSeconds: seconds("MCP_TIMEOUT_SECONDS", get("MCP_TIMEOUT_SECONDS"), 10, 1),
  };
}
