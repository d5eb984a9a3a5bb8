// The service's settings, read from environment variables so that `deno serve main.ts`, the
// `start` task and Deno Deploy are configured the same way: its sources' (see
// `sourceSettingsFromEnv`), and how it answers.
import {
  BEARER_TOKEN,
  flag,
  seconds,
  SettingsError,
  type SourceSettings,
  sourceSettingsFromEnv,
} from "../catalogue/source_settings.ts";

export { SettingsError };

/** What an operator can set. */
export interface ServiceSettings extends SourceSettings {
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
   * The host names `/mcp` answers to (`ALLOWED_HOSTS`, comma-separated); `null` for the loopback
   * names, or any name when `AUTH_TOKEN` is set.
   */
  allowedHosts: string[] | null;
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
    ...sourceSettingsFromEnv(get),
    exposeEnv: flag("EXPOSE_ENV", get("EXPOSE_ENV"), false),
    authToken,
    corsOrigin: origin === "*" || origin === ""
      ? "*"
      : origin.split(",").map((item) => item.trim()).filter(Boolean),
    logRequests: flag("LOG_REQUESTS", get("LOG_REQUESTS"), true),
    cacheMaxAge: seconds("CACHE_MAX_AGE", get("CACHE_MAX_AGE"), 60),
    skipInvalidConfigs: flag("SKIP_INVALID_CONFIGS", get("SKIP_INVALID_CONFIGS"), false),
    allowedHosts: allowedHosts(get("ALLOWED_HOSTS")),
  };
}

/** The names of `ALLOWED_HOSTS`; `null` when it names none. */
function allowedHosts(value: string | undefined): string[] | null {
  const names = (value ?? "").split(",").map((host) => host.trim()).filter(Boolean);
  return names.length > 0 ? names : null;
}
