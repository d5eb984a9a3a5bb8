// The MCP config file a catalogue's upstreams come from: read, parsed with its `${VAR}`s
// expanded, and checked for two servers claiming one namespace; applied to the upstreams, and
// reported while it has a problem.
import { ConfigError, type ConfigIssue } from "../errors.ts";
import type { EnvReader, McpConfigServers, McpServerConfig } from "../config/mcp_config.ts";
import { messageOf } from "../_error_message.ts";
import type { SourceHealth } from "./served.ts";
import type { Upstreams } from "./_upstreams.ts";

/**
 * The servers the MCP config file at `path` names, its `${VAR}`s read through `readEnv`, and
 * the entries left out for their problems (see `readMcpConfig`).
 *
 * @throws {ConfigError} When the file cannot be read or is not an MCP config at all.
 */
export async function readMcpConfigFile(
  path: string,
  readEnv: EnvReader,
): Promise<McpConfigServers> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    const why = error instanceof Deno.errors.NotFound
      ? "There is no such file"
      : `The file cannot be read: ${messageOf(error)}`;
    throw new ConfigError(path, [{ path: "", message: why }], { cause: error });
  }
  // Loaded here, by the starts that have an MCP config alone.
  const { readMcpConfig } = await import("../config/mcp_config.ts");
  return readMcpConfig(text, { source: path, env: readEnv });
}

/** The first namespace two of `configs` claim, as an issue naming both places. */
export function sameNamespaces(configs: readonly McpServerConfig[]): ConfigIssue | undefined {
  const seen = new Map<string, McpServerConfig>();
  for (const config of configs) {
    const other = seen.get(config.namespace);
    if (other !== undefined) {
      return {
        path: "",
        message: `The namespace "${config.namespace}" is claimed by both ${other.place} and ` +
          `${config.place}; rename one of them`,
      };
    }
    seen.set(config.namespace, config);
  }
  return undefined;
}

/** A live catalogue's MCP config file, as last read: why it is not applied, if it is not. */
export class McpConfigFile {
  /** Where the file is. */
  readonly path: string;
  readonly #report: (message: string) => void;
  /** Why its latest version is not applied, or not all of it, and since when. */
  #problem?: { error: ConfigError; since: Date };

  /** The file at `path`, whose problems go to `report`. */
  constructor(path: string, report: (message: string) => void) {
    this.path = path;
    this.#report = report;
  }

  /** Whether its latest version is not applied, or not all of it. */
  get failing(): boolean {
    return this.#problem !== undefined;
  }

  /** Its health, by its name alone, as the directory's files: /healthz is open to all. */
  health(): SourceHealth {
    const { path } = this;
    const problem = this.#problem;
    const name = path.slice(path.lastIndexOf("/") + 1);
    return {
      kind: "mcp_config",
      name,
      status: problem ? "failing" : "ok",
      tools: 0,
      ...(problem
        ? {
          problem: problem.error.message.replaceAll(path, name),
          since: problem.since.toISOString(),
        }
        : {}),
    };
  }

  /**
   * Reads the file again and applies it to `upstreams`, beside the servers of `fixed`: servers
   * of entries that came start, of those that went stop, of changed ones restart. An entry whose
   * namespace another source holds (`fixed`, or a file that `placeOf` names) is refused; an
   * entry with problems keeps the server it had. A file that does not load changes nothing.
   */
  async apply(
    upstreams: Upstreams,
    fixed: readonly McpServerConfig[],
    placeOf: (namespace: string) => string | undefined,
    readEnv: EnvReader,
  ): Promise<void> {
    let read: McpConfigServers;
    try {
      read = await readMcpConfigFile(this.path, readEnv);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return this.fail(error, "served as it was");
    }
    const places = new Map(fixed.map((config) => [config.namespace, config.place]));
    const issues = read.refused.flatMap((entry) => entry.issues);
    const accepted = read.servers.filter((config) => {
      const other = places.get(config.namespace) ?? placeOf(config.namespace);
      if (other !== undefined) {
        issues.push({
          path: "",
          message: `The namespace "${config.namespace}" of ${config.place} is also that of ` +
            `${other}; rename one of them`,
        });
      }
      return other === undefined;
    });
    const kept = read.refused.flatMap(({ namespace }) => {
      const running = upstreams.configOf(namespace);
      return running === undefined || places.has(namespace) ? [] : [running];
    });
    await upstreams.apply([...fixed, ...accepted, ...kept]);
    if (issues.length > 0) return this.fail(new ConfigError(this.path, issues), "left out");
    if (this.#problem !== undefined) this.#report(`${this.path} is applied again`);
    this.#problem = undefined;
  }

  /** Reports what is wrong with the file, once, and keeps it for the health. */
  fail(error: ConfigError, what: "left out" | "served as it was"): void {
    if (this.#problem?.error.message !== error.message) {
      this.#report(
        `${error.message}\n${
          what === "left out"
            ? "The entries above are left out (a server they named before keeps running)"
            : "The MCP config is served as it was"
        } until this is fixed.`,
      );
    }
    this.#problem = { error, since: this.#problem?.since ?? new Date() };
  }
}
