// The MCP config file a catalogue's upstreams come from: read, parsed with its `${VAR}`s
// expanded, and checked for two servers claiming one namespace.
import { ConfigError, type ConfigIssue } from "../errors.ts";
import type { EnvReader, McpConfigServers, McpServerConfig } from "../config/mcp_config.ts";
import { messageOf } from "../_error_message.ts";

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
