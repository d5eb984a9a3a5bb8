// The policy a service or the local MCP server runs under: the file POLICY_FILE names, read from
// anywhere. A policy file is never read as a config: a config directory's readers skip
// `*.policy.yaml`, and a policy file in the config directory named otherwise, which they would
// read as a config, is refused.
import { ConfigError } from "../errors.ts";
import type { PolicyConfig } from "../policy_types.ts";
import { BUNDLED_CONFIGS, POLICY_FILE } from "../config/files.ts";

/**
 * The policy of the file `path`, for the configs of `configDir` (default the bundled ones); its
 * warnings go to `warn`.
 *
 * @throws {ConfigError} When the file cannot be read or is not a valid policy, or it is in
 * `configDir` without the `.policy.yaml` (or `.policy.yml`) ending that keeps it from being read
 * as a config.
 */
export async function loadPolicyFile(
  path: string,
  configDir: string | URL | null,
  warn: (message: string) => void,
): Promise<PolicyConfig> {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (!POLICY_FILE.test(name) && await sameDirectory(path, configDir ?? BUNDLED_CONFIGS)) {
    throw new ConfigError(path, [{
      path: "",
      message:
        `The policy file is in the config directory, whose *.yaml files are read as configs: ` +
        `name it ${name.replace(/\.ya?ml$/i, "")}.policy.yaml (the config readers skip ` +
        "*.policy.yaml) or move it",
    }]);
  }
  // Loaded only here: a service without a policy file never loads the YAML parser at cold start.
  const { loadPolicy } = await import("../config/policy/text.ts");
  return await loadPolicy(path, { onWarning: warn });
}

/** Whether the file `path` is in the directory `dir`, both as the file system resolves them. */
async function sameDirectory(path: string, dir: string | URL): Promise<boolean> {
  if (dir instanceof URL && dir.protocol !== "file:") return false;
  const parent = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) || "/" : ".";
  try {
    const [a, b] = await Promise.all([Deno.realPath(parent), Deno.realPath(dir)]);
    return a === b;
  } catch {
    // A directory that is not there holds no file: reading the policy says what is wrong.
    return false;
  }
}
