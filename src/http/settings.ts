// The service's settings, read from environment variables so that `deno serve main.ts`, the
// `start` task and Deno Deploy are configured the same way.

/** What an operator can set. */
export interface ServiceSettings {
  /** The directory of configs to serve; `null` for the bundled catalogue. `CONFIG_DIR`. */
  configDir: string | null;
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

/** Reads the settings through `get`, such as `Deno.env.get`. */
export function settingsFromEnv(get: (name: string) => string | undefined): ServiceSettings {
  const maxAge = get("CACHE_MAX_AGE") ?? "60";
  if (!/^\d{1,7}$/.test(maxAge)) {
    throw new SettingsError(`CACHE_MAX_AGE must be a whole number of seconds, got "${maxAge}"`);
  }
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
    exposeEnv: flag("EXPOSE_ENV", get("EXPOSE_ENV"), false),
    authToken,
    corsOrigin: origin === "*" || origin === ""
      ? "*"
      : origin.split(",").map((item) => item.trim()).filter(Boolean),
    logRequests: flag("LOG_REQUESTS", get("LOG_REQUESTS"), true),
    cacheMaxAge: Number(maxAge),
    skipInvalidConfigs: flag("SKIP_INVALID_CONFIGS", get("SKIP_INVALID_CONFIGS"), false),
  };
}
